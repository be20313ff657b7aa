// Command chatbench measures the local chat server against a fake upstream and prints the
// figures of docs/BENCHMARKS.md: added per-chunk latency and time to first byte (each against
// a caller reading the upstream directly, in the same run), cold start, the arm64 bootstrap
// size, resident memory at 0, 1, 100 and 1000 concurrent streams, and the concurrent streams
// held without errors.
//
//	go run ./internal/loadtest/cmd/chatbench            # from the module root (make bench)
//	go run ./internal/loadtest/cmd/chatbench -levels 500,1000,2000,4000 -cold 20
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chatsvc/chat/internal/loadtest"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "chatbench:", err)
		os.Exit(1)
	}
}

func run() error {
	root := flag.String("root", ".", "module root (where functions/chat is)")
	latencyStreams := flag.Int("latency", 50, "sequential streams of 20 chunks for the latency figures")
	cold := flag.Int("cold", 20, "cold-start runs")
	levels := flag.String("levels", "500,1000,2000,4000", "concurrent stream levels for throughput")
	flag.Parse()
	ctx := context.Background()

	tmp, err := os.MkdirTemp("", "chatbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin, err := loadtest.Build(ctx, *root, tmp)
	if err != nil {
		return err
	}
	host, _ := os.Hostname()
	cpu := cpuModel()
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("chatbench %s  host %s  %s/%s  %d CPUs (%s)  %s  loadavg %s\n", time.Now().UTC().Format(time.RFC3339),
		host, runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), cpu, runtime.Version(), strings.TrimSpace(string(load)))

	if err := latency(ctx, bin, *latencyStreams); err != nil {
		return err
	}
	if err := coldStart(ctx, bin, *cold); err != nil {
		return err
	}
	printSizes(ctx, bin, *root, tmp)

	// Memory and throughput: streams held 3 s (30 chunks 100 ms apart).
	hold := httptest.NewServer(loadtest.Upstream{Chunks: 30, FirstDelay: 100 * time.Millisecond, Interval: 100 * time.Millisecond})
	defer hold.Close()
	if err := memory(ctx, bin, hold.URL+"/"); err != nil {
		return err
	}
	return throughput(ctx, bin, hold.URL+"/", *levels)
}

// latency prints the added latency: per chunk and to the first chunk, through the server
// and straight from the upstream, over streams sequential streams of 20 chunks 10 ms apart,
// the first one 50 ms after the request (the first stream, which builds the upstream client
// and connection, left out).
func latency(ctx context.Context, bin string, streams int) error {
	slow := httptest.NewServer(loadtest.Upstream{Chunks: 20, FirstDelay: 50 * time.Millisecond, Interval: 10 * time.Millisecond})
	defer slow.Close()
	srv, err := loadtest.StartServer(ctx, bin, slow.URL+"/")
	if err != nil {
		return err
	}
	client := loadtest.Client()
	var pd, dd, pt, dt []time.Duration
	for i := 0; i < streams; i++ {
		d := loadtest.Read(ctx, client, slow.URL, loadtest.Direct)
		p := loadtest.Read(ctx, client, srv.URL, loadtest.Proxy)
		if d.Err != nil || p.Err != nil {
			return fmt.Errorf("latency run: direct %v, proxy %v", d.Err, p.Err)
		}
		if i == 0 {
			continue // the first proxied stream builds the upstream client and connection
		}
		dd, pd = append(dd, d.Delays...), append(pd, p.Delays...)
		dt, pt = append(dt, d.TTFB), append(pt, p.TTFB)
	}
	srv.Stop()
	D, P := loadtest.NewDist(dd), loadtest.NewDist(pd)
	DT, PT := loadtest.NewDist(dt), loadtest.NewDist(pt)
	fmt.Printf("\n## latency: upstream write -> caller read, per chunk (%d streams x 20 chunks, sequential)\n", streams-1)
	fmt.Printf("direct (physical limit)  %v\nthrough the proxy        %v\nadded                    p50 %v  p99 %v  max %v\n",
		D, P, P.P50-D.P50, P.P99-D.P99, P.Max-D.Max)
	fmt.Printf("time to first chunk: direct %v\n                     proxy  %v\nadded TTFB           p50 %v  p99 %v\n",
		DT, PT, PT.P50-DT.P50, PT.P99-DT.P99)
	return nil
}

// coldStart prints the cold start over runs fresh servers: exec to the first 0: line of a
// first answer, the upstream answering at once.
func coldStart(ctx context.Context, bin string, runs int) error {
	fast := httptest.NewServer(loadtest.Upstream{Chunks: 3})
	defer fast.Close()
	var colds []time.Duration
	for i := 0; i < runs; i++ {
		s, err := loadtest.StartServer(ctx, bin, fast.URL+"/")
		if err != nil {
			return err
		}
		reqAt := time.Now()
		r := loadtest.Read(ctx, loadtest.Client(), s.URL, loadtest.Proxy)
		s.Stop()
		if r.Err != nil {
			return fmt.Errorf("cold start: %v", r.Err)
		}
		colds = append(colds, reqAt.Add(r.TTFB).Sub(s.Started))
	}
	C := loadtest.NewDist(colds)
	fmt.Printf("\n## cold start: exec -> first byte of the first answer (%d runs)\nmedian %v  min %v  max %v\n",
		len(colds), C.P50.Round(100*time.Microsecond), slices.Min(colds).Round(100*time.Microsecond), C.Max.Round(100*time.Microsecond))
	return nil
}

// printSizes prints the size of the local binary bin and of the arm64 bootstrap, built from
// root into dir.
func printSizes(ctx context.Context, bin, root, dir string) {
	if st, err := os.Stat(bin); err == nil {
		fmt.Printf("local binary (linux/amd64, -trimpath): %s\n", loadtest.MiB(st.Size()))
	}
	if size, err := bootstrapSize(ctx, root, dir); err != nil {
		fmt.Printf("arm64 bootstrap: build failed: %v\n", err)
	} else {
		fmt.Printf("arm64 bootstrap (GOOS=linux GOARCH=arm64 CGO_ENABLED=0 -tags lambda.norpc -trimpath -ldflags=\"-s -w\"): %d bytes (%s)\n", size, loadtest.MiB(size))
	}
}

// memory prints one server's resident memory idle, at the peak of 1, 100 and 1000
// concurrent streams from upstream, and 5 s after.
func memory(ctx context.Context, bin, upstream string) error {
	srv, err := loadtest.StartServer(ctx, bin, upstream)
	if err != nil {
		return err
	}
	time.Sleep(500 * time.Millisecond)
	idle, _ := loadtest.ReadMemory(srv.PID())
	fmt.Printf("\n## memory of the local server process (VmRSS; streams held 3 s)\nidle            %s\n", loadtest.MiB(idle.RSS))
	for _, n := range []int{1, 100, 1000} {
		stop := make(chan struct{})
		peak := loadtest.SampleRSS(srv.PID(), 20*time.Millisecond, stop)
		rep := loadtest.Run(ctx, loadtest.Client(), srv.URL, loadtest.Proxy, n)
		close(stop)
		fmt.Printf("%4d streams    peak %s  (errors %d, terminal lines %d/%d)\n", n, loadtest.MiB(<-peak), rep.Errors, rep.Terminals, n)
	}
	time.Sleep(5 * time.Second)
	after, _ := loadtest.ReadMemory(srv.PID())
	fmt.Printf("5 s after       %s (VmHWM %s)\n", loadtest.MiB(after.RSS), loadtest.MiB(after.Peak))
	srv.Stop()
	return nil
}

// throughput prints, for each of levels (comma-separated counts, rising), what a fresh
// server does with that many concurrent streams from upstream.
func throughput(ctx context.Context, bin, upstream, levels string) error {
	fmt.Printf("\n## throughput: concurrent streams (30 chunks 100 ms apart each), fresh server per level\n")
	fmt.Printf("%7s %7s %10s %26s %26s %10s %10s\n", "streams", "errors", "terminals", "added/chunk p50 / p99", "TTFB p50 / p99", "wall", "peak RSS")
	for _, f := range strings.Split(levels, ",") {
		if strings.TrimSpace(f) == "" {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return err
		}
		if err := throughputAt(ctx, bin, upstream, n); err != nil {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}

// throughputAt prints one line of the throughput table: n concurrent streams on a fresh
// server, given 60 s.
func throughputAt(ctx context.Context, bin, upstream string, n int) error {
	s, err := loadtest.StartServer(ctx, bin, upstream)
	if err != nil {
		return err
	}
	stop := make(chan struct{})
	peak := loadtest.SampleRSS(s.PID(), 50*time.Millisecond, stop)
	c := loadtest.Client()
	rctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	rep := loadtest.Run(rctx, c, s.URL, loadtest.Proxy, n)
	cancel()
	close(stop)
	c.CloseIdleConnections()
	s.Stop()
	fmt.Printf("%7d %7d %10d %12v / %-12v %12v / %-12v %10v %10s\n", n, rep.Errors, rep.Terminals,
		rep.Delay.P50.Round(10*time.Microsecond), rep.Delay.P99.Round(10*time.Microsecond),
		rep.TTFB.P50.Round(100*time.Microsecond), rep.TTFB.P99.Round(100*time.Microsecond),
		rep.Wall.Round(time.Millisecond), loadtest.MiB(<-peak))
	if rep.FirstErr != nil {
		fmt.Printf("        first error: %v\n", rep.FirstErr)
	}
	return nil
}

func bootstrapSize(ctx context.Context, root, dir string) (int64, error) {
	out := filepath.Join(dir, "bootstrap")
	cmd := exec.CommandContext(ctx, "go", "build", "-tags", "lambda.norpc", "-trimpath", "-ldflags=-s -w", "-o", out, "./functions/chat")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH=arm64", "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("%v: %s", err, b)
	}
	st, err := os.Stat(out)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

func cpuModel() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	for _, l := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}
