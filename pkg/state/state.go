// Package state is the memory the service's instances share: token answers, source pauses,
// spent provider quotas and the day's spend. Each lives under a key of its own with an
// expiry; a counter is added to atomically. Where it lives is a Store: process memory
// (Memory, the default: a local server, `make demo`) or one DynamoDB table (Dynamo, when
// STATE_TABLE names it, so that every warm Lambda instance sees what the others learned).
//
// The packages that keep such memories use a Shared: a layer of process memory in front of
// the Store, so that a warm instance does not pay a read of the Store per question for what
// it already holds, and that absorbs the Store's failures (a missing table, throttling, an
// unreachable or slow endpoint: every call is bounded by Options.Timeout). While the Store
// fails, Shared keeps the state in process memory, as a single instance does, logs the
// outage once, and tries the Store again after Options.Backoff.
//
// Usage:
//
//	store, err := state.NewDynamo(ctx, "chat-prod-state", os.Getenv)
//	shared := state.NewShared(store, state.Options{Logger: logger})
//	shared.Put(ctx, "pause#geckoterminal", nil, time.Now().Add(time.Minute))
//	_, paused := shared.Get(ctx, "pause#geckoterminal")
package state

import (
	"context"
	"time"
)

// Item is what a key holds: a value, or a counter, and when it expires.
type Item struct {
	// Value is what Put stored; nil for a counter.
	Value []byte
	// Count is the sum of what Add added; zero for a value.
	Count float64
	// Expires is when the item stops counting: a Store never returns an expired item (a
	// DynamoDB TTL deletes it up to days later, so the read checks).
	Expires time.Time
}

// Store keeps items by key. Its errors are the backend's (a missing table, a throttle, a
// time-out); a missing or expired key is not an error.
type Store interface {
	// Get returns the item under key, or false when there is none or it expired.
	Get(ctx context.Context, key string) (Item, bool, error)
	// Put stores value under key until expires, replacing what was there.
	Put(ctx context.Context, key string, value []byte, expires time.Time) error
	// Add adds n to the counter under key atomically (a missing counter counts from zero),
	// sets its expiry, and returns the new total.
	Add(ctx context.Context, key string, n float64, expires time.Time) (float64, error)
	// Claim writes key until expires unless a live item holds it, and reports whether it did:
	// of instances claiming the same key at once, exactly one wins.
	Claim(ctx context.Context, key string, expires time.Time) (bool, error)
}
