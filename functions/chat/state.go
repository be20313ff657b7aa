package main

import (
	"context"
	"log/slog"

	"github.com/chatsvc/chat/pkg/config"
	"github.com/chatsvc/chat/pkg/state"
)

// newSharedState is the memory the instances share: the DynamoDB table STATE_TABLE names,
// else process memory. A client that cannot be built (a broken AWS configuration) leaves the
// state in process memory, said once in the log: the service answers either way.
//
// getenv is the environment main handed run: the SDK's AWS_ENDPOINT_URL_DYNAMODB is read
// through it.
func newSharedState(ctx context.Context, cfg config.Config, getenv func(string) string, logger *slog.Logger) *state.Shared {
	opts := state.Options{Logger: logger}
	if cfg.StateTable == "" {
		return state.NewShared(nil, opts)
	}
	store, err := state.NewDynamo(ctx, cfg.StateTable, getenv)
	if err != nil {
		logger.Error("state: no DynamoDB client; the state stays in process memory", slog.String("table", cfg.StateTable),
			slog.String("error", err.Error()))
		return state.NewShared(nil, opts)
	}
	logger.Info("state: shared through DynamoDB", slog.String("table", cfg.StateTable))
	return state.NewShared(store, opts)
}
