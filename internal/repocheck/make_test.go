package repocheck

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestMakeHelpListsEveryTarget: `make help`, and a bare `make`, print one line for every
// target of the Makefile's .PHONY list, with a description.
func TestMakeHelpListsEveryTarget(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	phony := regexp.MustCompile(`(?m)^\.PHONY:(.*)$`).FindStringSubmatch(readFile(t, "Makefile"))
	if phony == nil {
		t.Fatal("the Makefile has no .PHONY line")
	}
	targets := strings.Fields(phony[1])
	for _, args := range [][]string{{"help"}, {}} {
		cmd := exec.Command("make", append([]string{"--no-print-directory"}, args...)...)
		cmd.Dir = repoRoot(t)
		cmd.Env = append(os.Environ(), "MAKEFLAGS=")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("make %v: %v\n%s", args, err, out)
		}
		for _, target := range targets {
			if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(target) + `\s+\S`).Match(out) {
				t.Errorf("make %v lists no %q with a description:\n%s", args, target, out)
			}
		}
	}
}
