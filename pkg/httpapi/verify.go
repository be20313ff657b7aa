package httpapi

// What the server checks in the answer before any protocol writes it: the guard's removals
// (package guard) and the figures held against the token facts (package factcheck).

import (
	"log/slog"
)

// say writes text the guard let through, and keeps it for the fact checks when there are
// facts to check it against.
func (h *Handler) say(x *exchange, text string) error {
	if removed := x.review.Removed(); len(removed) > len(x.out.removed) {
		for _, kind := range removed[len(x.out.removed):] {
			// The kind only: what was removed is the model's, and may be what must not leak.
			h.log.Warn("removed from the answer", slog.String("request_id", x.id), slog.String("kind", kind))
		}
		x.out.removed = removed
	}
	if text == "" {
		return nil
	}
	return x.stream.Text(text)
}
