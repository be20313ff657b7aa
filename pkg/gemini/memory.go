package gemini

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"google.golang.org/genai"

	"github.com/chatsvc/chat/pkg/chat"
)

// modelMemory is what the provider said of its models for one account, shared by every
// request of the process: which models it answered 404 for (retired, or closed to new
// users) and which refused the thinking setting. Each note expires after ttl, so that a
// model that comes back is tried again.
type modelMemory struct {
	ttl time.Duration
	now func() time.Time

	mu         sync.Mutex
	gone       map[string]time.Time // model -> skipped until
	noThinking map[string]time.Time // model -> called without a thinking setting until
}

func newModelMemory(ttl time.Duration) *modelMemory {
	return &modelMemory{ttl: ttl, now: time.Now, gone: map[string]time.Time{}, noThinking: map[string]time.Time{}}
}

// order is the candidates to try, those known to be gone left out. When every candidate
// is gone, all are tried again: a stale note must not stop every answer.
func (m *modelMemory) order(candidates []string) []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	out := make([]string, 0, len(candidates))
	for _, id := range candidates {
		if until, ok := m.gone[id]; !ok || !now.Before(until) {
			out = append(out, id)
		}
	}
	if len(out) == 0 {
		return candidates
	}
	return out
}

// markGone notes that the provider answered 404 for model, and logs the switch to next.
// Requests that hit the same 404 at once log it only once.
func (m *modelMemory) markGone(log *slog.Logger, model, next string, cause *chat.UpstreamError) {
	if !m.note(m.gone, model) {
		return
	}
	log.Warn("model unavailable for this API key; switching to the next model",
		slog.String("model", model), slog.String("next_model", next),
		slog.String("reason", providerMessage(cause)), slog.String("skipped_for", m.ttl.String()))
}

// markRefusesThinking notes that model refused the thinking setting.
func (m *modelMemory) markRefusesThinking(log *slog.Logger, model string, cause *chat.UpstreamError) {
	first := m.note(m.noThinking, model)
	level := slog.LevelInfo
	if first {
		level = slog.LevelWarn
	}
	log.Log(context.Background(), level, "model refused the thinking setting; retrying without it",
		slog.String("model", model), slog.String("reason", providerMessage(cause)))
}

func (m *modelMemory) refusesThinking(model string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	until, ok := m.noThinking[model]
	return ok && m.now().Before(until)
}

// note records model in notes until now+ttl; it reports whether this is news (no live
// note was there).
func (m *modelMemory) note(notes map[string]time.Time, model string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	until, ok := notes[model]
	notes[model] = now.Add(m.ttl)
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
