package loadtest

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Build compiles the local server (./functions/chat of the module at root) into dir, with
// the build tags given ("demo" links the fakes the -demo flag answers from).
func Build(ctx context.Context, root, dir string, tags ...string) (string, error) {
	bin := filepath.Join(dir, "chat")
	args := []string{"build", "-trimpath", "-o", bin}
	if len(tags) > 0 {
		args = append(args, "-tags", strings.Join(tags, ","))
	}
	cmd := exec.CommandContext(ctx, "go", append(args, "./functions/chat")...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
}

// Server is the local server running as a process.
type Server struct {
	URL     string
	Started time.Time // just before exec
	cmd     *exec.Cmd
	exited  chan struct{} // closed when the process has ended
}

// StartServer runs the binary on a free loopback port against the upstream at baseURL and
// waits until its GET /healthz answers 200. Logging is at error level, so the log does not
// weigh on the figures.
func StartServer(ctx context.Context, bin, baseURL string, extraEnv ...string) (*Server, error) {
	return start(ctx, bin, baseURL, WaitHealthy, extraEnv)
}

// StartBareProxy is StartServer for cmd/bareproxy, which has no /healthz: it serves once it
// answers that path at all (a 400, its upstream not called).
func StartBareProxy(ctx context.Context, bin, baseURL string, extraEnv ...string) (*Server, error) {
	return start(ctx, bin, baseURL, WaitAnswering, extraEnv)
}

func start(ctx context.Context, bin, baseURL string, wait func(context.Context, string) error, extraEnv []string) (*Server, error) {
	port, err := FreePort()
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = append([]string{
		"PATH=" + os.Getenv("PATH"),
		"PORT=" + strconv.Itoa(port),
		"AIPROVIDER_BASE_URL=" + baseURL,
		"AIPROVIDER_GENERATIVE_AI_API_KEY=x",
		"LOG_LEVEL=error",
		// The benchmarks measure the proxy; and no measurement may reach the public token
		// data APIs.
		"TOKEN_FACTS=off",
	}, extraEnv...)
	stderr := &headWriter{max: 4 << 10}
	cmd.Stderr = stderr // why it did not start, if it does not
	s := &Server{cmd: cmd, URL: "http://127.0.0.1:" + strconv.Itoa(port), exited: make(chan struct{})}
	s.Started = time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	var exitErr error
	go func() {
		exitErr = cmd.Wait()
		close(s.exited)
	}()
	err = WaitWhileRunning(ctx, s.URL, s.exited, 30*time.Second, wait)
	if err == nil {
		return s, nil
	}
	select {
	case <-s.exited:
		err = fmt.Errorf("the server exited before it served (%v): %s", exitErr, bytes.TrimSpace(stderr.buf))
	default:
		s.Stop()
		err = fmt.Errorf("%w: %s", err, bytes.TrimSpace(stderr.buf))
	}
	return nil, err
}

// headWriter keeps the first max bytes written to it.
type headWriter struct {
	buf []byte
	max int
}

func (w *headWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p[:min(len(p), max(w.max-len(w.buf), 0))]...)
	return len(p), nil
}

// PID is the server's process id.
func (s *Server) PID() int { return s.cmd.Process.Pid }

// Stop ends the server.
func (s *Server) Stop() {
	_ = s.cmd.Process.Kill()
	<-s.exited
}

// Memory is a process's resident set, from /proc (Linux).
type Memory struct {
	RSS, Peak int64 // bytes: VmRSS now, VmHWM (the peak so far)
	// Anon and File split RSS: the heap, stacks and runtime (RssAnon), and the pages of
	// the binary and other mapped files (RssFile).
	Anon, File int64
}

// ReadMemory reads the resident set of process pid.
func ReadMemory(pid int) (Memory, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return Memory{}, err
	}
	defer f.Close()
	var m Memory
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, _ := strings.Cut(sc.Text(), ":")
		fields := strings.Fields(v)
		if len(fields) == 0 {
			continue
		}
		n, _ := strconv.ParseInt(fields[0], 10, 64)
		switch k {
		case "VmRSS":
			m.RSS = n << 10
		case "VmHWM":
			m.Peak = n << 10
		case "RssAnon":
			m.Anon = n << 10
		case "RssFile":
			m.File = n << 10
		}
	}
	return m, sc.Err()
}

// SampleRSS samples the resident set of pid every interval until stop is closed, and
// returns the largest value seen.
func SampleRSS(pid int, interval time.Duration, stop <-chan struct{}) <-chan int64 {
	out := make(chan int64, 1)
	go func() {
		var peak int64
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			if m, err := ReadMemory(pid); err == nil {
				peak = max(peak, m.RSS)
			}
			select {
			case <-stop:
				out <- peak
				return
			case <-t.C:
			}
		}
	}()
	return out
}

// MiB formats bytes.
func MiB(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }
