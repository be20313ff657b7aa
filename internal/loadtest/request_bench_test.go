package loadtest_test

import (
	"context"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/loadtest"
	"google.golang.org/genai"
)

// BenchmarkRequest is the cost of one whole answer (20 chunks at once) through the chat
// endpoint and through the bare genai proxy (loadtest.BareProxy), in one process over
// loopback: what proxybench measures across processes, here for pprof
// (go test -run '^$' -bench Request -cpuprofile cpu.out ./internal/loadtest). cpu-µs/request is the
// process's CPU time per request, the caller's and the upstream's included.
func BenchmarkRequest(b *testing.B) {
	up := httptest.NewServer(loadtest.Upstream{Chunks: 20})
	defer up.Close()
	for _, s := range servers {
		b.Run(s.name, func(b *testing.B) {
			url, client := s.start(b, up.URL), loadtest.Client()
			defer client.CloseIdleConnections()
			if r := loadtest.Read(context.Background(), client, url, loadtest.Proxy); r.Err != nil {
				b.Fatal(r.Err)
			}
			cpu0 := cpuTime()
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if r := loadtest.Read(context.Background(), client, url, loadtest.Proxy); r.Err != nil {
					b.Fatal(r.Err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N)/1e3, "cpu-µs/request")
		})
	}
}

// servers are the two handlers the benchmarks compare, each started in process against an
// upstream.
var servers = []struct {
	name  string
	start func(testing.TB, string) string
}{{"bare", bareServer}, {"chat", localServer}}

func bareServer(t testing.TB, up string) string {
	t.Helper()
	gc, err := genai.NewClient(context.Background(), &genai.ClientConfig{
		APIKey: "k", Backend: genai.BackendGeminiAPI,
		HTTPOptions: genai.HTTPOptions{BaseURL: up, APIVersion: "v1beta"},
	})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: loadtest.BareProxy(gc), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return "http://" + ln.Addr().String()
}

// openStreams is how many streams BenchmarkOpenStream holds open, whatever b.N.
const openStreams = 200

// BenchmarkOpenStream is the live heap each open stream holds, in one process over loopback:
// 200 streams through the endpoint or the bare proxy, each past its first chunk and waiting
// for the next, against the heap before they opened. The caller's and the upstream's share is
// the same for both; the difference is what the chat endpoint keeps per stream beyond the
// bare proxy (go test -run '^$' -bench OpenStream ./internal/loadtest). b.N is not used: one
// measurement per run, whatever -benchtime says.
func BenchmarkOpenStream(b *testing.B) {
	var opened atomic.Int64
	slow := loadtest.Upstream{Chunks: 2, Interval: time.Minute}
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		opened.Add(1)
		slow.ServeHTTP(w, r)
	}))
	defer up.Close()
	log.SetOutput(io.Discard) // the SDK's "Error context canceled" line for each stream left
	defer log.SetOutput(os.Stderr)
	for _, s := range servers {
		b.Run(s.name, func(b *testing.B) {
			url, client := s.start(b, up.URL), loadtest.Client()
			defer client.CloseIdleConnections()
			ctx, cancel := context.WithCancel(context.Background())
			before, stack0 := liveHeap()
			opened.Store(0)
			var wg sync.WaitGroup
			for range openStreams {
				wg.Go(func() { loadtest.Read(ctx, client, url, loadtest.Proxy) })
			}
			for opened.Load() < openStreams {
				time.Sleep(10 * time.Millisecond)
			}
			time.Sleep(300 * time.Millisecond) // the first chunk reaches every caller
			during, stack1 := liveHeap()
			cancel()
			wg.Wait()
			b.ReportMetric(0, "ns/op") // not a per-iteration figure here
			b.ReportMetric(float64(during-before)/openStreams, "live-B/stream")
			b.ReportMetric(float64(stack1-stack0)/openStreams, "stack-B/stream")
		})
	}
}

// liveHeap is the live heap after a collection, and the memory of goroutine stacks.
func liveHeap() (heap, stacks int64) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc), int64(ms.StackInuse)
}
