package loadtest_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chatsvc/chat/pkg/loadtest"
	"google.golang.org/genai"
)

// BenchmarkRequest is the cost of one whole answer (20 chunks at once) through the chat
// endpoint and through the bare genai proxy (loadtest.BareProxy), in one process over
// loopback: what proxybench measures across processes, here for pprof
// (go test -run '^$' -bench Request -cpuprofile cpu.out ./pkg/loadtest). cpu-µs/request is the
// process's CPU time per request, the caller's and the upstream's included.
func BenchmarkRequest(b *testing.B) {
	up := httptest.NewServer(loadtest.Upstream{Chunks: 20})
	defer up.Close()
	for _, s := range []struct {
		name  string
		start func(testing.TB, string) string
	}{{"bare", bareServer}, {"chat", localServer}} {
		b.Run(s.name, func(b *testing.B) {
			url := s.start(b, up.URL)
			client := loadtest.Client()
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
