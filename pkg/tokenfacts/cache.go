package tokenfacts

import (
	"context"
	"time"

	"github.com/chatsvc/chat/pkg/chat/token"
	flights "github.com/chatsvc/chat/pkg/state/flight"
)

// outcome is what one fetch produced: a value, or the failure that stands for it.
type outcome struct {
	value any
	fail  *failure
	at    time.Time
}

// flight is one fetch: in progress, then a cached outcome until it expires. Every caller that
// asks for the same key while it is in progress waits on the same flight, so one token costs
// one request per source however many questions ask about it at once. It is the shared
// cache's call under a name of this package's (a conversion, not a copy).
type flight flights.Call[any]

// wait returns the outcome, or false when ctx ends first. The fetch itself goes on. A fetch
// that has already run longer than a whole budget is not waited for: the callers that came
// after the one whose budget it outlived learn at once that the source is slow, instead of
// each waiting out a budget of its own until the fetch times out.
func (f *flight) wait(ctx context.Context) (outcome, bool) {
	r, ok := (*flights.Call[any])(f).Wait(ctx)
	if !ok {
		return outcome{}, false
	}
	return outcome{value: r.Value, fail: asFailure(r.Err), at: r.At}, true
}

// cache holds the flights by key, bounded in size: finished flights are evicted oldest first;
// flights in progress are never evicted (their number is bounded by the callers).
type cache struct {
	flights *flights.Cache[string, any]
}

// newCache returns a cache of at most max finished flights, each fetch bounded by timeout and
// waited for only while it is younger than overdue (the budget of one lookup).
func newCache(max int, now func() time.Time, timeout, overdue time.Duration) *cache {
	return &cache{flights.New[string, any](flights.Options{MaxEntries: max, Timeout: timeout, Overdue: overdue, Now: now})}
}

// fetchFunc fetches one answer. It runs detached from any caller, under its own timeout.
type fetchFunc func(ctx context.Context) (any, *failure)

// get returns the flight for key: a fresh cached one, the one in progress, or a new one that
// it starts. ttl is how long a successful outcome stays fresh.
func (c *cache) get(key string, ttl time.Duration, fetch fetchFunc) *flight {
	// A hit costs no closure: they are made for a fetch only.
	if call, ok := c.flights.Peek(key); ok {
		return (*flight)(call)
	}
	call, _ := c.flights.Get(context.Background(), key,
		func(ctx context.Context) (any, error) {
			v, f := fetch(ctx)
			if f != nil {
				return v, f
			}
			return v, nil
		},
		func(r flights.Result[any]) time.Duration { return lifetime(asFailure(r.Err), ttl) })
	return (*flight)(call)
}

// asFailure is the failure a fetch's error stands for. A panic in a fetch (a bug, or an
// upstream shape nothing expected) is an invalid response instead of taking the process down.
func asFailure(err error) *failure {
	switch e := err.(type) {
	case nil:
		return nil
	case *failure:
		return e
	case *flights.PanicError:
		return fail(token.ReasonInvalidResponse, "panic: %v", e.Value)
	default:
		return fail(token.ReasonInvalidResponse, "%w", err)
	}
}

// lifetime is how long an outcome is kept: an answer (a "not found" included) for ttl, a
// failure for failureTTL at most, so that a rate-limited source is not asked again at once but
// is retried soon.
func lifetime(f *failure, ttl time.Duration) time.Duration {
	if f == nil || f.Reason == token.ReasonNotFound {
		return ttl
	}
	return min(ttl, failureTTL)
}
