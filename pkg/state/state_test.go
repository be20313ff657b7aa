package state_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/dynalite"
	"github.com/chatsvc/chat/pkg/state"
)

// TestStores: the same behaviour from process memory and from a real DynamoDB (dynalite)
// through the real client.
func TestStores(t *testing.T) {
	d := dynalite.Start(t)
	for name, s := range map[string]state.Store{
		"memory": state.NewMemory(0, nil),
		"dynamo": d.Table(t, "stores"),
	} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			if _, ok, err := s.Get(ctx, "none"); ok || err != nil {
				t.Fatalf("Get(none) = %v, %v; want a miss", ok, err)
			}
			later := time.Now().Add(time.Hour)
			if err := s.Put(ctx, "k", []byte("v1"), later); err != nil {
				t.Fatal(err)
			}
			it, ok, err := s.Get(ctx, "k")
			if err != nil || !ok || string(it.Value) != "v1" || it.Expires.Before(later.Add(-time.Second)) {
				t.Fatalf("Get(k) = %+v, %v, %v; want v1 until %v", it, ok, err, later)
			}
			if err := s.Put(ctx, "past", []byte("x"), time.Now().Add(-time.Minute)); err != nil {
				t.Fatal(err)
			}
			if _, ok, _ := s.Get(ctx, "past"); ok {
				t.Error("an expired item was returned (TTL deletes lazily: the read must check)")
			}
			if err := s.Put(ctx, "empty", nil, later); err != nil {
				t.Fatal(err)
			}
			if _, ok, _ := s.Get(ctx, "empty"); !ok {
				t.Error("a key put without a value is missing")
			}
			var wg sync.WaitGroup
			for range 20 {
				wg.Go(func() {
					if _, err := s.Add(ctx, "count", 0.25, later); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			total, err := s.Add(ctx, "count", 0.5, later)
			if err != nil || total != 5.5 {
				t.Errorf("Add after 20 concurrent adds of 0.25 = %v, %v; want 5.5", total, err)
			}
			if it, ok, _ := s.Get(ctx, "count"); !ok || it.Count != 5.5 {
				t.Errorf("Get(count) = %+v, %v; want 5.5", it, ok)
			}
			var wins atomic.Int32
			var cw sync.WaitGroup
			for range 10 {
				cw.Go(func() {
					won, err := s.Claim(ctx, "claim", later)
					if err != nil {
						t.Error(err)
					}
					if won {
						wins.Add(1)
					}
				})
			}
			cw.Wait()
			if wins.Load() != 1 {
				t.Errorf("10 claims at once: %d won; want exactly 1", wins.Load())
			}
			if err := s.Put(ctx, "stale", nil, time.Now().Add(-time.Minute)); err != nil {
				t.Fatal(err)
			}
			if won, err := s.Claim(ctx, "stale", later); !won || err != nil {
				t.Errorf("a claim over an expired item (TTL not yet run) = %v, %v; want won", won, err)
			}
		})
	}
}

// wire is a proxy in front of dynalite that counts the requests by action, and can delay or
// refuse them.
type wire struct {
	mu    sync.Mutex
	calls map[string]int
	delay atomic.Int64
	fail  atomic.Bool
	url   string
}

func newWire(t *testing.T, endpoint string) *wire {
	t.Helper()
	u, _ := url.Parse(endpoint)
	w := &wire{calls: map[string]int{}}
	proxy := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		action := strings.TrimPrefix(r.Header.Get("X-Amz-Target"), "DynamoDB_20120810.")
		w.mu.Lock()
		w.calls[action]++
		w.mu.Unlock()
		if d := time.Duration(w.delay.Load()); d > 0 {
			select {
			case <-time.After(d):
			case <-r.Context().Done():
				return
			}
		}
		if w.fail.Load() {
			rw.Header().Set("Content-Type", "application/x-amz-json-1.0")
			rw.WriteHeader(http.StatusBadRequest)
			_, _ = rw.Write([]byte(`{"__type":"com.amazonaws.dynamodb.v20120810#ThrottlingException","message":"Rate of requests exceeds the allowed throughput."}`))
			return
		}
		proxy.ServeHTTP(rw, r)
	}))
	t.Cleanup(srv.Close)
	w.url = srv.URL
	return w
}

func (w *wire) count(action string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.calls[action]
}

func storeVia(t *testing.T, w *wire, table string) *state.Dynamo {
	t.Helper()
	env := map[string]string{"AWS_ENDPOINT_URL_DYNAMODB": w.url, "AWS_REGION": "us-east-1",
		"AWS_ACCESS_KEY_ID": "local", "AWS_SECRET_ACCESS_KEY": "local"}
	s, err := state.NewDynamo(context.Background(), table, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSharedHoldsWhatItRead: a warm instance reads a key from the table once, then from
// process memory; a miss is asked again after Recheck; another instance's write is seen.
func TestSharedHoldsWhatItRead(t *testing.T) {
	d := dynalite.Start(t)
	d.Table(t, "held")
	w := newWire(t, d.Endpoint)
	a := state.NewShared(storeVia(t, w, "held"), state.Options{Recheck: 200 * time.Millisecond})
	b := state.NewShared(storeVia(t, w, "held"), state.Options{Recheck: 200 * time.Millisecond})
	ctx := context.Background()

	if _, ok := b.Get(ctx, "fact"); ok {
		t.Fatal("b found a key nobody wrote")
	}
	a.Put(ctx, "fact", []byte("answer"), time.Now().Add(time.Hour))
	if _, ok := b.Get(ctx, "fact"); ok {
		t.Error("b asked the table again within Recheck of its miss")
	}
	time.Sleep(250 * time.Millisecond)
	before := w.count("GetItem")
	for range 10 {
		if v, ok := b.Get(ctx, "fact"); !ok || string(v) != "answer" {
			t.Fatalf("b.Get(fact) = %q, %v; want a's answer", v, ok)
		}
	}
	if n := w.count("GetItem") - before; n != 1 {
		t.Errorf("10 reads of a held key cost %d GetItem; want 1", n)
	}

	a.Add(ctx, "spend", 1.5, time.Now().Add(time.Hour))
	b.Add(ctx, "spend", 1, time.Now().Add(time.Hour))
	time.Sleep(250 * time.Millisecond)
	if got := a.Count(ctx, "spend"); got != 2.5 {
		t.Errorf("a.Count(spend) = %v after Recheck; want both instances' 2.5", got)
	}
}

// TestSharedSurvivesTheStore: a missing table, a throttling table and a slow one each leave
// the state in process memory, the outage logged once; the table is tried again after the
// backoff.
func TestSharedSurvivesTheStore(t *testing.T) {
	d := dynalite.Start(t)
	d.Table(t, "flaky")
	for _, tc := range []struct {
		name  string
		table string
		setup func(*wire)
	}{
		{"missing table", "no-such-table", func(*wire) {}},
		{"throttled", "flaky", func(w *wire) { w.fail.Store(true) }},
		{"slow", "flaky", func(w *wire) { w.delay.Store(int64(2 * time.Second)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWire(t, d.Endpoint)
			tc.setup(w)
			var log bytes.Buffer
			s := state.NewShared(storeVia(t, w, tc.table), state.Options{Timeout: 100 * time.Millisecond, Backoff: 300 * time.Millisecond,
				Logger: slog.New(slog.NewJSONHandler(&log, nil))})
			ctx := context.Background()
			start := time.Now()
			s.Put(ctx, "pause", []byte("x"), time.Now().Add(time.Hour))
			total := s.Add(ctx, "spend", 1, time.Now().Add(time.Hour))
			total = s.Add(ctx, "spend", 1, time.Now().Add(time.Hour))
			if v, ok := s.Get(ctx, "pause"); !ok || string(v) != "x" {
				t.Errorf("Get(pause) = %q, %v; want the value kept in process memory", v, ok)
			}
			if total != 2 {
				t.Errorf("Add in an outage = %v; want the process's own count, 2", total)
			}
			if took := time.Since(start); took > time.Second {
				t.Errorf("four calls in an outage took %v; want each bounded by the 100 ms timeout", took)
			}
			if n := strings.Count(log.String(), "the shared store failed"); n != 1 {
				t.Errorf("the outage was logged %d times; want once:\n%s", n, log.String())
			}
			if tc.table == "flaky" {
				w.fail.Store(false)
				w.delay.Store(0)
				time.Sleep(350 * time.Millisecond)
				s.Put(ctx, "after", []byte("y"), time.Now().Add(time.Hour))
				if !strings.Contains(log.String(), "answers again") {
					t.Errorf("no recovery logged after the backoff:\n%s", log.String())
				}
			}
		})
	}
}
