package tokenfacts

import (
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/chatsvc/chat/pkg/deploy/settings"
)

// The public base URLs of the four APIs.
const (
	DefaultDexScreenerURL = "https://api.dexscreener.com"
	DefaultGoPlusURL      = "https://api.gopluslabs.io"
	DefaultHoneypotURL    = "https://api.honeypot.is"
	DefaultRugCheckURL    = "https://api.rugcheck.xyz"
)

// The defaults of Config.
const (
	DefaultBudget       = settings.DefaultTokenFactsBudget
	DefaultMarketTTL    = time.Minute
	DefaultSecurityTTL  = 10 * time.Minute
	DefaultFetchTimeout = 10 * time.Second
	DefaultMaxBodyBytes = 1 << 20
	DefaultCacheEntries = 1024
)

// MaxAddresses is how many distinct addresses one Lookup looks up; the rest are ignored.
const MaxAddresses = 3

// failureTTL is how long a failed fetch is remembered: long enough that a burst of questions
// does not hammer a source that is rate limiting or down, short enough to retry soon.
const failureTTL = 15 * time.Second

// Config configures a Client. Every zero field takes its default.
type Config struct {
	// Base URLs of the APIs, without a trailing slash; tests point them at a fake.
	DexScreenerURL string
	GoPlusURL      string
	HoneypotURL    string
	RugCheckURL    string

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
	// MarketTTL and SecurityTTL are how long market (DexScreener) and security (GoPlus,
	// honeypot.is, RugCheck) answers are cached. Defaults 1 min and 10 min.
	MarketTTL   time.Duration
	SecurityTTL time.Duration
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
	// Logger receives why a source failed (the cause, never shown to the caller). Default:
	// discard.
	Logger *slog.Logger
}

// withDefaults returns c with every zero field set to its default.
func (c Config) withDefaults() Config {
	c.DexScreenerURL = baseURL(c.DexScreenerURL, DefaultDexScreenerURL)
	c.GoPlusURL = baseURL(c.GoPlusURL, DefaultGoPlusURL)
	c.HoneypotURL = baseURL(c.HoneypotURL, DefaultHoneypotURL)
	c.RugCheckURL = baseURL(c.RugCheckURL, DefaultRugCheckURL)
	c.Budget = orDuration(c.Budget, DefaultBudget)
	c.FetchTimeout = max(orDuration(c.FetchTimeout, DefaultFetchTimeout), c.Budget)
	c.MarketTTL = orDuration(c.MarketTTL, DefaultMarketTTL)
	c.SecurityTTL = orDuration(c.SecurityTTL, DefaultSecurityTTL)
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
