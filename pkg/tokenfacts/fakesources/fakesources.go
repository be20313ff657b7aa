// Package fakesources is a fake of the APIs tokenfacts reads on one http.Handler, serving the fixture tokens in testdata/ in the
// shapes the live APIs were recorded answering (testdata/README.md names the recordings),
// with faults a test can switch on per API. It needs no testing.T, so a demo server can serve
// it too:
//
//	fake := fakesources.New()
//	srv := httptest.NewServer(fake)
//	defer func() { fake.Close(); srv.Close() }()
//	facts := tokenfacts.New(fakesources.Config(srv.URL))
package fakesources

import (
	"crypto/sha1"
	"embed"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chatsvc/chat/pkg/tokenfacts"
)

// The fixture tokens. EVM addresses are written in lower case here; DexScreener answers them
// checksummed, as it does live.
const (
	// EVMMultiChain trades on Ethereum (most liquid) and Base, is listed on centralized
	// exchanges, and has a clean GoPlus report and a low-risk simulation. Its DexScreener answer
	// also holds a pair where it is the quote token, a pair on an unsupported chain and a
	// Uniswap v4 pool.
	EVMMultiChain = "0x5a3e6a77ba2f983ec0d371ea3b475f8bc0811ad5"
	// EVMHoneypot is a BSC honeypot: GoPlus taxes 10 % / 99 %, honeypot.is 10.5 % / 100 %, an
	// owner who can change balances, a hidden owner, a pool holder with an impossible percent.
	EVMHoneypot = "0x7e2a1b8c9d0f4e3a6b5c8d7e0f1a2b3c4d5e6f70"
	// EVMRugged is a Base token whose pair shows liquidity 0 beside a $5.2M market cap; its
	// contract is not open source, so GoPlus leaves most flags out, and honeypot.is's
	// simulation fails.
	EVMRugged = "0x3c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d"
	// EVMHostile is an Arbitrum token whose name is a 500-character prompt injection with a
	// right-to-left override, with a javascript: website, hostile holder tags and exchange
	// names, and an owner "address" that is not one.
	EVMHostile = "0x9f8e7d6c5b4a39281706f5e4d3c2b1a098765432"
	// EVMUnlisted is known to no source: DexScreener answers "pairs": null.
	EVMUnlisted = "0x0a0b0c0d0e0f1011121314151617181920212223"
	// SolanaPumpFun is a two-hour-old pump.fun token: no liquidity field, priceChange without
	// h24, a mutable metadata authority, RugCheck danger and warn risks.
	SolanaPumpFun = "CeVxLxHsfSLaJ7t7onpDv9qqQkRcoVP9CCW51PUxfKiD"
	// SolanaQuiet is a liquid Raydium token with active mint and freeze authorities, on
	// GoPlus's trusted list, unknown to RugCheck (400 not found).
	SolanaQuiet = "4VWrFKhyCcYjWXnh9MDYGexirQwGusKPck6MdiunPcQ7"
	// EVMOverflow is an Ethereum token whose pair sends numbers too large to mean anything
	// (priceChange.h24 1e307, volume.h24 1e308, fdv "1e400") beside sound ones (price, liquidity,
	// market cap), and whose pool's daily closes hold one of 1e308.
	EVMOverflow = "0x1e3071e3071e3071e3071e3071e3071e3071e307"
)

// The GoPlus app key the fake accepts, and the access token it issues for it.
const (
	AppKey      = "fake-app-key"
	AppSecret   = "fake-app-secret"
	AccessToken = "fake-access-token"
)

// Now is the fixtures' clock, a fixed instant: pair ages in testdata are relative to it. It
// fits tokenfacts.Config.Now.
func Now() time.Time { return fixtureNow }

var fixtureNow = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// API names one of the faked APIs.
type API string

// The faked APIs.
const (
	DexScreener API = "dexscreener"
	GoPlus      API = "goplus"
	Honeypot    API = "honeypot"
	RugCheck    API = "rugcheck"
	// GoPlusAddress counts GoPlus's address_security requests apart from its token_security
	// ones; its faults are GoPlus's, whose limit it shares.
	GoPlusAddress API = "goplus-address"
)

// FaultKind is how an API misbehaves.
type FaultKind int

// The faults.
const (
	// None answers from the fixtures.
	None FaultKind = iota
	// Slow answers from the fixtures after Fault.Delay (or until the request is cancelled).
	Slow
	// Hang never answers: it waits until the request is cancelled or the fake is closed.
	Hang
	// RateLimited answers 429 (with Fault.RetryAfter, if set, as Retry-After); GoPlus answers
	// code 4029 with HTTP 200, as it does live.
	RateLimited
	// Preparing is GoPlus's code 2, "data being prepared" (other APIs answer 503).
	Preparing
	// ServerError answers 500.
	ServerError
	// Truncated sends half of the fixture's JSON.
	Truncated
	// Oversized sends a JSON body of OversizedBytes.
	Oversized
	// NotFound answers as the API does for a token it does not know: RugCheck 400
	// {"error":"not found"}, GoPlus an empty result, DexScreener "pairs": null, honeypot.is 404.
	NotFound
)

// OversizedBytes is the size of an Oversized body: twice tokenfacts' default cap.
const OversizedBytes = 2 << 20

// Fault is a misbehaviour of one API.
type Fault struct {
	Kind       FaultKind
	Delay      time.Duration // for Slow
	RetryAfter time.Duration // for RateLimited: the Retry-After header, whole seconds
}

// maxCounters bounds the per-address request counters; requests past it are counted under
// "other", so the fake's memory does not grow with the requests it serves.
const maxCounters = 1024

// Server is the fake. Its zero value is not usable; call New.
type Server struct {
	mux    *http.ServeMux
	closed chan struct{}
	once   sync.Once

	live bool // pair ages follow the real clock (NewLive)

	mu           sync.Mutex
	faults       map[API]Fault
	requireAuth  bool
	tokenExpired bool             // the next request with the token is refused
	counts       map[string]int64 // "api" and "api|address"
}

var _ http.Handler = (*Server)(nil)

// New returns a fake serving the fixtures, with no fault set.
func New() *Server {
	s := &Server{
		mux:    http.NewServeMux(),
		closed: make(chan struct{}),
		faults: map[API]Fault{},
		counts: map[string]int64{},
	}
	s.mux.HandleFunc("GET /latest/dex/tokens/{addresses}", s.dexLatest)
	s.mux.HandleFunc("GET /token-pairs/v1/{chain}/{address}", s.dexTokenPairs)
	s.mux.HandleFunc("GET /tokens/v1/{chain}/{addresses}", s.dexTokens)
	s.mux.HandleFunc("GET /api/v1/token_security/{chain}", s.goPlusEVM)
	s.mux.HandleFunc("GET /api/v1/solana/token_security", s.goPlusSolana)
	s.mux.HandleFunc("POST /api/v1/token", s.goPlusToken)
	s.mux.HandleFunc("GET /v2/IsHoneypot", s.honeypot)
	s.mux.HandleFunc("GET /v1/tokens/{mint}/report/summary", s.rugCheck)
	s.mux.HandleFunc("GET /api/v1/address_security/{address}", s.goPlusAddress)
	for _, r := range plugins {
		r.route(s)
	}
	return s
}

// plugin is a fake API in a file of its own: its routes, and the body of its 429 when it
// is not the fake's default.
type plugin struct {
	api         API
	route       func(*Server)
	rateLimited string
}

// plugins are the fake APIs that register themselves (in init).
var plugins []plugin

// NewLive returns a fake whose pairs age with the real clock: a pair two hours old at the
// fixtures' clock (Now) is served as two hours old now. The demo serves it, so that its card
// says what the fixtures mean (a young pump.fun token is young).
func NewLive() *Server {
	s := New()
	s.live = true
	return s
}

// Config returns a tokenfacts configuration whose APIs are all the fake at baseURL (the URL of
// an httptest.Server serving it, say).
func Config(baseURL string) tokenfacts.Config {
	c := tokenfacts.Config{Sources: map[string]tokenfacts.SourceConfig{}}
	for _, id := range tokenfacts.APIs() {
		c.Sources[id] = tokenfacts.SourceConfig{BaseURL: baseURL}
	}
	return c
}

// ServeHTTP serves the APIs.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mux.ServeHTTP(w, r)
}

// SetFault makes api misbehave from now on; Fault{} (None) restores it.
func (s *Server) SetFault(api API, f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults[api] = f
}

// RequireAuth makes GoPlus's token_security endpoints refuse (code 4022) any request without
// the access token the fake issues for AppKey and AppSecret.
func (s *Server) RequireAuth(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requireAuth = on
}

// ExpireToken makes GoPlus refuse the access token it gave, once, as it does for an expired
// one (code 4022); a new token works again.
func (s *Server) ExpireToken() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokenExpired = true
}

// Requests reports how many requests api has received, faulted ones included. GoPlus's token
// requests are counted under GoPlus too.
func (s *Server) Requests(api API) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.counts[string(api)]
}

// RequestsFor reports how many requests api has received about address (EVM addresses in any
// letter case). GoPlus's token requests are counted under the address "token".
func (s *Server) RequestsFor(api API, address string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.counts[string(api)+"|"+norm(address)]
}

// Close releases the requests a Hang fault holds, so that an httptest.Server serving the fake
// can close without waiting for the clients to give up.
func (s *Server) Close() {
	s.once.Do(func() { close(s.closed) })
}

func (s *Server) count(api API, address string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.counts[string(api)]++
	key := string(api) + "|" + norm(address)
	if _, ok := s.counts[key]; !ok && len(s.counts) >= maxCounters {
		key = string(api) + "|other"
	}
	s.counts[key]++
}

func (s *Server) fault(api API) Fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.faults[api]
}

// norm writes an address the way the fixtures key it: EVM lowercased.
func norm(a string) string {
	if strings.HasPrefix(a, "0x") || strings.HasPrefix(a, "0X") {
		return strings.ToLower(a)
	}
	return a
}

// reply writes v as JSON with status, unless api's fault delays, withholds, replaces or cuts
// the reply.
func (s *Server) reply(w http.ResponseWriter, r *http.Request, api API, status int, v any) {
	f := s.fault(api)
	switch f.Kind {
	case Slow:
		select {
		case <-time.After(f.Delay):
		case <-r.Context().Done():
			return
		case <-s.closed:
			return
		}
	case Hang:
		select {
		case <-r.Context().Done():
		case <-s.closed:
		}
		return
	}
	if s.faultReply(w, api, f) {
		return
	}
	body, _ := json.Marshal(v)
	if f.Kind == Truncated {
		body = body[:len(body)/2]
	}
	writeJSON(w, status, body)
}

// faultReply writes the reply of the status faults, and reports whether it did.
func (s *Server) faultReply(w http.ResponseWriter, api API, f Fault) bool {
	switch f.Kind {
	case RateLimited:
		if f.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(f.RetryAfter/time.Second)))
		}
		switch api {
		case GoPlus:
			writeJSON(w, http.StatusOK, []byte(`{"code":4029,"message":"too many requests","result":null}`))
		default:
			body := `{"error":"too many requests"}`
			for _, p := range plugins {
				if p.api == api && p.rateLimited != "" {
					body = p.rateLimited
				}
			}
			writeJSON(w, http.StatusTooManyRequests, []byte(body))
		}
	case Preparing:
		if api == GoPlus {
			writeJSON(w, http.StatusOK, []byte(`{"code":2,"message":"data is being prepared, please try again later","result":{}}`))
		} else {
			writeJSON(w, http.StatusServiceUnavailable, []byte(`{"error":"unavailable"}`))
		}
	case ServerError:
		writeJSON(w, http.StatusInternalServerError, []byte(`{"error":"internal server error"}`))
	case Oversized:
		pad := strings.Repeat("a", OversizedBytes)
		writeJSON(w, http.StatusOK, []byte(`{"schemaVersion":"1.0.0","code":1,"pad":"`+pad+`"}`))
	default:
		return false
	}
	return true
}

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// goPlusSign is GoPlus's token-request signature: hex(sha1(app_key + time + app_secret)).
func goPlusSign(key, secret string, unix int64) string {
	sum := sha1.Sum([]byte(key + strconv.FormatInt(unix, 10) + secret))
	return hex.EncodeToString(sum[:])
}

//go:embed testdata/*.json
var testdata embed.FS
