package repocheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// The domain (pkg/chat and its packages) depends on no adapter: nothing of the token-data
// APIs (pkg/tokenfacts), the model provider (pkg/gemini), the deployment (pkg/deploy), the
// HTTP adapter (pkg/httpapi), and not net/http; the model adapter depends on no token-data
// package.
func TestTheDomainImportsNoAdapter(t *testing.T) {
	for _, tt := range []struct {
		pkg       string
		forbidden []string
	}{
		{"./pkg/chat", []string{module + "pkg/tokenfacts", module + "pkg/gemini", module + "pkg/deploy", module + "pkg/httpapi", "net/http"}},
		{"./pkg/gemini", []string{module + "pkg/tokenfacts", module + "pkg/httpapi"}},
	} {
		for dep := range imports(t, nil, tt.pkg) {
			for _, f := range tt.forbidden {
				if dep == f || strings.HasPrefix(dep, f+"/") {
					t.Errorf("%s depends on %s", tt.pkg, dep)
				}
			}
		}
	}
}

// main is the only function that touches the process: nothing below it names os.Getenv,
// os.Setenv, os.LookupEnv, os.Environ or os.Exit; run gets what it needs and returns.
func TestOnlyMainTouchesTheProcess(t *testing.T) {
	forbidden := map[string]bool{"Getenv": true, "Setenv": true, "LookupEnv": true, "Environ": true, "Exit": true, "Unsetenv": true}
	fset := token.NewFileSet()
	for _, p := range serviceFiles(t) {
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(repoRoot(t), p)
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Name.Name == "main" && fn.Recv == nil && f.Name.Name == "main" {
				continue
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "os" && forbidden[sel.Sel.Name] {
					t.Errorf("%s:%d: os.%s below main", rel, fset.Position(sel.Pos()).Line, sel.Sel.Name)
				}
				return true
			})
		}
	}
}
