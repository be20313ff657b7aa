package state

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// The defaults of Options.
const (
	// DefaultTimeout bounds one call to the Store: a question never waits longer for it.
	DefaultTimeout = 300 * time.Millisecond
	// DefaultBackoff is how long a failed Store is left alone before it is tried again.
	DefaultBackoff = 30 * time.Second
	// DefaultRecheck is how long a miss, or a counter's total, is believed before the Store
	// is asked again: what another instance learns shows here within it.
	DefaultRecheck = 2 * time.Second
	// DefaultMaxBytes bounds the values the process-memory layer holds.
	DefaultMaxBytes = 32 << 20
)

// Options configure a Shared. Every zero field takes its default.
type Options struct {
	Timeout, Backoff, Recheck time.Duration
	// MaxEntries bounds the keys of the process-memory layer (and the fallback Memory);
	// MaxBytes the values it holds. Defaults DefaultMaxEntries and DefaultMaxBytes.
	MaxEntries int
	MaxBytes   int
	// Logger receives the outage (once) and the recovery. Default: discard.
	Logger *slog.Logger
	// Now is the clock of expiries. Default time.Now.
	Now func() time.Time
}

// Shared is the state as the service's packages see it: process memory in front of a Store,
// with the Store's failures absorbed. Its methods return no errors: a Store that fails,
// times out or is missing leaves the state in process memory (a fallback Memory) until it
// answers again. It is safe for concurrent use.
type Shared struct {
	store    Store
	fallback *Memory
	o        Options

	mu       sync.Mutex
	local    map[string]held
	bytes    int       // the values local holds
	downTill time.Time // the Store is not asked before this
	down     bool      // an outage is under way (and was logged)
}

// held is what the process-memory layer holds of a key: an item, or a miss, until fresh.
type held struct {
	item  Item
	found bool
	fresh time.Time
}

// NewShared returns the Shared of store; a nil store keeps everything in process memory.
func NewShared(store Store, o Options) *Shared {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Backoff <= 0 {
		o.Backoff = DefaultBackoff
	}
	if o.Recheck <= 0 {
		o.Recheck = DefaultRecheck
	}
	if o.MaxEntries <= 0 {
		o.MaxEntries = DefaultMaxEntries
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	fallback := NewMemory(o.MaxEntries, o.Now)
	if store == nil {
		store = fallback
	}
	return &Shared{store: store, fallback: fallback, o: o, local: map[string]held{}}
}

// Get returns the value under key, or false when there is none: from process memory when it
// holds the key (or a recent miss), else from the Store, whose answer it then holds until
// the item expires (a miss for Options.Recheck).
func (s *Shared) Get(ctx context.Context, key string) ([]byte, bool) {
	it, ok := s.item(ctx, key, false)
	return it.Value, ok
}

// Count returns the counter under key: the total process memory holds if it is younger than
// Options.Recheck, else the Store's.
func (s *Shared) Count(ctx context.Context, key string) float64 {
	it, _ := s.item(ctx, key, true)
	return it.Count
}

// Put stores value under key until expires, in process memory and the Store.
func (s *Shared) Put(ctx context.Context, key string, value []byte, expires time.Time) {
	s.hold(key, held{item: Item{Value: value, Expires: expires}, found: true, fresh: expires})
	s.call(ctx, func(ctx context.Context, st Store) error { return st.Put(ctx, key, value, expires) })
}

// Add adds n to the counter under key, atomically in the Store, and returns the new total.
func (s *Shared) Add(ctx context.Context, key string, n float64, expires time.Time) float64 {
	var total float64
	s.call(ctx, func(ctx context.Context, st Store) (err error) {
		total, err = st.Add(ctx, key, n, expires)
		return err
	})
	s.hold(key, held{item: Item{Count: total, Expires: expires}, found: true, fresh: s.o.Now().Add(s.o.Recheck)})
	return total
}

// Claim claims key until expires for this instance, and reports whether it won: another
// instance that claimed it first, for a live claim, wins instead. A failing Store claims in
// process memory (each instance then wins its own).
func (s *Shared) Claim(ctx context.Context, key string, expires time.Time) bool {
	var won bool
	s.call(ctx, func(ctx context.Context, st Store) (err error) {
		won, err = st.Claim(ctx, key, expires)
		return err
	})
	return won
}

// Await waits up to d (or ctx's end) for a value under key that another instance is about to
// put, asking the Store every AwaitPoll, past what process memory holds; it holds what it
// finds. It reports false when none came.
func (s *Shared) Await(ctx context.Context, key string, d time.Duration) ([]byte, bool) {
	deadline := time.Now().Add(d)
	for {
		var it Item
		var found bool
		s.call(ctx, func(ctx context.Context, st Store) (err error) {
			it, found, err = st.Get(ctx, key)
			return err
		})
		if found {
			s.hold(key, held{item: it, found: true, fresh: it.Expires})
			return it.Value, true
		}
		if time.Now().Add(AwaitPoll).After(deadline) {
			return nil, false
		}
		select {
		case <-ctx.Done():
			return nil, false
		case <-time.After(AwaitPoll):
		}
	}
}

// AwaitPoll is how often Await asks the Store.
const AwaitPoll = 50 * time.Millisecond

// item is the item under key; counter says it is a counter (held only for Recheck).
func (s *Shared) item(ctx context.Context, key string, counter bool) (Item, bool) {
	now := s.o.Now()
	s.mu.Lock()
	h, ok := s.local[key]
	if ok && now.Before(h.fresh) && (!h.found || now.Before(h.item.Expires)) {
		s.mu.Unlock()
		return h.item, h.found
	}
	s.bytes -= len(h.item.Value)
	delete(s.local, key)
	s.mu.Unlock()

	var it Item
	var found bool
	s.call(ctx, func(ctx context.Context, st Store) (err error) {
		it, found, err = st.Get(ctx, key)
		return err
	})
	h = held{item: it, found: found, fresh: now.Add(s.o.Recheck)}
	if found && !counter {
		h.fresh = it.Expires
	}
	s.hold(key, h)
	return it, found
}

// hold keeps h under key in process memory, within MaxEntries and MaxBytes (on overflow,
// the layer starts over: the Store still has everything).
func (s *Shared) hold(key string, h held) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bytes -= len(s.local[key].item.Value)
	if len(s.local) >= s.o.MaxEntries || s.bytes+len(h.item.Value) > s.o.MaxBytes {
		clear(s.local)
		s.bytes = 0
	}
	s.local[key] = h
	s.bytes += len(h.item.Value)
}

// Remote reports whether a Store other than process memory backs s: without one, the
// packages that keep memories of their own have nothing to gain from it.
func (s *Shared) Remote() bool { return s.store != Store(s.fallback) }

// call runs op against the Store under the timeout, or against the fallback Memory while the
// Store is out. A failure starts an outage (logged once) and sends op to the fallback.
func (s *Shared) call(ctx context.Context, op func(context.Context, Store) error) {
	s.mu.Lock()
	out := s.down && s.o.Now().Before(s.downTill)
	s.mu.Unlock()
	if out || s.store == Store(s.fallback) {
		_ = op(ctx, s.fallback)
		return
	}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.o.Timeout)
	err := op(cctx, s.store)
	cancel()
	s.mu.Lock()
	wasDown := s.down
	s.down = err != nil
	if err != nil {
		s.downTill = s.o.Now().Add(s.o.Backoff)
	}
	s.mu.Unlock()
	switch {
	case err != nil && !wasDown:
		s.o.Logger.Warn("state: the shared store failed; the state stays in process memory until it answers again",
			slog.String("error", err.Error()), slog.Duration("retry_in", s.o.Backoff))
	case err == nil && wasDown:
		s.o.Logger.Info("state: the shared store answers again")
	}
	if err != nil {
		_ = op(ctx, s.fallback)
	}
}
