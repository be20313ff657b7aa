package chat

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"math"
	"net"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chatsvc/chat/pkg/datastream"
)

// Path is where the endpoint lives.
const Path = "/api/chat"

// The error texts of the specification.
const (
	MsgInvalidRequest  = "Invalid request format"
	MsgAPIKeyMissing   = "API key not configured"
	MsgRateLimited     = "Rate limit exceeded"
	MsgServiceError    = "AI service error"
	msgNotFound        = "Not found"
	msgMethodNotAllowd = "Method not allowed"
)

// Texts of e: lines. They name no provider and carry no upstream text.
const (
	streamMsgUpstream = "The AI service failed while answering. Please try again."
	streamMsgBroken   = "The answer ended unexpectedly. Please try again."
	streamMsgInternal = "The answer failed because of an internal error. Please try again."
)

// Options configure a Handler. Model is required; the rest have defaults.
type Options struct {
	Model Model
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
}

// Handler serves POST /api/chat.
type Handler struct {
	model       Model
	apiKey      func() string
	limits      Limits
	maxDuration time.Duration
	bodyTimeout time.Duration
	requestID   func(*http.Request) string
	log         *slog.Logger
}

// NewHandler returns the endpoint's handler.
func NewHandler(o Options) *Handler {
	h := &Handler{
		model: o.Model, apiKey: o.APIKey, limits: o.Limits, maxDuration: o.MaxDuration,
		bodyTimeout: o.BodyReadTimeout, requestID: o.RequestID, log: o.Logger,
	}
	if h.requestID == nil {
		h.requestID = randomID
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
	return h
}

// outcome is what the request log line reports.
type outcome struct {
	status       int
	finish       FinishReason
	terminal     string // "d", "e" or "" (no stream, or the caller left)
	messages     int
	contract     bool
	usage        *Usage
	model        string // the provider model that answered, and its reported version
	modelVersion string
	sources      int
	firstByte    time.Duration
	clientClosed bool
	timedOut     bool
	limit        time.Duration // the request's time limit, for the e: text
	cause        error
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	id := h.requestID(r)
	w.Header().Set("X-Request-Id", id)
	var out outcome
	var stream *datastream.Writer
	defer func() {
		if p := recover(); p != nil {
			out.cause = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
			if stream == nil {
				out.status = http.StatusInternalServerError
				writeError(w, out.status, MsgServiceError, "an internal error occurred", 0)
			} else if !stream.Terminated() {
				out.terminal = "e"
				_ = stream.Error(streamMsgInternal)
			}
		}
		h.logRequest(r, id, start, &out)
	}()

	if r.URL.Path != Path {
		out.status = http.StatusNotFound
		writeError(w, out.status, msgNotFound, "no endpoint at this path; the chat endpoint is POST "+Path, 0)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		out.status = http.StatusMethodNotAllowed
		writeError(w, out.status, msgMethodNotAllowd, "this method is not supported on "+Path+"; use POST", 0)
		return
	}

	_ = http.NewResponseController(w).SetReadDeadline(start.Add(h.bodyTimeout))
	conv, err := DecodeRequest(http.MaxBytesReader(w, r.Body, h.limits.MaxBodyBytes), h.limits)
	if err != nil {
		out.status, out.cause = http.StatusBadRequest, err
		details := err.Error()
		if re, ok := errors.AsType[*RequestError](err); ok {
			details = re.Details
		}
		writeError(w, out.status, MsgInvalidRequest, details, 0)
		return
	}
	out.messages = len(conv.Messages)
	for _, m := range conv.Messages {
		out.contract = out.contract || m.Contract != nil
	}

	key := strings.TrimSpace(h.apiKey())
	if key == "" {
		out.status = http.StatusUnauthorized
		writeError(w, out.status, MsgAPIKeyMissing, "the server has no API key for the AI service; the operator must configure it", 0)
		return
	}

	end, limit := h.cutoff(r.Context(), start)
	out.limit = max(0, end.Sub(start).Round(time.Second))
	if out.limit < 10*time.Second { // a short platform deadline: "0.3s", not "0s"
		out.limit = max(0, end.Sub(start).Round(100*time.Millisecond))
	}
	ctx, cancel := context.WithDeadlineCause(r.Context(), limit, errTimeLimit)
	defer cancel()
	next, stop := iter.Pull2(h.model.Stream(WithRequestID(ctx, id), key, conv))
	defer stop()

	// The status goes out with the first byte, so the first event decides it: an upstream
	// failure before any answer becomes a proper HTTP error.
	ev, err, ok := next()
	out.firstByte = time.Since(start)
	if err != nil || !ok {
		if timedOut(r, ctx) {
			// The time limit is not an upstream failure: like a cut after some text, it
			// ends a stream with an e: line, here an empty one.
			out.status = http.StatusOK
			stream = datastream.Start(w)
			h.failInStream(stream, r, ctx, err, ok, &out)
			return
		}
		h.failBeforeStream(w, r, err, ok, &out)
		return
	}
	out.status = http.StatusOK
	stream = datastream.Start(w)
	for {
		if werr := h.forward(stream, ev, &out); werr != nil {
			// The caller is gone: cancel the upstream call at once.
			out.clientClosed, out.cause = true, werr
			cancel()
			return
		}
		if stream.Terminated() {
			return
		}
		ev, err, ok = next()
		if err != nil || !ok {
			break
		}
	}
	h.failInStream(stream, r, ctx, err, ok, &out)
}

// statusClientClosed is logged when the caller left before any response (nginx's 499).
const statusClientClosed = 499

// errTimeLimit is the cancellation cause when the request's own deadline passes.
var errTimeLimit = errors.New("time limit reached")

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

// timedOut reports whether the request ran out of time: its own limit, or a platform
// deadline (Lambda's) that passed; a caller who left is not a timeout.
func timedOut(r *http.Request, ctx context.Context) bool {
	if err := r.Context().Err(); err != nil {
		return errors.Is(err, context.DeadlineExceeded)
	}
	return errors.Is(context.Cause(ctx), errTimeLimit)
}

func (h *Handler) forward(s *datastream.Writer, ev Event, out *outcome) error {
	if ev.Text != "" {
		if err := s.Text(ev.Text); err != nil {
			return err
		}
	}
	if f := ev.Finish; f != nil {
		out.finish, out.usage, out.sources, out.terminal = f.Reason, f.Usage, len(f.Sources), "d"
		out.model, out.modelVersion = f.Model, f.ModelVersion
		return s.Finish(metadata(f))
	}
	return nil
}

func (h *Handler) failBeforeStream(w http.ResponseWriter, r *http.Request, err error, ok bool, out *outcome) {
	switch {
	case r.Context().Err() != nil:
		// Nobody is left to answer; 499 (client closed request) marks it in the log.
		out.clientClosed, out.cause, out.status = true, r.Context().Err(), statusClientClosed
		return
	case !ok:
		out.cause = errors.New("upstream ended without any event")
		out.status = http.StatusInternalServerError
		writeError(w, out.status, MsgServiceError, "the AI service returned an empty answer", 0)
		return
	}
	out.cause = err
	if ue, isUp := errors.AsType[*UpstreamError](err); isUp && ue.RateLimited {
		out.status = http.StatusTooManyRequests
		details := "too many requests to the AI service; try again later"
		if ue.RetryAfter > 0 {
			details = fmt.Sprintf("too many requests to the AI service; try again in %d seconds", retrySeconds(ue.RetryAfter))
		}
		writeError(w, out.status, MsgRateLimited, details, ue.RetryAfter)
		return
	}
	out.status = http.StatusInternalServerError
	writeError(w, out.status, MsgServiceError, upstreamDetails(err), 0)
}

func (h *Handler) failInStream(s *datastream.Writer, r *http.Request, ctx context.Context, err error, ok bool, out *outcome) {
	var msg string
	switch {
	case timedOut(r, ctx):
		out.timedOut, out.cause = true, errTimeLimit
		msg = fmt.Sprintf("The answer was cut off: the time limit of %ss was reached.", strconv.FormatFloat(out.limit.Seconds(), 'f', -1, 64))
	case r.Context().Err() != nil:
		out.clientClosed, out.cause = true, r.Context().Err()
		return
	case !ok:
		out.cause = errors.New("upstream stream ended without a finish reason")
		msg = streamMsgBroken
	default:
		out.cause = err
		msg = streamMsgUpstream
		if ue, isUp := errors.AsType[*UpstreamError](err); isUp && ue.RateLimited {
			msg = MsgRateLimited + ". Please try again later."
		}
	}
	out.terminal = "e"
	if werr := s.Error(msg); werr != nil {
		out.clientClosed = true
	}
}

func upstreamDetails(err error) string {
	ue, ok := errors.AsType[*UpstreamError](err)
	switch {
	case !ok:
		return "the AI service failed"
	case ue.Status == 0:
		return "the AI service could not be reached or sent a malformed response"
	case ue.Status >= 500:
		return fmt.Sprintf("the AI service is unavailable (upstream status %d); try again shortly", ue.Status)
	default:
		return fmt.Sprintf("the AI service refused the request (upstream status %d)", ue.Status)
	}
}

func retrySeconds(d time.Duration) int64 { return int64(math.Ceil(d.Seconds())) }

// ErrorBody is the JSON body of every non-stream response.
type ErrorBody struct {
	Error   string `json:"error"`
	Details string `json:"details,omitempty"`
}

func writeError(w http.ResponseWriter, status int, msg, details string, retryAfter time.Duration) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	if retryAfter > 0 {
		h.Set("Retry-After", strconv.FormatInt(retrySeconds(retryAfter), 10))
	}
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(ErrorBody{Error: msg, Details: details})
}

func metadata(f *Finish) datastream.Metadata {
	m := datastream.Metadata{
		FinishReason:      string(f.Reason),
		SearchQueries:     f.SearchQueries,
		SearchSuggestions: f.SearchSuggestions,
	}
	if f.Usage != nil {
		m.Usage = datastream.Usage{PromptTokens: f.Usage.PromptTokens, CompletionTokens: f.Usage.CompletionTokens,
			ReasoningTokens: f.Usage.ReasoningTokens, TotalTokens: f.Usage.TotalTokens}
	}
	for _, s := range f.Sources {
		m.Sources = append(m.Sources, datastream.Source{URL: s.URL, Title: s.Title})
	}
	return m
}

func (h *Handler) logRequest(r *http.Request, id string, start time.Time, o *outcome) {
	attrs := []slog.Attr{
		slog.String("request_id", id),
		slog.String("client", ClientAddress(r)),
		slog.String("method", clip(r.Method, maxLoggedField)),
		slog.String("path", clip(r.URL.Path, maxLoggedField)),
		slog.Int("status", o.status),
		slog.Int64("duration_ms", time.Since(start).Milliseconds()),
		slog.Int("messages", o.messages),
		slog.Bool("contract_address", o.contract),
	}
	if o.status == http.StatusOK || o.firstByte > 0 {
		attrs = append(attrs, slog.Int64("ttfb_ms", o.firstByte.Milliseconds()))
	}
	if o.terminal != "" {
		attrs = append(attrs, slog.String("terminal", o.terminal))
	}
	if o.finish != "" {
		attrs = append(attrs, slog.String("finish_reason", string(o.finish)), slog.Int("sources", o.sources))
	}
	if o.usage != nil {
		attrs = append(attrs, slog.Int("prompt_tokens", o.usage.PromptTokens), slog.Int("completion_tokens", o.usage.CompletionTokens),
			slog.Int("reasoning_tokens", o.usage.ReasoningTokens))
	}
	if o.model != "" {
		attrs = append(attrs, slog.String("model", o.model))
		if o.modelVersion != "" && o.modelVersion != o.model {
			attrs = append(attrs, slog.String("model_version", o.modelVersion))
		}
	}
	if o.clientClosed {
		attrs = append(attrs, slog.Bool("client_closed", true))
	}
	if o.timedOut {
		attrs = append(attrs, slog.Bool("time_limit_reached", true))
	}
	level := slog.LevelInfo
	if o.cause != nil {
		attrs = append(attrs, slog.String("cause", clip(o.cause.Error(), maxCauseBytes)))
		if o.status >= 500 || o.terminal == "e" {
			level = slog.LevelError
		}
	}
	h.log.LogAttrs(context.Background(), level, "chat request", attrs...)
}

// maxLoggedField bounds what the log line keeps of a caller-controlled field (path, method):
// a 1 MB path must not make a 1 MB log line.
const maxLoggedField = 256

// ViewerAddressHeader is where CloudFront puts the viewer's address ("IP:port"). CloudFront
// sets it itself, replacing any value the viewer sent; behind the distribution, whose origin
// access control is the only way to the function, it is the caller's address.
const ViewerAddressHeader = "CloudFront-Viewer-Address"

// ClientAddress is the caller's IP address for the log: CloudFront's viewer address when the
// request came through the distribution, else the connection's peer (Lambda's source IP, or
// the local server's remote address). On the local server a caller can set the header
// itself; it only names the caller in the log, it grants nothing.
func ClientAddress(r *http.Request) string {
	if v := strings.TrimSpace(r.Header.Get(ViewerAddressHeader)); v != "" {
		return hostOnly(v)
	}
	return hostOnly(r.RemoteAddr)
}

// hostOnly strips the port from "IP:port" (IPv4, [IPv6]:port, or CloudFront's IPv6:port),
// keeping a value that is not an address only in clipped form.
func hostOnly(v string) string {
	if host, _, err := net.SplitHostPort(v); err == nil && net.ParseIP(host) != nil {
		return host
	}
	if i := strings.LastIndexByte(v, ':'); i > 0 && net.ParseIP(v[:i]) != nil {
		return v[:i] // CloudFront writes IPv6 addresses unbracketed: 2001:db8::1:443
	}
	if net.ParseIP(v) != nil {
		return v
	}
	return clip(v, 64)
}

// maxCauseBytes bounds the logged cause: upstream errors quote the upstream's bytes, which
// can run to megabytes.
const maxCauseBytes = 2048

// clip cuts s to at most n bytes on a rune boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("... [%d bytes cut]", len(s)-cut)
}

func randomID(*http.Request) string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

type requestIDKey struct{}

// WithRequestID returns ctx carrying the request id, which the handler passes to the Model so
// that the model adapter's own log lines name the request.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestID is the request id ctx carries, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}
