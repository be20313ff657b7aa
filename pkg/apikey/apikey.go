// Package apikey keeps the model provider's API key, read from an AWS Systems Manager
// SecureString parameter, in the process environment variable the specification names
// (AIPROVIDER_GENERATIVE_AI_API_KEY), and re-reads it after a time to live so that a rotated
// key takes effect without a redeploy.
//
// It is the only package that imports the SSM client. The key never goes into a log line or
// an error: only the parameter's name, error codes and durations do.
//
// Usage:
//
//	src := apikey.New(apikey.Options{Client: ssm.NewFromConfig(cfg), Parameter: "/chat/api-key"})
//	_ = src.Load(ctx) // at init; a failure is logged and retried on a later request
//	handler := httpapi.NewHandler(httpapi.Options{APIKey: func() string { return src.Get(ctx) }, ...})
package apikey

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
	"github.com/aws/smithy-go"

	"github.com/chatsvc/chat/pkg/deploy/awsenv"
	"github.com/chatsvc/chat/pkg/state/flight"
)

// EnvVar is the environment variable the key is published in; the specification requires
// this exact name.
const EnvVar = "AIPROVIDER_GENERATIVE_AI_API_KEY"

// Defaults of Options.
const (
	DefaultTTL        = 5 * time.Minute
	DefaultTimeout    = 2 * time.Second
	DefaultMinBackoff = 1 * time.Second
	DefaultMaxBackoff = 1 * time.Minute
)

// Client is the part of the SSM API this package uses; *ssm.Client implements it.
type Client interface {
	GetParameter(ctx context.Context, in *ssm.GetParameterInput, optFns ...func(*ssm.Options)) (*ssm.GetParameterOutput, error)
}

var _ Client = (*ssm.Client)(nil)

// Options configure a Source. Client and Parameter are required; the rest have defaults.
type Options struct {
	Client Client
	// Parameter is the name (or ARN) of the SecureString parameter holding the key.
	Parameter string
	// TTL is how long a key read is trusted before it is read again (default 5 min).
	TTL time.Duration
	// Timeout bounds one read, SDK retries included (default 2 s).
	Timeout time.Duration
	// MinBackoff and MaxBackoff bound the wait after a failed read before the next one: it
	// starts at MinBackoff and doubles with each failure in a row (defaults 1 s and 1 min).
	MinBackoff, MaxBackoff time.Duration
	// Setenv publishes the key (the process environment's setenv, as main hands it in; default: not published).
	Setenv func(key, value string) error
	// Getenv, when set, is how Get reads the published key back (the process environment), so
	// that requests use what the environment holds; the key read last stands in if the
	// variable is empty.
	Getenv func(key string) string
	Logger *slog.Logger
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Source holds the key read from SSM. It is safe for concurrent use; at most one read is in
// flight at a time.
type Source struct {
	o Options
	// reads holds the read in flight, then its outcome: a key for Options.TTL, a failure for
	// the backoff.
	reads *flight.Cache[struct{}, string]

	mu       sync.Mutex
	key      string    // read last
	readAt   time.Time // of the last successful read
	failures int       // failed reads in a row
}

// parameter is the one key of Source.reads.
var parameter struct{}

// New returns a Source; it reads nothing until Load or Get.
func New(o Options) *Source {
	if o.TTL <= 0 {
		o.TTL = DefaultTTL
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MinBackoff <= 0 {
		o.MinBackoff = DefaultMinBackoff
	}
	if o.MaxBackoff < o.MinBackoff {
		o.MaxBackoff = max(DefaultMaxBackoff, o.MinBackoff)
	}
	if o.Setenv == nil {
		o.Setenv = func(string, string) error { return nil }
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Source{o: o, reads: flight.New[struct{}, string](flight.Options{Timeout: o.Timeout, Now: o.Now})}
}

// Load reads the key now, bounded by Options.Timeout, and publishes it. It is meant for
// start-up: on failure the error is returned (and logged) and Get tries again later, so a
// caller should not stop on it.
func (s *Source) Load(ctx context.Context) error {
	s.reads.Forget(parameter) // a fresh key or a backoff does not stop Load; a read in flight does
	call, start := s.reads.Get(ctx, parameter, s.read, s.lifetime)
	if start {
		<-call.Done() // bounded by Options.Timeout, whatever ctx says
	} else if _, ok := call.Wait(ctx); !ok {
		return fmt.Errorf("apikey: read %s: %w", s.o.Parameter, ctx.Err())
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.key == "" || s.failures > 0 {
		return fmt.Errorf("apikey: read %s: failed %d time(s) in a row", s.o.Parameter, s.failures)
	}
	return nil
}

// Get returns the current key, or "" when none could be read. It reads the parameter again
// when the key is older than the TTL or missing, unless a failed read asked to back off:
//
//   - a stale key is refreshed by the first caller, within Options.Timeout; callers meanwhile
//     get the stale key at once, and so do all callers if the read fails;
//   - with no key, callers wait for the read in flight (bounded by Options.Timeout and ctx).
func (s *Source) Get(ctx context.Context) string {
	call, start := s.reads.Get(ctx, parameter, s.read, s.lifetime)
	if start {
		<-call.Done() // bounded by Options.Timeout, whatever ctx says
	} else if _, done := call.Result(); !done && s.stale() == "" {
		call.Wait(ctx)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.current()
}

// current is the key requests use: the published one, or the one read last. s.mu must be held.
func (s *Source) current() string {
	if s.key == "" || s.o.Getenv == nil {
		return s.key
	}
	if v := strings.TrimSpace(s.o.Getenv(EnvVar)); v != "" {
		return v
	}
	return s.key
}

// stale is the key read last, which a refresh in flight is not waited for if there is one.
func (s *Source) stale() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.key
}

// read does one read and records its outcome; s.reads runs it, bounded by Options.Timeout,
// with the values of the context of the caller that started it but not its cancellation,
// since others may be waiting for it.
func (s *Source) read(ctx context.Context) (string, error) {
	start := s.o.Now()
	key, err := s.fetch(ctx)
	elapsed := s.o.Now().Sub(start)

	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.o.Now()
	if err != nil {
		s.failures++
		wait := s.backoff()
		s.o.Logger.LogAttrs(ctx, slog.LevelError, "api key read failed",
			slog.String("parameter", s.o.Parameter),
			slog.String("error_code", errorCode(err)),
			slog.String("error", err.Error()),
			slog.Int("failures", s.failures),
			slog.Bool("stale_key_kept", s.key != ""),
			slog.Int64("duration_ms", elapsed.Milliseconds()),
			slog.Int64("retry_in_ms", wait.Milliseconds()))
		return "", err
	}
	rotated := s.key != "" && s.key != key
	if serr := s.o.Setenv(EnvVar, key); serr != nil {
		s.o.Logger.LogAttrs(ctx, slog.LevelWarn, "api key not published in the environment",
			slog.String("variable", EnvVar), slog.String("error", serr.Error()))
	}
	s.key, s.readAt, s.failures = key, now, 0
	s.o.Logger.LogAttrs(ctx, slog.LevelInfo, "api key read",
		slog.String("parameter", s.o.Parameter),
		slog.Bool("changed", rotated),
		slog.Int64("duration_ms", elapsed.Milliseconds()))
	return key, nil
}

// lifetime is how long a read's outcome stands: a key for the TTL; a failure for the backoff,
// or, after a failed Load, as long as the key read before is fresh, whichever is longer. A
// read that panicked is a failure too (logged without the panic's value, which might hold
// what the SDK read).
func (s *Source) lifetime(r flight.Result[string]) time.Duration {
	if r.Err == nil {
		return s.o.TTL
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := r.Err.(*flight.PanicError); ok { // read never got to count it
		s.failures++
		s.o.Logger.LogAttrs(context.Background(), slog.LevelError, "api key read panicked",
			slog.String("parameter", s.o.Parameter),
			slog.Int("failures", s.failures))
	}
	wait := s.backoff()
	if s.key != "" {
		wait = max(wait, s.readAt.Add(s.o.TTL).Sub(r.At))
	}
	return wait
}

// backoff is the wait after the current run of failures. s.mu must be held.
func (s *Source) backoff() time.Duration {
	wait := s.o.MinBackoff
	for i := 1; i < s.failures && wait < s.o.MaxBackoff; i++ {
		wait *= 2
	}
	return min(wait, s.o.MaxBackoff)
}

// ErrEmpty is returned for a parameter whose value is empty or blank.
var ErrEmpty = errors.New("parameter value is empty")

// fetch reads and decrypts the parameter. Its errors never carry the value.
func (s *Source) fetch(ctx context.Context) (string, error) {
	if s.o.Client == nil || s.o.Parameter == "" {
		return "", errors.New("apikey: no SSM client or parameter configured")
	}
	decrypt := true
	out, err := s.o.Client.GetParameter(ctx, &ssm.GetParameterInput{Name: &s.o.Parameter, WithDecryption: &decrypt})
	if err != nil {
		return "", fmt.Errorf("apikey: get parameter %s: %w", s.o.Parameter, err)
	}
	if out == nil || out.Parameter == nil || out.Parameter.Value == nil {
		return "", fmt.Errorf("apikey: get parameter %s: %w", s.o.Parameter, ErrEmpty)
	}
	key := strings.TrimSpace(*out.Parameter.Value)
	if key == "" {
		return "", fmt.Errorf("apikey: get parameter %s: %w", s.o.Parameter, ErrEmpty)
	}
	return key, nil
}

// errorCode names a failure for the log: the AWS error code, or a kind of local failure.
func errorCode(err error) string {
	var ae smithy.APIError
	switch {
	case errors.As(err, &ae):
		return ae.ErrorCode()
	case errors.Is(err, context.DeadlineExceeded):
		return "Timeout"
	case errors.Is(err, context.Canceled):
		return "Canceled"
	case errors.Is(err, ErrEmpty):
		return "EmptyValue"
	default:
		return "RequestFailed"
	}
}

// NewClient returns the SSM client built from the default AWS configuration: inside Lambda,
// the function's role and region from the environment. ctx bounds loading the configuration.
// The SDK retries a failed call once; Options.Timeout bounds a read, retries included. The
// SDK's own log lines go to slog's default logger at WARN.
//
// A loopback endpoint override (a local fake) signs with local credentials (package awsenv).
// getenv is the process environment, as main hands it in.
func NewClient(ctx context.Context, getenv func(string) string) (Client, error) {
	cfg, endpoint, err := awsenv.Load(ctx, "SSM", getenv)
	if err != nil {
		return nil, fmt.Errorf("apikey: %w", err)
	}
	// The method value, not the client: a *ssm.Client held as an interface would make the
	// linker keep every exported method of the SSM API (for text/template's sake, linked by
	// the provider SDK), 2 MB of code of which this package calls one.
	return getParameterFunc(ssm.NewFromConfig(cfg, func(o *ssm.Options) {
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint) // as the SDK would, but from the environment run was handed
		}
	}).GetParameter), nil
}

// getParameterFunc is a Client made of one function.
type getParameterFunc func(ctx context.Context, in *ssm.GetParameterInput, optFns ...func(*ssm.Options)) (*ssm.GetParameterOutput, error)

// GetParameter calls f.
func (f getParameterFunc) GetParameter(ctx context.Context, in *ssm.GetParameterInput, optFns ...func(*ssm.Options)) (*ssm.GetParameterOutput, error) {
	return f(ctx, in, optFns...)
}
