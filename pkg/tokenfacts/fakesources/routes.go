package fakesources

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// fixtureSet is testdata/*.json: DexScreener pairs by token, GoPlus entries by chain and
// token, honeypot.is answers by chain and token, RugCheck summaries by mint.
type fixtureSet struct {
	dex      map[string][]json.RawMessage
	goPlus   map[string]map[string]json.RawMessage
	honeypot map[string]map[string]json.RawMessage
	rugCheck map[string]json.RawMessage
	// goPlusAddress holds address_security results by chain and address.
	goPlusAddress map[string]map[string]map[string]string
}

// fixtures loads the fixtures on first use, not at package init: the local binary links this
// package for -demo, and every start of it would pay for reading them.
var fixtures = sync.OnceValue(func() (f fixtureSet) {
	load("testdata/dexscreener.json", &f.dex)
	load("testdata/goplus.json", &f.goPlus)
	load("testdata/honeypot.json", &f.honeypot)
	load("testdata/rugcheck.json", &f.rugCheck)
	load("testdata/goplus_address.json", &f.goPlusAddress)
	return f
})

func load(name string, v any) {
	b, err := testdata.ReadFile(name)
	if err == nil {
		err = json.Unmarshal(b, v)
	}
	if err != nil {
		panic("fakesources: fixture " + name + ": " + err.Error())
	}
}

// pairsOf returns the DexScreener pairs of the comma-separated addresses, on chain if it is
// not empty, and whether any token was known.
func pairsOf(addresses, chain string) ([]json.RawMessage, bool) {
	var out []json.RawMessage
	known := false
	for _, a := range strings.Split(addresses, ",") {
		pairs, ok := fixtures().dex[norm(a)]
		known = known || (ok && pairs != nil)
		for _, p := range pairs {
			var head struct {
				ChainID string `json:"chainId"`
			}
			if json.Unmarshal(p, &head) == nil && (chain == "" || head.ChainID == chain) {
				out = append(out, p)
			}
		}
	}
	return out, known
}

// dexLatest is /latest/dex/tokens/{addresses}: {"schemaVersion","pairs"}, pairs null when no
// token is known.
func (s *Server) dexLatest(w http.ResponseWriter, r *http.Request) {
	addrs := r.PathValue("addresses")
	s.count(DexScreener, addrs)
	pairs, known := pairsOf(addrs, "")
	if !known || s.fault(DexScreener).Kind == NotFound {
		pairs = nil
	}
	pairs = s.aged(pairs)
	s.reply(w, r, DexScreener, http.StatusOK, map[string]any{"schemaVersion": "1.0.0", "pairs": pairs})
}

// dexTokenPairs is /token-pairs/v1/{chain}/{address}: a bare array of the token's pairs.
func (s *Server) dexTokenPairs(w http.ResponseWriter, r *http.Request) {
	s.dexArray(w, r, r.PathValue("address"))
}

// dexTokens is /tokens/v1/{chain}/{addresses} (up to 30): a bare array of their pairs.
func (s *Server) dexTokens(w http.ResponseWriter, r *http.Request) {
	s.dexArray(w, r, r.PathValue("addresses"))
}

func (s *Server) dexArray(w http.ResponseWriter, r *http.Request, addrs string) {
	s.count(DexScreener, addrs)
	pairs, _ := pairsOf(addrs, r.PathValue("chain"))
	if pairs == nil || s.fault(DexScreener).Kind == NotFound {
		pairs = []json.RawMessage{}
	}
	s.reply(w, r, DexScreener, http.StatusOK, s.aged(pairs))
}

func (s *Server) goPlusEVM(w http.ResponseWriter, r *http.Request) {
	s.goPlusAnswer(w, r, r.PathValue("chain"))
}

func (s *Server) goPlusSolana(w http.ResponseWriter, r *http.Request) {
	s.goPlusAnswer(w, r, "solana")
}

// goPlusAnswer is {code, message, result: {address: entry}}; an unknown token gets an empty
// result, as GoPlus answers.
func (s *Server) goPlusAnswer(w http.ResponseWriter, r *http.Request, chain string) {
	addrs := r.URL.Query().Get("contract_addresses")
	s.count(GoPlus, addrs)
	if s.authRequired() && (r.Header.Get("Authorization") != AccessToken || s.spendExpiry()) {
		s.reply(w, r, GoPlus, http.StatusOK, map[string]any{"code": 4022, "message": "invalid access token", "result": nil})
		return
	}
	result := map[string]json.RawMessage{}
	for _, a := range strings.Split(addrs, ",") {
		if entry, ok := fixtures().goPlus[chain][norm(a)]; ok && s.fault(GoPlus).Kind != NotFound {
			result[norm(a)] = entry
		}
	}
	s.reply(w, r, GoPlus, http.StatusOK, map[string]any{"code": 1, "message": "OK", "result": result})
}

// spendExpiry reports whether the token has expired, and renews it.
func (s *Server) spendExpiry() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	expired := s.tokenExpired
	s.tokenExpired = false
	return expired
}

func (s *Server) authRequired() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requireAuth
}

// goPlusToken is POST /api/v1/token: an access token for a correctly signed AppKey.
func (s *Server) goPlusToken(w http.ResponseWriter, r *http.Request) {
	s.count(GoPlus, "token")
	var req struct {
		AppKey string `json:"app_key"`
		Time   int64  `json:"time"`
		Sign   string `json:"sign"`
	}
	err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096)).Decode(&req)
	if err != nil || req.AppKey != AppKey || req.Sign != goPlusSign(AppKey, AppSecret, req.Time) {
		s.reply(w, r, GoPlus, http.StatusOK, map[string]any{"code": 4012, "message": "signature verification failure", "result": nil})
		return
	}
	s.reply(w, r, GoPlus, http.StatusOK, map[string]any{
		"code": 1, "message": "OK", "result": map[string]any{"access_token": AccessToken, "expires_in": 7200},
	})
}

// honeypot is /v2/IsHoneypot?address=&chainID=; an unknown token is a 404.
func (s *Server) honeypot(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s.count(Honeypot, q.Get("address"))
	entry, ok := fixtures().honeypot[q.Get("chainID")][norm(q.Get("address"))]
	if _, err := strconv.Atoi(q.Get("chainID")); err != nil || !ok || s.fault(Honeypot).Kind == NotFound {
		s.reply(w, r, Honeypot, http.StatusNotFound, map[string]any{"error": "Token not found"})
		return
	}
	s.reply(w, r, Honeypot, http.StatusOK, entry)
}

// rugCheck is /v1/tokens/{mint}/report/summary; an unknown mint is a 400 {"error":"not found"}.
func (s *Server) rugCheck(w http.ResponseWriter, r *http.Request) {
	mint := r.PathValue("mint")
	s.count(RugCheck, mint)
	entry, ok := fixtures().rugCheck[mint]
	if !ok || s.fault(RugCheck).Kind == NotFound {
		s.reply(w, r, RugCheck, http.StatusBadRequest, map[string]any{"error": "not found"})
		return
	}
	s.reply(w, r, RugCheck, http.StatusOK, entry)
}

// aged moves the pairs' creation times by as much as the real clock is past the fixtures'
// clock, for a fake made by NewLive; others' pairs are served as they are.
func (s *Server) aged(pairs []json.RawMessage) []json.RawMessage {
	if !s.live || len(pairs) == 0 {
		return pairs
	}
	shift := time.Since(fixtureNow).Milliseconds()
	out := make([]json.RawMessage, 0, len(pairs))
	for _, p := range pairs {
		var m map[string]any
		if json.Unmarshal(p, &m) != nil {
			out = append(out, p)
			continue
		}
		if at, ok := m["pairCreatedAt"].(float64); ok {
			m["pairCreatedAt"] = int64(at) + shift
		}
		b, _ := json.Marshal(m)
		out = append(out, b)
	}
	return out
}
