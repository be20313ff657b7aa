package loadtest_test

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/loadtest"
	"github.com/chatsvc/chat/pkg/config"
	"github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/gemini"
	"github.com/chatsvc/chat/pkg/httpapi"
)

// localServer runs the endpoint in process as the local server does, with its default
// settings (real handler, real genai adapter with the default model, tools and thinking,
// net/http server with ReadHeaderTimeout) against up; token facts off, as in the benchmarks.
func localServer(t testing.TB, up string) string {
	t.Helper()
	cfg, err := config.Load(func(k string) string {
		return map[string]string{settings.BaseURLVar: up, settings.TokenFactsVar: "off"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	h := httpapi.NewHandler(httpapi.Options{
		Model:       gemini.New(cfg.Gemini(log)),
		APIKey:      func() string { return "k" },
		Limits:      cfg.Limits,
		MaxDuration: cfg.MaxDuration,
		Logger:      log,
	})
	mux := http.NewServeMux()
	mux.Handle("/api/", h)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return "http://" + ln.Addr().String()
}

// TestLoad opens LOADTEST_STREAMS (default 500) concurrent streams through the local server
// against the measuring upstream (5 chunks 20 ms apart each): zero errors, every stream with
// its terminal line, and goroutines and live heap back to their baseline afterwards (within
// 12 MiB: connection pools and runtime caches keep 2-5 MiB whatever the stream count, 100 or
// 1000, a bit more under -race; a per-stream leak of 24 KiB would show).
func TestLoad(t *testing.T) {
	streams := 500
	if s := os.Getenv("LOADTEST_STREAMS"); s != "" {
		streams, _ = strconv.Atoi(s)
	}
	up := httptest.NewServer(loadtest.Upstream{Chunks: 5, FirstDelay: 20 * time.Millisecond, Interval: 20 * time.Millisecond})
	defer up.Close()
	url := localServer(t, up.URL)
	client := loadtest.Client()

	// Baseline after one warm-up stream, so that lazily built state (the genai client) counts.
	if r := loadtest.Read(context.Background(), client, url, loadtest.Proxy); r.Err != nil {
		t.Fatal(r.Err)
	}
	client.CloseIdleConnections()
	g0, heap0 := settle(t, 0, 0)

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rep := loadtest.Run(ctx, client, url, loadtest.Proxy, streams)
	t.Logf("%d streams in %v: %d errors, %d terminal lines; added delay per chunk %v; TTFB %v",
		rep.Streams, rep.Wall.Round(time.Millisecond), rep.Errors, rep.Terminals, rep.Delay, rep.TTFB)
	if rep.Errors != 0 || rep.Terminals != streams {
		t.Errorf("%d errors (first: %v), %d of %d streams with a terminal line", rep.Errors, rep.FirstErr, rep.Terminals, streams)
	}
	if rep.Delay.N != 5*streams {
		t.Errorf("%d chunks read, want %d", rep.Delay.N, 5*streams)
	}

	client.CloseIdleConnections()
	g1, heap1 := settle(t, g0, heap0)
	t.Logf("goroutines %d -> %d, live heap %d KiB -> %d KiB", g0, g1, heap0>>10, heap1>>10)
	if g1 > g0+10 {
		t.Errorf("goroutines %d after the load, %d before", g1, g0)
	}
	if heap1 > heap0+12<<20 {
		t.Errorf("live heap %d KiB after the load, %d KiB before", heap1>>10, heap0>>10)
	}
}

// settle waits up to 10 s for the goroutine count and the heap to come down to (near) the
// given baseline (zero: just let them settle) and returns them.
func settle(t *testing.T, g0 int, heap0 uint64) (int, uint64) {
	t.Helper()
	var g int
	var heap uint64
	for deadline := time.Now().Add(10 * time.Second); ; {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		g, heap = runtime.NumGoroutine(), ms.HeapAlloc
		if (g0 == 0 || (g <= g0+10 && heap <= heap0+12<<20)) || time.Now().After(deadline) {
			if g0 == 0 {
				time.Sleep(100 * time.Millisecond)
				runtime.GC()
				runtime.ReadMemStats(&ms)
				g, heap = runtime.NumGoroutine(), ms.HeapAlloc
			}
			return g, heap
		}
		time.Sleep(100 * time.Millisecond)
	}
}
