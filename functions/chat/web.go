package main

import (
	"encoding/json"
	"net/http"
	"path"
	"strings"

	"github.com/chatsvc/chat/pkg/config"
)

// localMux routes the local server: the endpoint under /api/, the page's config.json, and
// the built page's files. Every other request goes to the chat handler too, so that a wrong
// path or method gets the same JSON error body as under /api/. It is a plain switch rather
// than an http.ServeMux, whose redirects (/api to /api/, //api/chat to /api/chat) would answer
// some wrong paths with a bodiless 307 instead of the JSON 404.
func localMux(cfg config.Config, demo bool, chatHandler http.Handler) http.Handler {
	page := pageFiles(http.Dir(cfg.WebDir), chatHandler)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch p := r.URL.Path; {
		case p == "/api" || strings.HasPrefix(p, "/api/"):
			chatHandler.ServeHTTP(w, r)
		case p == "/config.json" && (r.Method == http.MethodGet || r.Method == http.MethodHead):
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Cache-Control", "no-store")
			_ = json.NewEncoder(w).Encode(map[string]any{
				"apiUrl":          "",
				"cooldownSeconds": int(cfg.MaxDuration.Seconds()),
				"demo":            demo,
			})
		default:
			page.ServeHTTP(w, r)
		}
	})
}

// pageFiles serves GET and HEAD for files that exist in dir (/ is index.html); anything else
// falls through to next. Without a built page, / says how to build it.
func pageFiles(dir http.Dir, next http.Handler) http.Handler {
	files := http.FileServer(dir)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		name := path.Clean(r.URL.Path)
		if name == "/" {
			name = "/index.html"
		}
		f, err := dir.Open(name)
		if err == nil {
			st, serr := f.Stat()
			f.Close()
			if serr == nil && !st.IsDir() {
				files.ServeHTTP(w, r)
				return
			}
		}
		if r.URL.Path == "/" {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			_, _ = w.Write([]byte("The chat endpoint is POST /api/chat.\nThe web page is not built: run `make web` (or `make run`) from the repository root.\n"))
			return
		}
		next.ServeHTTP(w, r)
	})
}
