package chat

import (
	"context"
	"crypto/rand"
	"encoding/hex"
)

// NewRequestID is a random request id: 8 random bytes in hex. Every request id the service
// makes up (the handler's, the local server's framing guard's) comes from here.
func NewRequestID() string {
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
