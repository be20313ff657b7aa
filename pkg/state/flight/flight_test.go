package flight_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/testclock"
	"github.com/chatsvc/chat/pkg/state/flight"
)

var errDown = errors.New("down")

// source is a fetch that counts its calls and answers from a script of outcomes; a gate,
// when set, holds every call until it is closed.
type source struct {
	calls atomic.Int64
	gate  chan struct{}
	// answer is the outcome of call n (1-based).
	answer func(n int64) (string, error)
}

func (s *source) fetch(ctx context.Context) (string, error) {
	n := s.calls.Add(1)
	if s.gate != nil {
		select {
		case <-s.gate:
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
	return s.answer(n)
}

func value(v string) func(int64) (string, error) {
	return func(n int64) (string, error) { return fmt.Sprintf("%s#%d", v, n), nil }
}

// perOutcome keeps an answer for ok and a failure for failed.
func perOutcome(ok, failed time.Duration) flight.TTL[string] {
	return func(r flight.Result[string]) time.Duration {
		if r.Err != nil {
			return failed
		}
		return ok
	}
}

// get asks c for key and waits for the outcome.
func get(t *testing.T, c *flight.Cache[string, string], key string, s *source, ttl flight.TTL[string]) flight.Result[string] {
	t.Helper()
	call, _ := c.Get(context.Background(), key, s.fetch, ttl)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	r, ok := call.Wait(ctx)
	if !ok {
		t.Fatalf("Get(%q): no outcome within 5 s", key)
	}
	return r
}

func wantCalls(t *testing.T, s *source, want int64) {
	t.Helper()
	if got := s.calls.Load(); got != want {
		t.Errorf("%d fetches, want %d", got, want)
	}
}

// Concurrent callers of one key share one fetch; callers of other keys have their own.
func TestSingleFlight(t *testing.T) {
	tests := []struct {
		name    string
		keys    int
		callers int
	}{
		{"one key, one caller", 1, 1},
		{"one key, fifty callers", 1, 50},
		{"five keys, ten callers each", 5, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &source{gate: make(chan struct{}), answer: value("v")}
			c := flight.New[string, string](flight.Options{})
			var (
				wg      sync.WaitGroup
				started atomic.Int64
				results = make([]flight.Result[string], tt.keys*tt.callers)
			)
			for i := range results {
				wg.Go(func() {
					call, st := c.Get(context.Background(), fmt.Sprint("k", i%tt.keys), s.fetch, perOutcome(time.Minute, 0))
					if st {
						started.Add(1)
					}
					results[i], _ = call.Wait(context.Background())
				})
			}
			for c.Len() < tt.keys { // every key asked for before any fetch may end
				time.Sleep(time.Millisecond)
			}
			time.Sleep(10 * time.Millisecond)
			close(s.gate)
			wg.Wait()
			wantCalls(t, s, int64(tt.keys))
			if n := started.Load(); n != int64(tt.keys) {
				t.Errorf("%d callers started a fetch, want %d", n, tt.keys)
			}
			for i, r := range results {
				if r.Err != nil || r.Value != results[i%tt.keys].Value {
					t.Errorf("caller %d: %+v, want the value of its key's one fetch, %q", i, r, results[i%tt.keys].Value)
				}
			}
		})
	}
}

// Each outcome is kept for the time its TTL gives it, on the injected clock.
func TestPerOutcomeTTL(t *testing.T) {
	const ok, failed = time.Minute, 15 * time.Second
	tests := []struct {
		name    string
		answer  func(int64) (string, error)
		advance time.Duration
		want    int64 // fetches after the second Get
	}{
		{"answer within its TTL", value("v"), ok - time.Nanosecond, 1},
		{"answer at its TTL", value("v"), ok, 2},
		{"failure within its TTL", func(int64) (string, error) { return "", errDown }, failed - time.Nanosecond, 1},
		{"failure past its TTL", func(int64) (string, error) { return "", errDown }, failed, 2},
		{"failure past its TTL, within an answer's", func(int64) (string, error) { return "", errDown }, 30 * time.Second, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk := testclock.New(time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC))
			c := flight.New[string, string](flight.Options{Now: clk.Now})
			s := &source{answer: tt.answer}
			first := get(t, c, "k", s, perOutcome(ok, failed))
			if !first.At.Equal(clk.Now()) {
				t.Errorf("At = %v, want the clock's %v", first.At, clk.Now())
			}
			clk.Advance(tt.advance)
			second := get(t, c, "k", s, perOutcome(ok, failed))
			wantCalls(t, s, tt.want)
			if cached := tt.want == 1; cached != (second == first) {
				t.Errorf("second outcome %+v, first %+v: cached %v", second, first, !cached)
			}
		})
	}
}

// A TTL of zero, or none, keeps the outcome for the callers that shared the fetch only.
func TestNoTTL(t *testing.T) {
	for name, ttl := range map[string]flight.TTL[string]{"nil": nil, "zero": perOutcome(0, 0), "negative": perOutcome(-time.Second, 0)} {
		t.Run(name, func(t *testing.T) {
			c := flight.New[string, string](flight.Options{})
			s := &source{answer: value("v")}
			get(t, c, "k", s, ttl)
			get(t, c, "k", s, ttl)
			wantCalls(t, s, 2)
		})
	}
}

// A caller that stops waiting cancels neither the fetch nor the other callers' wait, and the
// outcome is kept for the next caller; the fetch sees the starter's values, not its end.
func TestCallerCancelDoesNotCancelFetch(t *testing.T) {
	type ctxKey struct{}
	s := &source{gate: make(chan struct{}), answer: value("v")}
	var fetchErr, fetchVal atomic.Value
	fetch := func(ctx context.Context) (string, error) {
		v, err := s.fetch(ctx)
		fetchErr.Store(fmt.Sprint(ctx.Err()))
		fetchVal.Store(fmt.Sprint(ctx.Value(ctxKey{})))
		return v, err
	}
	c := flight.New[string, string](flight.Options{Timeout: 5 * time.Second})
	starter, cancelStarter := context.WithCancel(context.WithValue(context.Background(), ctxKey{}, "request-7"))
	call, started := c.Get(starter, "k", fetch, perOutcome(time.Minute, 0))
	if !started {
		t.Fatal("the first Get did not start a fetch")
	}
	other, _ := c.Get(context.Background(), "k", fetch, perOutcome(time.Minute, 0))
	if other != call {
		t.Fatal("the second Get did not share the first's call")
	}
	cancelStarter()
	if _, ok := call.Wait(starter); ok {
		t.Error("Wait on a cancelled context returned an outcome of a fetch in progress")
	}
	close(s.gate)
	r, ok := other.Wait(context.Background())
	if !ok || r.Err != nil || r.Value != "v#1" {
		t.Errorf("the other caller got %+v, %v; want v#1", r, ok)
	}
	if got := fetchErr.Load(); got != "<nil>" {
		t.Errorf("the fetch's context ended: %v", got)
	}
	if got := fetchVal.Load(); got != "request-7" {
		t.Errorf("the fetch's context lost the starter's value: %v", got)
	}
	get(t, c, "k", s, perOutcome(time.Minute, 0))
	wantCalls(t, s, 1)
}

// A fetch ends at Options.Timeout; its outcome is whatever it makes of that.
func TestTimeout(t *testing.T) {
	s := &source{gate: make(chan struct{}), answer: value("v")}
	c := flight.New[string, string](flight.Options{Timeout: 50 * time.Millisecond})
	start := time.Now()
	r := get(t, c, "k", s, perOutcome(time.Minute, 0))
	if !errors.Is(r.Err, context.DeadlineExceeded) {
		t.Errorf("Err = %v, want the deadline", r.Err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the fetch ran %v past a 50ms timeout", d)
	}
}

// A fetch that panics ends in a *PanicError for every caller and leaves its key usable.
func TestPanic(t *testing.T) {
	tests := []struct {
		name  string
		ttl   time.Duration // of a failure
		calls int64         // after the Get that follows the panic
	}{
		{"failure not kept: the next Get fetches", 0, 2},
		{"failure kept: the next Get has it", time.Minute, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &source{answer: func(n int64) (string, error) {
				if n == 1 {
					panic("bad shape")
				}
				return "v", nil
			}}
			c := flight.New[string, string](flight.Options{})
			r := get(t, c, "k", s, perOutcome(time.Minute, tt.ttl))
			var pe *flight.PanicError
			if !errors.As(r.Err, &pe) || pe.Value != "bad shape" || len(pe.Stack) == 0 {
				t.Fatalf("Err = %v, want a *PanicError of \"bad shape\" with a stack", r.Err)
			}
			if r.At.IsZero() {
				t.Error("a panic's outcome has no time")
			}
			get(t, c, "k", s, perOutcome(time.Minute, tt.ttl))
			wantCalls(t, s, tt.calls)
		})
	}
}

// Past MaxEntries the outcomes that ended first go first; a fetch in progress stays.
func TestBounded(t *testing.T) {
	c := flight.New[string, string](flight.Options{MaxEntries: 3})
	s := &source{answer: value("v")}
	for _, k := range []string{"a", "b", "c"} {
		get(t, c, k, s, perOutcome(time.Hour, 0))
	}
	get(t, c, "a", s, perOutcome(time.Hour, 0)) // a hit does not make "a" younger
	slow := &source{gate: make(chan struct{}), answer: value("slow")}
	inProgress, _ := c.Get(context.Background(), "d", slow.fetch, perOutcome(time.Hour, 0))
	get(t, c, "e", s, perOutcome(time.Hour, 0)) // five keys: "a" and "b" go, "d" stays
	if n := c.Len(); n != 3 {
		t.Errorf("Len = %d, want 3", n)
	}
	for k, held := range map[string]bool{"a": false, "b": false, "c": true, "d": true, "e": true} {
		if _, ok := c.Peek(k); ok != held {
			t.Errorf("Peek(%q) = %v, want %v", k, ok, held)
		}
	}
	close(slow.gate)
	<-inProgress.Done()
	get(t, c, "a", s, perOutcome(time.Hour, 0))
	wantCalls(t, s, 5) // a, b, c, e, and a again
}

// A caller does not wait for a fetch that has run past Options.Overdue.
func TestOverdue(t *testing.T) {
	tests := []struct {
		name    string
		overdue time.Duration
		waited  bool
	}{
		{"young fetch: waited for", time.Hour, true},
		{"overdue fetch: given up at once", 20 * time.Millisecond, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &source{gate: make(chan struct{}), answer: value("v")}
			c := flight.New[string, string](flight.Options{Overdue: tt.overdue})
			call, _ := c.Get(context.Background(), "k", s.fetch, perOutcome(time.Minute, 0))
			time.Sleep(30 * time.Millisecond)
			time.AfterFunc(50*time.Millisecond, func() { close(s.gate) })
			_, ok := call.Wait(context.Background())
			if ok != tt.waited {
				t.Errorf("Wait = %v, want %v", ok, tt.waited)
			}
			<-call.Done()
			if r, ok := call.Wait(context.Background()); !ok || r.Value != "v#1" {
				t.Errorf("Wait after the end = %+v, %v; want v#1 whatever its age", r, ok)
			}
		})
	}
}

// Forget drops a finished outcome, fresh or not, and leaves a fetch in progress alone.
func TestForget(t *testing.T) {
	c := flight.New[string, string](flight.Options{})
	s := &source{answer: value("v")}
	get(t, c, "k", s, perOutcome(time.Hour, 0))
	c.Forget("k")
	if _, ok := c.Peek("k"); ok {
		t.Error("Peek after Forget found the outcome")
	}
	get(t, c, "k", s, perOutcome(time.Hour, 0))
	wantCalls(t, s, 2)

	slow := &source{gate: make(chan struct{}), answer: value("slow")}
	call, _ := c.Get(context.Background(), "slow", slow.fetch, perOutcome(time.Hour, 0))
	c.Forget("slow")
	if again, started := c.Get(context.Background(), "slow", slow.fetch, perOutcome(time.Hour, 0)); again != call || started {
		t.Error("Forget dropped a fetch in progress")
	}
	close(slow.gate)
	<-call.Done()
	wantCalls(t, slow, 1)
}

// Result tells without waiting whether the fetch has ended.
func TestResult(t *testing.T) {
	s := &source{gate: make(chan struct{}), answer: value("v")}
	c := flight.New[string, string](flight.Options{})
	call, _ := c.Get(context.Background(), "k", s.fetch, perOutcome(time.Minute, 0))
	if _, ok := call.Result(); ok {
		t.Error("Result of a fetch in progress")
	}
	close(s.gate)
	<-call.Done()
	if r, ok := call.Result(); !ok || r.Value != "v#1" {
		t.Errorf("Result = %+v, %v; want v#1", r, ok)
	}
}

// BenchmarkGetHit measures a cached answer handed out to parallel callers.
func BenchmarkGetHit(b *testing.B) {
	c := flight.New[string, string](flight.Options{MaxEntries: 1024})
	s := &source{answer: value("v")}
	call, _ := c.Get(context.Background(), "k", s.fetch, perOutcome(time.Hour, 0))
	<-call.Done()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if call, ok := c.Peek("k"); !ok {
				b.Fatal("miss")
			} else if _, ok := call.Result(); !ok {
				b.Fatal("in progress")
			}
		}
	})
}
