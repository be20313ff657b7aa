// Command chat serves POST /api/chat. One binary has two homes:
//
//   - inside AWS Lambda (AWS_LAMBDA_RUNTIME_API is set) it is the function's bootstrap and
//     serves the endpoint's http.Handler behind a Function URL in RESPONSE_STREAM mode,
//     through aws-lambda-go's lambdaurl;
//   - elsewhere it is a local HTTP server on 127.0.0.1:$PORT that also serves the web page.
//
// Both serve the same routes (pkg/httpapi's routes.go), so routing, validation and error
// mapping exist once. Built with -tags demo (make demo) and run with -demo, it answers from a
// built-in scripted fake of the model provider, so it works without a key or a network; the
// default build (go build, SAM, CDK) links no fake (demo.go).
//
// main is the only function that touches the process: run gets the arguments, the
// environment (getenv, and the setenv that publishes the key read from SSM), and the output
// streams, and returns instead of exiting.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/chatsvc/chat/pkg/apikey/redact"
	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/config"
	"github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/gemini"
	"github.com/chatsvc/chat/pkg/httpapi"
	"github.com/chatsvc/chat/pkg/state"
	"github.com/chatsvc/chat/pkg/tokenfacts"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	env := environment{getenv: os.Getenv, setenv: os.Setenv}
	if err := run(ctx, os.Args[1:], env, os.Stdout, os.Stderr); err != nil {
		reportExit(err, os.Stderr)
		os.Exit(1)
	}
}

// reportExit writes why the program stops, unless run has logged it already.
func reportExit(err error, stderr io.Writer) {
	if _, logged := errors.AsType[loggedError](err); logged {
		return
	}
	// Each line its own "chat:" prefix: errors.Join puts every invalid setting on a line.
	for line := range strings.Lines(err.Error()) {
		fmt.Fprintln(stderr, "chat:", strings.TrimRight(line, "\n"))
	}
}

// loggedError is an error run has already written to the log.
type loggedError struct{ error }

func (e loggedError) Unwrap() error { return e.error }

// environment is the process's environment, as main hands it to run.
type environment struct {
	getenv func(string) string
	// setenv publishes the key read from SSM in AIPROVIDER_GENERATIVE_AI_API_KEY.
	setenv func(key, value string) error
}

// startDemo starts the demo's fakes (package demo), in a binary built with -tags demo
// (demo.go); the default build has none.
var startDemo = func() (baseURL string, srv *http.Server, err error) { return "", nil, errNoDemo }

// errNoDemo is what -demo says in a build without the fakes.
var errNoDemo = errors.New("-demo is not in the Lambda build, nor in any build without -tags demo: run make demo, or go build -tags demo ./functions/chat")

// run is the whole program, with everything of the process it touches passed in, so that
// tests can run it: it returns when the server stops (ctx ends) or cannot start.
func run(ctx context.Context, args []string, env environment, stdout, stderr io.Writer) error {
	getenv := env.getenv
	runtimeAPI := getenv(runtimeAPIVar)
	// invalid reports a configuration error. Lambda's log is JSON: one line in the shape of
	// every other, before the configured logger exists, and the reason goes to the Runtime
	// API. (Locally main prints the plain error, for a person at a terminal.)
	invalid := func(err error) error {
		if runtimeAPI == "" {
			return err
		}
		logger := newLogger(stderr, "error")
		logger.Error("invalid configuration: the function cannot start", slog.String("error", err.Error()))
		reportInitError(ctx, runtimeAPI, "Runtime.InvalidConfig", err, logger)
		return loggedError{err}
	}
	flags := flag.NewFlagSet("chat", flag.ContinueOnError)
	flags.SetOutput(stderr)
	if runtimeAPI != "" {
		flags.SetOutput(io.Discard) // no plain-text usage in a JSON log: invalid says it
	}
	demo := flags.Bool("demo", false, "answer from a built-in scripted fake of the model provider (no key, no network)")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil // -h, -help: the usage was printed, and asking for it is no error
		}
		return invalid(fmt.Errorf("command line: %w", err))
	}
	cfg, err := config.Load(getenv)
	if err != nil {
		return invalid(err)
	}
	// Every logged text is redacted of the key, whatever its source: an upstream (or a
	// proxy at AIPROVIDER_BASE_URL) that quotes the key in an error would put it in the log.
	// The same goes for the GoPlus app secret.
	goPlusSecret := cfg.TokenFacts.GoPlusAppSecret
	logger := slog.New(redact.New(newLogger(stderr, cfg.LogLevel).Handler(), func() []string {
		return []string{getenv(settings.APIKeyVar), goPlusSecret}
	}))
	// The provider SDK and the Lambda runtime write warnings and errors with the standard log
	// package ("Warning: ...", "WARNING! ..."); route them into the same JSON log, at WARN
	// rather than slog's default INFO for that bridge. (The SDK's "Error <cause>" line for
	// each broken stream is kept from it in pkg/gemini: the request line says it.)
	slog.SetDefault(logger)
	slog.SetLogLoggerLevel(slog.LevelWarn)

	var apiKey func() string
	var upstream *http.Server
	if *demo {
		base, srv, err := startDemo()
		if err != nil {
			return err
		}
		upstream = srv
		cfg.BaseURL = base
		demoTokenFacts(&cfg.TokenFacts, base)
		apiKey = func() string { return "demo-key" }
		logger.Warn("demo mode: answers are scripted by a built-in fake, not generated by a model", slog.String("fake_upstream", base))
	} else {
		apiKey = newAPIKey(ctx, cfg, env, logger)
	}

	shared := newSharedState(ctx, cfg, getenv, logger)
	if runtimeAPI != "" {
		// The runtime loop serves invocations until Lambda ends the environment (SIGTERM:
		// ctx's end).
		return serveLambda(ctx, cfg, apiKey, shared, logger)
	}
	handler := newChatHandler(cfg, apiKey, nil, shared, logger)
	err = serveLocal(ctx, cfg, *demo, handler, logger, stdout)
	if upstream != nil {
		_ = upstream.Close()
	}
	return err
}

func newLogger(w io.Writer, level string) *slog.Logger {
	var l slog.Level
	_ = l.UnmarshalText([]byte(level)) // config validated it
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l}))
}

// newChatHandler wires the endpoint to the provider adapter, the token facts and the shared
// state. A nil requestID lets the handler make up its own ids.
func newChatHandler(cfg config.Config, apiKey func() string, requestID func(*http.Request) string, shared *state.Shared, logger *slog.Logger) *httpapi.Handler {
	gc := cfg.Gemini(logger)
	var facts tokenfacts.Shared // without a table, token facts and quotas keep their own memories, as ever
	if shared.Remote() {
		gc.Shared, facts = shared, shared
	}
	return httpapi.NewHandler(httpapi.Options{
		Model:          gemini.New(gc),
		APIKey:         apiKey,
		Limits:         cfg.Limits,
		MaxDuration:    cfg.MaxDuration,
		RequestID:      requestID,
		Logger:         logger,
		TokenFacts:     newTokenFacts(cfg.TokenFacts, facts, logger),
		DailyBudgetUSD: cfg.DailyBudgetUSD,
		Spending:       shared,
	})
}

// newTokenFacts is the reader of token facts, or nil with TOKEN_FACTS=off.
func newTokenFacts(c config.TokenFacts, shared tokenfacts.Shared, logger *slog.Logger) chat.TokenFacts {
	if !c.Enabled {
		return nil
	}
	sources := map[string]tokenfacts.SourceConfig{}
	for id, s := range c.Sources {
		sources[id] = tokenfacts.SourceConfig{BaseURL: s.BaseURL, Off: s.Off}
	}
	return tokenfacts.New(tokenfacts.Config{
		Sources:      sources,
		GoPlusAppKey: c.GoPlusAppKey, GoPlusAppSecret: c.GoPlusAppSecret,
		Budget: c.Budget, Logger: logger, Shared: shared,
	})
}

// demoTokenFacts points the token facts at the demo's fakes of their APIs, unless the
// operator pointed a source elsewhere.
func demoTokenFacts(c *config.TokenFacts, base string) {
	base = strings.TrimSuffix(base, "/")
	if c.Sources == nil {
		c.Sources = map[string]config.TokenSource{}
	}
	for _, id := range tokenfacts.APIs() {
		if s := c.Sources[id]; s.BaseURL == "" {
			s.BaseURL = base
			c.Sources[id] = s
		}
	}
}

// serveLocal runs the local HTTP server until ctx ends, then shuts down gracefully: open
// streams get up to the maximum duration to finish.
func serveLocal(ctx context.Context, cfg config.Config, demo bool, h *httpapi.Handler, logger *slog.Logger, stdout io.Writer) error {
	ln, err := net.Listen("tcp", net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.Port)))
	if errors.Is(err, syscall.EADDRINUSE) {
		return portInUseError{host: cfg.Host, port: cfg.Port, demo: demo, err: err}
	}
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	srv := &http.Server{
		Handler:           httpapi.Routes(h, localSite(cfg, demo)),
		ReadHeaderTimeout: 5 * time.Second,
		IdleTimeout:       2 * time.Minute,
		// No WriteTimeout: answers stream for up to the maximum duration, which the
		// handler enforces itself.
		ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	// Requests net/http refuses itself (malformed framing) get the JSON error and a log line.
	ln = framingGuard{log: logger}.install(srv, ln)
	if !settings.LoopbackHost(cfg.Host) {
		logger.Warn("listening beyond loopback: anyone who can reach this port can use the service and spend its API key",
			slog.String("host", cfg.Host))
	}
	url := "http://" + ln.Addr().String()
	logger.Info("listening", slog.String("url", url), slog.String("model", cfg.Model.Name),
		slog.Any("models", cfg.Model.Candidates), slog.String("thinking", cfg.Thinking.String()), slog.Bool("demo", demo))
	fmt.Fprintf(stdout, "chat: serving %s (POST %s/api/chat)\n", url, url)

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down: waiting for open streams")
	sctx, cancel := context.WithTimeout(context.Background(), cfg.MaxDuration+5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// portInUseError is a local server's port taken by another listener: it says what to do,
// naming PORT.
type portInUseError struct {
	host string
	port int
	demo bool
	err  error
}

func (e portInUseError) Error() string {
	target, other := "run", e.port+1
	if e.demo {
		target = "demo"
	}
	if other > 65535 {
		other = 8081
	}
	return fmt.Sprintf("port %d on %s is in use (another server, or an earlier make run or make demo still running?): stop it, or choose another port: PORT=%d make %s",
		e.port, e.host, other, target)
}

func (e portInUseError) Unwrap() error { return e.err }
