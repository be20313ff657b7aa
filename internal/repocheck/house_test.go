package repocheck

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// serviceFiles are the non-test Go files of pkg/ and functions/: what the function links.
func serviceFiles(t *testing.T) []string {
	t.Helper()
	root := repoRoot(t)
	var out []string
	for _, dir := range []string{"pkg", "functions"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
				out = append(out, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(out) < 50 {
		t.Fatalf("found only %d service files: the walk is wrong", len(out))
	}
	return out
}

// pkg/ says the architecture: at most nine folders at its top, each named in the README's
// map of the code.
func TestPkgHasFewFoldersAndTheReadmeMapsThem(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join(repoRoot(t), "pkg"))
	if err != nil {
		t.Fatal(err)
	}
	readme := readFile(t, "README.md")
	_, layout, _ := strings.Cut(readme, "## How the code is laid out")
	var dirs int
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dirs++
		if !strings.Contains(layout, "pkg/"+e.Name()+"/") {
			t.Errorf("README's \"How the code is laid out\" does not name pkg/%s/", e.Name())
		}
	}
	if dirs > 9 {
		t.Errorf("pkg/ has %d folders at its top, want at most 9", dirs)
	}
}

// No service file imports a test package (a package named ...test, net/http/httptest,
// testing): the fakes the demo runs are ordinary packages.
func TestNoTestPackageInTheService(t *testing.T) {
	fset := token.NewFileSet()
	for _, p := range serviceFiles(t) {
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path == "net/http/httptest" || path == "testing" || strings.HasSuffix(path, "test") {
				rel, _ := filepath.Rel(repoRoot(t), p)
				t.Errorf("%s imports %s", rel, path)
			}
		}
	}
}

// Files read top-down: no service file over 450 lines.
func TestNoServiceFileOver450Lines(t *testing.T) {
	for _, p := range serviceFiles(t) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(b), "\n"); n > 450 {
			rel, _ := filepath.Rel(repoRoot(t), p)
			t.Errorf("%s has %d lines, want at most 450", rel, n)
		}
	}
}

// The README's first example asks the demo about a token its token data knows, so that a
// newcomer's first curl answers with facts.
func TestReadmeFirstExampleIsADemoToken(t *testing.T) {
	readme := readFile(t, "README.md")
	_, rest, ok := strings.Cut(readme, "[Contract Address: ")
	addr, _, _ := strings.Cut(rest, "]")
	if !ok {
		t.Fatal("the README has no contract-address example")
	}
	known := []string{fakesources.EVMMultiChain, fakesources.EVMHoneypot, fakesources.EVMRugged, fakesources.SolanaPumpFun}
	if !slices.Contains(known, addr) {
		t.Errorf("the README's first example asks about %s, which the demo's token data does not know (%v)", addr, known)
	}
}
