// Package flight is a cache of fetched values in which every caller of a key shares one fetch
// ("single flight"), and each outcome is kept for as long as the caller says that outcome
// deserves: an answer for minutes, say, a failure for seconds, a run of failures for longer
// and longer.
//
// A fetch runs in a goroutine of its own, detached from the cancellation of the caller that
// started it (not from its values) and bounded by Options.Timeout, so a caller that stops
// waiting does not cancel it for the others, and an answer that comes too late for one caller
// is still kept for the next. A fetch that panics ends in a *PanicError instead of taking the
// process down or leaving its key waiting forever.
//
// Usage:
//
//	c := flight.New[string, *Quote](flight.Options{MaxEntries: 1024, Timeout: 10 * time.Second})
//	call, _ := c.Get(ctx, symbol, fetchQuote, func(r flight.Result[*Quote]) time.Duration {
//		if r.Err != nil {
//			return 15 * time.Second
//		}
//		return time.Minute
//	})
//	r, ok := call.Wait(ctx) // false: ctx ended first; the fetch goes on
package flight

import (
	"container/list"
	"context"
	"fmt"
	"runtime/debug"
	"sync"
	"time"
)

// Func fetches the value of one key. Its ctx carries the values of the context of the caller
// that started the fetch but not its cancellation, and ends after Options.Timeout.
type Func[V any] func(ctx context.Context) (V, error)

// TTL tells how long an outcome stays fresh, counted from Result.At: Get hands it out until
// then and fetches again after. Zero or less keeps it for no one but the callers that shared
// the fetch. It must not panic.
type TTL[V any] func(Result[V]) time.Duration

// Result is the outcome of one fetch.
type Result[V any] struct {
	// Value and Err are what the fetch returned; Err is a *PanicError if it panicked.
	Value V
	Err   error
	// At is when the fetch ended, on the Options.Now clock.
	At time.Time
}

// PanicError is the error of a fetch that panicked.
type PanicError struct {
	// Value is what the fetch panicked with.
	Value any
	// Stack is the goroutine's stack at the panic.
	Stack []byte
}

// Error names what the fetch panicked with; the stack stays in Stack.
func (e *PanicError) Error() string { return fmt.Sprintf("flight: fetch panicked: %v", e.Value) }

// Options configure a Cache. Every zero field means "none" or takes its default.
type Options struct {
	// MaxEntries bounds the keys held: past it, finished outcomes are evicted in the order
	// their fetches ended, oldest first; fetches in progress never are (their number is
	// bounded by the callers). Zero or less: unbounded.
	MaxEntries int
	// Timeout bounds each fetch. Zero or less: only the fetch itself does.
	Timeout time.Duration
	// Overdue, when positive, is how long a fetch is waited for: Call.Wait gives up at once
	// on a fetch that has run that long, measured on the real clock (whatever Now says), so
	// that callers who come after one whose budget a slow fetch outlived learn at once
	// instead of each waiting out a budget of its own.
	Overdue time.Duration
	// Now is the clock of Result.At and of expiry. Default time.Now.
	Now func() time.Time
}

// Cache holds one Call per key: a fetch in progress, or the outcome of the last one until it
// expires. It is safe for concurrent use.
type Cache[K comparable, V any] struct {
	o Options

	mu    sync.Mutex
	calls map[K]*Call[V]
	order *list.List // finished calls in the map, in the order they ended
}

// New returns an empty Cache.
func New[K comparable, V any](o Options) *Cache[K, V] {
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Cache[K, V]{o: o, calls: map[K]*Call[V]{}, order: list.New()}
}

// Call is one fetch of one key: in progress until Done is closed, then its Result.
type Call[V any] struct {
	done    chan struct{}
	started time.Time     // on the real clock, for Options.Overdue
	overdue time.Duration // Options.Overdue
	res     Result[V]     // written once, before done is closed
	expires time.Time     // written with res
	elem    *list.Element // in Cache.order once finished, while in the map
}

// Get returns the Call of key: the fresh outcome held, the fetch in progress, or a new fetch,
// which it starts in a goroutine of its own with ctx's values; started reports the latter.
// ttl tells how long the new fetch's outcome is kept (nil: as zero); it and fetch are unused
// when a Call is held.
func (c *Cache[K, V]) Get(ctx context.Context, key K, fetch Func[V], ttl TTL[V]) (call *Call[V], started bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if call := c.held(key); call != nil {
		return call, false
	}
	call = &Call[V]{done: make(chan struct{}), started: time.Now(), overdue: c.o.Overdue}
	c.calls[key] = call
	go c.run(context.WithoutCancel(ctx), key, call, fetch, ttl)
	return call, true
}

// Peek returns the Call of key if there is one to share, a fresh outcome or a fetch in
// progress, without starting one.
func (c *Cache[K, V]) Peek(key K) (*Call[V], bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	call := c.held(key)
	return call, call != nil
}

// Forget drops the outcome held for key, fresh or not, so that the next Get fetches again. A
// fetch in progress is kept: its callers still share it.
func (c *Cache[K, V]) Forget(key K) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if call, ok := c.calls[key]; ok && call.finished() {
		c.remove(key, call)
	}
}

// Len is the number of keys held, fetches in progress included.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.calls)
}

// held returns key's Call in progress or fresh, dropping an expired one. c.mu must be held.
func (c *Cache[K, V]) held(key K) *Call[V] {
	call, ok := c.calls[key]
	if !ok {
		return nil
	}
	if !call.finished() || c.o.Now().Before(call.expires) {
		return call
	}
	c.remove(key, call)
	return nil
}

func (c *Cache[K, V]) run(ctx context.Context, key K, call *Call[V], fetch Func[V], ttl TTL[V]) {
	res := c.fetch(ctx, fetch)
	var keep time.Duration
	if ttl != nil {
		keep = ttl(res)
	}
	c.mu.Lock()
	call.res, call.expires = res, res.At.Add(keep)
	if c.calls[key] == call {
		call.elem = c.order.PushBack(key)
		c.evict()
	}
	c.mu.Unlock()
	close(call.done)
}

// fetch runs fetch under the timeout, a panic in it becoming a *PanicError.
func (c *Cache[K, V]) fetch(ctx context.Context, fetch Func[V]) (res Result[V]) {
	if c.o.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.o.Timeout)
		defer cancel()
	}
	defer func() {
		if r := recover(); r != nil {
			res = Result[V]{Err: &PanicError{Value: r, Stack: debug.Stack()}, At: c.o.Now()}
		}
	}()
	v, err := fetch(ctx)
	return Result[V]{Value: v, Err: err, At: c.o.Now()}
}

// evict drops finished calls, oldest first, until the map is within bounds. c.mu must be held.
func (c *Cache[K, V]) evict() {
	for c.o.MaxEntries > 0 && len(c.calls) > c.o.MaxEntries {
		front := c.order.Front()
		if front == nil {
			return
		}
		key := front.Value.(K)
		c.remove(key, c.calls[key])
	}
}

// remove drops key's call from the map and the eviction order. c.mu must be held.
func (c *Cache[K, V]) remove(key K, call *Call[V]) {
	if call != nil && call.elem != nil {
		c.order.Remove(call.elem)
		call.elem = nil
	}
	delete(c.calls, key)
}

// Done is closed when the fetch has ended.
func (call *Call[V]) Done() <-chan struct{} { return call.done }

// Result returns the fetch's outcome, or false while it is in progress.
func (call *Call[V]) Result() (Result[V], bool) {
	if !call.finished() {
		return Result[V]{}, false
	}
	return call.res, true
}

// Wait returns the fetch's outcome, or false when ctx ends first or the fetch is overdue
// (Options.Overdue). The fetch goes on either way.
func (call *Call[V]) Wait(ctx context.Context) (Result[V], bool) {
	if r, ok := call.Result(); ok {
		return r, true
	}
	if call.overdue > 0 && time.Since(call.started) >= call.overdue {
		return Result[V]{}, false
	}
	select {
	case <-call.done:
		return call.res, true
	case <-ctx.Done():
		return Result[V]{}, false
	}
}

func (call *Call[V]) finished() bool {
	select {
	case <-call.done:
		return true
	default:
		return false
	}
}
