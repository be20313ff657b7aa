package tokenfacts

import (
	"context"
	"net/url"
	"time"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// DexScreener (300 requests a minute, keyless). For an EVM address, the cross-chain search
// /latest/dex/tokens/{address} ({"schemaVersion","pairs"}, pairs may be null) tells on which
// chains it trades; for a Solana mint, /token-pairs/v1/solana/{mint} (a bare array of pairs).
// Quirks this decoding expects: priceUsd is a string; pump.fun pairs have no liquidity at
// all; priceChange can be empty or partial; fdv and marketCap can be missing; a rugged pair
// shows liquidity.usd 0 beside a large market cap.

type dexPair struct {
	ChainID     text     `json:"chainId"`
	DexID       text     `json:"dexId"`
	PairAddress text     `json:"pairAddress"`
	URL         text     `json:"url"`
	BaseToken   dexToken `json:"baseToken"`
	QuoteToken  dexToken `json:"quoteToken"`
	PriceUSD    num      `json:"priceUsd"`
	Liquidity   lenient[struct {
		USD num `json:"usd"`
	}] `json:"liquidity"`
	Volume lenient[struct {
		H24 num `json:"h24"`
	}] `json:"volume"`
	PriceChange lenient[struct {
		H1  num `json:"h1"`
		H24 num `json:"h24"`
	}] `json:"priceChange"`
	FDV           num `json:"fdv"`
	MarketCap     num `json:"marketCap"`
	PairCreatedAt num `json:"pairCreatedAt"`
}

type dexToken struct {
	Address text `json:"address"`
	Name    text `json:"name"`
	Symbol  text `json:"symbol"`
}

// dexScreener is the market source, and the one that tells on which chain an EVM address
// trades and which pool is its most liquid: the other sources wait for it.
type dexScreener struct{}

func (dexScreener) Name() string { return token.SourceDexScreener }
func (dexScreener) API() api     { return apiDexScreener }

func (dexScreener) Covers(chain string) bool { return isEVM(chain) || chain == solanaSlug }

func (dexScreener) Ask(k *known, cfg *Config) ask {
	return ask{Key: cacheID(k.addr), TTL: cfg.MarketTTL}
}

// Fetch finds the pairs whose base token is the address and keeps the most liquid one.
func (dexScreener) Fetch(ctx context.Context, call caller, k *known) (*part, *failure) {
	addr := k.addr
	var pairs []dexPair
	if addr.Chain == contract.ChainSolana {
		var body lenient[[]dexPair]
		if f := call.get(ctx, "/token-pairs/v1/solana/"+url.PathEscape(addr.Value), &body); f != nil {
			return nil, f
		}
		pairs = body.v
	} else {
		var body struct {
			Pairs lenient[[]dexPair] `json:"pairs"`
		}
		if f := call.get(ctx, "/latest/dex/tokens/"+url.PathEscape(addr.Value), &body); f != nil {
			return nil, f
		}
		pairs = body.Pairs.v
	}
	return pickPair(pairs, addr, call.c.cfg.Now())
}

// pickPair keeps the pairs on a supported chain whose base token is addr (a pair where it is
// the quote token describes another token) and chooses the one with the most USD liquidity; a
// pair without liquidity ranks below any with it.
func pickPair(pairs []dexPair, addr contract.Address, now time.Time) (*part, *failure) {
	var best *dexPair
	found := 0
	chains := map[string]bool{}
	for i := range pairs {
		p := &pairs[i]
		if !supportedPair(p, addr) {
			continue
		}
		found++
		chains[string(p.ChainID)] = true
		if best == nil || liquidity(p) > liquidity(best) {
			best = p
		}
	}
	if best == nil {
		return nil, fail(token.ReasonNotFound, "%s: no pair with this base token", token.SourceDexScreener)
	}
	m := marketOf(best, now)
	r := &part{
		chain:  string(best.ChainID),
		name:   cleanText(string(best.BaseToken.Name), maxNameRunes),
		symbol: cleanText(string(best.BaseToken.Symbol), maxSymbolRunes),
		market: &m,
	}
	m.PairsFound = found
	for _, c := range evmChains {
		if chains[c.slug] && c.slug != r.chain {
			m.OtherChains = append(m.OtherChains, c.slug)
		}
	}
	page := addr.Value // the token's page when the pair address is unusable
	if validPair(string(best.PairAddress)) {
		r.pool, r.pools, page = string(best.PairAddress), []string{string(best.PairAddress)}, string(best.PairAddress)
		r.pairCreatedAt = m.PairCreatedAt
	}
	r.page = dexScreenerPage(r.chain, page)
	m.PairURL = r.page
	return r, nil
}

func supportedPair(p *dexPair, addr contract.Address) bool {
	if !addr.Equal(contract.Address{Chain: addr.Chain, Value: string(p.BaseToken.Address)}) {
		return false
	}
	if addr.Chain == contract.ChainSolana {
		return p.ChainID == solanaSlug
	}
	_, ok := evmChainBySlug(string(p.ChainID))
	return ok
}

func liquidity(p *dexPair) float64 {
	if !p.Liquidity.ok || !p.Liquidity.v.USD.ok {
		return -1
	}
	return p.Liquidity.v.USD.v
}

// marketOf normalises a pair. Amounts must be non-negative to count; the creation time must
// fall between DexScreener's first year and tomorrow.
func marketOf(p *dexPair, now time.Time) token.Market {
	m := token.Market{
		PriceUSD:     nonNegative(p.PriceUSD),
		LiquidityUSD: nonNegative(p.Liquidity.v.USD),
		Volume24hUSD: nonNegative(p.Volume.v.H24),
		MarketCapUSD: nonNegative(p.MarketCap),
		FDVUSD:       nonNegative(p.FDV),
		DEX:          cleanText(string(p.DexID), maxLabelRunes),
	}
	m.Change1hPercent = rounded(p.PriceChange.v.H1, 2)
	m.Change24hPercent = rounded(p.PriceChange.v.H24, 2)
	m.PairCreatedAt = createdAt(p.PairCreatedAt, now)
	return m
}

// createdAt is a pair's creation time (milliseconds), if it falls between DexScreener's first
// year and tomorrow.
func createdAt(ms num, now time.Time) *time.Time {
	if !ms.ok {
		return nil
	}
	t := time.UnixMilli(int64(ms.v)).UTC()
	if t.After(time.Date(2019, 1, 1, 0, 0, 0, 0, time.UTC)) && t.Before(now.Add(24*time.Hour)) {
		return &t
	}
	return nil
}

func nonNegative(n num) *float64 {
	if !n.ok || n.v < 0 {
		return nil
	}
	return ptr(n.v)
}

func rounded(n num, places int) *float64 {
	if !n.ok {
		return nil
	}
	return derived(n.v, places)
}
