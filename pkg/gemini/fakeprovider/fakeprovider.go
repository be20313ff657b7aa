// Package fakeprovider is a fake of the model provider's REST API that speaks its real wire
// format: POST {base}/v1beta/models/{model}:streamGenerateContent?alt=sse with the key in
// x-goog-api-key, answered by Server-Sent Events of GenerateContentResponse JSON, or by a
// non-2xx JSON error. Tests point the real genai client at it; the local demo mode uses it
// with scripted answers.
package fakeprovider

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Request is what the fake received.
type Request struct {
	Model  string
	APIKey string
	Body   GenerateRequest
	Raw    []byte
	// Refused is the provider's error message when it refused the request (an unknown or
	// retired model, a thinking setting or tool the model does not take); the script was
	// not consulted.
	Refused string
}

// LastUserText is the text of the last user message, all parts joined.
func (r Request) LastUserText() string {
	for i := len(r.Body.Contents) - 1; i >= 0; i-- {
		c := r.Body.Contents[i]
		if c.Role == "user" {
			var s []string
			for _, p := range c.Parts {
				s = append(s, p.Text)
			}
			return strings.Join(s, "\n")
		}
	}
	return ""
}

// GenerateRequest is the part of the provider's request body the fake decodes.
type GenerateRequest struct {
	Contents          []Content        `json:"contents"`
	SystemInstruction *Content         `json:"systemInstruction"`
	GenerationConfig  map[string]any   `json:"generationConfig"`
	Tools             []map[string]any `json:"tools"`
}

// Content is one turn.
type Content struct {
	Role  string `json:"role"`
	Parts []Part `json:"parts"`
}

// Part is a piece of a turn.
type Part struct {
	Text             string `json:"text,omitempty"`
	Thought          bool   `json:"thought,omitempty"`
	ThoughtSignature string `json:"thoughtSignature,omitempty"`
}

// Reply is the fake's scripted answer to one request: an error (Status >= 300) or a stream.
type Reply struct {
	// Status, when 300 or more, answers with that status, Header and Body instead of a stream.
	Status int
	Header http.Header
	Body   string
	// Delay is waited before the status goes out.
	Delay time.Duration
	// Steps make up the event stream.
	Steps []Step
}

// Step is one step of a scripted stream.
type Step struct {
	// Delay is waited before the step.
	Delay time.Duration
	// Chunk, when set, is sent as one event: data: <JSON>.
	Chunk any
	// Raw, when set, is written as it is (garbage, odd framing).
	Raw string
	// Drop aborts the connection without ending the response.
	Drop bool
	// Stall waits until the caller goes away.
	Stall bool
}

// Script chooses the reply to a request.
type Script func(Request) Reply

// Handler is the fake as an http.Handler, for serving it on a listener of one's own.
type Handler struct {
	script       Script
	thinkingRate float64
	quota        *quotaBook
	now          func() time.Time
	keep         int // how many requests Requests remembers

	mu       sync.Mutex
	requests []Request // the last keep requests, oldest first
	received int
	canceled chan Request
}

// DefaultKept is how many requests a fake remembers for Requests: enough for any test, and a
// bound on its memory however long it serves.
const DefaultKept = 256

// WithKept makes the fake remember the last n requests (0: none, as the demo does).
func WithKept(n int) Option {
	return func(h *Handler) { h.keep = max(0, n) }
}

// Option changes how the fake behaves.
type Option func(*Handler)

// WithThinkingTime makes the model take time to think: tokensPerSecond thought tokens a
// second pass before its first chunk. Without it thinking takes no time (fast tests).
func WithThinkingTime(tokensPerSecond float64) Option {
	return func(h *Handler) { h.thinkingRate = tokensPerSecond }
}

// NewHandler returns a fake answering with script. The script only sees requests the
// provider accepts: a request for a model the key cannot use, or with a setting its model
// refuses, gets the provider's error (see provider.go).
func NewHandler(script Script, opts ...Option) *Handler {
	h := &Handler{script: script, canceled: make(chan Request, 64), now: time.Now, keep: DefaultKept}
	for _, o := range opts {
		o(h)
	}
	return h
}

// Server is a fake running on a loopback port: a plain net/http server, so that the demo
// (functions/chat -demo), which runs it, links no test package.
type Server struct {
	*Handler
	// URL is the server's base URL, http://127.0.0.1:port.
	URL string
	srv *http.Server
}

// NewServer starts a fake answering with script on a loopback port. Close it when done. It
// panics when no loopback port can be had, as httptest.NewServer does.
func NewServer(script Script, opts ...Option) *Server {
	h := NewHandler(script, opts...)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(fmt.Sprintf("fakeprovider: listen on a loopback port: %v", err))
	}
	s := &Server{Handler: h, URL: "http://" + ln.Addr().String(), srv: &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}}
	go func() { _ = s.srv.Serve(ln) }()
	return s
}

// Close stops the server and ends every open connection (a stalled reply sees its caller
// go away).
func (s *Server) Close() { _ = s.srv.Close() }

// BaseURL is the base URL of the fake, for the SDK's base URL setting.
func (s *Server) BaseURL() string { return s.URL + "/" }

// Received counts every request received so far, refused ones included.
func (s *Handler) Received() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.received
}

// Requests returns the requests received so far (the last DefaultKept, or WithKept's n),
// refused ones included.
func (s *Handler) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Answered returns the requests the provider accepted and the script answered.
func (s *Handler) Answered() []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.Refused == "" {
			out = append(out, r)
		}
	}
	return out
}

// Canceled delivers each request whose caller went away before its reply was complete.
func (s *Handler) Canceled() <-chan Request { return s.canceled }

// ServeHTTP implements the provider's streaming endpoint.
func (s *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	req, ok := s.decode(w, r)
	if !ok {
		return
	}
	reply := s.replyTo(&req)
	if !s.wait(r, reply.Delay) {
		s.cancel(req)
		return
	}
	if reply.Status >= 300 {
		writeReply(w, reply)
		return
	}
	s.stream(w, r, req, reply.Steps)
}

// decode reads a streamGenerateContent request, or answers what is wrong with it.
func (s *Handler) decode(w http.ResponseWriter, r *http.Request) (Request, bool) {
	model, ok := strings.CutPrefix(r.URL.Path, "/v1beta/models/")
	model, method, _ := strings.Cut(model, ":")
	if !ok || method != "streamGenerateContent" || r.Method != http.MethodPost {
		writeJSON(w, http.StatusNotFound, ErrorBody(404, "NOT_FOUND", "fake: no such method "+r.Method+" "+r.URL.Path))
		return Request{}, false
	}
	if r.URL.Query().Get("alt") != "sse" {
		writeJSON(w, http.StatusBadRequest, ErrorBody(400, "INVALID_ARGUMENT", "fake: streaming needs alt=sse"))
		return Request{}, false
	}
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return Request{}, false
	}
	req := Request{Model: model, APIKey: r.Header.Get("x-goog-api-key"), Raw: raw}
	if err := json.Unmarshal(raw, &req.Body); err != nil {
		writeJSON(w, http.StatusBadRequest, ErrorBody(400, "INVALID_ARGUMENT", "fake: body is not JSON"))
		return Request{}, false
	}
	return req, true
}

// replyTo records req and returns its reply: the provider's refusal (the model's rules, too
// many URLs, the quota), noted in req.Refused, or the script's reply as the model that serves
// it would shape it. req is recorded before the script runs, as a script may look.
func (s *Handler) replyTo(req *Request) Reply {
	refused, pm := refusal(req.Model, req.APIKey, req.Body)
	if refused == nil {
		refused = tooManyURLs(req.Body)
	}
	if refused == nil && s.quota != nil {
		refused = s.quota.take(req.APIKey, req.Model, s.now())
	}
	if refused != nil {
		var e struct {
			Error struct{ Message string } `json:"error"`
		}
		_ = json.Unmarshal([]byte(refused.Body), &e)
		req.Refused = e.Error.Message
		s.record(*req)
		return *refused
	}
	s.record(*req)
	reply := s.script(*req)
	if reply.Status < 300 {
		sim := newSimulation(pm, *req)
		reply.Steps = sim.apply(reply.Steps)
		if s.thinkingRate > 0 && sim.thoughts > 0 && len(reply.Steps) > 0 {
			reply.Steps[0].Delay += time.Duration(float64(sim.thoughts) / s.thinkingRate * float64(time.Second))
		}
	}
	return reply
}

// writeReply writes an error reply: its headers, a JSON content type unless it has one, its
// status and body.
func writeReply(w http.ResponseWriter, reply Reply) {
	for k, v := range reply.Header {
		w.Header()[k] = v
	}
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	}
	w.WriteHeader(reply.Status)
	_, _ = io.WriteString(w, reply.Body)
}

// stream writes the steps as server-sent events, each after its delay, stalling, dropping the
// connection or writing raw bytes where a step says so.
func (s *Handler) stream(w http.ResponseWriter, r *http.Request, req Request, steps []Step) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	_ = rc.Flush()
	for _, st := range steps {
		if !s.wait(r, st.Delay) {
			s.cancel(req)
			return
		}
		switch {
		case st.Stall:
			<-r.Context().Done()
			s.cancel(req)
			return
		case st.Drop:
			_ = rc.Flush()
			panic(http.ErrAbortHandler) // closes the connection mid-response
		case st.Raw != "":
			_, _ = io.WriteString(w, st.Raw)
		case st.Chunk != nil:
			b, _ := json.Marshal(st.Chunk)
			_, _ = fmt.Fprintf(w, "data: %s\r\n\r\n", b)
		}
		if err := rc.Flush(); err != nil {
			s.cancel(req)
			return
		}
	}
}

// record remembers req among the last keep requests.
func (s *Handler) record(req Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.received++
	if s.keep == 0 {
		return
	}
	if len(s.requests) >= s.keep {
		n := copy(s.requests, s.requests[len(s.requests)-s.keep+1:])
		clear(s.requests[n:])
		s.requests = s.requests[:n]
	}
	s.requests = append(s.requests, req)
}

func (s *Handler) wait(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return r.Context().Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

func (s *Handler) cancel(req Request) {
	select {
	case s.canceled <- req:
	default:
	}
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}
