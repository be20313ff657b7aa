package tokenfacts

import (
	"container/list"
	"context"
	"sync"
	"time"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// outcome is what one fetch produced: a value, or the failure that stands for it.
type outcome struct {
	value any
	fail  *failure
	at    time.Time
}

// flight is one fetch: in progress until done is closed, then a cached outcome until expires.
// Every caller that asks for the same key while it is in progress waits on the same flight, so
// one token costs one request per source however many questions ask about it at once.
type flight struct {
	done    chan struct{}
	started time.Time     // on the real clock: budgets are
	overdue time.Duration // past this, callers no longer wait for it
	out     outcome       // written once, before done is closed
	expires time.Time
	elem    *list.Element // position in the eviction order, once done
}

// wait returns the outcome, or false when ctx ends first. The fetch itself goes on. A fetch
// that has already run longer than a whole budget is not waited for: the callers that came
// after the one whose budget it outlived learn at once that the source is slow, instead of
// each waiting out a budget of its own until the fetch times out.
func (f *flight) wait(ctx context.Context) (outcome, bool) {
	select {
	case <-f.done:
		return f.out, true
	default:
	}
	if f.overdue > 0 && time.Since(f.started) >= f.overdue {
		return outcome{}, false
	}
	select {
	case <-f.done:
		return f.out, true
	case <-ctx.Done():
		return outcome{}, false
	}
}

func (f *flight) finished() bool {
	select {
	case <-f.done:
		return true
	default:
		return false
	}
}

// cache holds the flights by key, bounded in size: finished flights are evicted oldest first;
// flights in progress are never evicted (their number is bounded by the callers).
type cache struct {
	mu      sync.Mutex
	flights map[string]*flight
	order   *list.List // finished flights, oldest first; values are keys
	max     int
	now     func() time.Time
	timeout time.Duration
	overdue time.Duration
}

// newCache returns a cache of at most max finished flights, each fetch bounded by timeout and
// waited for only while it is younger than overdue (the budget of one lookup).
func newCache(max int, now func() time.Time, timeout, overdue time.Duration) *cache {
	return &cache{flights: map[string]*flight{}, order: list.New(), max: max, now: now, timeout: timeout, overdue: overdue}
}

// fetchFunc fetches one answer. It runs detached from any caller, under its own timeout.
type fetchFunc func(ctx context.Context) (any, *failure)

// get returns the flight for key: a fresh cached one, the one in progress, or a new one that
// it starts. ttl is how long a successful outcome stays fresh.
func (c *cache) get(key string, ttl time.Duration, fetch fetchFunc) *flight {
	c.mu.Lock()
	defer c.mu.Unlock()
	if f, ok := c.flights[key]; ok {
		if !f.finished() || c.now().Before(f.expires) {
			return f
		}
		c.remove(key, f)
	}
	f := &flight{done: make(chan struct{}), started: time.Now(), overdue: c.overdue}
	c.flights[key] = f
	go c.run(key, f, ttl, fetch)
	return f
}

func (c *cache) run(key string, f *flight, ttl time.Duration, fetch fetchFunc) {
	out := c.fetch(fetch)
	c.mu.Lock()
	f.out = out
	f.expires = out.at.Add(lifetime(out.fail, ttl))
	if c.flights[key] == f {
		f.elem = c.order.PushBack(key)
		c.evict()
	}
	c.mu.Unlock()
	close(f.done)
}

// fetch runs one fetch under the cache's timeout. A panic in it (a bug, or an upstream shape
// nothing expected) becomes an invalid response instead of taking the process down.
func (c *cache) fetch(fetch fetchFunc) (out outcome) {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	defer func() {
		if r := recover(); r != nil {
			out = outcome{fail: fail(token.ReasonInvalidResponse, "panic: %v", r), at: c.now()}
		}
	}()
	v, fl := fetch(ctx)
	return outcome{value: v, fail: fl, at: c.now()}
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

func (c *cache) evict() {
	for len(c.flights) > c.max {
		front := c.order.Front()
		if front == nil {
			return
		}
		key := front.Value.(string)
		c.remove(key, c.flights[key])
	}
}

func (c *cache) remove(key string, f *flight) {
	if f != nil && f.elem != nil {
		c.order.Remove(f.elem)
		f.elem = nil
	}
	delete(c.flights, key)
}
