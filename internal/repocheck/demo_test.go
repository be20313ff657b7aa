package repocheck

import (
	"bytes"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/loadtest"
)

// TestMakeDemoCtrlC runs `make demo` as a terminal would (its own process group) and sends
// the group SIGINT, as Ctrl-C does: the server stops gracefully and exits 0, so make must end
// without an error (with `go run`, go run reported the signal and make printed "Error 1"). The page build (`web`) is not remade here (-o web): it is not what
// this is about, and rebuilding web/dist would pull the page out from under other tests.
func TestMakeDemoCtrlC(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is not installed")
	}
	port, err := loadtest.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("make", "--no-print-directory", "-o", "web", "demo")
	cmd.Dir = repoRoot(t)
	cmd.Env = append(os.Environ(), "PORT="+strconv.Itoa(port), "LOG_LEVEL=warn", "MAKEFLAGS=")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pgid := cmd.Process.Pid
	defer syscall.Kill(-pgid, syscall.SIGKILL) // whatever happens, nothing outlives the test
	done := make(chan error, 1)
	exited := make(chan struct{})
	go func() { done <- cmd.Wait(); close(exited) }()

	// make demo builds the server first: it serves once GET /healthz answers 200.
	url := "http://127.0.0.1:" + strconv.Itoa(port)
	waitHealthy(t, url, exited, 3*time.Minute, &out)
	res, err := http.Get(url + "/config.json")
	if err != nil {
		t.Fatalf("GET %s/config.json: %v", url, err)
	}
	res.Body.Close()

	if err := syscall.Kill(-pgid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("make demo still running 30 s after SIGINT:\n%s", out.String())
	}
	// GNU make, itself sent SIGINT by Ctrl-C, waits for its job and then re-raises the signal
	// against itself (fatal_error_signal), so a shell sees status 130 with no message. That is
	// the clean end; a job that failed or died would make it print "*** ... Error N" or
	// "Interrupt" and exit 2.
	if err != nil && !killedBy(err, syscall.SIGINT) {
		t.Errorf("make demo after Ctrl-C: %v, want exit status 0 (or make's own re-raised SIGINT)", err)
	}
	if s := out.String(); strings.Contains(s, "Error") || strings.Contains(s, "***") {
		t.Errorf("make demo after Ctrl-C printed an error:\n%s", s)
	}
}

// killedBy reports whether err is a process's end by signal sig.
func killedBy(err error, sig syscall.Signal) bool {
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		return false
	}
	ws, ok := exit.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == sig
}

// syncBuffer is a bytes.Buffer that two goroutines (stdout and stderr) may write to.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
