package gemini

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"net/http"
	"time"

	"google.golang.org/genai"

	"github.com/chatsvc/chat/pkg/chat"
)

// Transient upstream failures before the first answer text are retried: up to retryAttempts
// calls in all, retryBackoff apart (doubling), and only while the request's deadline leaves
// minAttemptTime for the next call. Only 500, 502, 503 and 504 qualify: never a 429 (retrying
// spends the quota that ran out) nor a 4xx, and never after text went to the caller (a retry
// would repeat it). Other answers before any text lead to another call instead: a 404 for
// the model or a quota 429 (the next candidate model whose bucket is open, at once), a 400
// that names the thinking setting (the same model without it, once) and a 400 that names the
// URL limit (the same model without the URL tool, once).
const (
	retryAttempts  = 3
	retryBackoff   = 200 * time.Millisecond
	minAttemptTime = time.Second
)

// request is one answer in the making: what goes to the provider, what the process
// remembers of the account, and where the events go.
type request struct {
	*Client
	generate  *genai.Models
	account   *account
	id        string       // the request id, for the log
	log       *slog.Logger // made on first use: most requests log nothing here
	contents  []*genai.Content
	system    string
	maxTokens int32
	urlTool   bool // the URL tool is offered
	yield     func(chat.Event, error) bool
}

// Stream implements chat.Model.
func (c *Client) Stream(ctx context.Context, key string, conv chat.Conversation) iter.Seq2[chat.Event, error] {
	return func(yield func(chat.Event, error) bool) {
		generate, acct, err := c.session(ctx, key)
		if err != nil {
			yield(chat.Event{}, &chat.UpstreamError{Err: fmt.Errorf("gemini: new client: %w", err)})
			return
		}
		r := &request{Client: c, generate: generate, account: acct, yield: yield,
			contents: Contents(conv), maxTokens: c.cfg.MaxTokens}
		r.id = chat.RequestID(ctx)
		// A caller's own limit (OpenAI's max_tokens) only ever lowers the server's.
		if conv.MaxTokens > 0 && int64(conv.MaxTokens) < int64(r.maxTokens) {
			r.maxTokens = int32(conv.MaxTokens)
		}
		// The instructions come finished from the domain, which also decided whether the
		// conversation leaves room for the URL tool (Traits.MaxURLs).
		r.urlTool = c.cfg.URLContext && !conv.Instructions.TooManyURLs
		if c.cfg.URLContext && !r.urlTool {
			r.logger().Info("the conversation holds more URLs than the URL tool takes; answering without it",
				slog.Int("urls", conv.Instructions.ConversationURLs), slog.Int("limit", MaxURLs))
		}
		r.system = conv.Instructions.System
		r.run(ctx)
	}
}

// logger is the request's logger, with its id.
func (r *request) logger() *slog.Logger {
	if r.log == nil {
		r.log = r.cfg.Logger
		if r.id != "" {
			r.log = r.log.With(slog.String("request_id", r.id))
		}
	}
	return r.log
}

// run calls the candidate models in turn until one answers. A candidate whose quota bucket
// is exhausted is skipped without a call; when none is left, the answer is a 429 that waits
// until the earliest bucket reopens.
func (r *request) run(ctx context.Context) {
	candidates := r.account.order(r.cfg.Model.Candidates)
	var last *chat.UpstreamError
	for i, model := range candidates {
		if !r.account.open(model) {
			continue
		}
		failed := r.tryModel(ctx, model)
		if failed == nil {
			return // finished, or the caller stopped, or the answer broke off
		}
		last = failed
		switch q, isQuota := asQuota(failed); {
		case isQuota:
			r.account.exhaust(r.logger(), model, q)
		case failed.Status == http.StatusNotFound:
			if i+1 < len(candidates) {
				r.account.markGone(r.logger(), model, candidates[i+1], failed)
			}
		default:
			r.yield(chat.Event{}, failed)
			return
		}
	}
	if refusal := r.account.refusal(candidates); refusal.RetryAfter > 0 || last == nil {
		refusal.Err = fmt.Errorf("%w (last refusal: %w)", errAllExhausted, orNone(last))
		r.yield(chat.Event{}, refusal)
		return
	}
	r.yield(chat.Event{}, last)
}

// orNone is err, or a placeholder when there was no call.
func orNone(err *chat.UpstreamError) error {
	if err == nil {
		return errors.New("no call made")
	}
	return err
}

// tryModel calls model until it answers or fails for good, and returns the failure when
// it failed before any text; nil means the sequence is over (answered, broke off, or the
// failure after text was already reported).
func (r *request) tryModel(ctx context.Context, model string) *chat.UpstreamError {
	k := call{model: model, served: r.account.served(model), thinking: r.account.thinkingMode(model), urlTool: r.urlTool}
	for try := 1; ; try++ {
		failed, answered := r.attempt(ctx, k)
		switch {
		case failed == nil:
			return nil
		case answered:
			r.yield(chat.Event{}, failed)
			return nil
		case k.thinking != thinkingNone && refusedThinking(failed):
			// A budget went when the model was shaped as it is (not learned) and its shape
			// takes budgets (config).
			sentBudget := k.thinking == thinkingByShape && shapeFor(k.served).budgets != nil
			k.thinking = r.account.refusedThinking(r.logger(), model, sentBudget, failed)
		case k.urlTool && refusedURLs(failed):
			k.urlTool = false
			r.logger().Warn("the provider refused the request's URLs; retrying once without the URL tool",
				slog.String("model", model), slog.String("reason", providerMessage(failed)))
		case try < retryAttempts && retryable(failed) && r.backoff(ctx, try, failed):
		default:
			return failed
		}
	}
}

// attempt makes one provider call and forwards what it answers. It returns the failure
// when the call failed (answered says whether text already went to the caller); nil means
// the sequence is over: the answer finished or broke off, the caller stopped, or ctx ended,
// each already reported through yield.
func (r *request) attempt(ctx context.Context, k call) (failed *chat.UpstreamError, answered bool) {
	acc := accumulator{model: k.model, maxTokens: r.maxTokens}
	// The attempt runs under a context of its own: once the provider has said the answer
	// is finished, it gets finishGrace to send what trails (usage, grounding) and close;
	// an upstream that keeps the connection open after that is cut, and the answer still
	// ends with its finish.
	actx, acancel := context.WithCancelCause(ctx)
	hints := &responseHints{}
	actx = context.WithValue(actx, responseHintsKey{}, hints)
	var graceTimer *time.Timer
	defer func() { stopAttempt(graceTimer, acancel) }()
	for resp, err := range r.generate.GenerateContentStream(actx, k.model, r.contents, r.config(k)) {
		if err != nil {
			if acc.finished() {
				// The answer is complete: whatever ends the stream now (the grace, a
				// dropped connection, an error event, the time limit) takes nothing from
				// it, and it is not retried.
				endedAfterFinish(r.logger(), actx, hints.or(err))
				break
			}
			return r.brokenOff(ctx, hints.or(err), hints), answered
		}
		text := acc.add(resp)
		if text != "" {
			answered = true
			if !r.yield(chat.Event{Text: text}, nil) {
				return nil, answered
			}
		}
		if acc.held {
			// The answer reached MaxTokens: stop the provider (breaking out closes the
			// call) and end with length.
			r.logger().Info("answer held to the maximum length; upstream call cancelled",
				slog.Int("max_tokens", int(r.maxTokens)), slog.String("model", k.model))
			break
		}
		if graceTimer == nil && acc.finished() {
			graceTimer = time.AfterFunc(finishGrace, func() { acancel(errFinishGrace) })
		}
	}
	if ctx.Err() != nil && !acc.finished() {
		r.yield(chat.Event{}, context.Cause(ctx))
		return nil, answered
	}
	// A read error the transport kept from the SDK (see eventLimitedBody) ended the stream
	// as if it were complete.
	if rerr := hints.readError(); rerr != nil && !acc.held {
		if !acc.finished() {
			return classify(rerr, hints), answered
		}
		endedAfterFinish(r.logger(), actx, rerr)
	}
	r.account.observe(r.logger(), acc.status(), r.cfg.Model.Candidates, r.temperature())
	if f := acc.finish(r.logger); f != nil {
		f.CostUSD = r.cfg.Prices.Cost(acc.bill(), r.cfg.Now())
		st := acc.status()
		f.ModelStage, f.ModelRetirement = string(st.stage), st.retires
		r.yield(chat.Event{Finish: f}, nil)
	}
	// No finish reason: the sequence ends with neither Finish nor error, which the handler
	// reports as a broken answer.
	return nil, answered
}

// temperature is the operator's TEMPERATURE, nil when it was not set.
func (r *request) temperature() *float32 {
	if !r.cfg.TemperatureSet {
		return nil
	}
	t := r.cfg.Temperature
	return &t
}

// brokenOff is the failure of a stream that broke before its finish: nil when the request's
// own context ended (the caller left, or the time limit), which is reported at once.
func (r *request) brokenOff(ctx context.Context, err error, hints *responseHints) *chat.UpstreamError {
	if ctx.Err() != nil {
		r.yield(chat.Event{}, context.Cause(ctx))
		return nil
	}
	return classify(err, hints)
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

func retryable(e *chat.UpstreamError) bool {
	switch e.Status {
	case http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return !e.RateLimited
	}
	return false
}

// backoff waits before retry number attempt, unless the deadline is too near; it reports
// whether to retry.
func (r *request) backoff(ctx context.Context, attempt int, cause error) bool {
	wait := retryBackoff << (attempt - 1)
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait+minAttemptTime {
		return false
	}
	r.logger().Warn("upstream failed before answering; retrying",
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
