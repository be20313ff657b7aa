// Command proxybench measures what the chat server costs per request beyond a bare genai
// proxy (cmd/bareproxy), all run as processes against the same fake upstream in the same run,
// interleaved round by round: CPU time per request over sequential requests, the time from
// exec to the first text of a fresh process's first answer, and the wall time and peak
// resident memory of a burst of concurrent streams. A second build of the bare
// proxy (-tags mandated, "floor") also links the AWS SDK's SSM client and the Lambda runtime
// that the design mandates, without running them: what they cost by being in the binary.
// With -before-root, the chat server of another checkout ("before") is measured in the same
// run, interleaved with the others.
//
//	go run ./internal/loadtest/cmd/proxybench            # from the module root
//	go run ./internal/loadtest/cmd/proxybench -n 1000 -burst 200 -rounds 3
//	go run ./internal/loadtest/cmd/proxybench -before-root /tmp/before   # a worktree of an older commit
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
		fmt.Fprintln(os.Stderr, "proxybench:", err)
		os.Exit(1)
	}
}

// figures are one server's measurements in one round.
type figures struct {
	cpuPerRequest time.Duration
	burstWall     time.Duration
	peakRSS       int64
	firstText     []time.Duration // from exec to the first text of the first answer, one per fresh process
	idle, after   loadtest.Memory // before the burst (after one request), and at its end
}

// options are the command's flags.
type options struct {
	root, beforeRoot, chatEnv string
	n, burst, rounds, starts  int
}

func parseFlags() options {
	var o options
	flag.StringVar(&o.root, "root", ".", "module root")
	flag.IntVar(&o.n, "n", 1000, "sequential requests for CPU per request")
	flag.IntVar(&o.burst, "burst", 200, "concurrent streams in the burst")
	flag.IntVar(&o.rounds, "rounds", 3, "rounds, each measuring every server")
	flag.IntVar(&o.starts, "starts", 7, "fresh processes per server and round timed from exec to the first text")
	flag.StringVar(&o.beforeRoot, "before-root", "", "module root of another checkout whose chat server is measured too, as \"before\"")
	flag.StringVar(&o.chatEnv, "chat-env", "", "extra environment of the chat server, comma-separated (GOGC=50,...): for experiments")
	flag.Parse()
	return o
}

func run() error {
	o := parseFlags()
	ctx := context.Background()
	tmp, err := os.MkdirTemp("", "proxybench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	servers, err := buildServers(ctx, o, tmp)
	if err != nil {
		return err
	}
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("proxybench %s  %d CPUs  %s  loadavg %s\n", time.Now().UTC().Format(time.RFC3339), runtime.NumCPU(), runtime.Version(), strings.TrimSpace(string(load)))
	fmt.Printf("per round: %d sequential requests to each server, one to each in turn (20 chunks at once); %d fresh processes of each server in turn, each timed from exec to its first answer's first text; then for each server a burst of %d streams (20 chunks 10 ms apart)\n\n", o.n, o.starts, o.burst)

	fast := httptest.NewServer(loadtest.Upstream{Chunks: 20})
	defer fast.Close()
	paced := httptest.NewServer(loadtest.Upstream{Chunks: 20, Interval: 10 * time.Millisecond})
	defer paced.Close()
	results, err := measure(ctx, o, servers, fast.URL+"/", paced.URL+"/")
	if err != nil {
		return err
	}
	printMedians(results, o.beforeRoot != "")
	printFirstTexts(servers, results, o.rounds*o.starts)
	return nil
}

// buildServers builds the chat server (and that of -before-root) and the two bare proxies
// into tmp, and returns the servers compared: bare, floor, chat and, with -before-root,
// before.
func buildServers(ctx context.Context, o options, tmp string) ([]server, error) {
	chat, err := loadtest.Build(ctx, o.root, tmp)
	if err != nil {
		return nil, err
	}
	var before string
	if o.beforeRoot != "" {
		dir := filepath.Join(tmp, "before")
		if err := os.Mkdir(dir, 0o755); err != nil {
			return nil, err
		}
		if before, err = loadtest.Build(ctx, o.beforeRoot, dir); err != nil {
			return nil, fmt.Errorf("before: %w", err)
		}
	}
	bare, floor := filepath.Join(tmp, "bareproxy"), filepath.Join(tmp, "bareproxy-mandated")
	for _, b := range []struct{ bin, tags string }{{bare, ""}, {floor, "mandated"}} {
		cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-tags", b.tags, "-o", b.bin, "./internal/loadtest/cmd/bareproxy")
		cmd.Dir = o.root
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("go build bareproxy: %v\n%s", err, out)
		}
	}
	servers := []server{{"bare", bare, nil, true}, {"floor", floor, nil, true}, {"chat", chat, splitEnv(o.chatEnv), false}}
	if before != "" {
		servers = append(servers, server{"before", before, nil, false})
	}
	return servers, nil
}

// measure runs the rounds, each measuring every server (CPU per request on the fast
// upstream, start to first text and a burst on the paced one), prints each round's figures
// as they come and returns them by server.
func measure(ctx context.Context, o options, servers []server, fast, paced string) (map[string][]figures, error) {
	results := map[string][]figures{}
	for r := range o.rounds {
		cpu, err := cpuPerRequest(ctx, servers, fast, o.n)
		if err != nil {
			return nil, err
		}
		first, err := firstTexts(ctx, servers, paced, o.starts)
		if err != nil {
			return nil, err
		}
		for i, s := range servers {
			f, err := burstOf(ctx, s, paced, o.burst)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", s.name, err)
			}
			f.cpuPerRequest, f.firstText = cpu[i], first[i]
			results[s.name] = append(results[s.name], f)
			fmt.Printf("round %d %-6s CPU/request %-9v burst wall %-9v start→first text %-7v peak RSS %s  (idle anon %s file %s; after the burst anon %s file %s)\n", r+1, s.name,
				f.cpuPerRequest.Round(time.Microsecond), f.burstWall.Round(time.Millisecond), median(f.firstText).Round(100*time.Microsecond), loadtest.MiB(f.peakRSS),
				loadtest.MiB(f.idle.Anon), loadtest.MiB(f.idle.File), loadtest.MiB(f.after.Anon), loadtest.MiB(f.after.File))
		}
	}
	return results, nil
}

// printMedians prints the median of the rounds of each figure: chat against bare and floor,
// and before too when there is one.
func printMedians(results map[string][]figures, before bool) {
	fmt.Println("\nmedian of the rounds: chat / bare, and chat / floor (the bare proxy with the AWS SDK and Lambda runtime linked)")
	for _, m := range []struct {
		label string
		get   func(figures) float64
	}{
		{"CPU per request", func(f figures) float64 { return float64(f.cpuPerRequest) }},
		{"burst wall time", func(f figures) float64 { return float64(f.burstWall) }},
		{"peak RSS", func(f figures) float64 { return float64(f.peakRSS) }},
	} {
		c, b, fl := medianOf(results["chat"], m.get), medianOf(results["bare"], m.get), medianOf(results["floor"], m.get)
		fmt.Printf("%-16s chat %-11s bare %-11s floor %-11s chat/bare %.2f  chat/floor %.2f", m.label,
			show(m.label, c), show(m.label, b), show(m.label, fl), c/b, c/fl)
		if before {
			bf := medianOf(results["before"], m.get)
			fmt.Printf("  before %-11s before/floor %.2f", show(m.label, bf), bf/fl)
		}
		fmt.Println()
	}
}

// medianOf is the median of one figure over rounds (the upper one of an even count).
func medianOf(rounds []figures, get func(figures) float64) float64 {
	var v []float64
	for _, f := range rounds {
		v = append(v, get(f))
	}
	slices.Sort(v)
	return v[len(v)/2]
}

// printFirstTexts prints start→first text: every fresh process of every round, pooled (the
// rounds' few samples each carry the machine's noise at full weight).
func printFirstTexts(servers []server, results map[string][]figures, processes int) {
	fmt.Printf("\nstart→first text, all %d processes of each server: median (quartiles)\n", processes)
	pooled := map[string][]time.Duration{}
	for _, s := range servers {
		for _, f := range results[s.name] {
			pooled[s.name] = append(pooled[s.name], f.firstText...)
		}
	}
	for _, s := range servers {
		q1, q2, q3 := quartiles(pooled[s.name])
		fmt.Printf("  %-6s %-9v (%v – %v)", s.name, q2.Round(100*time.Microsecond), q1.Round(100*time.Microsecond), q3.Round(100*time.Microsecond))
		if s.name != "floor" {
			fmt.Printf("  %s/floor %.2f", s.name, float64(q2)/float64(median(pooled["floor"])))
		}
		fmt.Println()
	}
}

// median is the middle of d (the upper one of an even count).
func median(d []time.Duration) time.Duration {
	_, m, _ := quartiles(d)
	return m
}

// quartiles are the first, second and third quartile of d, by nearest rank.
func quartiles(d []time.Duration) (q1, q2, q3 time.Duration) {
	if len(d) == 0 {
		return 0, 0, 0
	}
	s := slices.Sorted(slices.Values(d))
	return s[len(s)/4], s[len(s)/2], s[len(s)*3/4]
}

func splitEnv(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

func show(label string, v float64) string {
	if label == "peak RSS" {
		return loadtest.MiB(int64(v))
	}
	return time.Duration(v).Round(time.Microsecond).String()
}

// server is one of the programs compared.
type server struct {
	name, bin string
	env       []string
	bare      bool // a bare proxy, without /healthz (loadtest.StartBareProxy)
}

// start runs s on a free port against upstream and returns once it serves.
func (s server) start(ctx context.Context, upstream string) (*loadtest.Server, error) {
	if s.bare {
		return loadtest.StartBareProxy(ctx, s.bin, upstream, s.env...)
	}
	return loadtest.StartServer(ctx, s.bin, upstream, s.env...)
}

// cpuPerRequest runs all servers at once on the fast upstream, fresh processes, and sends
// them n requests each in turn (one to each, then the next round), so that whatever else the
// machine does weighs on all of them alike; it returns each one's CPU time per request.
func cpuPerRequest(ctx context.Context, servers []server, upstream string, n int) ([]time.Duration, error) {
	procs := make([]*loadtest.Server, len(servers))
	defer func() {
		for _, p := range procs {
			if p != nil {
				p.Stop()
			}
		}
	}()
	client := loadtest.Client()
	for i, s := range servers {
		p, err := s.start(ctx, upstream)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.name, err)
		}
		procs[i] = p
		for range 10 { // warm: connections, the upstream client
			if r := loadtest.Read(ctx, client, p.URL, loadtest.Proxy); r.Err != nil {
				return nil, fmt.Errorf("%s: %w", s.name, r.Err)
			}
		}
	}
	before := make([]time.Duration, len(procs))
	for i, p := range procs {
		t, err := cpuTime(p.PID())
		if err != nil {
			return nil, err
		}
		before[i] = t
	}
	for range n {
		for i, p := range procs {
			if r := loadtest.Read(ctx, client, p.URL, loadtest.Proxy); r.Err != nil {
				return nil, fmt.Errorf("%s: %w", servers[i].name, r.Err)
			}
		}
	}
	out := make([]time.Duration, len(procs))
	for i, p := range procs {
		after, err := cpuTime(p.PID())
		if err != nil {
			return nil, err
		}
		out[i] = (after - before[i]) / time.Duration(n)
	}
	return out, nil
}

// firstTexts starts k fresh processes of each server, one of each in turn, and times each
// from just before exec to the first text line of its first answer (on the paced upstream,
// whose first chunk comes at once).
func firstTexts(ctx context.Context, servers []server, paced string, k int) ([][]time.Duration, error) {
	out := make([][]time.Duration, len(servers))
	for range k {
		for i, s := range servers {
			d, err := firstText(ctx, s, paced)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", s.name, err)
			}
			out[i] = append(out[i], d)
		}
	}
	return out, nil
}

func firstText(ctx context.Context, s server, paced string) (time.Duration, error) {
	srv, err := s.start(ctx, paced)
	if err != nil {
		return 0, err
	}
	defer srv.Stop()
	reqAt := time.Now()
	r := loadtest.Read(ctx, loadtest.Client(), srv.URL, loadtest.Proxy)
	if r.Err != nil {
		return 0, r.Err
	}
	return reqAt.Add(r.TTFB).Sub(srv.Started), nil
}

// burstOf starts a fresh server on the paced upstream, sends it one request, and opens burst
// streams at once: their wall time, and the process's memory before and after.
func burstOf(ctx context.Context, s server, paced string, burst int) (figures, error) {
	var f figures
	srv, err := s.start(ctx, paced)
	if err != nil {
		return f, err
	}
	defer srv.Stop()
	client := loadtest.Client()
	if r := loadtest.Read(ctx, client, srv.URL, loadtest.Proxy); r.Err != nil {
		return f, r.Err
	}
	if f.idle, err = loadtest.ReadMemory(srv.PID()); err != nil {
		return f, err
	}
	rep := loadtest.Run(ctx, client, srv.URL, loadtest.Proxy, burst)
	if rep.FirstErr != nil {
		return f, rep.FirstErr
	}
	f.burstWall = rep.Wall
	f.after, err = loadtest.ReadMemory(srv.PID())
	f.peakRSS = f.after.Peak
	return f, err
}

// cpuTime is the user and system CPU time of process pid so far, all its threads included
// (/proc/pid/stat, in clock ticks of 10 ms).
func cpuTime(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}
