package gemini

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"sync"
	"time"

	"google.golang.org/genai"

	"github.com/chatsvc/chat/pkg/chat"
)

// modelMemory is what the provider said of its models for one account, shared by every
// request of the process: which models it answered 404 for (retired, or closed to new
// users), which it retired or routes to a model of another family, which model serves each
// ID (an alias, a routed ID), and how each takes its thinking setting. A 404 or a refused
// setting is remembered for ttl, so that a model that comes back is tried again; what an
// answer's modelStatus and modelVersion say stays for the process.
type modelMemory struct {
	ttl time.Duration
	now func() time.Time

	mu       sync.Mutex
	gone     map[string]time.Time    // model -> skipped until
	thinking map[string]thinkingNote // model -> how it takes thinking, until
	servedBy map[string]string       // model called -> the version that answered
	told     map[string]struct{}     // what was logged once for the process
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

// forever is how long what an answer's status says is kept: a retired or routed model
// does not come back.
const forever = 100 * 365 * 24 * time.Hour

func newModelMemory(ttl time.Duration, now func() time.Time) *modelMemory {
	if now == nil {
		now = time.Now
	}
	return &modelMemory{ttl: ttl, now: now, gone: map[string]time.Time{}, thinking: map[string]thinkingNote{},
		servedBy: map[string]string{}, told: map[string]struct{}{}}
}

// order is the candidates to try, those known to be gone left out. When every candidate
// is gone, all are tried again: a stale note must not stop every answer.
func (m *modelMemory) order(candidates []string) []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := m.liveLocked(candidates, "")
	if len(out) == 0 {
		return candidates
	}
	return out
}

// liveLocked is the candidates not known to be gone, but for except.
func (m *modelMemory) liveLocked(candidates []string, except string) []string {
	now := m.now()
	out := make([]string, 0, len(candidates))
	for _, id := range candidates {
		if until, ok := m.gone[id]; id != except && (!ok || !now.Before(until)) {
			out = append(out, id)
		}
	}
	return out
}

// markGone notes that the provider answered 404 for model, and logs the switch to next.
// Requests that hit the same 404 at once log it only once.
func (m *modelMemory) markGone(log *slog.Logger, model, next string, cause *chat.UpstreamError) {
	if !m.note(m.gone, model, m.ttl) {
		return
	}
	log.Warn("model unavailable for this API key; switching to the next model",
		slog.String("model", model), slog.String("next_model", next),
		slog.String("reason", providerMessage(cause)), slog.String("skipped_for", m.ttl.String()))
}

// served is the model that serves id as far as the answers said, or id itself.
func (m *modelMemory) served(id string) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if v := m.servedBy[id]; v != "" {
		return v
	}
	return id
}

// thinkingMode is how to set thinking for model: what a refusal taught, else by shape.
func (m *modelMemory) thinkingMode(model string) thinkingMode {
	m.mu.Lock()
	defer m.mu.Unlock()
	n, ok := m.thinking[model]
	if !ok || !m.now().Before(n.until) {
		return thinkingByShape
	}
	return n.mode
}

// refusedThinking notes that model refused a thinking setting sent in mode, and returns the
// mode to retry in: a refused budget is retried as a level (the ID is served by a 3.x
// model), a refused level without any setting. The first refusal of each model is a WARN,
// later ones (requests under way at once) INFO.
func (m *modelMemory) refusedThinking(log *slog.Logger, model string, sent thinkingMode, budget bool, cause *chat.UpstreamError) thinkingMode {
	next := thinkingNone
	if budget && sent == thinkingByShape {
		next = thinkingLevel
	}
	m.mu.Lock()
	now := m.now()
	prev, live := m.thinking[model]
	live = live && now.Before(prev.until)
	if !live || next > prev.mode {
		m.thinking[model] = thinkingNote{mode: next, until: now.Add(m.ttl)}
	}
	m.mu.Unlock()
	level := slog.LevelInfo
	if !live || next > prev.mode {
		level = slog.LevelWarn
	}
	msg := "model refused the thinking setting; retrying without it"
	if next == thinkingLevel {
		msg = "model refused a thinking budget (it is served by a model that takes a thinking level); retrying with a level"
	}
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

// observe keeps what an answer said of its model: which model served the ID, and whether
// the ID gives way to the next candidate. A candidate that is retired, deprecated or routed
// to another family is skipped by later requests while another candidate remains; an alias
// never gives way (it is its family). Each fact is logged once per model and process.
//
// temperature is the operator's TEMPERATURE, nil when not set: a model that ignores it is
// named once in the log.
func (m *modelMemory) observe(log *slog.Logger, s status, candidates []string, temperature *float32) {
	m.mu.Lock()
	if s.version != "" {
		m.servedBy[s.model] = s.version
	}
	next := ""
	giveWay := s.routed() && !isAlias(s.model)
	if giveWay {
		if live := m.liveLocked(candidates, s.model); len(live) > 0 {
			next = live[0]
			m.gone[s.model] = m.now().Add(forever)
		}
	}
	now := m.now()
	m.mu.Unlock()

	served := s.version
	if served == "" {
		served = s.model
	}
	attrs := func(extra ...slog.Attr) []slog.Attr {
		a := []slog.Attr{slog.String("model", s.model), slog.String("served_by", served)}
		if s.stage != "" {
			a = append(a, slog.String("stage", string(s.stage)))
		}
		if !s.retires.IsZero() {
			a = append(a, slog.String("retirement", s.retires.UTC().Format(time.DateOnly)))
		}
		if s.message != "" {
			a = append(a, slog.String("reason", s.message))
		}
		return append(a, extra...)
	}
	if giveWay && m.once("routed:"+s.model) {
		if next != "" {
			log.LogAttrs(context.Background(), slog.LevelWarn, "the provider retired this model or serves it from another family; later requests use the next model",
				attrs(slog.String("next_model", next))...)
		} else {
			log.LogAttrs(context.Background(), slog.LevelWarn, "the provider retired this model or serves it from another family, and no other model is configured (MODEL_FALLBACKS)", attrs()...)
		}
	}
	if !s.retires.IsZero() && s.retires.After(now) && m.once("retires:"+served) {
		log.LogAttrs(context.Background(), slog.LevelWarn, "the model serving answers has a retirement date", attrs()...)
	}
	if temperature != nil && ignoresSampling(served) && m.once("sampling:"+s.model) {
		log.LogAttrs(context.Background(), slog.LevelWarn, "TEMPERATURE is ignored by the model serving answers; it is no longer sent to it",
			slog.String("model", s.model), slog.String("served_by", served), slog.Float64("temperature", math.Round(float64(*temperature)*1000)/1000))
	}
}

// once reports whether key is news for the process (and remembers it).
func (m *modelMemory) once(key string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.told[key]; ok {
		return false
	}
	m.told[key] = struct{}{}
	return true
}

// note records model in notes until now+ttl; it reports whether this is news (no live
// note was there).
func (m *modelMemory) note(notes map[string]time.Time, model string, ttl time.Duration) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	until, ok := notes[model]
	if !ok || until.Before(now.Add(ttl)) {
		notes[model] = now.Add(ttl)
	}
	return !ok || !now.Before(until)
}

// providerMessage is the provider's own message of an error, for the log.
func providerMessage(e *chat.UpstreamError) string {
	var apiErr genai.APIError
	if errors.As(e.Err, &apiErr) && apiErr.Message != "" {
		return apiErr.Message
	}
	return e.Error()
}
