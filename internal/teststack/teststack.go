// Package teststack runs the real endpoint for tests: the chat handler with the real genai
// adapter, talking to the fake provider over loopback HTTP, served by an httptest server; and
// it reads the answer back with a third-party SSE parser.
//
// It wires the domain (pkg/chat) to an adapter (pkg/gemini) and its fake, so it lives here,
// above both, rather than beside the domain: pkg/chat's own test helpers import no adapter.
package teststack

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	sse "github.com/tmaxmax/go-sse"

	"github.com/chatsvc/chat/pkg/gemini"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/httpapi"
)

// TestKey is the API key the stack is configured with: a new account's, for which the
// fake provider has no 2.5 models (fakeprovider.LegacyKey has them).
const TestKey = "test-key-SECRET-0123456789"

// Stack is a running endpoint and its fake provider.
type Stack struct {
	URL      string // the endpoint's server; POST URL+httpapi.Path
	Upstream *fakeprovider.Server
	Logs     *Logs
}

// Option changes a Stack's settings before it starts.
type Option func(*settings)

type settings struct {
	opts     httpapi.Options
	gemini   gemini.Config
	upstream []fakeprovider.Option
}

// WithUpstream sets options of the fake provider (quotas, its clock...).
func WithUpstream(o ...fakeprovider.Option) Option {
	return func(s *settings) { s.upstream = append(s.upstream, o...) }
}

// WithGemini changes the model adapter's settings (thinking, maximum tokens, fallbacks...).
func WithGemini(f func(*gemini.Config)) Option { return func(s *settings) { f(&s.gemini) } }

// WithMaxDuration sets the request time limit.
func WithMaxDuration(d time.Duration) Option {
	return func(s *settings) { s.opts.MaxDuration = d }
}

// WithAPIKey sets the key function (nil key: "not configured").
func WithAPIKey(f func() string) Option { return func(s *settings) { s.opts.APIKey = f } }

// WithOptions changes the handler's options.
func WithOptions(f func(*httpapi.Options)) Option { return func(s *settings) { f(&s.opts) } }

// WithModel sets the model and tool switches.
func WithModel(name string, webSearch, urlContext bool) Option {
	return func(s *settings) {
		m, err := gemini.ResolveModel(name)
		if err != nil {
			panic(err)
		}
		s.gemini.Model, s.gemini.WebSearch, s.gemini.URLContext = m, webSearch, urlContext
	}
}

// Start runs a Stack whose provider answers with script; both stop with the test.
func Start(t testing.TB, script fakeprovider.Script, opts ...Option) *Stack {
	t.Helper()
	logs := &Logs{}
	m, _ := gemini.ResolveModel("")
	s := settings{
		opts: httpapi.Options{
			APIKey:      func() string { return TestKey },
			MaxDuration: 10 * time.Second,
		},
		gemini: gemini.Config{Model: m, Temperature: 0.7, MaxTokens: 4000, Thinking: gemini.ThinkingLow, WebSearch: true, URLContext: true},
	}
	for _, o := range opts {
		o(&s)
	}
	up := fakeprovider.NewServer(script, s.upstream...)
	t.Cleanup(up.Close)
	logger := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	s.gemini.BaseURL, s.gemini.Logger = up.BaseURL(), logger
	s.opts.Model, s.opts.Logger = gemini.New(s.gemini), logger
	srv := httptest.NewServer(httpapi.Routes(httpapi.NewHandler(s.opts), nil))
	t.Cleanup(srv.Close)
	return &Stack{URL: srv.URL, Upstream: up, Logs: logs}
}

// Post sends body to the endpoint.
func (s *Stack) Post(t testing.TB, body string) *http.Response {
	t.Helper()
	return s.PostTo(t, httpapi.Path, body)
}

// PostTo sends body to a path of the server (/v1/chat/completions, ...).
func (s *Stack) PostTo(t testing.TB, path, body string) *http.Response {
	t.Helper()
	resp, err := http.Post(s.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatalf("POST: %v", err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// Ask posts a one-message conversation.
func (s *Stack) Ask(t testing.TB, question string) *http.Response {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"messages": []map[string]string{{"role": "user", "content": question}}})
	return s.Post(t, string(b))
}

// Line is one stream line: its code ('0', 'd', 'e'), its JSON payload, and when it arrived.
type Line struct {
	Code    byte
	Payload string
	At      time.Time
}

// Text decodes a 0: or e: payload.
func (l Line) Text() string {
	var s string
	if err := json.Unmarshal([]byte(l.Payload), &s); err != nil {
		return "<not a JSON string: " + l.Payload + ">"
	}
	return s
}

// Stream is a parsed answer.
type Stream struct {
	Lines []Line
	// Err is the read error, if the connection broke.
	Err error
}

// ReadStream parses a response body with the third-party SSE parser, checking that every
// event has the data: <code>:<JSON> shape.
func ReadStream(t testing.TB, body io.Reader) Stream {
	t.Helper()
	var st Stream
	for ev, err := range sse.Read(body, nil) {
		if err != nil {
			st.Err = err
			break
		}
		code, payload, ok := strings.Cut(ev.Data, ":")
		if !ok || len(code) != 1 || !json.Valid([]byte(payload)) {
			t.Errorf("malformed stream event %q", ev.Data)
			continue
		}
		st.Lines = append(st.Lines, Line{Code: code[0], Payload: payload, At: time.Now()})
	}
	return st
}

// Text is the answer text: all 0: chunks joined.
func (s Stream) Text() string {
	var b strings.Builder
	for _, l := range s.Lines {
		if l.Code == '0' {
			b.WriteString(l.Text())
		}
	}
	return b.String()
}

// Terminal returns the terminal line, checking there is exactly one and that it is last.
func (s Stream) Terminal(t testing.TB) Line {
	t.Helper()
	var terms []Line
	for i, l := range s.Lines {
		switch l.Code {
		case 'd', 'e':
			terms = append(terms, l)
			if i != len(s.Lines)-1 {
				t.Errorf("terminal line %c:%s is not last", l.Code, l.Payload)
			}
		case '0':
		default:
			t.Errorf("unknown line code %q", l.Code)
		}
	}
	if len(terms) != 1 {
		t.Fatalf("want exactly one terminal line, got %d in %+v (read error %v)", len(terms), s.Lines, s.Err)
	}
	return terms[0]
}

// Metadata decodes the d: payload of the terminal line.
func (s Stream) Metadata(t testing.TB) map[string]any {
	t.Helper()
	l := s.Terminal(t)
	if l.Code != 'd' {
		t.Fatalf("terminal line is %c:%s, want d:", l.Code, l.Payload)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(l.Payload), &m); err != nil {
		t.Fatalf("d: payload: %v", err)
	}
	return m
}

// ErrorBody decodes a JSON error response.
func ErrorBody(t testing.TB, resp *http.Response) httpapi.ErrorBody {
	t.Helper()
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("error Content-Type = %q, want application/json", ct)
	}
	var b httpapi.ErrorBody
	if err := json.NewDecoder(resp.Body).Decode(&b); err != nil {
		t.Fatalf("error body: %v", err)
	}
	return b
}

// Logs collects JSON log lines; safe for concurrent use.
type Logs struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *Logs) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// String is everything logged so far.
func (l *Logs) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// Requests returns the "chat request" log lines, decoded.
func (l *Logs) Requests() []map[string]any { return l.Lines("chat request") }

// Lines returns the log lines whose message starts with msg, decoded.
func (l *Logs) Lines(msg string) []map[string]any {
	var out []map[string]any
	for line := range strings.Lines(l.String()) {
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) == nil && strings.HasPrefix(fmt.Sprint(m["msg"]), msg) {
			out = append(out, m)
		}
	}
	return out
}

// WaitRequestLog waits until n request lines were logged (the line is written after the
// response ends, so a client can see the response first).
func (l *Logs) WaitRequestLog(t testing.TB, n int) []map[string]any {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		r := l.Requests()
		if len(r) >= n {
			return r
		}
		if time.Now().After(deadline) {
			t.Fatalf("want %d request log lines, got %d:\n%s", n, len(r), l.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Describe is a short form of a stream for failure messages.
func (s Stream) Describe() string {
	var b strings.Builder
	for _, l := range s.Lines {
		fmt.Fprintf(&b, "%c:%s\n", l.Code, l.Payload)
	}
	return b.String()
}
