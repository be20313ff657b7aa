package httpapi

// Every route of the service, in one place: the local server and the Lambda function serve
// the same Routes (Lambda without a Site: CloudFront serves the page from S3).

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/wire/openai"
)

// The paths.
const (
	// Path is where the endpoint lives: POST /api/chat.
	Path = "/api/chat"
	// HealthPath answers 200 while the process serves, without calling any upstream.
	HealthPath = "/healthz"
)

// Site is what the local server adds to the API: the built page and its config.json, and the
// guards a browser-facing server puts in front of the API.
type Site struct {
	// Dir holds the built page (web/dist).
	Dir http.Dir
	// Page is the page's config.json.
	Page settings.Page
	// Guard wraps the API's routes (CORS, cross-origin refusal, the body's hash); nil
	// for none.
	Guard func(http.Handler) http.Handler
}

// Routes is the service's HTTP handler:
//
//	GET  /healthz                  200 {"status":"ok"}, calling nothing upstream
//	POST /api/chat                 the answer (the spec's data stream, or the AI SDK's UI messages)
//	GET  /api/chat/{id}/stream     the AI SDK's resume: 204, no stream kept
//	GET  /v1/models, /v1/models/{id}  the one model of the OpenAI-compatible API
//	POST /v1/chat/completions      the answer in Chat Completions
//	GET  /config.json              the page's settings (with a Site)
//	GET  /, /{file}                the built page's files (with a Site)
//
// Anything else gets the JSON 404 (or 405) of its path's protocol. It is a plain switch
// rather than an http.ServeMux, whose redirects (/api to /api/, //api/chat to /api/chat)
// would answer some wrong paths with a bodiless 307.
func Routes(h *Handler, site *Site) http.Handler {
	api := http.Handler(h)
	var page http.Handler = h
	if site != nil {
		if site.Guard != nil {
			api = site.Guard(h)
		}
		page = pageFiles(site.Dir, h)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch p := r.URL.Path; {
		case p == HealthPath:
			health(w, r)
		case p == "/api" || strings.HasPrefix(p, "/api/") || settings.IsOpenAIPath(p):
			api.ServeHTTP(w, r)
		case site != nil && p == "/"+settings.PageFile && (r.Method == http.MethodGet || r.Method == http.MethodHead):
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Cache-Control", "no-store")
			_ = json.NewEncoder(w).Encode(site.Page)
		default:
			page.ServeHTTP(w, r)
		}
	})
}

// route serves a request that reached the Handler by its path: the API's routes.
func (h *Handler) route(x *exchange) error {
	switch p, m := x.r.URL.Path, x.r.Method; {
	case p == Path:
		return h.converse(x)
	case isResumePath(p) && (m == http.MethodGet || m == http.MethodHead):
		// The AI SDK's useChat with resume asks for a chat's stream still in flight. This
		// service keeps none (an answer lives and dies with its request): 204 is the
		// protocol's "no active stream", which the SDK takes quietly.
		x.speak(uiProtocol{})
		x.w.WriteHeader(http.StatusNoContent)
		return nil
	case settings.IsOpenAIPath(p):
		x.speak(openAIProtocol{})
		switch sub := strings.TrimPrefix(p, openAIPrefix); {
		case sub == "/models" || strings.HasPrefix(sub, "/models/"):
			return models(x, sub)
		case sub == "/chat/completions":
			return h.converse(x)
		}
		return NotFound(fmt.Sprintf("Invalid URL (%s %s): the endpoints are GET %s/models and POST %s/chat/completions",
			clip(m, 16), clip(p, 128), openAIPrefix, openAIPrefix))
	}
	return NotFound("no endpoint at this path; the chat endpoint is POST " + Path)
}

// converse answers a POST of a conversation in the protocol of its path and body.
func (h *Handler) converse(x *exchange) error {
	body, err := h.readPost(x)
	if err != nil {
		return err
	}
	p := protocolFor(x.r.URL.Path, body)
	x.speak(p)
	conv, enc, err := p.decode(body, h.limits)
	if err != nil {
		return err
	}
	x.enc = enc
	return h.answer(x, conv)
}

// isResumePath reports whether p is the AI SDK's resume path, Path + "/{chatId}/stream".
func isResumePath(p string) bool {
	id, ok := strings.CutPrefix(p, Path+"/")
	if !ok {
		return false
	}
	id, ok = strings.CutSuffix(id, "/stream")
	return ok && id != "" && !strings.Contains(id, "/")
}

// health answers GET and HEAD /healthz: the process serves. It calls nothing upstream (no
// model, no token data, no SSM), so a load balancer or a test may ask it as often as it likes.
func health(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeSpecError(w, MethodNotAllowed(fmt.Sprintf("%s is not supported on %s; use GET", clip(r.Method, 16), HealthPath)))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte(`{"status":"ok"}` + "\n"))
}

// The OpenAI-compatible API: GET /v1/models lists the service as one model, and
// POST /v1/chat/completions answers in Chat Completions, streamed or whole, through the same
// validation, model and limits as /api/chat.
const (
	// ModelID is the one model the OpenAI-compatible API lists and takes.
	ModelID = "crypto-analyst"
	// modelOwner is the list's owned_by: the service, never the provider behind it.
	modelOwner = "chatsvc"
)

// modelCreated is the model's creation time in the list: when the service first answered.
var modelCreated = time.Date(2025, time.June, 1, 0, 0, 0, 0, time.UTC)

// models answers GET /v1/models, the list of the one model, and /v1/models/{id}.
func models(x *exchange, p string) error {
	if r := x.r; r.Method != http.MethodGet && r.Method != http.MethodHead {
		x.w.Header().Set("Allow", "GET, HEAD")
		return MethodNotAllowed(fmt.Sprintf("%s is not supported on %s; use GET", clip(r.Method, 16), openAIPrefix+"/models"))
	}
	model := openai.NewModel(ModelID, modelCreated, modelOwner)
	if p == "/models" {
		openai.WriteJSON(x.w, openai.ModelList{Object: "list", Data: []openai.Model{model}})
		return nil
	}
	if id := strings.TrimPrefix(p, "/models/"); id != ModelID {
		return modelNotFound(id)
	}
	openai.WriteJSON(x.w, model)
	return nil
}

func modelNotFound(id string) *Error {
	d := fmt.Sprintf("The model `%s` does not exist; this service has one model, `%s`.", clip(id, 128), ModelID)
	return &Error{Code: CodeModelNotFound, Status: http.StatusNotFound, Message: "Model not found", Details: d, Param: "model", InStream: d}
}
