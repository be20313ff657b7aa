package loadtest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
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
}

// StartServer runs the binary on a free loopback port against the upstream at baseURL and
// waits for its "chat: serving http://..." line. Logging is at error level, so the log does
// not weigh on the figures.
func StartServer(ctx context.Context, bin, baseURL string, extraEnv ...string) (*Server, error) {
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = append([]string{
		"PATH=" + os.Getenv("PATH"),
		"PORT=0",
		"AIPROVIDER_BASE_URL=" + baseURL,
		"AIPROVIDER_GENERATIVE_AI_API_KEY=x",
		"LOG_LEVEL=error",
		// The benchmarks measure the proxy; and no measurement may reach the public token
		// data APIs.
		"TOKEN_FACTS=off",
	}, extraEnv...)
	cmd.Stderr = io.Discard
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	s := &Server{cmd: cmd, Started: time.Now()}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	if s.URL = ServingURL(out); s.URL != "" {
		return s, nil
	}
	s.Stop()
	return nil, errors.New("the server exited before saying where it serves")
}

// ServingURL reads the server's stdout up to its "chat: serving http://..." line and returns
// that URL, then drains the rest in the background; "" when the output ends first.
func ServingURL(stdout io.Reader) string {
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if _, rest, ok := strings.Cut(sc.Text(), "chat: serving "); ok {
			go func() { _, _ = io.Copy(io.Discard, stdout) }()
			url, _, _ := strings.Cut(rest, " ")
			return url
		}
	}
	return ""
}

// PID is the server's process id.
func (s *Server) PID() int { return s.cmd.Process.Pid }

// Stop ends the server.
func (s *Server) Stop() {
	_ = s.cmd.Process.Kill()
	_ = s.cmd.Wait()
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
