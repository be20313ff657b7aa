package httpapi

// What a browser-facing server puts in front of the API and beside it: the page's files, the
// checks of CORS_ORIGINS, cross-origin posts and CloudFront's body hash.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/chatsvc/chat/pkg/deploy/settings"
)

// GuardOptions are the local server's guards in front of the API.
type GuardOptions struct {
	// Origins are the browser origins allowed to call the API (CORS_ORIGINS); "*" allows
	// any.
	Origins []string
	// Loopback says the server listens on loopback only: a browser's POST must then come
	// from a loopback origin too.
	Loopback bool
	// CheckContentSHA256 refuses a POST whose x-amz-content-sha256 header does not match its
	// body, as the deployed Function URL behind CloudFront does.
	CheckContentSHA256 bool
	// MaxBodyBytes bounds what the hash check reads.
	MaxBodyBytes int64
}

// Guard wraps the API in the guards o asks for, for Site.Guard.
func Guard(o GuardOptions) func(http.Handler) http.Handler {
	return func(api http.Handler) http.Handler {
		if o.CheckContentSHA256 {
			api = requireContentSHA256(api, o.MaxBodyBytes)
		}
		api = refuseCrossOrigin(api, o.Origins, o.Loopback)
		if len(o.Origins) > 0 {
			api = allowOrigins(api, o.Origins)
		}
		return api
	}
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

// ContentSHA256Header is the header CloudFront's origin access control requires of a POST to a
// Lambda Function URL: the lowercase hex SHA-256 of the exact body bytes.
const ContentSHA256Header = "X-Amz-Content-Sha256"

// requireContentSHA256 refuses a POST whose ContentSHA256Header is missing or does not match
// its body, with 403 as the deployed function's URL does (the signature CloudFront computed
// then does not match); the local server does this with CHECK_CONTENT_SHA256=true, so that
// the page's signing is tested. Bodies over maxBody are passed on unread beyond it, for the
// handler's own 400.
func requireContentSHA256(next http.Handler, maxBody int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
		if err != nil {
			WriteError(w, r, Invalid("", "reading the body failed"))
			return
		}
		sum := sha256.Sum256(body)
		got := strings.TrimSpace(r.Header.Get(ContentSHA256Header))
		if got != hex.EncodeToString(sum[:]) {
			details := "the x-amz-content-sha256 header must be the lowercase hex SHA-256 of the request body"
			if got == "" {
				details = "missing x-amz-content-sha256 header: it must be the lowercase hex SHA-256 of the request body"
			}
			forbidden(w, r, "content_sha256_mismatch", details)
			return
		}
		r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), r.Body))
		next.ServeHTTP(w, r)
	})
}

// allowOrigins lets browsers on the listed origins call the API (a front end's dev server on
// another port): it answers their preflight requests and marks the responses for them. Other
// origins get no CORS headers, so their browsers keep the answers from them. "*" allows any
// origin, which also lets any web page the developer visits spend the key.
func allowOrigins(next http.Handler, origins []string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		allowed := origin != "" && (slices.Contains(origins, "*") || slices.Contains(origins, origin))
		h := w.Header()
		h.Add("Vary", "Origin")
		if !allowed {
			next.ServeHTTP(w, r)
			return
		}
		h.Set("Access-Control-Allow-Origin", origin)
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			methods := "POST" // /api/chat
			if settings.IsOpenAIPath(r.URL.Path) {
				methods = "GET, POST" // /v1/models and /v1/chat/completions
			}
			h.Set("Access-Control-Allow-Methods", methods)
			// The chat clients send their own headers (the openai SDK's x-stainless-*): take
			// what the browser asks for.
			if req := r.Header.Get("Access-Control-Request-Headers"); req != "" {
				h.Set("Access-Control-Allow-Headers", req)
			}
			h.Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		h.Set("Access-Control-Expose-Headers", "X-Request-Id, Retry-After, X-Should-Retry, X-Vercel-Ai-Ui-Message-Stream")
		next.ServeHTTP(w, r)
	})
}

// refuseCrossOrigin refuses a POST that a browser sends from another site (net/http's
// CrossOriginProtection: Sec-Fetch-Site, else Origin against Host): without it any web page
// the developer visits could post a "simple" request (text/plain, no preflight) to the local
// server and spend the key, even though CORS keeps the answer from the page. On a loopback
// listener a browser's POST must also come from a loopback origin (localhost, 127.0.0.1,
// [::1]): a page whose own name an attacker points at 127.0.0.1 (DNS rebinding) is
// "same-origin" to the browser, but its Origin names the attacker's host. Clients that are
// not browsers send neither header and pass; the origins in CORS_ORIGINS pass; "*" turns both
// checks off. The refusal is a 403 in the path's error body.
func refuseCrossOrigin(next http.Handler, origins []string, loopback bool) http.Handler {
	if slices.Contains(origins, "*") {
		return next
	}
	p := http.NewCrossOriginProtection()
	for _, o := range origins {
		_ = p.AddTrustedOrigin(o) // config.Load accepted only scheme://host[:port]
	}
	p.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		forbidden(w, r, "cross_origin_refused", "cross-origin request refused: a browser page on another origin may not call this server; "+
			"list its origin in CORS_ORIGINS to allow it")
	}))
	protected := p.Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		safe := r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions // as CrossOriginProtection
		origin := r.Header.Get("Origin")
		if loopback && !safe && origin != "" && !slices.Contains(origins, origin) && !loopbackOrigin(origin) {
			forbidden(w, r, "cross_origin_refused", "request refused: this server listens on loopback and takes browser requests only from pages on localhost; "+
				"list the page's origin in CORS_ORIGINS to allow it")
			return
		}
		protected.ServeHTTP(w, r)
	})
}

// forbidden refuses a request with 403, rendered as the chat handler renders its own errors:
// OpenAI's error body (with code) under /v1, else the endpoint's {"error","details"}.
func forbidden(w http.ResponseWriter, r *http.Request, code Code, details string) {
	WriteError(w, r, Forbidden(code, details))
}

// loopbackOrigin reports whether an Origin header names this machine by a loopback name.
func loopbackOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil {
		return false
	}
	return settings.LoopbackHost(u.Hostname())
}
