package identify

import (
	"slices"
	"strings"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// The rule that picks a token from a search, or none.
const (
	// StandOut is how many times the next token's liquidity the picked token's must be:
	// a copycat can copy a name and a symbol, not the depth of a real token's pools.
	StandOut = 10
	// MinLiquidityUSD is the least a picked token's pools must hold: the service's own line
	// for thin liquidity (tokenfacts' findings warn below it). A token under it is not told
	// apart from copycats by a search alone.
	MinLiquidityUSD = 50_000
	// MaxCandidates is how many candidates are listed when none stands out.
	MaxCandidates = 5
	// maxCopycats is how many copycats are named to the model beside a picked token.
	maxCopycats = 3
)

// Choice is what a search says of one query.
type Choice struct {
	// Picked is the token that clearly stands out, or nil.
	Picked *token.Candidate
	// Others are the other tokens that share the symbol or name (the copycats when one was
	// picked), the deepest first.
	Others []token.Candidate
}

// Choose keeps the search's results that match query (the symbol, without case; or the name,
// for a query of a name) and picks the deepest when its pools hold StandOut times the next
// one's and at least MinLiquidityUSD. Otherwise it picks none, and Others are the
// candidates, at most MaxCandidates.
func Choose(query string, results []token.Candidate) Choice {
	q := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(query, "$")))
	var match []token.Candidate
	for _, c := range results {
		if strings.ToLower(c.Symbol) == q || nameMatches(strings.ToLower(c.Name), q) {
			match = append(match, c)
		}
	}
	slices.SortStableFunc(match, func(a, b token.Candidate) int {
		switch {
		case a.LiquidityUSD > b.LiquidityUSD:
			return -1
		case a.LiquidityUSD < b.LiquidityUSD:
			return 1
		}
		return 0
	})
	if len(match) == 0 {
		return Choice{}
	}
	top := match[0]
	next := 0.0
	if len(match) > 1 {
		next = match[1].LiquidityUSD
	}
	if top.LiquidityUSD >= MinLiquidityUSD && top.LiquidityUSD >= StandOut*next {
		return Choice{Picked: &top, Others: match[1:]}
	}
	return Choice{Others: match[:min(len(match), MaxCandidates)]}
}

// Copycats are a few of the others, for the model.
func (c Choice) Copycats() []token.Candidate { return c.Others[:min(len(c.Others), maxCopycats)] }

// nameMatches reports whether a token's name is the query's name: the same, or the same
// with "token" or "coin" added or left out ("PancakeSwap Token" for "PancakeSwap").
func nameMatches(name, q string) bool {
	if name == "" || len(q) < 3 {
		return false
	}
	trim := func(s string) string {
		for _, suffix := range []string{" token", " coin"} {
			s = strings.TrimSuffix(s, suffix)
		}
		return strings.TrimSpace(s)
	}
	return name == q || trim(name) == trim(q)
}
