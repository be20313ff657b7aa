package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/teststack"
)

// The Runtime API's paths (API version 2018-06-01).
const runtimePrefix = "/2018-06-01/runtime/"

// invocation is one event handed to the function.
type invocation struct {
	id      string
	event   []byte
	timeout time.Duration // from when the function takes the invocation to its deadline
	// deadline is the one the function was handed with the invocation (under runtimeAPI.mu).
	deadline time.Time
	result   chan result
}

// piece is one read of a response body, as it arrived.
type piece struct {
	at   time.Time
	data []byte
}

// result is what the function answered to one invocation.
type result struct {
	path        string // "response" or "error"
	contentType string
	pieces      []piece
	trailer     http.Header
	done        time.Time
	deadline    time.Time // the invocation deadline the function was handed
}

// body is the whole response body.
func (r result) body() []byte {
	var b bytes.Buffer
	for _, p := range r.pieces {
		b.Write(p.data)
	}
	return b.Bytes()
}

// runtimeAPI is a fake of the Lambda Runtime API: it hands out queued invocations on
// /invocation/next and records what comes back, read by read, with arrival times.
type runtimeAPI struct {
	t       *testing.T
	srv     *httptest.Server
	queue   chan *invocation
	mu      sync.Mutex
	pending map[string]*invocation
	initErr chan []byte
	nextID  atomic.Int64
}

func newRuntimeAPI(t *testing.T) *runtimeAPI {
	t.Helper()
	api := &runtimeAPI{
		t:       t,
		queue:   make(chan *invocation),
		pending: map[string]*invocation{},
		initErr: make(chan []byte, 1),
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+runtimePrefix+"invocation/next", api.next)
	mux.HandleFunc("POST "+runtimePrefix+"invocation/{id}/response", api.respond("response"))
	mux.HandleFunc("POST "+runtimePrefix+"invocation/{id}/error", api.respond("error"))
	mux.HandleFunc("POST "+runtimePrefix+"init/error", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		api.initErr <- b
		w.WriteHeader(http.StatusAccepted)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("fake Runtime API: unexpected %s %s", r.Method, r.URL.Path)
		http.NotFound(w, r)
	})
	api.srv = httptest.NewServer(mux)
	t.Cleanup(api.srv.Close)
	return api
}

// addr is the value of AWS_LAMBDA_RUNTIME_API.
func (api *runtimeAPI) addr() string { return strings.TrimPrefix(api.srv.URL, "http://") }

// next hands out the next invocation. Its deadline runs from now, as Lambda's runs from when
// a ready runtime gets the invocation: the time the function took to start, or to ask for
// it, is not taken from the invocation's.
func (api *runtimeAPI) next(w http.ResponseWriter, r *http.Request) {
	select {
	case inv := <-api.queue:
		deadline := time.UnixMilli(time.Now().Add(inv.timeout).UnixMilli())
		api.mu.Lock()
		inv.deadline = deadline
		api.mu.Unlock()
		h := w.Header()
		h.Set("Lambda-Runtime-Aws-Request-Id", inv.id)
		h.Set("Lambda-Runtime-Deadline-Ms", strconv.FormatInt(deadline.UnixMilli(), 10))
		h.Set("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:us-east-1:123456789012:function:chat")
		h.Set("Lambda-Runtime-Trace-Id", "Root=1-67890abc-0123456789abcdef01234567;Sampled=0")
		h.Set("Content-Type", "application/json")
		_, _ = w.Write(inv.event)
	case <-r.Context().Done():
	}
}

func (api *runtimeAPI) respond(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		api.mu.Lock()
		inv := api.pending[r.PathValue("id")]
		var deadline time.Time
		if inv != nil {
			deadline = inv.deadline
		}
		api.mu.Unlock()
		if inv == nil {
			api.t.Errorf("fake Runtime API: %s for unknown invocation %q", kind, r.PathValue("id"))
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		res := result{path: kind, contentType: r.Header.Get("Content-Type"), deadline: deadline}
		buf := make([]byte, 64<<10)
		for {
			n, err := r.Body.Read(buf)
			if n > 0 {
				res.pieces = append(res.pieces, piece{at: time.Now(), data: bytes.Clone(buf[:n])})
			}
			if err != nil {
				break
			}
		}
		res.trailer, res.done = r.Trailer, time.Now()
		w.WriteHeader(http.StatusAccepted)
		inv.result <- res
	}
}

// invoke hands event to the function and waits for its answer; the invocation's deadline is
// timeout after the function takes it.
func (api *runtimeAPI) invoke(t *testing.T, event []byte, timeout time.Duration) result {
	t.Helper()
	inv := &invocation{
		id:      invocationID(int(api.nextID.Add(1))),
		event:   event,
		timeout: timeout,
		result:  make(chan result, 1),
	}
	api.mu.Lock()
	api.pending[inv.id] = inv
	api.mu.Unlock()
	wait := time.NewTimer(timeout + 5*time.Second)
	defer wait.Stop()
	select {
	case api.queue <- inv:
	case <-wait.C:
		t.Fatalf("invocation %s: the function never asked for it", inv.id)
	}
	select {
	case res := <-inv.result:
		return res
	case <-wait.C:
		t.Fatalf("invocation %s: no answer within %v", inv.id, timeout+5*time.Second)
	}
	return result{}
}

// invocationID is the request id of the n-th invocation of a fake Runtime API.
func invocationID(n int) string { return fmt.Sprintf("8f5c3e1a-%04d-4b6e-9f1d-2c7a0e5b3d91", n) }

// bootstrapPath is the function binary, built once for the test binary by TestMain.
var bootstrapPath string

func TestMain(m *testing.M) {
	os.Exit(func() int {
		dir, err := os.MkdirTemp("", "chat-bootstrap-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(dir)
		bootstrapPath = filepath.Join(dir, "bootstrap")
		cmd := exec.Command("go", "build", "-tags", "lambda.norpc", "-trimpath", "-o", bootstrapPath, ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "go build bootstrap: %v\n%s", err, out)
			return 1
		}
		return m.Run()
	}())
}

// function is a running bootstrap process.
type function struct {
	api    *runtimeAPI
	stderr *teststack.Logs
	exited chan struct{} // closed when the process ends
	err    error         // how it ended, once exited is closed
	proc   *os.Process
}

// startFunction runs the bootstrap the way Lambda does: its environment only, with the
// Runtime API's address in AWS_LAMBDA_RUNTIME_API.
func startFunction(t *testing.T, env map[string]string) *function {
	t.Helper()
	api := newRuntimeAPI(t)
	f := &function{api: api, stderr: &teststack.Logs{}, exited: make(chan struct{})}
	cmd := exec.Command(bootstrapPath)
	cmd.Env = []string{
		"AWS_LAMBDA_RUNTIME_API=" + api.addr(),
		"AWS_LAMBDA_FUNCTION_NAME=chat",
		"AWS_REGION=us-east-1",
		"AWS_ACCESS_KEY_ID=AKIDTEST",
		"AWS_SECRET_ACCESS_KEY=test-secret-key",
		"AWS_CONFIG_FILE=" + filepath.Join(t.TempDir(), "none"),
		"AWS_SHARED_CREDENTIALS_FILE=" + filepath.Join(t.TempDir(), "none"),
		"AWS_EC2_METADATA_DISABLED=true",
		"LOG_LEVEL=debug",
		"TZ=UTC",
	}
	for k, v := range teststack.WithFakeTokenData(t, env) {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Stdout, cmd.Stderr = f.stderr, f.stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start bootstrap: %v", err)
	}
	f.proc = cmd.Process
	go func() {
		f.err = cmd.Wait()
		close(f.exited)
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-f.exited
		if t.Failed() {
			t.Logf("function log:\n%s", f.stderr.String())
		}
	})
	return f
}

func readEvent(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("events", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// prelude is the head of a streamed Function URL response.
type prelude struct {
	StatusCode int               `json:"statusCode"`
	Headers    map[string]string `json:"headers"`
	Cookies    []string          `json:"cookies"`
}

// line is one stream line of the body and when its last byte reached the Runtime API.
type line struct {
	code    byte
	payload string
	at      time.Time
}

func (l line) text() string {
	var s string
	if err := json.Unmarshal([]byte(l.payload), &s); err != nil {
		return "<not a JSON string: " + l.payload + ">"
	}
	return s
}

// response is a decoded http-integration-response.
type response struct {
	prelude prelude
	body    []byte
	lines   []line
}

// decode checks the streaming response format: the content type, then the prelude JSON,
// 8 NUL bytes, and the body; stream lines get the arrival time of their last byte.
func decode(t *testing.T, res result) response {
	t.Helper()
	if res.path != "response" {
		t.Fatalf("the function reported an invocation error: %s", res.body())
	}
	if want := "application/vnd.awslambda.http-integration-response"; res.contentType != want {
		t.Errorf("response Content-Type = %q, want %q", res.contentType, want)
	}
	if et := res.trailer.Get("Lambda-Runtime-Function-Error-Type"); et != "" {
		t.Errorf("response ended with error trailer %s", et)
	}
	all := res.body()
	head, body, ok := bytes.Cut(all, make([]byte, 8))
	if !ok {
		t.Fatalf("no 8 NUL bytes after the prelude in %q", all)
	}
	var r response
	if err := json.Unmarshal(head, &r.prelude); err != nil {
		t.Fatalf("prelude %q: %v", head, err)
	}
	r.body = body
	if !strings.HasPrefix(r.prelude.Headers["Content-Type"], "text/event-stream") || bytes.HasPrefix(body, []byte("data: {")) {
		return r // a buffered response, such as a JSON error, or a stream of JSON events (UI, OpenAI)
	}

	// Arrival time of every byte offset of the body.
	offset := len(head) + 8
	var ends []int
	var times []time.Time
	seen := 0
	for _, p := range res.pieces {
		seen += len(p.data)
		ends, times = append(ends, seen-offset), append(times, p.at)
	}
	arrival := func(end int) time.Time {
		for i, e := range ends {
			if e >= end {
				return times[i]
			}
		}
		return res.done
	}
	pos := 0
	for _, raw := range strings.SplitAfter(string(body), "\n\n") {
		pos += len(raw)
		s := strings.TrimSpace(raw)
		if s == "" {
			continue
		}
		data, ok := strings.CutPrefix(s, "data: ")
		code, payload, ok2 := strings.Cut(data, ":")
		if !ok || !ok2 || len(code) != 1 || !json.Valid([]byte(payload)) {
			t.Errorf("malformed stream line %q", s)
			continue
		}
		r.lines = append(r.lines, line{code: code[0], payload: payload, at: arrival(pos)})
	}
	return r
}

// terminal returns the terminal line, checking there is exactly one and that it is last.
func (r response) terminal(t *testing.T) line {
	t.Helper()
	if len(r.lines) == 0 {
		t.Fatalf("no stream lines in %q", r.body)
	}
	for i, l := range r.lines {
		if (l.code == 'd' || l.code == 'e') && i != len(r.lines)-1 {
			t.Errorf("terminal line %c:%s is not last", l.code, l.payload)
		}
	}
	last := r.lines[len(r.lines)-1]
	if last.code != 'd' && last.code != 'e' {
		t.Fatalf("the stream ends without a terminal line: %s", r.body)
	}
	return last
}

func (r response) text() string {
	var b strings.Builder
	for _, l := range r.lines {
		if l.code == '0' {
			b.WriteString(l.text())
		}
	}
	return b.String()
}

// errorBody decodes a buffered JSON error response.
func (r response) errorBody(t *testing.T) map[string]string {
	t.Helper()
	if ct := r.prelude.Headers["Content-Type"]; !strings.HasPrefix(ct, "application/json") {
		t.Errorf("error Content-Type = %q, want application/json", ct)
	}
	var m map[string]string
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("error body %q: %v", r.body, err)
	}
	return m
}
