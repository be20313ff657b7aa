package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/chatsvc/chat/pkg/chat"
)

// Options configure a Handler. Model is required; the rest have defaults.
type Options struct {
	Model chat.Model
	// APIKey returns the provider key; it is called once per request so that a key set or
	// rotated after start-up takes effect. An empty key answers 401.
	APIKey func() string
	Limits Limits
	// MaxDuration bounds one request, from its arrival to its terminal line.
	MaxDuration time.Duration
	// BodyReadTimeout bounds reading the request body (a slow-loris guard), where the
	// server supports read deadlines.
	BodyReadTimeout time.Duration
	// RequestID names a request in the log and the X-Request-Id header; the default is random.
	// Lambda passes the invocation's id.
	RequestID func(*http.Request) string
	Logger    *slog.Logger
	// Now is the clock of the timestamps protocols put on the wire (OpenAI's created);
	// nil means time.Now.
	Now func() time.Time
	// TokenFacts reads the facts of the conversation's contract addresses before the model is
	// called; nil turns token facts off.
	TokenFacts chat.TokenFacts
	// TokenFinder finds the tokens a question names by link or by search; nil takes it from
	// TokenFacts when that finds tokens too.
	TokenFinder chat.TokenFinder
	// DailyBudgetUSD caps the UTC day's estimated spend (the answers' cost_usd, counted
	// through Spending): once spent, every question answers 429 until midnight UTC. Zero, or
	// a nil Spending, is no cap.
	DailyBudgetUSD float64
	// Spending counts the day's spend, shared by the instances.
	Spending Spending
	// Traits are what the domain must know of the model (its vocabulary, its page reader);
	// the zero value takes them from the Model when it declares them (a Traits method).
	Traits chat.Traits
}

// Handler serves the endpoint in every protocol it speaks: POST /api/chat (the
// specification's data stream, or the AI SDK's UI message stream when the messages carry
// parts) and the OpenAI-compatible /v1/models and /v1/chat/completions.
type Handler struct {
	assistant   *chat.Assistant
	apiKey      func() string
	limits      Limits
	maxDuration time.Duration
	bodyTimeout time.Duration
	requestID   func(*http.Request) string
	log         *slog.Logger
	now         func() time.Time
	budget      float64
	spending    Spending
}

// NewHandler returns the endpoint's handler.
func NewHandler(o Options) *Handler {
	traits := o.Traits
	if t, ok := o.Model.(interface{ Traits() chat.Traits }); ok && traits.Vocabulary.Names == nil && traits.MaxURLs == 0 {
		traits = t.Traits()
	}
	h := &Handler{
		assistant: chat.NewAssistant(o.Model, o.TokenFacts, finderOf(o), traits),
		apiKey:    o.APIKey, limits: o.Limits, maxDuration: o.MaxDuration,
		bodyTimeout: o.BodyReadTimeout, requestID: o.RequestID, log: o.Logger, now: o.Now,
		budget: o.DailyBudgetUSD, spending: o.Spending,
	}
	if h.requestID == nil {
		h.requestID = func(*http.Request) string { return chat.NewRequestID() }
	}
	if h.apiKey == nil {
		h.apiKey = func() string { return "" }
	}
	if h.limits == (Limits{}) {
		h.limits = DefaultLimits
	}
	if h.maxDuration <= 0 {
		h.maxDuration = 50 * time.Second
	}
	if h.bodyTimeout <= 0 {
		h.bodyTimeout = 10 * time.Second
	}
	if h.log == nil {
		h.log = slog.New(slog.DiscardHandler)
	}
	if h.now == nil {
		h.now = time.Now
	}
	return h
}

// ServeHTTP implements http.Handler. Whatever fails in a request comes back here as an
// error and is rendered once, by fail, in the request's protocol.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	id := h.requestID(r)
	w.Header().Set("X-Request-Id", id)
	out := outcome{protocol: protoSpec}
	x := &exchange{w: &statusRecorder{ResponseWriter: w}, r: r, id: id, start: start, out: &out, enc: specEncoder{}}
	defer func() {
		if p := recover(); p != nil {
			x.fail(AsError(fmt.Errorf("panic: %v\n%s", p, debug.Stack()), 0))
		}
		out.status = x.status()
		h.spend(out.costUSD)
		h.logRequest(r, id, start, &out)
	}()
	if err := h.route(x); err != nil {
		x.fail(AsError(err, 0))
	}
}

// exchange is one request in flight: where it writes, in which protocol, and what the log
// line will say.
type exchange struct {
	w      *statusRecorder
	r      *http.Request
	id     string
	start  time.Time
	out    *outcome
	enc    Encoder
	stream Stream              // nil until the answer began
	server *chat.ServerContext // the request's server-made context, once made
	// review checks the answer's text (the guard, the fact checks) before any protocol
	// writes it.
	review *chat.Review
}

// finderOf is the options' TokenFinder, else their TokenFacts when it finds tokens too.
func finderOf(o Options) chat.TokenFinder {
	if o.TokenFinder != nil {
		return o.TokenFinder
	}
	if f, ok := o.TokenFacts.(chat.TokenFinder); ok {
		return f
	}
	return nil
}

// speak makes p the exchange's protocol: its errors, its encoder, its name in the log.
func (x *exchange) speak(p protocol) { x.out.protocol, x.enc = p.name(), p }

// fail reports e to the caller, in the exchange's protocol: as the response when nothing
// was written yet, else as the stream's terminal error event. A caller who left is told
// nothing.
func (x *exchange) fail(e *Error) {
	if x.out.cause == nil || e.Cause != nil {
		x.out.cause = e.Cause
	}
	if x.out.cause == nil {
		x.out.cause = e
	}
	x.out.timedOut = x.out.timedOut || e.Code == CodeTimeLimit
	switch {
	case e.Code == CodeClientClosed:
		x.out.clientClosed = true
	case x.stream == nil:
		x.enc.WriteError(x.w, e)
	case !x.stream.Terminated():
		if committed(x.stream) { // else a buffered answer, whose failure is still its response
			x.out.terminal = "e"
		}
		if err := x.stream.Fail(e); err != nil {
			x.out.clientClosed = true
		}
	}
}

// status is the status the log reports: the one the response committed; when it committed
// none, 499 for a caller who left first, else the 200 net/http sends for a handler that wrote
// nothing.
func (x *exchange) status() int {
	switch {
	case x.w.status != 0:
		return x.w.status
	case x.out.clientClosed:
		return statusClientClosed
	}
	return http.StatusOK
}

// statusRecorder keeps the status a response committed, so that the log reports what the
// caller was sent rather than what the code meant to send.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (w *statusRecorder) WriteHeader(code int) {
	if w.status == 0 && code >= http.StatusOK { // a 1xx commits nothing
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusRecorder) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(p)
}

// Unwrap lets http.NewResponseController reach the server's writer: flushes and read
// deadlines.
func (w *statusRecorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// committed reports whether a stream has written its status: a buffered answer (Chat
// Completions without stream) has not until it ends.
func committed(s Stream) bool {
	c, ok := s.(interface{ Committed() bool })
	return !ok || c.Committed()
}

// readPost reads the body of a POST under the body size and time limits and parses it as a
// JSON object; any other method is refused.
func (h *Handler) readPost(x *exchange) (map[string]json.RawMessage, error) {
	if x.r.Method != http.MethodPost {
		x.w.Header().Set("Allow", http.MethodPost)
		return nil, MethodNotAllowed("this method is not supported on " + x.r.URL.Path + "; use POST")
	}
	_ = http.NewResponseController(x.w).SetReadDeadline(x.start.Add(h.bodyTimeout))
	// The server's own writer, not the recorder: only it understands MaxBytesReader's request
	// to close the connection after an oversized body.
	return readJSON(http.MaxBytesReader(x.w.ResponseWriter, x.r.Body, h.limits.MaxBodyBytes), h.limits)
}

// statusClientClosed is logged when the caller left before any response (nginx's 499).
const statusClientClosed = 499

// answer runs the model on a decoded conversation and streams its answer through the
// exchange's encoder. The error it returns is how the answer failed, for fail: before the
// stream as a response, after it began as its terminal event.
func (h *Handler) answer(x *exchange, conv chat.Conversation) error {
	r, out := x.r, x.out
	out.noteConversation(conv)
	key := strings.TrimSpace(h.apiKey())
	if key == "" {
		return notConfigured()
	}
	if e := h.budgetSpent(r.Context()); e != nil {
		return e
	}

	end, cut := h.cutoff(r.Context(), x.start)
	limit := limitSaid(end.Sub(x.start))
	ctx, cancel := context.WithDeadlineCause(r.Context(), cut, errTimeLimit)
	defer cancel()
	conv = h.assistant.Prepare(ctx, conv)
	x.server = conv.Context
	out.noteFacts(conv.Context)
	// The status goes out with the first byte, so the first event decides it: an upstream
	// failure before any answer becomes a proper HTTP error. The model's sequence runs in
	// this goroutine, as a range: no second goroutine and stack per stream.
	var err error
	for ev, evErr := range h.assistant.Stream(chat.WithRequestID(ctx, x.id), key, conv) {
		if x.stream == nil {
			out.firstByte = time.Since(x.start)
			if evErr != nil {
				err = evErr
				break
			}
			h.begin(x)
		}
		if evErr != nil {
			err = evErr
			break
		}
		if werr := h.forward(x, ev); werr != nil {
			// The caller is gone: cancel the upstream call at once.
			cancel()
			return callerLeft(werr)
		}
		if x.stream.Terminated() {
			return nil
		}
	}
	if x.stream != nil {
		// What the guard still held is the answer's, judged as it is: it goes out before
		// the error that ends the stream.
		if werr := h.say(x, x.review.Flush()); werr != nil {
			return callerLeft(werr)
		}
		return h.failure(r, ctx, err, limit, errNoFinish)
	}
	if out.firstByte == 0 {
		out.firstByte = time.Since(x.start) // the sequence ended without an event
	}
	e := h.failure(r, ctx, err, limit, errNoEvent)
	if e.Code == CodeTimeLimit {
		// The time limit is not an upstream failure: like a cut after some text, it ends a
		// stream with an error event, here one with no text before it.
		h.begin(x)
	}
	return e
}

// begin starts the answer in the exchange's protocol.
func (h *Handler) begin(x *exchange) {
	x.review = h.assistant.Review(x.server)
	x.stream = x.enc.Start(x.w, StreamInfo{ID: x.id, Created: h.now(), Context: x.server})
}

// failure maps how the model's sequence ended without a finish to the caller's error;
// ended is the cause when the sequence just stopped.
func (h *Handler) failure(r *http.Request, ctx context.Context, err error, limit time.Duration, ended error) *Error {
	switch {
	case timedOut(r, ctx):
		return AsError(errTimeLimit, limit)
	case r.Context().Err() != nil:
		return AsError(context.Canceled, limit)
	case err == nil:
		return AsError(ended, limit)
	}
	return AsError(err, limit)
}

// cutoff is when the answer must be cut: before the earlier of the configured maximum and any
// deadline the platform put on the request (Lambda's invocation deadline), less a margin for
// writing the terminal line.
func (h *Handler) cutoff(ctx context.Context, start time.Time) (end, cut time.Time) {
	end = start.Add(h.maxDuration)
	if d, ok := ctx.Deadline(); ok && d.Before(end) {
		end = d
	}
	// The margin shrinks with a short limit (a nearly spent invocation): writing the e: line
	// takes microseconds, and a fixed second would leave no time for any answer.
	margin := min(time.Second, end.Sub(start)/10)
	return end, end.Add(-margin)
}

// limitSaid is the time limit d as an error tells it to the caller: in whole seconds, or in
// tenths under ten seconds (a short platform deadline: "0.3s", not "0s").
func limitSaid(d time.Duration) time.Duration {
	limit := max(0, d.Round(time.Second))
	if limit < 10*time.Second {
		limit = max(0, d.Round(100*time.Millisecond))
	}
	return limit
}

// timedOut reports whether the request ran out of time: its own limit, or a platform
// deadline (Lambda's) that passed; a caller who left is not a timeout.
func timedOut(r *http.Request, ctx context.Context) bool {
	if err := r.Context().Err(); err != nil {
		return errors.Is(err, context.DeadlineExceeded)
	}
	return errors.Is(context.Cause(ctx), errTimeLimit)
}

func (h *Handler) forward(x *exchange, ev chat.Event) error {
	s, out := x.stream, x.out
	if ev.Text != "" {
		if err := h.say(x, x.review.Text(ev.Text)); err != nil {
			return err
		}
	}
	if ev.Finish != nil {
		// What the guard still held goes out (or is replaced) before the finish.
		if err := h.say(x, x.review.Flush()); err != nil {
			return err
		}
		// The answer's sources and fact checks, in a copy of the model's finish, which stays
		// as the model made it.
		f := x.review.Finish(*ev.Finish)
		_ = h.say(x, "") // logs what was removed beside the text; writes nothing
		if f.FactChecks != nil {
			out.factChecks, out.contradictions = len(f.FactChecks), chat.Contradictions(f.FactChecks)
			out.factUnchecked = f.FactChecksUnchecked
		}
		out.finish, out.usage, out.sources, out.terminal = f.Reason, f.Usage, len(f.Sources), "d"
		out.model, out.modelVersion, out.costUSD = f.Model, f.ModelVersion, f.CostUSD
		out.modelStage, out.modelRetirement = f.ModelStage, f.ModelRetirement
		out.searches, out.pagesRead = len(f.SearchQueries), f.PagesRead
		return s.Finish(f)
	}
	return nil
}
