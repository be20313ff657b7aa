// Package gemini is the adapter to the model provider; it is the only package that imports
// google.golang.org/genai. It turns a chat.Conversation into a provider request and the
// provider's stream into chat events.
package gemini

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/genai"

	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/prompt"
)

// DefaultBaseURL is the provider's public endpoint.
const DefaultBaseURL = "https://generativelanguage.googleapis.com/"

// Config configures a Client.
type Config struct {
	Model       Model
	Temperature float32
	// MaxTokens is the answer's length: thinking may spend its allowance on top, and the
	// answer is cut at MaxTokens by the provider's running count.
	MaxTokens  int32
	Thinking   Thinking
	WebSearch  bool
	URLContext bool
	// BaseURL overrides the provider endpoint (tests, proxies); empty means DefaultBaseURL.
	BaseURL string
	// HTTPClient carries the requests; nil means a client without an overall timeout (the
	// request context bounds each call).
	HTTPClient *http.Client
	// SystemPrompt is the fixed system instruction; empty means prompt.System().
	SystemPrompt string
	// Unavailable is how long a model the provider answered 404 for (or one that refused
	// the thinking setting) is remembered before it is tried again; zero means an hour.
	Unavailable time.Duration
	Logger      *slog.Logger
}

// DefaultUnavailable is how long a refused model is skipped: long enough that requests do
// not each pay for a failed call, short enough that a model that comes back is used again.
const DefaultUnavailable = time.Hour

// Client streams answers from the provider. It is safe for concurrent use.
type Client struct {
	cfg Config

	mu        sync.Mutex
	clientKey string
	client    *genai.Client
	models    *modelMemory // what the provider said of models, for clientKey's account
}

var _ chat.Model = (*Client)(nil)

// New returns a Client.
func New(cfg Config) *Client {
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	if !strings.HasSuffix(cfg.BaseURL, "/") {
		cfg.BaseURL += "/"
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
	}
	hc := *cfg.HTTPClient
	if hc.Transport == nil {
		hc.Transport = http.DefaultTransport
	}
	if cfg.SystemPrompt == "" {
		cfg.SystemPrompt = prompt.System()
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if len(cfg.Model.Candidates) == 0 {
		if cfg.Model.ID == "" {
			cfg.Model, _ = ResolveModel("")
		} else {
			cfg.Model.Candidates = []string{cfg.Model.ID}
		}
	}
	if cfg.Unavailable <= 0 {
		cfg.Unavailable = DefaultUnavailable
	}
	hc.Transport = eventLimit{hc.Transport, cfg.Logger}
	cfg.HTTPClient = &hc
	return &Client{cfg: cfg}
}

// session returns a provider client and the model memory for key, reusing them while the
// key is the same. A rotated key gets a new client and a fresh memory: another account may
// have other models.
func (c *Client) session(ctx context.Context, key string) (*genai.Client, *modelMemory, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.client != nil && c.clientKey == key {
		return c.client, c.models, nil
	}
	// Every field set explicitly: otherwise the SDK reads GOOGLE_API_KEY, GEMINI_API_KEY,
	// GOOGLE_GENAI_USE_VERTEXAI and GOOGLE_GEMINI_BASE_URL from the environment itself.
	gc, err := genai.NewClient(ctx, &genai.ClientConfig{
		APIKey:      key,
		Backend:     genai.BackendGeminiAPI,
		HTTPClient:  c.cfg.HTTPClient,
		HTTPOptions: genai.HTTPOptions{BaseURL: c.cfg.BaseURL, APIVersion: "v1beta"},
	})
	if err != nil {
		return nil, nil, err
	}
	c.client, c.clientKey, c.models = gc, key, newModelMemory(c.cfg.Unavailable)
	return gc, c.models, nil
}

// GenerateConfig is the provider request configuration for the given provider model, with
// the fixed system prompt and nothing request-specific.
func (c *Client) GenerateConfig(modelID string) *genai.GenerateContentConfig {
	return c.requestConfig(modelID, c.cfg.SystemPrompt, true, c.cfg.MaxTokens)
}

// requestConfig shapes a request for the model actually called (the table in models.go):
// its tools, its kind of thinking setting (never both kinds, never a value it refuses), and
// an output limit of the answer's MaxTokens plus what thinking may spend.
func (c *Client) requestConfig(modelID, system string, thinking bool, maxTokens int32) *genai.GenerateContentConfig {
	cfg := &genai.GenerateContentConfig{
		SystemInstruction: &genai.Content{Parts: []*genai.Part{{Text: system}}},
		Temperature:       genai.Ptr(c.cfg.Temperature),
		MaxOutputTokens:   maxTokens,
		// On by default in the SDK: it silently re-sends (and re-bills) the request.
		AutomaticContinuation: genai.Ptr(false),
	}
	if shapeFor(modelID).tools {
		if c.cfg.WebSearch {
			cfg.Tools = append(cfg.Tools, &genai.Tool{GoogleSearch: &genai.GoogleSearch{}})
		}
		if c.cfg.URLContext {
			cfg.Tools = append(cfg.Tools, &genai.Tool{URLContext: &genai.URLContext{}})
		}
	}
	tc, extra := thinkingConfig(modelID, c.cfg.Thinking)
	if !thinking {
		// Without a setting (the model refused it) the model thinks as it likes: give it
		// the largest allowance, so that its thinking cannot eat the answer.
		_, extra = thinkingConfig(modelID, ThinkingHigh)
	}
	cfg.MaxOutputTokens = min(maxOutputTokens, maxTokens+extra)
	if thinking {
		cfg.ThinkingConfig = tc
	}
	return cfg
}

// Contents converts a conversation to provider contents: assistant becomes "model". A
// message carries only its text: the server-made context of a contract address goes into
// the system instruction (SystemInstruction), where no caller text can imitate it.
func Contents(conv chat.Conversation) []*genai.Content {
	out := make([]*genai.Content, 0, len(conv.Messages))
	for _, m := range conv.Messages {
		role := genai.RoleUser
		if m.Role == chat.RoleAssistant {
			role = genai.RoleModel
		}
		out = append(out, &genai.Content{Role: role, Parts: []*genai.Part{{Text: m.Content}}})
	}
	return out
}

// SystemInstruction is the fixed system prompt, unchanged, followed by this request's
// server-made context: one block per contract address the conversation carries.
func SystemInstruction(system string, conv chat.Conversation) string {
	var blocks []prompt.ContractContext
	for i, m := range conv.Messages {
		if m.Contract != nil {
			cc := prompt.ContextFor(*m.Contract)
			cc.Message = i + 1
			blocks = append(blocks, cc)
		}
	}
	return prompt.Instruction(system, blocks)
}

// Transient upstream failures before the first answer text are retried: up to retryAttempts
// calls in all, retryBackoff apart (doubling), and only while the request's deadline leaves
// minAttemptTime for the next call. Only 500, 502, 503 and 504 qualify: never a 429 (retrying
// spends the quota that ran out) nor a 4xx, and never after text went to the caller (a retry
// would repeat it). Two 4xx answers before any text lead to another call instead: a 404 for
// the model (the next candidate model, at once) and a 400 that names the thinking setting
// (the same model without it, once).
const (
	retryAttempts  = 3
	retryBackoff   = 200 * time.Millisecond
	minAttemptTime = time.Second
)

// Stream implements chat.Model.
func (c *Client) Stream(ctx context.Context, key string, conv chat.Conversation) iter.Seq2[chat.Event, error] {
	return func(yield func(chat.Event, error) bool) {
		gc, mem, err := c.session(ctx, key)
		if err != nil {
			yield(chat.Event{}, &chat.UpstreamError{Err: fmt.Errorf("gemini: new client: %w", err)})
			return
		}
		log := c.cfg.Logger
		if id := chat.RequestID(ctx); id != "" {
			log = log.With(slog.String("request_id", id))
		}
		contents := Contents(conv)
		system := SystemInstruction(c.cfg.SystemPrompt, conv)
		// A caller's own limit (OpenAI's max_tokens) only ever lowers the server's.
		maxTokens := c.cfg.MaxTokens
		if conv.MaxTokens > 0 && int64(conv.MaxTokens) < int64(maxTokens) {
			maxTokens = int32(conv.MaxTokens)
		}
		models := mem.order(c.cfg.Model.Candidates)
	nextModel:
		for i, model := range models {
			thinking := !mem.refusesThinking(model)
			for try := 1; ; try++ {
				cfg := c.requestConfig(model, system, thinking, maxTokens)
				failed, answered := c.attempt(ctx, gc, log, model, contents, cfg, maxTokens, yield)
				if failed == nil {
					return // finished, or the caller stopped, or the answer broke off
				}
				if !answered {
					switch {
					case failed.Status == http.StatusNotFound && i+1 < len(models):
						mem.markGone(log, model, models[i+1], failed)
						continue nextModel
					case thinking && refusedThinking(failed):
						thinking = false
						mem.markRefusesThinking(log, model, failed)
						continue
					case try < retryAttempts && retryable(failed) && c.backoff(ctx, log, try, failed):
						continue
					}
				}
				yield(chat.Event{}, failed)
				return
			}
		}
	}
}

// attempt makes one provider call and forwards what it answers. It returns the failure
// when the call failed (answered says whether text already went to the caller); nil means
// the sequence is over: the answer finished or broke off, the caller stopped, or ctx ended,
// each already reported through yield.
func (c *Client) attempt(ctx context.Context, gc *genai.Client, log *slog.Logger, model string, contents []*genai.Content,
	cfg *genai.GenerateContentConfig, maxTokens int32, yield func(chat.Event, error) bool) (failed *chat.UpstreamError, answered bool) {
	acc := accumulator{model: model, maxTokens: maxTokens}
	// The attempt runs under a context of its own: once the provider has said the answer
	// is finished, it gets finishGrace to send what trails (usage, grounding) and close;
	// an upstream that keeps the connection open after that is cut, and the answer still
	// ends with its finish.
	actx, acancel := context.WithCancelCause(ctx)
	hints := &responseHints{}
	actx = context.WithValue(actx, responseHintsKey{}, hints)
	var graceTimer *time.Timer
	defer func() { stopAttempt(graceTimer, acancel) }()
	for resp, err := range gc.Models.GenerateContentStream(actx, model, contents, cfg) {
		if err != nil {
			if rerr := hints.readError(); rerr != nil {
				err = rerr // what broke the stream, rather than the SDK's view of its cut end
			}
			if acc.finished() {
				// The answer is complete: whatever ends the stream now (the grace, a
				// dropped connection, an error event, the time limit) takes nothing from
				// it, and it is not retried.
				endedAfterFinish(log, actx, err)
				break
			}
			if ctx.Err() != nil {
				yield(chat.Event{}, context.Cause(ctx))
				return nil, answered
			}
			return classify(err, hints), answered
		}
		text := acc.add(resp)
		if text != "" {
			answered = true
			if !yield(chat.Event{Text: text}, nil) {
				return nil, answered
			}
		}
		if acc.held {
			// The answer reached MaxTokens: stop the provider (breaking out closes the
			// call) and end with length.
			log.Info("answer held to the maximum length; upstream call cancelled",
				slog.Int("max_tokens", int(maxTokens)), slog.String("model", model))
			break
		}
		if graceTimer == nil && acc.finished() {
			graceTimer = time.AfterFunc(finishGrace, func() { acancel(errFinishGrace) })
		}
	}
	if ctx.Err() != nil && !acc.finished() {
		yield(chat.Event{}, context.Cause(ctx))
		return nil, answered
	}
	// A read error the transport kept from the SDK (see eventLimitedBody) ended the stream
	// as if it were complete.
	if rerr := hints.readError(); rerr != nil && !acc.held {
		if !acc.finished() {
			return classify(rerr, hints), answered
		}
		endedAfterFinish(log, actx, rerr)
	}
	if f := acc.finish(log); f != nil {
		yield(chat.Event{Finish: f}, nil)
	}
	// No finish reason: the sequence ends with neither Finish nor error, which the handler
	// reports as a broken answer.
	return nil, answered
}

// endedAfterFinish logs a stream that broke after its finish reason: the answer is complete.
func endedAfterFinish(log *slog.Logger, actx context.Context, err error) {
	cause := err
	if c := context.Cause(actx); c != nil {
		cause = c
	}
	log.Warn("upstream stream ended abnormally after the finish reason; the answer is complete",
		slog.String("cause", cause.Error()))
}

// refusedThinking reports whether a provider error is a 400 that names the thinking
// setting ("Budget 0 is invalid...", "You can only set only one of thinking budget and
// thinking level.").
func refusedThinking(e *chat.UpstreamError) bool {
	if e.Status != http.StatusBadRequest {
		return false
	}
	var apiErr genai.APIError
	if !errors.As(e.Err, &apiErr) {
		return false
	}
	msg := strings.ToLower(apiErr.Message)
	return strings.Contains(msg, "thinking") || strings.Contains(msg, "budget")
}

// finishGrace is how long the provider may keep a stream open after its finish reason.
// The provider closes right after its last chunk; the grace only matters for one that does
// not, whose finished answer would otherwise run into the time limit and end as an error.
const finishGrace = time.Second

// errFinishGrace is the cause when a stream is closed after finishGrace.
var errFinishGrace = errors.New("gemini: stream still open after the finish reason")

func stopAttempt(t *time.Timer, cancel context.CancelCauseFunc) {
	if t != nil {
		t.Stop()
	}
	cancel(nil)
}

// responseHints carries what the SDK's error value drops from the provider's HTTP response:
// the Retry-After header of a 429, and the error that broke a stream. The transport fills it
// in for the attempt whose context holds it.
type responseHints struct {
	retryAfter atomic.Int64 // a time.Duration
	readErr    atomic.Pointer[error]
}

// readError is the first error reading the stream's body, which the transport kept from
// the SDK; nil if there was none.
func (h *responseHints) readError() error {
	if h == nil {
		return nil
	}
	if p := h.readErr.Load(); p != nil {
		return *p
	}
	return nil
}

type responseHintsKey struct{}

func (h *responseHints) RetryAfter() time.Duration {
	if h == nil {
		return 0
	}
	return time.Duration(h.retryAfter.Load())
}

// parseRetryAfter reads an HTTP Retry-After header: delay-seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil {
		if secs > 0 && secs < 86400*7 {
			return time.Duration(secs * float64(time.Second))
		}
		return 0
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

func retryable(e *chat.UpstreamError) bool {
	switch e.Status {
	case http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return !e.RateLimited
	}
	return false
}

// backoff waits before retry number attempt, unless the deadline is too near; it reports
// whether to retry.
func (c *Client) backoff(ctx context.Context, log *slog.Logger, attempt int, cause error) bool {
	wait := retryBackoff << (attempt - 1)
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait+minAttemptTime {
		return false
	}
	log.Warn("upstream failed before answering; retrying",
		slog.Int("attempt", attempt), slog.Duration("wait", wait), slog.String("cause", cause.Error()))
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// accumulator folds the chunks of one answer: text is forwarded as it comes, the rest
// (finish reason, sources, usage) is kept for the end. It holds the answer to maxTokens by
// the provider's running candidatesTokenCount.
type accumulator struct {
	model     string
	maxTokens int32

	finishRaw    genai.FinishReason
	blocked      genai.BlockedReason
	usage        *genai.GenerateContentResponseUsageMetadata
	answerTokens int32 // the running count of answer tokens, as far as forwarded
	held         bool  // the answer reached maxTokens and was cut here
	version      string
	sources      []chat.Source
	seen         map[string]bool
	queries      []string
	suggestions  string
	toolCall     bool // the model asked for a function call, which this service never runs
	text         strings.Builder
}

func (a *accumulator) add(resp *genai.GenerateContentResponse) string {
	if resp == nil || a.held {
		return ""
	}
	if resp.ModelVersion != "" {
		a.version = resp.ModelVersion
	}
	if resp.UsageMetadata != nil {
		a.usage = resp.UsageMetadata // running totals: the last one wins
	}
	if pf := resp.PromptFeedback; pf != nil && pf.BlockReason != "" && len(resp.Candidates) == 0 {
		a.blocked = pf.BlockReason
	}
	if len(resp.Candidates) == 0 || resp.Candidates[0] == nil {
		return ""
	}
	cand := resp.Candidates[0]
	if cand.FinishReason != "" {
		a.finishRaw = cand.FinishReason
	}
	a.addGrounding(cand.GroundingMetadata)
	a.addURLContext(cand.URLContextMetadata)
	a.text.Reset()
	if cand.Content != nil {
		for _, p := range cand.Content.Parts {
			// Thoughts never reach the caller, nor do thought signatures: a part made only
			// of a signature has empty text and adds nothing.
			if p == nil || p.Thought {
				continue
			}
			if p.FunctionCall != nil {
				a.toolCall = true
			}
			a.text.WriteString(p.Text)
		}
	}
	return a.hold(a.text.String(), resp.UsageMetadata)
}

// hold cuts text where the answer passes maxTokens, by the provider's running count of
// answer tokens (candidatesTokenCount, on every chunk from today's models); a chunk without
// one counts a token per four bytes. The part of the chunk beyond the limit is dropped (in
// proportion to its share of the chunk's tokens, at a word boundary), and the answer ends
// with length.
func (a *accumulator) hold(text string, u *genai.GenerateContentResponseUsageMetadata) string {
	if a.maxTokens <= 0 {
		return text
	}
	count := a.answerTokens + int32((len(text)+3)/4)
	if u != nil && u.CandidatesTokenCount > 0 {
		count = u.CandidatesTokenCount
	}
	if count <= a.maxTokens {
		a.answerTokens = max(a.answerTokens, count)
		return text
	}
	a.held = true
	a.finishRaw = genai.FinishReasonMaxTokens
	room, grown := a.maxTokens-a.answerTokens, count-a.answerTokens
	a.answerTokens = a.maxTokens
	if room <= 0 || grown <= 0 || text == "" {
		return ""
	}
	runes := []rune(text)
	keep := int(int64(len(runes)) * int64(room) / int64(grown))
	cut := string(runes[:keep])
	if i := strings.LastIndexAny(cut, " \n\t"); i >= len(cut)/2 {
		cut = cut[:i+1]
	}
	return cut
}

func (a *accumulator) addGrounding(g *genai.GroundingMetadata) {
	if g == nil {
		return
	}
	for _, ch := range g.GroundingChunks {
		if ch == nil || ch.Web == nil || ch.Web.URI == "" {
			continue
		}
		a.addSource(ch.Web.URI, ch.Web.Title)
	}
	for _, q := range g.WebSearchQueries {
		if !contains(a.queries, q) {
			a.queries = append(a.queries, q)
		}
	}
	if g.SearchEntryPoint != nil && g.SearchEntryPoint.RenderedContent != "" {
		a.suggestions = g.SearchEntryPoint.RenderedContent
	}
}

// addURLContext adds the pages the URL tool read successfully; a failed retrieval (an
// error, a paywall, an unsafe page) is no source.
func (a *accumulator) addURLContext(m *genai.URLContextMetadata) {
	if m == nil {
		return
	}
	for _, u := range m.URLMetadata {
		if u != nil && u.URLRetrievalStatus == genai.URLRetrievalStatusSuccess && u.RetrievedURL != "" {
			a.addSource(u.RetrievedURL, "")
		}
	}
}

// addSource adds a source unless the same page is already there (the same URL but for a
// fragment or a trailing slash).
func (a *accumulator) addSource(uri, title string) {
	key := strings.TrimSuffix(strings.SplitN(uri, "#", 2)[0], "/")
	if a.seen == nil {
		a.seen = map[string]bool{}
	}
	if a.seen[key] {
		return
	}
	a.seen[key] = true
	a.sources = append(a.sources, chat.Source{URL: uri, Title: sourceTitle(uri, title)})
}

// sourceTitle is the source's title, or its host name when the provider sent none, so that
// every source has a text to show.
func sourceTitle(uri, title string) string {
	if t := strings.TrimSpace(title); t != "" {
		return t
	}
	if u, err := url.Parse(uri); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return uri
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// finished reports whether the provider has ended the answer (a finish reason or a blocked
// prompt); what may still follow is usage and grounding, not text.
func (a *accumulator) finished() bool { return a.finishRaw != "" || a.blocked != "" }

func (a *accumulator) finish(log *slog.Logger) *chat.Finish {
	var reason chat.FinishReason
	switch {
	case a.blocked != "":
		reason = blockedPromptReason
		log.Info("prompt blocked by the provider", slog.String("block_reason", string(a.blocked)))
	case a.finishRaw != "":
		var known bool
		reason, known = MapFinishReason(a.finishRaw)
		if !known {
			log.Warn("unknown provider finish reason mapped to stop", slog.String("finish_reason", string(a.finishRaw)))
		}
		if reason == chat.FinishStop && a.toolCall {
			// The model stopped to have a function run; the spec's name for that is tool-calls.
			reason = chat.FinishToolCalls
			log.Info("the model asked for a function call, which is not run")
		}
	default:
		return nil
	}
	f := &chat.Finish{Reason: reason, Sources: a.sources, SearchQueries: a.queries, SearchSuggestions: a.suggestions,
		Model: a.model, ModelVersion: a.version}
	if u := a.usage; u != nil {
		f.Usage = &chat.Usage{
			PromptTokens:     int(u.PromptTokenCount),
			CompletionTokens: int(u.CandidatesTokenCount),
			ReasoningTokens:  int(u.ThoughtsTokenCount),
			TotalTokens:      int(u.TotalTokenCount),
		}
	}
	return f
}

// classify turns a provider error into a *chat.UpstreamError, keeping the raw error as cause.
// A rate limit's wait comes from google.rpc.RetryInfo, else from the HTTP Retry-After header.
func classify(err error, hints *responseHints) *chat.UpstreamError {
	var apiErr genai.APIError // a value type: a pointer target would not match
	if !errors.As(err, &apiErr) {
		return &chat.UpstreamError{Err: err}
	}
	ue := &chat.UpstreamError{Status: apiErr.Code, Err: err}
	if apiErr.Code == http.StatusTooManyRequests || apiErr.Status == "RESOURCE_EXHAUSTED" {
		ue.RateLimited = true
		ue.RetryAfter = retryDelay(apiErr.Details)
		if ue.RetryAfter == 0 {
			ue.RetryAfter = hints.RetryAfter()
		}
	}
	return ue
}

// retryDelay reads google.rpc.RetryInfo's retryDelay ("34.4s") from error details.
func retryDelay(details []map[string]any) time.Duration {
	for _, d := range details {
		if t, _ := d["@type"].(string); t != "type.googleapis.com/google.rpc.RetryInfo" {
			continue
		}
		s, _ := d["retryDelay"].(string)
		if v, err := time.ParseDuration(s); err == nil && v > 0 {
			return v
		}
	}
	return 0
}

// MaxEventBytes bounds one server-sent event (or error body) from the provider. The SDK
// buffers an event whole, up to 256 MiB: without this bound a broken or hostile upstream could
// make every open stream hold that much. Real events are a few kilobytes.
const MaxEventBytes = 4 << 20

// ErrEventTooLarge ends an upstream response whose event exceeds MaxEventBytes. The SDK
// reports the cut event as malformed; the limit itself is logged.
var ErrEventTooLarge = errors.New("gemini: an upstream event exceeds 4 MiB")

// eventLimit wraps response bodies in eventLimitedBody.
type eventLimit struct {
	base http.RoundTripper
	log  *slog.Logger
}

func (l eventLimit) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := l.base.RoundTrip(r)
	if err == nil && resp.StatusCode == http.StatusTooManyRequests {
		if h, ok := r.Context().Value(responseHintsKey{}).(*responseHints); ok {
			h.retryAfter.Store(int64(parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())))
		}
	}
	if err == nil {
		log := l.log
		if id := chat.RequestID(r.Context()); id != "" && log != nil {
			log = log.With(slog.String("request_id", id))
		}
		body := &eventLimitedBody{ReadCloser: resp.Body, log: log}
		if resp.StatusCode == http.StatusOK {
			body.hints, _ = r.Context().Value(responseHintsKey{}).(*responseHints)
		}
		resp.Body = body
	}
	return resp, err
}

// eventLimitedBody fails a read once more than MaxEventBytes pass without a blank line.
//
// On a stream (a 200 with hints), a read error is kept in hints and the SDK sees the end of
// the body instead: the SDK logs every stream read error itself, through the standard log
// package ("Error context canceled" for each caller who leaves, "Error time limit reached"
// for each cut), in lines without a request id that repeat what the request line says.
// attempt takes the error from hints and reports it as the SDK would have.
type eventLimitedBody struct {
	io.ReadCloser
	log     *slog.Logger
	hints   *responseHints
	run     int  // bytes since the last blank line
	newline bool // the last byte other than CR was LF
}

func (b *eventLimitedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	for _, c := range p[:n] {
		switch c {
		case '\n':
			if b.newline {
				b.run = 0
			}
			b.newline = true
		case '\r':
		default:
			b.newline = false
		}
		b.run++
	}
	if b.run > MaxEventBytes {
		if b.log != nil {
			b.log.Warn("upstream response cut", slog.String("cause", ErrEventTooLarge.Error()))
			b.log = nil
		}
		err = ErrEventTooLarge
	}
	if err != nil && err != io.EOF && b.hints != nil {
		b.hints.readErr.CompareAndSwap(nil, &err)
		return n, io.EOF
	}
	return n, err
}
