package loadtest_test

import (
	"context"
	"net/http/httptest"
	"syscall"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/loadtest"
)

// BenchmarkChunk is the cost per chunk of the whole stream path over loopback, in one
// process: the measuring upstream writes b.N chunks back to back, and a caller reads them
// either directly (the baseline: upstream and caller only) or through the endpoint (the real
// handler and genai adapter). The proxy's own cost is the difference between the two; cpu-ns/
// chunk is the process's user+system CPU time per chunk.
func BenchmarkChunk(b *testing.B) {
	for _, kind := range []struct {
		name string
		kind loadtest.Kind
	}{{"direct", loadtest.Direct}, {"proxy", loadtest.Proxy}} {
		b.Run(kind.name, func(b *testing.B) {
			up := httptest.NewServer(loadtest.Upstream{Chunks: b.N})
			defer up.Close()
			url := up.URL
			if kind.kind == loadtest.Proxy {
				url = localServer(b, up.URL)
			}
			client := loadtest.Client()
			defer client.CloseIdleConnections()
			cpu0 := cpuTime()
			b.ReportAllocs()
			b.ResetTimer()
			r := loadtest.Read(context.Background(), client, url, kind.kind)
			b.StopTimer()
			if r.Err != nil || len(r.Delays) != b.N {
				b.Fatalf("%d of %d chunks: %v", len(r.Delays), b.N, r.Err)
			}
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/chunk")
		})
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
