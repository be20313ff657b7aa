package tokenfacts

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// Finding a token by what people call it, through DexScreener (keyless, 300 requests a minute
// for search and pairs): /latest/dex/search?q= answers at most 30 pairs whose base or quote
// token matches a symbol, a name or an address, across chains, copycats with tiny pools beside
// the real token; /latest/dex/pairs/{chainId}/{pairId} answers a pair, "pairs": null when it is
// unknown. Both go through the facts' cache, share DexScreener's pause and its switch, and
// return within Config.Budget.

// MaxQueryRunes bounds a search query: a ticker or a token's name is shorter.
const MaxQueryRunes = 64

// Why Search or Pair asked nothing (FindError.Reason), beside the token.Reason* of a fetch
// that failed (timed out, rate limited, server error, response too large, ...).
const (
	// ReasonOff is DexScreener switched off (SourceConfig.Off; TOKEN_FACTS_DEXSCREENER=off).
	ReasonOff = "switched off"
	// ReasonEmptyQuery is a query with nothing searchable once trimmed.
	ReasonEmptyQuery = "empty query"
	// ReasonLongQuery is a query over MaxQueryRunes.
	ReasonLongQuery = "query too long"
)

// FindError is why Search or Pair found nothing. Its text is short and safe to show: it holds
// no upstream text and no part of the query.
type FindError struct {
	// Reason is a token.Reason* ("timed out", "rate limited", "invalid address", ...) or a
	// Reason* of this package.
	Reason string
}

// Error names the source and the reason: "DexScreener: rate limited".
func (e *FindError) Error() string { return token.SourceDexScreener + ": " + e.Reason }

// Search finds the tokens whose symbol, name or address matches query ("CAKE", "$cake",
// "PancakeSwap Token", an address): each token on each chain once, with the USD liquidity of
// every pool it is in (as the base or the quote token) summed, the deepest first; its oldest
// pool's creation time; the page of its most liquid pool where it is the base token (of one
// where it is the quote when there is none). A leading $ is dropped; answers are cached
// without letter case. It returns within Config.Budget (or ctx); errors are *FindError.
func (c *Client) Search(ctx context.Context, query string) ([]token.Candidate, error) {
	q, err := searchQuery(query)
	if err != nil {
		return nil, err
	}
	v, err := c.find(ctx, "search|"+strings.ToLower(q), func(ctx context.Context, call caller) (any, *failure) {
		var body struct {
			Pairs lenient[[]dexPair] `json:"pairs"`
		}
		if f := call.get(ctx, "/latest/dex/search?q="+url.QueryEscape(q), &body); f != nil {
			return nil, f
		}
		return searchCandidates(body.Pairs.v, q, call.c.cfg.Now()), nil
	})
	if err != nil {
		return nil, err
	}
	found, _ := v.([]token.Candidate)
	return slices.Clone(found), nil // the cached slice is every caller's
}

// Pair finds the base token of a pair (pool) on a chain (a DexScreener chain slug, as in a
// dexscreener.com/{chain}/{pair} link), with that pair's liquidity, age and page; found is
// false when DexScreener does not know the pair. It is cached, bounded and paused as Search
// is; errors are *FindError.
func (c *Client) Pair(ctx context.Context, chain, pair string) (token.Candidate, bool, error) {
	chain, pair = strings.ToLower(strings.TrimSpace(chain)), strings.TrimSpace(pair)
	if !chainSlug().MatchString(chain) || !validPair(pair) {
		return token.Candidate{}, false, &FindError{Reason: token.ReasonInvalidAddress}
	}
	id := pair
	if strings.HasPrefix(id, "0x") || strings.HasPrefix(id, "0X") {
		id = strings.ToLower(id)
	}
	v, err := c.find(ctx, "pair|"+chain+"|"+id, func(ctx context.Context, call caller) (any, *failure) {
		var body struct {
			Pairs lenient[[]dexPair] `json:"pairs"`
		}
		if f := call.get(ctx, "/latest/dex/pairs/"+chain+"/"+url.PathEscape(pair), &body); f != nil {
			return nil, f
		}
		cand, ok := pairCandidate(body.Pairs.v, chain, pair, call.c.cfg.Now())
		return pairAnswer{cand, ok}, nil
	})
	if err != nil {
		return token.Candidate{}, false, err
	}
	a, _ := v.(pairAnswer)
	return a.c, a.found, nil
}

// pairAnswer is Pair's cached answer.
type pairAnswer struct {
	c     token.Candidate
	found bool
}

// find returns the cached answer to key, or fetches it once for every caller that asks at the
// same time, waiting within the budget. An answer is kept for MarketTTL, a failure briefly; a
// "not found" status is an answer with nothing in it.
func (c *Client) find(ctx context.Context, key string, fetch func(context.Context, caller) (any, *failure)) (any, error) {
	src := c.cfg.source(apiDexScreener)
	if src.Off {
		return nil, &FindError{Reason: ReasonOff}
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Budget)
	defer cancel()
	call := caller{c: c, api: apiDexScreener, base: src.BaseURL}
	fl := c.cache.get(token.SourceDexScreener+"|"+key, c.cfg.MarketTTL, func(ctx context.Context) (any, *failure) {
		v, f := c.sharing(ctx, c.cfg.MarketTTL, func(ctx context.Context) (any, *failure) { return fetch(ctx, call) })
		if f != nil && f.Reason != token.ReasonNotFound {
			c.cfg.Logger.Warn("tokenfacts: token search unavailable", "source", token.SourceDexScreener,
				"reason", f.Reason, "err", f.Err)
		}
		return v, f
	})
	o, ok := fl.wait(ctx)
	switch {
	case !ok:
		return nil, &FindError{Reason: token.ReasonTimedOut}
	case o.fail != nil && o.fail.Reason == token.ReasonNotFound:
		return nil, nil
	case o.fail != nil:
		return nil, &FindError{Reason: o.fail.Reason}
	}
	return o.value, nil
}

// searchQuery is the query as it is sent: trimmed, without a leading $, without invisible
// characters, within MaxQueryRunes.
func searchQuery(query string) (string, error) {
	q := strings.TrimPrefix(strings.TrimSpace(query), "$")
	q = visible(q, MaxQueryRunes+1) // stops reading a long query early
	switch {
	case utf8.RuneCountInString(q) > MaxQueryRunes:
		return "", &FindError{Reason: ReasonLongQuery}
	case fold(q) == "":
		return "", &FindError{Reason: ReasonEmptyQuery}
	}
	return q, nil
}
