package gemini

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"net/http"
	"sync"
	"time"

	"google.golang.org/genai"

	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/wire/retryafter"
)

// account is what the provider said of one API key's account, shared by every request of
// the process, under one lock: which models it answered 404 for (retired, or closed to new
// users), which it retired or routes to a model of another family, which model serves each
// ID (an alias, a routed ID), how each takes its thinking setting, and which quota buckets
// ran out until when. A 404 or a refused setting is remembered for ttl, so that a model that
// comes back is tried again; a shut bucket until it reopens; what an answer's modelStatus
// and modelVersion say stays for the process.
//
// One rule logs: a fact is logged when it is news, that is when no live note of it was
// there (newsLocked), so that requests that learn the same thing at once log it once.
type account struct {
	ttl    time.Duration
	now    func() time.Time
	shared Shared // nil: none

	mu        sync.Mutex
	gone      map[string]time.Time    // model -> skipped until
	thinking  map[string]thinkingNote // model -> how it takes thinking, until
	servedBy  map[string]string       // model called -> the version that answered
	bucketOf  map[string]string       // model called -> the quota bucket it draws on
	exhausted map[string]exhaustion   // bucket -> shut until
	told      map[string]time.Time    // what was logged, until when it is news again
}

// thinkingNote is a thinking mode learned from a refusal, and until when it holds.
type thinkingNote struct {
	mode  thinkingMode
	until time.Time
}

// thinkingMode is how a call sets thinking.
type thinkingMode int

const (
	// thinkingByShape sends what the shape table gives the serving model.
	thinkingByShape thinkingMode = iota
	// thinkingLevel sends a level: the model refused a budget (a 3.x model behind an old ID).
	thinkingLevel
	// thinkingNone sends no thinking setting at all: the model refused the one it got.
	thinkingNone
)

// exhaustion is a bucket that ran out, until when, and of which allowance.
type exhaustion struct {
	until time.Time
	kind  chat.QuotaKind
}

// forever is how long what an answer's status says is kept: a retired or routed model
// does not come back.
const forever = 100 * 365 * 24 * time.Hour

func newAccount(ttl time.Duration, now func() time.Time) *account {
	if now == nil {
		now = time.Now
	}
	return &account{ttl: ttl, now: now, gone: map[string]time.Time{}, thinking: map[string]thinkingNote{},
		servedBy: map[string]string{}, bucketOf: map[string]string{}, exhausted: map[string]exhaustion{},
		told: map[string]time.Time{}}
}

// newsLocked is the one log-once rule: it reports whether key has no live note, and notes
// it until until (a later until extends a live note, an earlier one never shortens it).
func (a *account) newsLocked(key string, until time.Time) bool {
	prev, ok := a.told[key]
	live := ok && a.now().Before(prev)
	if !live || until.After(prev) {
		a.told[key] = until
	}
	return !live
}

// order is the candidates to try, those known to be gone left out. When every candidate
// is gone, all are tried again: a stale note must not stop every answer.
func (a *account) order(candidates []string) []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := a.liveLocked(candidates, "")
	if len(out) == 0 {
		return candidates
	}
	return out
}

// liveLocked is the candidates not known to be gone, but for except.
func (a *account) liveLocked(candidates []string, except string) []string {
	now := a.now()
	out := make([]string, 0, len(candidates))
	for _, id := range candidates {
		if until, ok := a.gone[id]; id != except && (!ok || !now.Before(until)) {
			out = append(out, id)
		}
	}
	return out
}

// markGone notes that the provider answered 404 for model, and logs the switch to next.
func (a *account) markGone(log *slog.Logger, model, next string, cause *chat.UpstreamError) {
	a.mu.Lock()
	until := a.now().Add(a.ttl)
	if a.gone[model].Before(until) {
		a.gone[model] = until
	}
	news := a.newsLocked("gone:"+model, until)
	a.mu.Unlock()
	if news {
		log.Warn("model unavailable for this API key; switching to the next model",
			slog.String("model", model), slog.String("next_model", next),
			slog.String("reason", providerMessage(cause)), slog.String("skipped_for", a.ttl.String()))
	}
}

// served is the model that serves id as far as the answers said, or id itself.
func (a *account) served(id string) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if v := a.servedBy[id]; v != "" {
		return v
	}
	return id
}

// thinkingMode is how to set thinking for model: what a refusal taught, else by shape.
func (a *account) thinkingMode(model string) thinkingMode {
	a.mu.Lock()
	defer a.mu.Unlock()
	n, ok := a.thinking[model]
	if !ok || !a.now().Before(n.until) {
		return thinkingByShape
	}
	return n.mode
}

// refusedThinking notes that model refused the thinking setting it was sent, and returns
// the mode to retry in: a refused budget is retried as a level (the ID is served by a 3.x
// model), a refused level without any setting. The first refusal of each model and mode is
// a WARN, later ones (requests under way at once) INFO.
func (a *account) refusedThinking(log *slog.Logger, model string, sentBudget bool, cause *chat.UpstreamError) thinkingMode {
	next, msg := thinkingNone, "model refused the thinking setting; retrying without it"
	if sentBudget {
		next, msg = thinkingLevel, "model refused a thinking budget (it is served by a model that takes a thinking level); retrying with a level"
	}
	a.mu.Lock()
	now := a.now()
	if prev, ok := a.thinking[model]; !ok || !now.Before(prev.until) || next > prev.mode {
		a.thinking[model] = thinkingNote{mode: next, until: now.Add(a.ttl)}
	}
	level := slog.LevelInfo
	if a.newsLocked(msg+model, now.Add(a.ttl)) {
		level = slog.LevelWarn
	}
	a.mu.Unlock()
	log.LogAttrs(context.Background(), level, msg, slog.String("model", model), slog.String("reason", providerMessage(cause)))
	return next
}

// status is what one answer said of the model that served it.
type status struct {
	model   string // the candidate called
	version string // modelVersion: what served it ("" when the provider did not say)
	stage   genai.ModelStage
	retires time.Time
	message string
}

// routed reports whether the provider serves s.model from a model of another family (2.5
// flash from a flash-lite, 2.5 pro from a flash) or says it is retired or deprecated.
func (s status) routed() bool {
	if s.stage == genai.ModelStageRetired || s.stage == genai.ModelStageDeprecated {
		return true
	}
	return s.version != "" && family(s.model) != "" && family(s.version) != family(s.model)
}

// served is the model that served the answer: its version, else the model called.
func (s status) served() string {
	if s.version != "" {
		return s.version
	}
	return s.model
}

// attrs are what the log says of s, then extra.
func (s status) attrs(extra ...slog.Attr) []slog.Attr {
	at := []slog.Attr{slog.String("model", s.model), slog.String("served_by", s.served())}
	if s.stage != "" {
		at = append(at, slog.String("stage", string(s.stage)))
	}
	if !s.retires.IsZero() {
		at = append(at, slog.String("retirement", s.retires.UTC().Format(time.DateOnly)))
	}
	if s.message != "" {
		at = append(at, slog.String("reason", s.message))
	}
	return append(at, extra...)
}

// observe keeps what an answer said of its model: which model served the ID (and so the
// bucket it draws on), and whether the ID gives way to the next candidate. A candidate that
// is retired, deprecated or routed to another family is skipped by later requests while
// another candidate remains; an alias never gives way (it is its family). Each fact is
// logged once per model and process.
//
// temperature is the operator's TEMPERATURE, nil when not set: a model that ignores it is
// named once in the log.
func (a *account) observe(log *slog.Logger, s status, candidates []string, temperature *float32) {
	served := s.served()
	a.mu.Lock()
	now := a.now()
	if s.version != "" {
		a.servedBy[s.model] = s.version
		a.bucketOf[s.model] = bucketName(s.version) // an alias draws on its target's bucket
	}
	next, giveWay := "", s.routed() && !isAlias(s.model)
	if giveWay {
		if live := a.liveLocked(candidates, s.model); len(live) > 0 {
			next = live[0]
			a.gone[s.model] = now.Add(forever)
		}
	}
	routedNews := giveWay && a.newsLocked("routed:"+s.model, now.Add(forever))
	retiresNews := !s.retires.IsZero() && s.retires.After(now) && a.newsLocked("retires:"+served, now.Add(forever))
	samplingNews := temperature != nil && ignoresSampling(served) && a.newsLocked("sampling:"+s.model, now.Add(forever))
	a.mu.Unlock()

	ctx := context.Background()
	switch {
	case routedNews && next != "":
		log.LogAttrs(ctx, slog.LevelWarn, "the provider retired this model or serves it from another family; later requests use the next model",
			s.attrs(slog.String("next_model", next))...)
	case routedNews:
		log.LogAttrs(ctx, slog.LevelWarn, "the provider retired this model or serves it from another family, and no other model is configured (MODEL_FALLBACKS)", s.attrs()...)
	}
	if retiresNews {
		log.LogAttrs(ctx, slog.LevelWarn, "the model serving answers has a retirement date", s.attrs()...)
	}
	if samplingNews {
		log.LogAttrs(ctx, slog.LevelWarn, "TEMPERATURE is ignored by the model serving answers; it is no longer sent to it",
			slog.String("model", s.model), slog.String("served_by", served), slog.Float64("temperature", math.Round(float64(*temperature)*1000)/1000))
	}
}

// bucketLocked is the bucket model draws on, as far as known.
func (a *account) bucketLocked(model string) string {
	if b, ok := a.bucketOf[model]; ok {
		return b
	}
	return bucketName(model)
}

// open reports whether model's bucket may be called now: neither this process nor (through
// Config.Shared) another instance found it spent.
func (a *account) open(model string) bool {
	a.mu.Lock()
	bucket, now := a.bucketLocked(model), a.now()
	e, ok := a.exhausted[bucket]
	a.mu.Unlock()
	if ok && now.Before(e.until) {
		return false
	}
	e, ok = a.sharedExhaustion(bucket, now)
	if !ok {
		return true
	}
	a.mu.Lock()
	if prev := a.exhausted[bucket]; e.until.After(prev.until) {
		a.exhausted[bucket] = e
	}
	a.mu.Unlock()
	return false
}

// exhaust notes that model's call was refused with r, and logs the first refusal of each
// bucket until it reopens. A refusal that names no bucket shuts the one model is known to
// draw on (an alias's, learned from its answers).
func (a *account) exhaust(log *slog.Logger, model string, r quotaRefusal) {
	a.mu.Lock()
	now := a.now()
	if r.bucket == "" {
		r.bucket = a.bucketLocked(model)
	} else {
		a.bucketOf[model] = r.bucket
	}
	until := r.reopens(now)
	if prev, live := a.exhausted[r.bucket]; !live || !now.Before(prev.until) || until.After(prev.until) {
		a.exhausted[r.bucket] = exhaustion{until: until, kind: r.kind}
	}
	news := a.newsLocked("quota:"+r.bucket, until)
	a.mu.Unlock()
	a.shareExhaustion(model, r.bucket, exhaustion{until: until, kind: r.kind}, now)
	if news {
		log.Warn("quota exhausted; the model's bucket is skipped until it reopens",
			slog.String("model", model), slog.String("bucket", r.bucket), slog.String("quota", string(r.kind)),
			slog.Time("reset", until.UTC()), slog.Int64("reset_in_s", retryafter.Seconds(until.Sub(now))))
	}
}

// refusal is the 429 of a request whose candidates' buckets are all exhausted: it waits
// until the earliest of them reopens, and says daily only when that one is a daily bucket.
func (a *account) refusal(candidates []string) *chat.UpstreamError {
	a.mu.Lock()
	defer a.mu.Unlock()
	now := a.now()
	var first exhaustion
	for _, m := range candidates {
		e, ok := a.exhausted[a.bucketLocked(m)]
		if ok && now.Before(e.until) && (first.until.IsZero() || e.until.Before(first.until)) {
			first = e
		}
	}
	ue := &chat.UpstreamError{Status: http.StatusTooManyRequests, RateLimited: true, Quota: first.kind,
		Err: errAllExhausted}
	if !first.until.IsZero() {
		ue.RetryAfter = first.until.Sub(now)
	}
	return ue
}

// providerMessage is the provider's own message of an error, for the log.
func providerMessage(e *chat.UpstreamError) string {
	var apiErr genai.APIError
	if errors.As(e.Err, &apiErr) && apiErr.Message != "" {
		return apiErr.Message
	}
	return e.Error()
}
