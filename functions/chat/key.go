package main

import (
	"context"
	"log/slog"
	"strings"

	"github.com/chatsvc/chat/pkg/apikey"
	"github.com/chatsvc/chat/pkg/config"
	"github.com/chatsvc/chat/pkg/deploy/settings"
)

// newAPIKey returns the function the handler calls once per request for the provider key.
//
// A key in AIPROVIDER_GENERATIVE_AI_API_KEY is used as it is. Otherwise, when
// AIPROVIDER_GENERATIVE_AI_API_KEY_PARAMETER names an SSM SecureString parameter, the key is
// read from it now (bounded), published in AIPROVIDER_GENERATIVE_AI_API_KEY, and re-read after
// API_KEY_TTL_SECONDS. A failed read does not stop start-up: requests answer 401 until a
// later read, retried with backoff, succeeds.
//
// env is the process's environment as main handed it to run: the key is published with its
// setenv and read back with its getenv, so both sides agree, in tests too.
func newAPIKey(ctx context.Context, cfg config.Config, env environment, logger *slog.Logger) func() string {
	getenv := env.getenv
	if strings.TrimSpace(getenv(settings.APIKeyVar)) != "" || cfg.APIKeyParameter == "" {
		if strings.TrimSpace(getenv(settings.APIKeyVar)) == "" {
			// Still read per request, so a key set later (tests, a wrapper) is picked up.
			logger.Warn("no API key: requests answer 401 until " + settings.APIKeyVar + " is set; " +
				"`make demo` (or -demo) answers with a scripted fake instead, without a key")
		}
		return func() string { return getenv(settings.APIKeyVar) }
	}
	ictx, cancel := context.WithTimeout(ctx, apikey.DefaultTimeout)
	defer cancel()
	opts := apikey.Options{
		Parameter: cfg.APIKeyParameter,
		TTL:       cfg.APIKeyTTL,
		Timeout:   apikey.DefaultTimeout,
		Setenv:    env.setenv,
		Getenv:    env.getenv,
		Logger:    logger,
	}
	if client, err := apikey.NewClient(ictx, env.getenv); err != nil {
		logger.Error("no SSM client: requests answer 401 until the configuration is fixed", slog.String("error", err.Error()))
	} else {
		opts.Client = client
	}
	src := apikey.New(opts)
	if err := src.Load(ictx); err != nil {
		logger.Warn("api key not loaded at start-up: requests answer 401 until a later read succeeds",
			slog.String("parameter", cfg.APIKeyParameter))
	}
	return func() string { return src.Get(ctx) }
}
