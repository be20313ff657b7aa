package repocheck

import (
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/chatsvc/chat/"

// imports lists the packages a build of pattern links, each with the packages it imports, as
// `go list -deps` reports them; env is added to the environment (GOOS, GOARCH, ...).
func imports(t *testing.T, env []string, args ...string) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \" \"}}"}, args...)...)
	cmd.Dir = repoRoot(t)
	cmd.Env = append(os.Environ(), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	deps := map[string][]string{}
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		if len(fields) > 0 {
			deps[fields[0]] = fields[1:]
		}
	}
	if len(deps) == 0 {
		t.Fatalf("go list -deps %s listed nothing", strings.Join(args, " "))
	}
	return deps
}

// lambdaBuild is the environment and tags of `make build`, the Lambda bootstrap.
var lambdaBuild = []string{"GOOS=linux", "GOARCH=arm64", "CGO_ENABLED=0"}

// TestLambdaBuildLinksNoFakes: the bootstrap carries no test fake of ours (fakeprovider,
// fakesources, teststack: -demo is the local binary's alone, demo.go), and nothing of ours
// links net/http/httptest or testing. (google.golang.org/genai itself imports both, in its
// replay client, so they stay in the list through it; nothing else may bring them.)
func TestLambdaBuildLinksNoFakes(t *testing.T) {
	deps := imports(t, lambdaBuild, "-tags", "lambda.norpc", "./functions/chat")
	if _, ok := deps[module+"functions/chat"]; !ok {
		t.Fatalf("functions/chat is not among its own deps: %v", slices.Sorted(maps.Keys(deps)))
	}
	for pkg, imps := range deps {
		if strings.HasPrefix(pkg, module) && (strings.HasSuffix(path.Base(pkg), "test") || strings.Contains(pkg, "/teststack")) {
			t.Errorf("the Lambda build links the test package %s", pkg)
		}
		for _, imp := range imps {
			if (imp == "net/http/httptest" || imp == "testing") && pkg != "google.golang.org/genai" {
				t.Errorf("the Lambda build links %s through %s", imp, pkg)
			}
		}
	}
}

// TestDefaultBuildLinksNoFakes: what go build, SAM and CDK produce without build tags links
// none of the demo's fakes (they are the -tags demo build's, make demo's); the demo build
// does.
func TestDefaultBuildLinksNoFakes(t *testing.T) {
	fakes := []string{module + "pkg/gemini/fakeprovider", module + "pkg/tokenfacts/fakesources", module + "internal/demo", module + "internal/teststack"}
	for _, build := range []struct {
		name  string
		env   []string
		flags []string
	}{
		{"go build", nil, nil},
		{"the Lambda build", lambdaBuild, []string{"-tags", "lambda.norpc"}},
	} {
		deps := imports(t, build.env, append(build.flags, "./functions/chat")...)
		for _, f := range fakes {
			if _, ok := deps[f]; ok {
				t.Errorf("%s links %s", build.name, f)
			}
		}
	}
	demo := imports(t, nil, "-tags", "demo", "./functions/chat")
	if _, ok := demo[module+"pkg/gemini/fakeprovider"]; !ok {
		t.Error("the demo build (-tags demo) does not link the fake provider: make demo has nothing to answer from")
	}
}

// TestLambdaBuildRefusesDemo: the bootstrap, run with -demo, says plainly that it has no demo.
func TestLambdaBuildRefusesDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the function")
	}
	bin := filepath.Join(t.TempDir(), "bootstrap")
	build := exec.Command("go", "build", "-tags", "lambda.norpc", "-o", bin, "./functions/chat")
	build.Dir = repoRoot(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -tags lambda.norpc: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "-demo")
	cmd.Env = []string{"PORT=0"} // no AWS_LAMBDA_RUNTIME_API: run as a person would try it
	out, err := cmd.CombinedOutput()
	if _, exited := err.(*exec.ExitError); !exited || !strings.Contains(string(out), "-demo is not in the Lambda build") {
		t.Errorf("bootstrap -demo: %v, %q; want exit 1 saying -demo is not in the Lambda build", err, out)
	}
}

// TestInfraLinksNoService: the CDK app reads the stage table and the settings' names
// (pkg/deploy/stage, pkg/deploy/settings), never the service: not the handler, the adapter, the config
// reader or the provider SDK.
func TestInfraLinksNoService(t *testing.T) {
	deps := imports(t, nil, "./infra/...")
	allowed := []string{module + "pkg/deploy/stage", module + "pkg/deploy/settings"}
	for pkg := range deps {
		own := strings.HasPrefix(pkg, module)
		switch {
		case own && !strings.HasPrefix(pkg, module+"infra") && !slices.Contains(allowed, pkg):
			t.Errorf("the CDK app links %s; of the service it may link only %v", pkg, allowed)
		case pkg == "google.golang.org/genai" || strings.HasPrefix(pkg, "google.golang.org/genai/"):
			t.Errorf("the CDK app links the provider SDK %s", pkg)
		}
	}
}
