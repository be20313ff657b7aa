// Package redact keeps secrets out of the log: a slog.Handler that replaces every occurrence
// of a secret in a record's message and attributes, whatever their source. Upstream errors
// quote what the upstream said, and a provider or proxy that quotes the key would otherwise
// put it in the log.
package redact

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
)

// Mask replaces a secret in the log.
const Mask = "[REDACTED]"

// MinSecret is the shortest secret redacted: a shorter value would mask ordinary words.
const MinSecret = 8

// maxRemembered bounds the secrets kept after a rotation: a rotated key may still stand in
// errors logged later.
const maxRemembered = 4

// Handler wraps a slog.Handler and redacts secrets. Secrets returns the current secrets (the
// API key); it is called for every record, so it must be cheap.
type Handler struct {
	next    slog.Handler
	current func() []string
	known   *known
}

// known remembers the secrets seen, the current ones and a few rotated ones.
type known struct {
	mu   sync.Mutex
	list []string
}

// New returns a Handler that redacts secrets from what it passes to next.
func New(next slog.Handler, secrets func() []string) *Handler {
	return &Handler{next: next, current: secrets, known: &known{}}
}

// secrets is every secret to redact now.
func (h *Handler) secrets() []string {
	h.known.mu.Lock()
	defer h.known.mu.Unlock()
	for _, s := range h.current() {
		s = strings.TrimSpace(s)
		if len(s) < MinSecret || slices.Contains(h.known.list, s) {
			continue
		}
		if len(h.known.list) == maxRemembered {
			h.known.list = h.known.list[1:]
		}
		h.known.list = append(h.known.list, s)
	}
	return h.known.list
}

// Enabled implements slog.Handler.
func (h *Handler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

// Handle implements slog.Handler.
func (h *Handler) Handle(ctx context.Context, r slog.Record) error {
	secrets := h.secrets()
	if len(secrets) == 0 {
		return h.next.Handle(ctx, r)
	}
	out := slog.NewRecord(r.Time, r.Level, scrub(r.Message, secrets), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(scrubAttr(a, secrets))
		return true
	})
	return h.next.Handle(ctx, out)
}

// WithAttrs implements slog.Handler.
func (h *Handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	secrets := h.secrets()
	clean := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		clean[i] = scrubAttr(a, secrets)
	}
	return &Handler{next: h.next.WithAttrs(clean), current: h.current, known: h.known}
}

// WithGroup implements slog.Handler.
func (h *Handler) WithGroup(name string) slog.Handler {
	return &Handler{next: h.next.WithGroup(name), current: h.current, known: h.known}
}

func scrub(s string, secrets []string) string {
	for _, k := range secrets {
		if strings.Contains(s, k) {
			s = strings.ReplaceAll(s, k, Mask)
		}
	}
	return s
}

// scrubAttr redacts one attribute: strings and anything that prints as text (errors,
// Stringers, slices), groups recursively.
func scrubAttr(a slog.Attr, secrets []string) slog.Attr {
	if len(secrets) == 0 {
		return a
	}
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, scrub(v.String(), secrets))
	case slog.KindGroup:
		group := v.Group()
		clean := make([]slog.Attr, len(group))
		for i, g := range group {
			clean[i] = scrubAttr(g, secrets)
		}
		return slog.Attr{Key: a.Key, Value: slog.GroupValue(clean...)}
	case slog.KindAny:
		text := fmt.Sprint(v.Any())
		if err, ok := v.Any().(error); ok {
			text = err.Error()
		}
		if s := scrub(text, secrets); s != text {
			return slog.String(a.Key, s)
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}
