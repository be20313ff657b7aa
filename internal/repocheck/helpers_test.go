package repocheck

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/loadtest"
)

// repoRoot is the repository root: two levels above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "Makefile")); err != nil {
		t.Fatalf("no Makefile at the repository root %s: %v", root, err)
	}
	return root
}

// readFile returns a file of the repository as text.
func readFile(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(t), rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// waitHealthy waits until the server at url answers GET /healthz with 200, failing the test,
// with the server's output, when exited is closed first or limit passes.
func waitHealthy(t *testing.T, url string, exited <-chan struct{}, limit time.Duration, output fmt.Stringer) {
	t.Helper()
	if err := loadtest.WaitWhileRunning(t.Context(), url, exited, limit, loadtest.WaitHealthy); err != nil {
		select {
		case <-exited:
			t.Fatalf("the server ended before it served: %v\n%s", err, output)
		default:
			t.Fatalf("the server did not serve within %v: %v\n%s", limit, err, output)
		}
	}
}
