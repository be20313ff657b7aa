package fakesources

import (
	"cmp"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// DexScreener's search and pairs endpoints, as recorded (testdata/README.md):
// /latest/dex/search?q= answers {"schemaVersion","pairs"} with at most 30 pairs whose base or
// quote token matches the query by symbol, name or address, across chains (an empty list when
// nothing matches); /latest/dex/pairs/{chainId}/{pairIds} answers {"schemaVersion","pairs",
// "pair"}, both null when no pair is known. Both serve every pair in testdata/dexscreener.json,
// under DexScreener's faults and counters.

// The fixture tickers of the search. Their tokens' pairs are in testdata/dexscreener.json, so
// the per-address routes know them too.
const (
	// TickerClear is shared by one deep token, SolanaQuiet ("Quiet Harbor", one Raydium pool
	// of $512,340.50), and three copycats with small pools: QHBCopycatBSC ($4,210.35),
	// QHBCopycatBase ($1,850.75, a hostile name) and QHBCopycatSolana (a pump.fun pair
	// without liquidity, $0).
	TickerClear = "QHB"
	// TickerAmbiguous is shared by three tokens of comparable depth, none standing out:
	// BoltEthereum ($200,000 in two pools), BoltSolana ($150,000) and BoltBSC ($90,000: $60,000
	// as the base token and $30,000 as the quote token of a SPRK pair).
	TickerAmbiguous = "BOLT"
	// TickerNone matches nothing: the search answers an empty list.
	TickerNone = "NOSUCHTICKER"
)

// The tokens of the fixture tickers beside the existing fixture tokens. DexScreener, GoPlus
// and the rest know nothing of them but their pairs.
const (
	// QHBCopycatBSC is "Quiet Harbour" (QHB) on BSC: one PancakeSwap pool of $4,210.35, a
	// day old, whose url is plain http.
	QHBCopycatBSC = "0x3d91dc8d75064295e3dcb0f405b44dc877f304d2"
	// QHBCopycatBase is "QHB" (with a zero-width joiner) on Base: one Uniswap pool of $1,850.75
	// whose name carries a newline, markup, a right-to-left override, a URL and an
	// instruction, and whose url is a javascript: link.
	QHBCopycatBase = "0x6ba4aff0a6c3c83dfa4eea78fda2c8dfc5534437"
	// QHBCopycatSolana is "Quiet Harbor" (QHB) on pump.fun, two hours old, without liquidity.
	QHBCopycatSolana = "CMahDZXuRCEF4LJABiCMYZp4o6T2xuDKypEAf22HqRkB"
	// BoltEthereum is "Bolt Token" (BOLT) on Ethereum: a WETH pool of $120,000 created
	// 2024-01-01 and a USDC pool of $80,000 created 2025-01-01.
	BoltEthereum = "0xd01be1cbcf577073738a1f2c67565d92ea9f61c2"
	// BoltSolana is "Bolt" (BOLT) on Solana: one Raydium pool of $150,000.
	BoltSolana = "HuZqooctHKmYRkyEqoTmPKbBHJn5vQDBrdG7X21t235G"
	// BoltBSC is "Bolt Finance" (BOLT) on BSC, answered in upper-case hex: a WBNB pool of
	// $60,000, and the quote token of SPRK's pool of $30,000 (answered in lower case there).
	BoltBSC = "0xb64a11ec4ba1ddfd128267ace8d1c29189765950"
)

func init() {
	plugins = append(plugins, plugin{
		api: DexScreener,
		route: func(s *Server) {
			s.mux.HandleFunc("GET /latest/dex/search", s.dexSearch)
			s.mux.HandleFunc("GET /latest/dex/pairs/{chain}/{pairs}", s.dexPairs)
		},
	})
}

// maxSearchPairs is how many pairs DexScreener's search answers at most.
const maxSearchPairs = 30

// indexedPair is one fixture pair with what the search matches it by.
type indexedPair struct {
	chain, pair string // pair as norm writes it
	base, quote pairToken
	raw         json.RawMessage
}

type pairToken struct {
	Address string `json:"address"`
	Name    string `json:"name"`
	Symbol  string `json:"symbol"`
}

// allPairs are the fixture pairs, each once, in the order of chain and pair address (not of
// liquidity: the client sorts).
var allPairs = sync.OnceValue(func() []indexedPair {
	seen := map[string]bool{}
	var out []indexedPair
	for _, pairs := range fixtures().dex {
		for _, raw := range pairs {
			var p struct {
				ChainID     string    `json:"chainId"`
				PairAddress string    `json:"pairAddress"`
				BaseToken   pairToken `json:"baseToken"`
				QuoteToken  pairToken `json:"quoteToken"`
			}
			if json.Unmarshal(raw, &p) != nil {
				continue
			}
			key := p.ChainID + "|" + norm(p.PairAddress)
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, indexedPair{p.ChainID, norm(p.PairAddress), p.BaseToken, p.QuoteToken, raw})
		}
	}
	slices.SortFunc(out, func(a, b indexedPair) int {
		return cmp.Or(cmp.Compare(a.chain, b.chain), cmp.Compare(a.pair, b.pair))
	})
	return out
})

// dexSearch is /latest/dex/search?q=.
func (s *Server) dexSearch(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	s.count(DexScreener, searchKey(q))
	pairs := []json.RawMessage{}
	for _, p := range allPairs() {
		if len(pairs) == maxSearchPairs || s.fault(DexScreener).Kind == NotFound {
			break
		}
		if q != "" && (p.base.matches(q) || p.quote.matches(q) || strings.EqualFold(p.pair, q)) {
			pairs = append(pairs, p.raw)
		}
	}
	s.reply(w, r, DexScreener, http.StatusOK, map[string]any{"schemaVersion": "1.0.0", "pairs": s.aged(pairs)})
}

// matches is the fake's notion of DexScreener's match: the symbol or the address without
// letter case or invisible characters, or a part of the name.
func (t pairToken) matches(q string) bool {
	q = visibleFold(q)
	return q != "" && (visibleFold(t.Symbol) == q || strings.EqualFold(t.Address, q) || strings.Contains(visibleFold(t.Name), q))
}

func visibleFold(s string) string {
	return strings.ToLower(strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, s)))
}

// searchKey is what searches are counted under: the query without letter case.
func searchKey(q string) string { return "search:" + strings.ToLower(q) }

// Searches reports how many searches for query DexScreener's search has received, whatever
// the letter case.
func (s *Server) Searches(query string) int64 {
	return s.RequestsFor(DexScreener, searchKey(query))
}

// dexPairs is /latest/dex/pairs/{chain}/{pairs}: the pairs among the comma-separated ids
// known on chain.
func (s *Server) dexPairs(w http.ResponseWriter, r *http.Request) {
	chain, ids := r.PathValue("chain"), r.PathValue("pairs")
	s.count(DexScreener, ids)
	var pairs []json.RawMessage
	for _, id := range strings.Split(ids, ",") {
		for _, p := range allPairs() {
			if p.chain == chain && p.pair == norm(id) && s.fault(DexScreener).Kind != NotFound {
				pairs = append(pairs, p.raw)
			}
		}
	}
	pairs = s.aged(pairs)
	var first json.RawMessage
	if len(pairs) > 0 {
		first = pairs[0]
	}
	s.reply(w, r, DexScreener, http.StatusOK, map[string]any{"schemaVersion": "1.0.0", "pairs": pairs, "pair": first})
}
