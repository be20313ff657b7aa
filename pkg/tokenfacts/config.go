package tokenfacts

import (
	"log/slog"
	"maps"
	"net/http"
	"strings"
	"time"

	"github.com/chatsvc/chat/pkg/deploy/settings"
)

// The defaults of Config.
const (
	DefaultBudget       = settings.DefaultTokenFactsBudget
	DefaultMarketTTL    = time.Minute
	DefaultSecurityTTL  = 10 * time.Minute
	DefaultHistoryTTL   = 5 * time.Minute
	DefaultFetchTimeout = 10 * time.Second
	DefaultMaxBodyBytes = 1 << 20
	DefaultCacheEntries = 1024
)

// failureTTL is how long a failed fetch is remembered: long enough that a burst of questions
// does not hammer a source that is rate limiting or down, short enough to retry soon.
const failureTTL = 15 * time.Second

// Config configures a Client. Every zero field takes its default.
type Config struct {
	// Sources holds each API's settings by its id (APIs lists them, "dexscreener" first). An
	// API missing here is on, at its public URL.
	Sources map[string]SourceConfig

	// GoPlusAppKey and GoPlusAppSecret are an optional GoPlus app key: they are exchanged at
	// POST /api/v1/token for an access token sent in the Authorization header, which raises
	// GoPlus's keyless limit. Both empty means keyless.
	GoPlusAppKey    string
	GoPlusAppSecret string

	// Budget bounds one Lookup (ctx may bound it further). Default 1.5 s.
	Budget time.Duration
	// FetchTimeout bounds one fetch, which may go on in the background after a caller's
	// budget has run out. Default 10 s; never less than Budget.
	FetchTimeout time.Duration
	// MarketTTL, SecurityTTL and HistoryTTL are how long market (DexScreener), security
	// (GoPlus, honeypot.is, RugCheck) and price-history answers are cached. Defaults 1 min,
	// 10 min and 5 min.
	MarketTTL   time.Duration
	SecurityTTL time.Duration
	HistoryTTL  time.Duration
	// CacheEntries bounds the cache; the oldest answers are evicted first. Default 1024.
	CacheEntries int
	// MaxBodyBytes caps one response body; a larger body makes the source unavailable.
	// Default 1 MiB.
	MaxBodyBytes int64

	// HTTPClient sends the requests. Default: a client of its own, without a timeout (every
	// request carries a deadline in its context).
	HTTPClient *http.Client
	// Now tells the time for cache expiry, the as_of of facts and a pair's age. Default
	// time.Now. Budgets are measured on the real clock whatever Now says.
	Now func() time.Time
	// Shared is the memory shared with the service's other instances (package state): the
	// APIs' answers, for their TTLs, and their pauses. Nil: this process's memory only.
	Shared Shared
	// Logger receives why a source failed (the cause, never shown to the caller). Default:
	// discard.
	Logger *slog.Logger
}

// withDefaults returns c with every zero field set to its default.
func (c Config) withDefaults() Config {
	c.Sources = maps.Clone(c.Sources) // the caller's map stays the caller's
	c.Budget = orDuration(c.Budget, DefaultBudget)
	c.FetchTimeout = max(orDuration(c.FetchTimeout, DefaultFetchTimeout), c.Budget)
	c.MarketTTL = orDuration(c.MarketTTL, DefaultMarketTTL)
	c.SecurityTTL = orDuration(c.SecurityTTL, DefaultSecurityTTL)
	c.HistoryTTL = orDuration(c.HistoryTTL, DefaultHistoryTTL)
	if c.CacheEntries <= 0 {
		c.CacheEntries = DefaultCacheEntries
	}
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{}
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

// SourceConfig is one API's settings.
type SourceConfig struct {
	// BaseURL is where to call it, without a trailing slash; empty means its public URL.
	// Tests and the demo point it at a fake.
	BaseURL string
	// Off turns the API's sources off: they are not asked and not listed as unavailable.
	Off bool
}

// source returns the settings of the API a, its base URL defaulted.
func (c *Config) source(a api) SourceConfig {
	s := c.Sources[a.id]
	s.BaseURL = baseURL(s.BaseURL, a.defaultURL)
	return s
}

func baseURL(s, def string) string {
	if s == "" {
		return def
	}
	return strings.TrimRight(s, "/")
}

func orDuration(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}
