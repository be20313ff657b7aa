// Package gemini is the adapter to the model provider; it is the only package that imports
// google.golang.org/genai. It turns a chat.Conversation into a provider request and the
// provider's stream into chat events.
package gemini

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"google.golang.org/genai"

	"github.com/chatsvc/chat/pkg/chat"
)

// DefaultBaseURL is the provider's public endpoint.
const DefaultBaseURL = "https://generativelanguage.googleapis.com/"

// Config configures a Client.
type Config struct {
	Model Model
	// Temperature is sent to the models that honour it (not 3.5 flash-lite, 3.6 and later);
	// TemperatureSet says the operator chose it (TEMPERATURE), so that a model that ignores
	// it is named in the log.
	Temperature    float32
	TemperatureSet bool
	// Prices are the token and search prices cost_usd is estimated from; nil means
	// DefaultPrices.
	Prices *PriceTable
	// MaxTokens is the answer's length: thinking may spend its allowance on top, and the
	// answer is cut at MaxTokens by the provider's running count.
	MaxTokens  int32
	Thinking   Thinking
	WebSearch  bool
	URLContext bool
	// BaseURL overrides the provider endpoint (tests, proxies); empty means DefaultBaseURL.
	BaseURL string
	// HTTPClient carries the requests; nil means a client without an overall timeout (the
	// request context bounds each call).
	HTTPClient *http.Client
	// Unavailable is how long a model the provider answered 404 for (or one that refused
	// the thinking setting) is remembered before it is tried again; zero means an hour.
	Unavailable time.Duration
	Logger      *slog.Logger
	// Shared is memory shared with the service's other instances (package state): a quota
	// bucket one instance found spent is not called by the others until it reopens. Nil:
	// this process's memory only.
	Shared Shared
	// Now is the clock of the quota memory (a daily bucket reopens at midnight Pacific);
	// nil means time.Now.
	Now func() time.Time
}

// DefaultUnavailable is how long a refused model is skipped: long enough that requests do
// not each pay for a failed call, short enough that a model that comes back is used again.
const DefaultUnavailable = time.Hour

// Client streams answers from the provider. It is safe for concurrent use.
type Client struct {
	cfg Config

	mu        sync.Mutex
	clientKey string
	// generate is the SDK client's model service, the only part of it used. Only it is
	// kept: a *genai.Client in this struct, which the handler holds as an interface, would
	// make the linker keep every exported method of every service the SDK has (its
	// Interactions, Files, Caches...), about 0.8 MB of code, for text/template's sake.
	generate *genai.Models
	account  *account // what the provider said of clientKey's account
}

var _ chat.Model = (*Client)(nil)

// New returns a Client.
func New(cfg Config) *Client {
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	if !strings.HasSuffix(cfg.BaseURL, "/") {
		cfg.BaseURL += "/"
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
	}
	hc := *cfg.HTTPClient
	if hc.Transport == nil {
		hc.Transport = http.DefaultTransport
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if len(cfg.Model.Candidates) == 0 {
		if cfg.Model.ID == "" {
			cfg.Model, _ = ResolveModel("")
		} else {
			cfg.Model.Candidates = []string{cfg.Model.ID}
		}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Unavailable <= 0 {
		cfg.Unavailable = DefaultUnavailable
	}
	if cfg.Prices == nil {
		cfg.Prices = DefaultPrices()
	}
	hc.Transport = eventLimit{hc.Transport, cfg.Logger}
	cfg.HTTPClient = &hc
	return &Client{cfg: cfg}
}

// session returns a provider client and the account's memory for key, reusing them while
// the key is the same. A rotated key gets a new client and a fresh memory: another account
// may have other models and its own quotas.
func (c *Client) session(ctx context.Context, key string) (*genai.Models, *account, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.generate != nil && c.clientKey == key {
		return c.generate, c.account, nil
	}
	// Every field set explicitly: otherwise the SDK reads GOOGLE_API_KEY, GEMINI_API_KEY,
	// GOOGLE_GENAI_USE_VERTEXAI and GOOGLE_GEMINI_BASE_URL from the environment itself.
	gc, err := genai.NewClient(ctx, &genai.ClientConfig{
		APIKey:      key,
		Backend:     genai.BackendGeminiAPI,
		HTTPClient:  c.cfg.HTTPClient,
		HTTPOptions: genai.HTTPOptions{BaseURL: c.cfg.BaseURL, APIVersion: "v1beta"},
	})
	if err != nil {
		return nil, nil, err
	}
	c.generate, c.clientKey = gc.Models, key
	c.account = newAccount(c.cfg.Unavailable, c.cfg.Now)
	c.account.shared = c.cfg.Shared
	return c.generate, c.account, nil
}

// GenerateConfig is the provider request configuration for the given provider model, with
// nothing request-specific. The system prompt is not in its SystemInstruction: withSystem
// puts it into the request body, through the config's HTTPOptions.
func (c *Client) GenerateConfig(modelID string) *genai.GenerateContentConfig {
	r := request{Client: c, maxTokens: c.cfg.MaxTokens, urlTool: c.cfg.URLContext}
	return r.config(call{model: modelID, served: modelID, urlTool: r.urlTool})
}

// call is one provider call of a request: the model, and what its request carries.
type call struct {
	model    string
	served   string       // the model known to serve it (model itself until an answer says)
	thinking thinkingMode // how thinking is set (what a refusal taught, else by shape)
	urlTool  bool         // the URL tool is offered (a refusal of the request's URLs goes without)
}

// config shapes the request of one call for the model that serves it (the table in
// models.go; a routed ID takes its target's shape once an answer named it): its tools, its
// kind of thinking setting (never both kinds, never a value it refuses), the temperature
// only where it is honoured, and an output limit of the answer's MaxTokens plus what
// thinking may spend.
func (r *request) config(k call) *genai.GenerateContentConfig {
	cfg := &genai.GenerateContentConfig{
		// On by default in the SDK: it silently re-sends (and re-bills) the request.
		AutomaticContinuation: genai.Ptr(false),
		HTTPOptions:           &genai.HTTPOptions{ExtrasRequestProvider: withSystem(r.system)},
	}
	if !ignoresSampling(k.served) {
		cfg.Temperature = genai.Ptr(r.cfg.Temperature)
	}
	if shapeFor(k.served).tools {
		if r.cfg.WebSearch {
			cfg.Tools = append(cfg.Tools, &genai.Tool{GoogleSearch: &genai.GoogleSearch{}})
		}
		if k.urlTool {
			cfg.Tools = append(cfg.Tools, &genai.Tool{URLContext: &genai.URLContext{}})
		}
	}
	shaped := k.served
	if k.thinking == thinkingLevel && shapeFor(shaped).budgets != nil {
		shaped = "" // the last row: a level
	}
	tc, extra := thinkingConfig(shaped, r.cfg.Thinking)
	if k.thinking == thinkingNone {
		// Without a setting (the model refused it) the model thinks as it likes: give it
		// the largest allowance, so that its thinking cannot eat the answer.
		_, extra = thinkingConfig(shaped, ThinkingHigh)
		tc = nil
	}
	cfg.MaxOutputTokens = min(maxOutputTokens, r.maxTokens+extra)
	cfg.ThinkingConfig = tc
	return cfg
}

// withSystem puts the system instruction into the request body as the SDK is about to
// encode it, with the same bytes on the wire as GenerateContentConfig.SystemInstruction. Set
// there instead, the prompt (about 5 KB) would go through the SDK's JSON round trip of the
// whole request on every call and stay decoded in its parameter map for the whole stream:
// the largest cost of a request beyond a bare proxy (docs/BENCHMARKS.md, proxybench).
func withSystem(text string) genai.ExtrasRequestProvider {
	return func(body map[string]any) map[string]any {
		body["systemInstruction"] = wireSystem{Parts: []textPart{{Text: text}}, Role: genai.RoleUser}
		return body
	}
}

// wireSystem is the wire form of a Content of text parts. The SDK gives a system
// instruction the role "user" (GenerateContentConfig.setDefaults); so does this.
type wireSystem struct {
	Parts []textPart `json:"parts"`
	Role  string     `json:"role"`
}

type textPart struct {
	Text string `json:"text"`
}

// Contents converts a conversation to provider contents: assistant becomes "model". A
// message carries only its text: the server-made context of a contract address goes into
// the system instruction (SystemInstruction), where no caller text can imitate it.
func Contents(conv chat.Conversation) []*genai.Content {
	out := make([]*genai.Content, 0, len(conv.Messages))
	for _, m := range conv.Messages {
		role := genai.RoleUser
		if m.Role == chat.RoleAssistant {
			role = genai.RoleModel
		}
		out = append(out, &genai.Content{Role: role, Parts: []*genai.Part{{Text: m.Content}}})
	}
	return out
}
