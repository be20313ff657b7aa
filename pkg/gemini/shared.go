package gemini

import (
	"context"
	"strings"
	"time"

	"github.com/chatsvc/chat/pkg/chat"
)

// Shared is memory the service's instances share (package state). It must bound its own
// calls and absorb its own failures: a miss is always a safe answer (the bucket is called,
// and refuses, as without it).
type Shared interface {
	Get(ctx context.Context, key string) ([]byte, bool)
	Put(ctx context.Context, key string, value []byte, expires time.Time)
}

// quotaKey is where a spent bucket is noted (README, "Shared state"); its value is the
// allowance's kind and when the bucket reopens: "daily 2026-03-02T08:00:00Z".
func quotaKey(bucket string) string { return "quota#" + bucket }

// sharedExhaustion is the exhaustion another instance noted for bucket, if it still holds.
func (a *account) sharedExhaustion(bucket string, now time.Time) (exhaustion, bool) {
	if a.shared == nil {
		return exhaustion{}, false
	}
	v, ok := a.shared.Get(context.Background(), quotaKey(bucket))
	if !ok {
		return exhaustion{}, false
	}
	kind, at, _ := strings.Cut(string(v), " ")
	until, err := time.Parse(time.RFC3339Nano, at)
	if err != nil || !now.Before(until) {
		return exhaustion{}, false
	}
	return exhaustion{until: until, kind: chat.QuotaKind(kind)}, true
}

// shareExhaustion tells the other instances that bucket is spent until e.until, under the
// bucket the refusal named and under the one the model called names (another instance has
// not learned that the one draws on the other).
func (a *account) shareExhaustion(model, bucket string, e exhaustion, now time.Time) {
	if a.shared == nil {
		return
	}
	v := []byte(string(e.kind) + " " + e.until.UTC().Format(time.RFC3339Nano))
	expires := time.Now().Add(e.until.Sub(now))
	a.shared.Put(context.Background(), quotaKey(bucket), v, expires)
	if own := bucketName(model); own != bucket {
		a.shared.Put(context.Background(), quotaKey(own), v, expires)
	}
}
