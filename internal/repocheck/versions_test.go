package repocheck

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// docFiles are the Markdown files a person reads for set-up and deployment.
func docFiles(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(repoRoot(t), "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"README.md", "web/README.md"}
	for _, d := range docs {
		files = append(files, filepath.Join("docs", filepath.Base(d)))
	}
	return files
}

// TestOneNodeVersion: the docs state one Node requirement, "Node N or later" with the N of
// web/package.json's engines (">=N"), and no "Node N" / "Node.js N" in them names an older
// release (a newer one may be named: which releases the CDK CLI supports, say).
func TestOneNodeVersion(t *testing.T) {
	var pkg struct {
		Engines struct{ Node string } `json:"engines"`
	}
	if err := json.Unmarshal([]byte(readFile(t, "web/package.json")), &pkg); err != nil {
		t.Fatal(err)
	}
	minimum, ok := strings.CutPrefix(pkg.Engines.Node, ">=")
	want, err := strconv.Atoi(minimum)
	if !ok || err != nil {
		t.Fatalf("web/package.json engines.node = %q, want >=N", pkg.Engines.Node)
	}
	node := regexp.MustCompile(`\bNode(?:\.js)?\s+v?(\d+)(\s+or\s+later)?`)
	stated := map[string]int{}
	for _, f := range docFiles(t) {
		for _, m := range node.FindAllStringSubmatch(readFile(t, f), -1) {
			n, _ := strconv.Atoi(m[1])
			if n < want {
				t.Errorf("%s says %q; web/package.json requires Node >=%d", f, m[0], want)
			}
			if m[2] != "" {
				stated[f]++
				if n != want {
					t.Errorf("%s says %q; web/package.json requires Node >=%d", f, m[0], want)
				}
			}
		}
	}
	for _, f := range []string{"README.md", "docs/DEPLOY.md"} {
		if stated[f] == 0 {
			t.Errorf("%s does not state the Node requirement (\"Node %d or later\")", f, want)
		}
	}
}

// TestCDKCLIPinned: the Makefile runs one exact version of the CDK CLI, and every
// `aws-cdk@...` in the repository's files names that same version.
func TestCDKCLIPinned(t *testing.T) {
	exact := regexp.MustCompile(`(?m)^CDK \?= npx --yes aws-cdk@(\d+\.\d+\.\d+)\s*$`)
	m := exact.FindStringSubmatch(readFile(t, "Makefile"))
	if m == nil {
		t.Fatal("Makefile: want `CDK ?= npx --yes aws-cdk@X.Y.Z`, an exact version")
	}
	want := m[1]
	cmd := exec.Command("git", "ls-files", "*.md", "*.go", "*.mjs", "*.js", "*.yaml", "*.toml", "Makefile", ".ci/run")
	cmd.Dir = repoRoot(t)
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("git ls-files: %v", err)
	}
	mention := regexp.MustCompile(`aws-cdk@([^\s` + "`" + `"')]*)`)
	for _, f := range strings.Fields(string(out)) {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		for _, m := range mention.FindAllStringSubmatch(readFile(t, f), -1) {
			if m[1] != want {
				t.Errorf("%s: %q, want aws-cdk@%s as the Makefile pins it", f, m[0], want)
			}
		}
	}
}
