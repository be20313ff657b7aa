// internal/eval is an npm package (promptfoo), not Go: this file keeps its node_modules,
// which hold Go files of promptfoo's own, out of the main module's ./... (go vet, go test).
module github.com/chatsvc/chat/internal/eval

go 1.26
