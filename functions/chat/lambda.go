package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/aws/aws-lambda-go/lambdaurl"

	"github.com/chatsvc/chat/pkg/config"
	"github.com/chatsvc/chat/pkg/httpapi"
	"github.com/chatsvc/chat/pkg/state"
)

// runtimeAPIVar is set by Lambda to the Runtime API's host:port; its presence is how the
// binary knows it runs inside Lambda.
const runtimeAPIVar = "AWS_LAMBDA_RUNTIME_API"

// serveLambda runs the Lambda runtime loop with the endpoint behind a Function URL in
// RESPONSE_STREAM mode, until ctx ends (Lambda's SIGTERM), then returns once the answers in
// flight are done. (A fatal error of the runtime loop itself ends the process from inside
// aws-lambda-go, as it does for every Go function.)
//
// What makes this safe to run in Lambda lives in the handler itself: it recovers panics
// (lambdaurl runs it in a goroutine of its own, where a panic would kill the process), and it
// ends the answer before the earlier of MAX_DURATION_SECONDS and the invocation deadline,
// which lambdaurl passes on in the request's context.
func serveLambda(ctx context.Context, cfg config.Config, apiKey func() string, shared *state.Shared, logger *slog.Logger) error {
	h := newChatHandler(cfg, apiKey, lambdaRequestID, shared, logger)
	logger.Info("serving as a Lambda function (Function URL, response streaming)",
		slog.String("model", cfg.Model.Name), slog.Any("models", cfg.Model.Candidates), slog.String("thinking", cfg.Thinking.String()),
		slog.Duration("max_duration", cfg.MaxDuration))
	// Each invocation holds a read lock; shutdown takes the write lock, so it waits for the
	// answers in flight.
	var inflight sync.RWMutex
	routes := httpapi.Routes(h, nil) // /healthz and the API; the page is CloudFront's
	served := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		inflight.RLock()
		defer inflight.RUnlock()
		routes.ServeHTTP(w, r)
	})
	// Invocations do not inherit ctx: SIGTERM must not look like a caller who left. The loop
	// never returns; it runs beside this function until the process ends.
	go lambdaurl.Start(served, lambda.WithContext(context.WithoutCancel(ctx)))

	// Lambda sends SIGTERM when it shuts the environment down (main turns it into ctx's end);
	// the runtime loop itself never looks. Let an answer in flight finish (Lambda's SIGKILL
	// ends the wait if its shutdown phase is shorter), then return: main's return ends the
	// process.
	<-ctx.Done()
	logger.Info("shutting down: the Lambda environment is ending")
	idle := make(chan struct{})
	go func() { inflight.Lock(); close(idle) }()
	select {
	case <-idle:
		// The handler has returned; give the runtime client a moment to post the
		// response's last bytes to the Runtime API.
		time.Sleep(100 * time.Millisecond)
	case <-time.After(cfg.MaxDuration):
		logger.Warn("an answer was still open at shutdown")
	}
	return nil
}

// lambdaRequestID names a request after its invocation, so that the request log line, the
// X-Request-Id header and Lambda's own log lines agree.
func lambdaRequestID(r *http.Request) string {
	if lc, ok := lambdacontext.FromContext(r.Context()); ok && lc.AwsRequestID != "" {
		return lc.AwsRequestID
	}
	return fmt.Sprintf("local-%d", time.Now().UnixNano())
}

// reportInitError tells the Runtime API why the function cannot start, so that the reason
// shows in the invocation's error instead of only in the log.
func reportInitError(ctx context.Context, runtimeAPI, errorType string, cause error, logger *slog.Logger) {
	body, _ := json.Marshal(map[string]any{
		"errorType":    errorType,
		"errorMessage": cause.Error(),
		"stackTrace":   []string{},
	})
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	url := "http://" + runtimeAPI + "/2018-06-01/runtime/init/error"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		logger.Error("reporting the init error to the Runtime API failed", slog.String("error", err.Error()))
		return
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Lambda-Runtime-Function-Error-Type", errorType)
	// Like aws-lambda-go's own client: the Runtime API is link-local, never behind a proxy.
	client := &http.Client{Transport: &http.Transport{Proxy: nil}}
	resp, err := client.Do(req)
	if err != nil {
		logger.Error("reporting the init error to the Runtime API failed", slog.String("error", err.Error()))
		return
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
}
