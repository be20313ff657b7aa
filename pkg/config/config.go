// Package config reads the service's settings from the environment. Every setting has a
// default; an invalid value is an error that names the variable, so start-up stops with a
// message the operator can act on. The variables' names are pkg/deploy/settings', which the stage
// table and the CDK app share without linking this package.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/gemini"
	"github.com/chatsvc/chat/pkg/httpapi"
)

// TokenFacts are the settings of the token facts the server reads for contract addresses
// (package tokenfacts).
type TokenFacts struct {
	// Enabled is false with TOKEN_FACTS=off.
	Enabled bool
	// Budget bounds the reading of all sources for one request.
	Budget time.Duration
	// Sources are the token-data APIs' settings by id (settings.TokenSources): a base URL
	// (empty means the public API) and whether the API is off.
	Sources map[string]TokenSource
	// GoPlusAppKey and GoPlusAppSecret are an optional GoPlus app key (higher limits).
	GoPlusAppKey, GoPlusAppSecret string
}

// TokenSource is one token-data API's settings.
type TokenSource struct {
	BaseURL string
	Off     bool
}

// Config is the service's settings.
type Config struct {
	Model       gemini.Model
	Temperature float32
	// TemperatureSet says TEMPERATURE was set (a model that ignores it is then named in the
	// log).
	TemperatureSet bool
	// Prices are the model prices cost_usd is estimated from: the built-in table, with
	// MODEL_PRICES over it.
	Prices     *gemini.PriceTable
	MaxTokens  int32
	Thinking   gemini.Thinking
	WebSearch  bool
	URLContext bool
	// BaseURL is the upstream endpoint; empty means the provider's own.
	BaseURL     string
	MaxDuration time.Duration
	Limits      httpapi.Limits
	// APIKeyParameter names the SSM parameter holding the key, for Lambda.
	APIKeyParameter string
	APIKeyTTL       time.Duration
	Port            int
	// Host is the local server's listening address: loopback unless the operator opens it
	// (the endpoint has no caller credentials and spends the operator's key).
	Host string
	// CORSOrigins are the browser origins the local server lets call its API from another
	// origin (a front end's dev server); none by default.
	CORSOrigins []string
	WebDir      string
	LogLevel    string
	// CheckContentSHA256 makes the local server refuse an API POST whose
	// x-amz-content-sha256 header is not the SHA-256 of its body, as the deployed function
	// behind CloudFront's origin access control does.
	CheckContentSHA256 bool
	TokenFacts         TokenFacts
	// StateTable names the DynamoDB table of the shared state; empty keeps it in process
	// memory.
	StateTable string
	// DailyBudgetUSD caps the UTC day's estimated spend; 0 is no cap.
	DailyBudgetUSD float64
}

// Load reads the settings through getenv (the process environment, as main hands it in). It reports every invalid
// variable, not just the first.
func Load(getenv func(string) string) (Config, error) {
	p := parser{getenv: getenv}
	c := Config{
		Temperature:        float32(p.float(settings.TemperatureVar, 0.7, 0, 1)),
		MaxTokens:          int32(p.integer(settings.MaxTokensVar, 4000, 1, 65536)),
		WebSearch:          p.boolean(settings.WebSearchVar, true),
		URLContext:         p.boolean(settings.URLContextVar, true),
		BaseURL:            p.url(settings.BaseURLVar),
		MaxDuration:        time.Duration(p.integer(settings.MaxDurationVar, 50, 2, 900)) * time.Second,
		APIKeyParameter:    strings.TrimSpace(getenv(settings.APIKeyParameterVar)),
		APIKeyTTL:          time.Duration(p.integer(settings.APIKeyTTLVar, 300, 1, 86400)) * time.Second,
		Port:               p.integer(settings.PortVar, 8080, 0, 65535),
		Host:               p.str(settings.HostVar, "127.0.0.1"),
		WebDir:             p.str(settings.WebDirVar, "web/dist"),
		LogLevel:           strings.ToLower(p.str(settings.LogLevelVar, "info")),
		CheckContentSHA256: p.boolean(settings.CheckSHA256Var, false),
		Limits: httpapi.Limits{
			MaxBodyBytes:    int64(p.integer(settings.MaxBodyBytesVar, int(httpapi.DefaultLimits.MaxBodyBytes), 1024, 64<<20)),
			MaxMessages:     p.integer(settings.MaxMessagesVar, httpapi.DefaultLimits.MaxMessages, 1, 10000),
			MaxContentChars: p.integer(settings.MaxContentVar, httpapi.DefaultLimits.MaxContentChars, 1, 1<<20),
		},
	}
	c.Model = p.model()
	c.TemperatureSet = strings.TrimSpace(getenv(settings.TemperatureVar)) != ""
	var perr error
	if c.Prices, perr = gemini.ParsePrices(getenv(settings.ModelPricesVar)); perr != nil {
		p.fail(settings.ModelPricesVar, perr.Error())
		c.Prices = gemini.DefaultPrices()
	}
	c.TokenFacts = p.tokenFacts()
	c.StateTable = p.str(settings.StateTableVar, "")
	c.DailyBudgetUSD = p.float(settings.DailyBudgetVar, 0, 0, 1e6)
	c.CORSOrigins = p.origins(settings.CORSOriginsVar)
	if net.ParseIP(c.Host) == nil && c.Host != "localhost" {
		p.fail(settings.HostVar, "must be an IP address to listen on (127.0.0.1, ::1, 0.0.0.0) or localhost")
	}
	var err error
	if c.Thinking, err = gemini.ParseThinking(getenv(settings.ThinkingVar)); err != nil {
		p.fail(settings.ThinkingVar, err.Error())
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		p.fail(settings.LogLevelVar, fmt.Sprintf("%q is not one of debug, info, warn, error", c.LogLevel))
	}
	return c, errors.Join(p.errs...)
}

// model reads MODEL and MODEL_FALLBACKS; fallbacks are read only for a known model.
func (p *parser) model() gemini.Model {
	m, err := gemini.ResolveModel(p.getenv(settings.ModelVar))
	if err != nil {
		p.fail(settings.ModelVar, err.Error())
		return m
	}
	fb := strings.TrimSpace(p.getenv(settings.ModelFallbacksVar))
	if fb == "" {
		return m
	}
	if m, err = m.WithFallbacks(strings.Split(fb, ",")); err != nil {
		p.fail(settings.ModelFallbacksVar, err.Error())
	}
	return m
}

// origins reads a comma-separated list of browser origins (scheme://host[:port], or *);
// empty items are skipped.
func (p *parser) origins(name string) []string {
	var out []string
	for _, o := range strings.Split(p.getenv(name), ",") {
		if o = strings.TrimSpace(o); o == "" {
			continue
		}
		if o != "*" && !isOrigin(o) {
			p.fail(name, fmt.Sprintf("%q is not an origin such as http://localhost:5173 (or *)", o))
			continue
		}
		out = append(out, strings.TrimSuffix(o, "/"))
	}
	return out
}

// isOrigin reports whether o is what a browser sends as Origin: an http(s) scheme and a
// host, no path or query.
func isOrigin(o string) bool {
	u, err := url.Parse(o)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.Path == "" && u.RawQuery == ""
}

// tokenFacts reads the token facts' settings.
func (p *parser) tokenFacts() TokenFacts {
	t := TokenFacts{
		Enabled:         p.onOff(settings.TokenFactsVar, true),
		Budget:          p.duration(settings.TokenFactsBudgetVar, settings.DefaultTokenFactsBudget, settings.MaxTokenFactsBudget),
		Sources:         map[string]TokenSource{},
		GoPlusAppKey:    p.str(settings.GoPlusAppKeyVar, ""),
		GoPlusAppSecret: p.str(settings.GoPlusAppSecretVar, ""),
	}
	for _, s := range settings.TokenSources {
		t.Sources[s.ID] = TokenSource{BaseURL: p.url(s.BaseURLVar), Off: !p.onOff(s.EnabledVar, true)}
	}
	if t.GoPlusAppKey == "" && t.GoPlusAppSecret != "" {
		p.fail(settings.GoPlusAppKeyVar, "is needed with "+settings.GoPlusAppSecretVar)
	}
	return t
}

type parser struct {
	getenv func(string) string
	errs   []error
}

func (p *parser) fail(name, why string) {
	p.errs = append(p.errs, fmt.Errorf("config: %s: %s", name, why))
}

func (p *parser) str(name, def string) string {
	if v := strings.TrimSpace(p.getenv(name)); v != "" {
		return v
	}
	return def
}

func (p *parser) integer(name string, def, lo, hi int) int {
	v := strings.TrimSpace(p.getenv(name))
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		p.fail(name, fmt.Sprintf("%q is not a whole number from %d to %d", v, lo, hi))
		return def
	}
	return n
}

// onOff reads on/off (and the booleans strconv knows).
func (p *parser) onOff(name string, def bool) bool {
	switch strings.ToLower(strings.TrimSpace(p.getenv(name))) {
	case "on":
		return true
	case "off":
		return false
	}
	return p.boolean(name, def)
}

// duration reads a Go duration ("1.5s", "800ms") from above zero to hi.
func (p *parser) duration(name string, def, hi time.Duration) time.Duration {
	v := strings.TrimSpace(p.getenv(name))
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 || d > hi {
		p.fail(name, fmt.Sprintf("%q is not a duration such as 1.5s or 800ms, above 0 and at most %v", v, hi))
		return def
	}
	return d
}

// url reads an http(s) base URL; empty is the default.
func (p *parser) url(name string) string {
	v := strings.TrimSpace(p.getenv(name))
	if u, err := url.Parse(v); v != "" && (err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "") {
		p.fail(name, fmt.Sprintf("%q is not an http(s) URL", v))
		return ""
	}
	return v
}

func (p *parser) float(name string, def, lo, hi float64) float64 {
	v := strings.TrimSpace(p.getenv(name))
	if v == "" {
		return def
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || f < lo || f > hi {
		p.fail(name, fmt.Sprintf("%q is not a number from %g to %g", v, lo, hi))
		return def
	}
	return f
}

func (p *parser) boolean(name string, def bool) bool {
	v := strings.TrimSpace(p.getenv(name))
	if v == "" {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		p.fail(name, fmt.Sprintf("%q is not true or false", v))
		return def
	}
	return b
}

// Gemini is the provider adapter's configuration from these settings.
func (c Config) Gemini(logger *slog.Logger) gemini.Config {
	return gemini.Config{
		Model:          c.Model,
		Temperature:    c.Temperature,
		TemperatureSet: c.TemperatureSet,
		Prices:         c.Prices,
		MaxTokens:      c.MaxTokens,
		Thinking:       c.Thinking,
		WebSearch:      c.WebSearch,
		URLContext:     c.URLContext,
		BaseURL:        c.BaseURL,
		Logger:         logger,
	}
}
