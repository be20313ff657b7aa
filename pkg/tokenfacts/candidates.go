package tokenfacts

import (
	"cmp"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// maxSearchPairs is how many pairs of a search answer are read: DexScreener sends 30 at most.
const maxSearchPairs = 30

var (
	chainSlug       = lazyRegexp(`^[a-z][a-z0-9-]{0,31}$`)
	dexScreenerPair = lazyRegexp(`^https://dexscreener\.com/[a-z][a-z0-9-]{0,31}/[0-9A-Za-z]{32,66}$`)
)

// tally is one token's candidate while the pairs are read.
type tally struct {
	c token.Candidate
	// page ranks the pair whose page is c.URL: one where the token is the base before one
	// where it is the quote (a page about another token), then by liquidity.
	page [2]float64
}

// searchCandidates reads a search answer: every token on each side of a pair that matches the
// query (its symbol without a leading $, a part of its name, or its address) is a candidate,
// once per chain and address, with the liquidity of each pair it is in added. Rows on a chain
// whose slug or address is implausible are dropped. The deepest come first.
func searchCandidates(pairs []dexPair, q string, now time.Time) []token.Candidate {
	want := fold(q)
	byKey := map[string]*tally{}
	var order []*tally
	for i := range pairs[:min(len(pairs), maxSearchPairs)] {
		p := &pairs[i]
		chain := string(p.ChainID)
		if !chainSlug().MatchString(chain) {
			continue
		}
		var seen string
		for side, t := range []dexToken{p.BaseToken, p.QuoteToken} {
			addr, ok := candidateAddress(chain, string(t.Address))
			if !ok || !tokenMatches(t, addr, want, q) {
				continue
			}
			key := chain + "|" + cacheID(addr)
			if key == seen {
				continue // a pair of a token with itself counts once
			}
			seen = key
			tl := byKey[key]
			if tl == nil {
				tl = &tally{c: token.Candidate{Address: addr.Value, Chain: chain}, page: [2]float64{-1, -2}}
				byKey[key] = tl
				order = append(order, tl)
			}
			tl.add(p, t, side == 0, now)
		}
	}
	out := make([]token.Candidate, 0, len(order))
	for _, tl := range order {
		tl.c.LiquidityUSD = round(tl.c.LiquidityUSD, 2)
		out = append(out, tl.c)
	}
	slices.SortStableFunc(out, func(a, b token.Candidate) int { return cmp.Compare(b.LiquidityUSD, a.LiquidityUSD) })
	return out
}

// add counts the pair p, in which t is the tally's token, as the base token or the quote.
func (tl *tally) add(p *dexPair, t dexToken, base bool, now time.Time) {
	liq := liquidity(p)
	tl.c.LiquidityUSD += max(liq, 0)
	if tl.c.Name == "" {
		tl.c.Name = cleanText(string(t.Name), maxNameRunes)
	}
	if tl.c.Symbol == "" {
		tl.c.Symbol = cleanText(string(t.Symbol), maxSymbolRunes)
	}
	if at := createdAt(p.PairCreatedAt, now); at != nil && (tl.c.PairCreatedAt.IsZero() || at.Before(tl.c.PairCreatedAt)) {
		tl.c.PairCreatedAt = *at
	}
	rank := [2]float64{0, liq}
	if base {
		rank[0] = 1
	}
	if rank[0] > tl.page[0] || (rank[0] == tl.page[0] && rank[1] > tl.page[1]) {
		tl.page, tl.c.URL = rank, pairPage(p)
	}
}

// pairCandidate is the base token of the pair named by chain and pair in a pairs answer, or
// false when the answer does not hold that pair or its base token's address is implausible.
func pairCandidate(pairs []dexPair, chain, pair string, now time.Time) (token.Candidate, bool) {
	for i := range pairs[:min(len(pairs), maxSearchPairs)] {
		p := &pairs[i]
		if string(p.ChainID) != chain || !samePair(string(p.PairAddress), pair) {
			continue
		}
		addr, ok := candidateAddress(chain, string(p.BaseToken.Address))
		if !ok {
			return token.Candidate{}, false
		}
		tl := tally{c: token.Candidate{Address: addr.Value, Chain: chain}, page: [2]float64{-1, -2}}
		tl.add(p, p.BaseToken, true, now)
		tl.c.LiquidityUSD = round(tl.c.LiquidityUSD, 2)
		return tl.c, true
	}
	return token.Candidate{}, false
}

// samePair compares pair addresses: hex ones without letter case, base58 ones exactly.
func samePair(a, b string) bool {
	if strings.HasPrefix(a, "0x") || strings.HasPrefix(a, "0X") {
		return strings.EqualFold(a, b)
	}
	return a == b
}

// candidateAddress keeps a token address only if it is of the chain's family: a Solana address
// on "solana", an EVM address anywhere else (so that a Tron or TON address, whatever chain it
// is listed on, is never taken for one the facts can be looked up by).
func candidateAddress(chain, s string) (contract.Address, bool) {
	a, err := contract.Parse(s)
	if err != nil || (chain == solanaSlug) != (a.Chain == contract.ChainSolana) {
		return contract.Address{}, false
	}
	return a, true
}

// tokenMatches reports whether t is what the query names: its symbol (without a leading $),
// a part of its name, or its address. Letter case, white space and punctuation do not count.
func tokenMatches(t dexToken, addr contract.Address, want, q string) bool {
	if fold(strings.TrimPrefix(cleanText(string(t.Symbol), maxSymbolRunes), "$")) == want {
		return true
	}
	if strings.Contains(fold(visible(string(t.Name), 4*maxNameRunes)), want) {
		return true
	}
	qa, err := contract.Parse(q)
	return err == nil && qa.Equal(addr)
}

// fold is s as the query is compared: lower case, without white space, punctuation or
// invisible characters.
func fold(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || unicode.IsPunct(r) || dropRune(r) {
			return -1
		}
		return unicode.ToLower(r)
	}, s)
}

// pairPage is the pair's DexScreener page: its url when it is one, else built from its
// address; "" when neither is usable.
func pairPage(p *dexPair) string {
	if u := string(p.URL); dexScreenerPair().MatchString(u) {
		return u
	}
	if validPair(string(p.PairAddress)) {
		return dexScreenerPage(string(p.ChainID), string(p.PairAddress))
	}
	return ""
}
