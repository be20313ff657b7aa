// Package settings is what the chat function and its deployment must agree on, written once:
// the names of the function's settings (its environment variables) and the values they may
// take, the shape of the page's config.json, and the path of the OpenAI-compatible API.
//
// It imports only the standard library, so that the CDK app (infra/) and the stage table
// (pkg/deploy/stage) can use it without linking the service: pkg/config reads the settings by these
// names, and pkg/gemini's tests check that the model and thinking names here are the ones it
// resolves.
package settings

import (
	"net"
	"strings"
	"time"
)

// The environment variables the function reads. APIKeyVar is the name the specification
// requires.
const (
	APIKeyVar          = "AIPROVIDER_GENERATIVE_AI_API_KEY"
	APIKeyParameterVar = "AIPROVIDER_GENERATIVE_AI_API_KEY_PARAMETER"
	APIKeyTTLVar       = "API_KEY_TTL_SECONDS"
	BaseURLVar         = "AIPROVIDER_BASE_URL"
	ModelVar           = "MODEL"
	ModelFallbacksVar  = "MODEL_FALLBACKS"
	ThinkingVar        = "THINKING"
	TemperatureVar     = "TEMPERATURE"
	ModelPricesVar     = "MODEL_PRICES"
	MaxTokensVar       = "MAX_TOKENS"
	MaxDurationVar     = "MAX_DURATION_SECONDS"
	WebSearchVar       = "TOOL_WEB_SEARCH"
	URLContextVar      = "TOOL_URL_CONTEXT"
	MaxBodyBytesVar    = "MAX_BODY_BYTES"
	MaxMessagesVar     = "MAX_MESSAGES"
	MaxContentVar      = "MAX_MESSAGE_CHARS"
	PortVar            = "PORT"
	HostVar            = "HOST"
	CORSOriginsVar     = "CORS_ORIGINS"
	WebDirVar          = "WEB_DIR"
	LogLevelVar        = "LOG_LEVEL"
	CheckSHA256Var     = "CHECK_CONTENT_SHA256"

	TokenFactsVar       = "TOKEN_FACTS"
	TokenFactsBudgetVar = "TOKEN_FACTS_BUDGET"
	GoPlusAppKeyVar     = "GOPLUS_APP_KEY"
	GoPlusAppSecretVar  = "GOPLUS_APP_SECRET"

	// StateTableVar names the DynamoDB table the instances share their state in (unset:
	// process memory); DailyBudgetVar caps the UTC day's estimated spend in US dollars
	// (unset or 0: no cap).
	StateTableVar  = "STATE_TABLE"
	DailyBudgetVar = "DAILY_BUDGET_USD"
)

// The shared-state table's shape, which pkg/state reads and writes and the CDK stack and
// template.yaml create: partition key StateKey (a string), TTL attribute StateExpires (epoch
// seconds), and the only item actions the function uses on it, StateActions.
const (
	StateKey     = "pk"
	StateExpires = "expires_at"
)

// StateActions are the IAM actions the function is granted on the state table: the three
// calls pkg/state makes.
func StateActions() []string {
	return []string{"dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem"}
}

// TokenSource is one token-data API's settings: ID is tokenfacts' id for it, BaseURLVar
// points it elsewhere (a mirror, a fake), EnabledVar turns it "off".
type TokenSource struct {
	ID, BaseURLVar, EnabledVar string
}

// TokenSources lists the token-data APIs' settings, one line each: the one place a new
// source's settings are added. pkg/config reads them; tokenfacts' tests check that they are
// the APIs its sources call.
var TokenSources = []TokenSource{
	{"dexscreener", "DEXSCREENER_BASE_URL", "TOKEN_FACTS_DEXSCREENER"},
	{"goplus", "GOPLUS_BASE_URL", "TOKEN_FACTS_GOPLUS"},
	{"honeypot", "HONEYPOT_BASE_URL", "TOKEN_FACTS_HONEYPOT"},
	{"rugcheck", "RUGCHECK_BASE_URL", "TOKEN_FACTS_RUGCHECK"},
	{"geckoterminal", "GECKOTERMINAL_BASE_URL", "TOKEN_FACTS_GECKOTERMINAL"},
}

// ModelNames lists the specification's model names (spec section 2), sorted: the names MODEL
// takes besides a provider's own model IDs. pkg/gemini resolves each of them.
func ModelNames() []string {
	return []string{"model-1.5-flash", "model-1.5-pro", "model-2.5-flash", "model-2.5-pro"}
}

// ThinkingNames lists the values THINKING takes, from the least thinking to the most.
func ThinkingNames() []string { return []string{"off", "low", "medium", "high"} }

// DefaultTokenFactsBudget is how long a request waits for token facts at most, unless
// TOKEN_FACTS_BUDGET says otherwise.
const DefaultTokenFactsBudget = 1500 * time.Millisecond

// MaxTokenFactsBudget bounds TOKEN_FACTS_BUDGET: the facts come before the first word.
const MaxTokenFactsBudget = 10 * time.Second

// PageFile is the page's settings file, served beside the page: the local server answers
// GET /config.json, a deployment uploads it with the page.
const PageFile = "config.json"

// Page is the content of [PageFile]: where the page finds the API and how long it waits
// between two questions.
type Page struct {
	// APIURL is the API's origin; "" is the page's own.
	APIURL string `json:"apiUrl"`
	// CooldownSeconds is the wait between two questions: the longest an answer may take.
	CooldownSeconds int `json:"cooldownSeconds"`
	// Demo says whether the answers come from the built-in fake (the local server's -demo).
	// Only the local server says it, either way; a deployment leaves it out (nil).
	Demo *bool `json:"demo,omitempty"`
	// The request limits the server enforces (MAX_MESSAGES, MAX_MESSAGE_CHARS,
	// MAX_BODY_BYTES), so that the page keeps to them; 0 (left out) means the defaults, which
	// the page knows (web/src/limits.js). The local server says them; a stage, whose function
	// runs with the defaults, leaves them out.
	MaxMessages     int   `json:"maxMessages,omitempty"`
	MaxContentChars int   `json:"maxContentChars,omitempty"`
	MaxBodyBytes    int64 `json:"maxBodyBytes,omitempty"`
}

// OpenAIPrefix is the path under which the function serves the OpenAI-compatible API
// (/v1/chat/completions, /v1/models).
const OpenAIPrefix = "/v1"

// IsOpenAIPath reports whether p is under the OpenAI-compatible API (OpenAIPrefix).
func IsOpenAIPath(p string) bool {
	return p == OpenAIPrefix || strings.HasPrefix(p, OpenAIPrefix+"/")
}

// LoopbackHost reports whether host is localhost (or a name under .localhost, which browsers
// resolve to loopback themselves) or a loopback IP address: the local server's host, an AWS
// endpoint on this machine.
func LoopbackHost(host string) bool {
	if h := strings.ToLower(strings.TrimSuffix(host, ".")); h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}
