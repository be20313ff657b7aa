// Package smoke checks the service against the real model provider with the caller's own
// key: it builds and starts the real local server, asks it one plain question and one with
// a contract address, and reports for each which provider model answered, the time to the
// first text, the finish reason, the token usage and the sources. Only the real provider can
// tell whether a key, a model and a request shape work today; the test suite cannot.
//
//	make smoke                                     # AIPROVIDER_GENERATIVE_AI_API_KEY set
//	go run ./internal/smoke/cmd/smoke                   # the same
//
// The server gets the caller's environment (MODEL, THINKING, MAX_TOKENS, MODEL_FALLBACKS,
// AIPROVIDER_BASE_URL...), so a smoke run checks the settings that will be deployed.
package smoke

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	sse "github.com/tmaxmax/go-sse"

	"github.com/chatsvc/chat/internal/loadtest"
)

// KeyVar is the variable the key is read from (the service's own).
const KeyVar = "AIPROVIDER_GENERATIVE_AI_API_KEY"

// Questions are what the smoke run asks.
var Questions = []struct{ Name, Content string }{
	{"plain question", "In two or three sentences: what is Bitcoin's price in US dollars today? Cite your source."},
	{"contract address", "[Contract Address: 0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48]\n\nWhich token is this, and on which chains is it deployed? Keep it short."},
}

// Options configure a run.
type Options struct {
	// Root is the module root, where ./functions/chat is.
	Root string
	// Environ is the server's environment (os.Environ()); the key is read from it.
	Environ []string
	Stdout  io.Writer
	// Timeout bounds each question; zero means 60 s.
	Timeout time.Duration
}

// ErrSkipped is returned, after the skip line is printed, when there is no key.
var ErrSkipped = errors.New("skipped")

// Result is what one question got.
type Result struct {
	Name         string
	Status       int
	FirstText    time.Duration
	Total        time.Duration
	Text         string
	Terminal     string // the d: or e: payload
	FinishReason string
	Usage        map[string]any
	Sources      []map[string]any
	RequestID    string
	Model        string // from the server's request log line
	ModelVersion string
	// ModelStage and Retirement are what the provider said of the serving model; CostUSD is
	// the server's estimate of the answer's price; Sampling says TEMPERATURE was ignored.
	ModelStage, Retirement string
	CostUSD                float64
	SamplingIgnored        string
	// RetryAfter is a refusal's Retry-After header; Quotas are the server's lines on the
	// quota buckets that ran out (kind, bucket, reset), when the answer was a 429.
	RetryAfter string
	Quotas     []string
	Err        error
}

// Run performs the smoke check and prints its report. It returns ErrSkipped when no key is
// set, and an error when any question failed.
func Run(ctx context.Context, o Options) error {
	if o.Stdout == nil {
		o.Stdout = os.Stdout
	}
	if o.Timeout <= 0 {
		o.Timeout = 60 * time.Second
	}
	if strings.TrimSpace(lookup(o.Environ, KeyVar)) == "" {
		fmt.Fprintln(o.Stdout, "skipped: set "+KeyVar)
		return ErrSkipped
	}
	tmp, err := os.MkdirTemp("", "chat-smoke")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin, err := loadtest.Build(ctx, o.Root, tmp)
	if err != nil {
		return err
	}
	srv, err := start(ctx, bin, o.Environ)
	if err != nil {
		return err
	}
	defer srv.stop()
	upstream := lookup(o.Environ, "AIPROVIDER_BASE_URL")
	if upstream == "" {
		upstream = "the provider's own endpoint"
	}
	fmt.Fprintf(o.Stdout, "smoke: server %s, upstream %s, MODEL=%q THINKING=%q\n", srv.url, upstream, lookup(o.Environ, "MODEL"), lookup(o.Environ, "THINKING"))

	var failed []string
	for _, q := range Questions {
		r := ask(ctx, srv.url, q.Name, q.Content, o.Timeout)
		srv.annotate(&r)
		report(o.Stdout, r)
		if r.Err != nil {
			failed = append(failed, q.Name)
		}
	}
	for _, w := range srv.warnings() {
		fmt.Fprintln(o.Stdout, "server warning:", w)
	}
	if len(failed) > 0 {
		return fmt.Errorf("failed: %s", strings.Join(failed, ", "))
	}
	fmt.Fprintln(o.Stdout, "smoke: ok")
	return nil
}

func lookup(env []string, name string) string {
	v := ""
	for _, kv := range env {
		if k, val, ok := strings.Cut(kv, "="); ok && k == name {
			v = val
		}
	}
	return v
}

// ask posts one question and reads the whole answer.
func ask(ctx context.Context, base, name, content string, timeout time.Duration) Result {
	r := Result{Name: name}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	body, _ := json.Marshal(map[string]any{"messages": []map[string]string{{"role": "user", "content": content}}})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/chat", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		r.Err = err
		return r
	}
	defer resp.Body.Close()
	r.Status, r.RequestID, r.RetryAfter = resp.StatusCode, resp.Header.Get("X-Request-Id"), resp.Header.Get("Retry-After")
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		r.Err = fmt.Errorf("status %d: %s", resp.StatusCode, strings.TrimSpace(string(b)))
		return r
	}
	var text strings.Builder
	for ev, err := range sse.Read(resp.Body, &sse.ReadConfig{MaxEventSize: 8 << 20}) {
		if err != nil {
			r.Err = fmt.Errorf("reading the stream: %w", err)
			break
		}
		code, payload, _ := strings.Cut(ev.Data, ":")
		switch code {
		case "0":
			var s string
			_ = json.Unmarshal([]byte(payload), &s)
			if text.Len() == 0 {
				r.FirstText = time.Since(start)
			}
			text.WriteString(s)
		case "d":
			r.Terminal = payload
			var m struct {
				FinishReason string           `json:"finishReason"`
				Usage        map[string]any   `json:"usage"`
				Sources      []map[string]any `json:"sources"`
			}
			if err := json.Unmarshal([]byte(payload), &m); err != nil {
				r.Err = fmt.Errorf("d: payload: %w", err)
			}
			r.FinishReason, r.Usage, r.Sources = m.FinishReason, m.Usage, m.Sources
		case "e":
			r.Terminal = payload
			r.Err = fmt.Errorf("the answer ended with an error: %s", payload)
		}
	}
	r.Total, r.Text = time.Since(start), text.String()
	switch {
	case r.Err != nil:
	case r.Terminal == "":
		r.Err = errors.New("the stream ended without a terminal line")
	case strings.TrimSpace(r.Text) == "":
		r.Err = fmt.Errorf("no answer text (finish reason %s)", r.FinishReason)
	}
	return r
}

func report(w io.Writer, r Result) {
	status := "ok"
	if r.Err != nil {
		status = "FAILED: " + r.Err.Error()
	}
	fmt.Fprintf(w, "\n== %s: %s\n", r.Name, status)
	fmt.Fprintf(w, "model:            %s\n", modelName(r))
	if stage := modelStage(r); stage != "" {
		fmt.Fprintf(w, "model stage:      %s\n", stage)
	}
	if r.SamplingIgnored != "" {
		fmt.Fprintf(w, "temperature:      %s\n", r.SamplingIgnored)
	}
	if r.Model != "" {
		fmt.Fprintf(w, "estimated cost:   $%.6f (list price)\n", r.CostUSD)
	}
	fmt.Fprintf(w, "request id:       %s\n", r.RequestID)
	if r.FirstText > 0 {
		fmt.Fprintf(w, "first text after: %v\n", r.FirstText.Round(time.Millisecond))
	}
	fmt.Fprintf(w, "whole answer in:  %v (%d characters)\n", r.Total.Round(time.Millisecond), len([]rune(r.Text)))
	fmt.Fprintf(w, "finish reason:    %s\n", r.FinishReason)
	if r.Usage != nil {
		u, _ := json.Marshal(r.Usage)
		fmt.Fprintf(w, "usage:            %s\n", u)
	}
	fmt.Fprintf(w, "sources:          %d\n", len(r.Sources))
	for _, s := range r.Sources {
		fmt.Fprintf(w, "  - %v  %v\n", s["title"], s["url"])
	}
	if r.Text != "" {
		fmt.Fprintf(w, "answer begins:    %.160q\n", r.Text)
	}
	if r.Status == http.StatusTooManyRequests {
		fmt.Fprintf(w, "retry after:      %s s\n", r.RetryAfter)
		for _, q := range r.Quotas {
			fmt.Fprintf(w, "quota used up:    %s\n", q)
		}
	}
}

// modelName is the model that answered as the report names it, with the model version the
// server logged when that differs.
func modelName(r Result) string {
	model := r.Model
	if r.ModelVersion != "" && r.ModelVersion != r.Model {
		model += " (" + r.ModelVersion + ")"
	}
	if model == "" {
		return "(not in the server log)"
	}
	return model
}

// modelStage is the model's launch stage and retirement date as the report says them, or ""
// when the server logged neither.
func modelStage(r Result) string {
	if r.ModelStage == "" && r.Retirement == "" {
		return ""
	}
	stage := r.ModelStage
	if stage == "" {
		stage = "(not said)"
	}
	if r.Retirement != "" {
		stage += ", retires " + r.Retirement
	}
	return stage
}

// server is the local server as a process, with its JSON log kept.
type server struct {
	url string
	cmd *exec.Cmd

	mu   sync.Mutex
	logs []map[string]any
	done chan struct{}
}

func start(ctx context.Context, bin string, environ []string) (*server, error) {
	port, err := loadtest.FreePort()
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = append(append([]string(nil), environ...), "PORT="+strconv.Itoa(port), "LOG_LEVEL=info")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{url: "http://127.0.0.1:" + strconv.Itoa(port), cmd: cmd, done: make(chan struct{})}
	go s.readLog(stderr)
	// Serving once GET /healthz answers 200; the log's end (the process's) stops the wait.
	if err := loadtest.WaitWhileRunning(ctx, s.url, s.done, 30*time.Second, loadtest.WaitHealthy); err != nil {
		s.stop()
		return nil, fmt.Errorf("the server did not start: %v\n%s", err, strings.Join(s.lines(), "\n"))
	}
	return s, nil
}

func (s *server) readLog(r io.Reader) {
	defer close(s.done)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		var m map[string]any
		if json.Unmarshal(sc.Bytes(), &m) != nil {
			m = map[string]any{"msg": sc.Text()}
		}
		s.mu.Lock()
		s.logs = append(s.logs, m)
		s.mu.Unlock()
	}
}

// annotate fills in the model from the request's log line, which the server writes just
// after the response ends, and for a 429 the quota buckets the server found used up.
func (s *server) annotate(r *Result) {
	if r.Status == http.StatusTooManyRequests {
		defer func() { r.Quotas = s.quotas() }()
	}
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		s.mu.Lock()
		for _, l := range s.logs {
			if l["msg"] == "chat request" && l["request_id"] == r.RequestID && r.RequestID != "" {
				r.Model, _ = l["model"].(string)
				r.ModelVersion, _ = l["model_version"].(string)
				r.ModelStage, _ = l["model_stage"].(string)
				r.Retirement, _ = l["model_retirement"].(string)
				r.CostUSD, _ = l["cost_usd"].(float64)
				r.SamplingIgnored = s.samplingIgnored(r.Model)
				s.mu.Unlock()
				return
			}
		}
		s.mu.Unlock()
		time.Sleep(20 * time.Millisecond)
	}
}

// samplingIgnored says whether the server found TEMPERATURE ignored by the model serving
// model (it logs it once per model); s.mu is held.
func (s *server) samplingIgnored(model string) string {
	for _, l := range s.logs {
		if msg, _ := l["msg"].(string); strings.HasPrefix(msg, "TEMPERATURE is ignored") && l["model"] == model {
			return fmt.Sprintf("TEMPERATURE=%v is ignored by %v, which serves %s: the server no longer sends it", l["temperature"], l["served_by"], model)
		}
	}
	return ""
}

// quotas describes the server's "quota exhausted" lines: which kind of quota ran out, of
// which bucket, and when it resets.
func (s *server) quotas() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, l := range s.logs {
		if msg, _ := l["msg"].(string); !strings.HasPrefix(msg, "quota exhausted") {
			continue
		}
		reset, _ := time.Parse(time.RFC3339Nano, fmt.Sprint(l["reset"]))
		out = append(out, fmt.Sprintf("%v quota of bucket %v (model %v); resets %s (in %s)",
			l["quota"], l["bucket"], l["model"], reset.UTC().Format(time.RFC3339), time.Until(reset).Round(time.Minute)))
	}
	return out
}

// warnings are the server's WARN and ERROR lines (a model switch, a refused setting).
func (s *server) warnings() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, l := range s.logs {
		if l["level"] == "WARN" || l["level"] == "ERROR" {
			b, _ := json.Marshal(l)
			out = append(out, string(b))
		}
	}
	return out
}

func (s *server) lines() []string {
	<-s.done
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, l := range s.logs {
		b, _ := json.Marshal(l)
		out = append(out, string(b))
	}
	return out
}

func (s *server) stop() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	t := time.AfterFunc(5*time.Second, func() { _ = s.cmd.Process.Kill() })
	_ = s.cmd.Wait()
	t.Stop()
}
