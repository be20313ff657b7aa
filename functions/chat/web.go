package main

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"

	"github.com/chatsvc/chat/pkg/config"
)

// localMux routes the local server: the endpoint under /api/, the page's config.json, and
// the built page at /.
func localMux(cfg config.Config, demo bool, chatHandler http.Handler) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("/api/", chatHandler)
	mux.HandleFunc("GET /config.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"apiUrl":          "",
			"cooldownSeconds": int(cfg.MaxDuration.Seconds()),
			"demo":            demo,
		})
	})
	// "/" rather than "GET /": a method pattern at the root would conflict with "/api/".
	if st, err := os.Stat(filepath.Join(cfg.WebDir, "index.html")); err == nil && !st.IsDir() {
		mux.Handle("/", getOnly(http.FileServer(http.Dir(cfg.WebDir))))
	} else {
		mux.Handle("/", getOnly(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/" {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			_, _ = w.Write([]byte("The chat endpoint is POST /api/chat.\nThe web page is not built: run `make web` (or `make run`) from the repository root.\n"))
		})))
	}
	return mux
}

func getOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		h.ServeHTTP(w, r)
	})
}
