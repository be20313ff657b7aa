// Package factcheck checks the figures an answer states about a token against the token
// facts the server read itself: price, liquidity, market cap, FDV, 24 h volume, buy and sell
// tax, the top holders' share, the share of LP tokens locked, and the pair's age. It reads
// the answer's text as it is (it never rewrites it), skips what is not a claim about the
// token now (history, hypotheticals, other assets, tokens without facts) and judges each
// figure with a tolerance that suits it (the stated precision, "about", K/M/B).
package factcheck

import (
	"time"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// The facts a figure is checked against: tokenfacts' JSON field names.
const (
	FactPrice      = "price_usd"
	FactLiquidity  = "liquidity_usd"
	FactMarketCap  = "market_cap_usd"
	FactFDV        = "fdv_usd"
	FactVolume     = "volume_24h_usd"
	FactBuyTax     = "buy_tax"
	FactSellTax    = "sell_tax"
	FactTop10      = "top10_percent"
	FactLPLocked   = "lp_locked_percent"
	FactPairAgeHrs = "pair_age_hours"
)

// The verdicts.
const (
	Agrees      = "agrees"
	Contradicts = "contradicts"
)

// Check is one figure of the answer held against the facts.
type Check struct {
	// Fact is the facts field (FactPrice, ...).
	Fact string `json:"fact"`
	// Stated is the figure as the answer wrote it ("$12.3M", "99%", "6 hours").
	Stated string `json:"stated"`
	// Value is the data's number; Source and AsOf say where it came from and when.
	Value  float64   `json:"value"`
	Source string    `json:"source"`
	AsOf   time.Time `json:"as_of"`
	// Verdict is Agrees or Contradicts.
	Verdict string `json:"verdict"`
}

// datum is one value of a fact, from one source.
type datum struct {
	value  float64
	source string
	asOf   time.Time
}

// data are the values a token's facts hold for each fact; a fact two sources report (taxes:
// GoPlus and honeypot.is; LP locked: GoPlus and RugCheck) has a value from each.
func data(f *token.Facts) map[string][]datum {
	out := map[string][]datum{}
	add := func(fact string, v *float64, source string, asOf time.Time) {
		if v != nil {
			out[fact] = append(out[fact], datum{*v, source, asOf})
		}
	}
	if m := f.Market; m != nil {
		add(FactPrice, m.PriceUSD, m.Source, m.AsOf)
		add(FactLiquidity, m.LiquidityUSD, m.Source, m.AsOf)
		add(FactMarketCap, m.MarketCapUSD, m.Source, m.AsOf)
		add(FactFDV, m.FDVUSD, m.Source, m.AsOf)
		add(FactVolume, m.Volume24hUSD, m.Source, m.AsOf)
		add(FactPairAgeHrs, m.PairAgeHours, m.Source, m.AsOf)
	}
	if s := f.Security; s != nil {
		for _, t := range s.Taxes {
			asOf := taxTime(s, t.Source)
			add(FactBuyTax, t.BuyPercent, t.Source, asOf)
			add(FactSellTax, t.SellPercent, t.Source, asOf)
		}
		if h := s.Holders; h != nil {
			add(FactTop10, h.Top10Percent, h.Source, h.AsOf)
			add(FactLPLocked, h.LPLockedPercent, h.Source, h.AsOf)
		}
		if r := s.RugCheck; r != nil {
			add(FactLPLocked, r.LPLockedPercent, r.Source, r.AsOf)
		}
	}
	return out
}

// taxTime is when a source's taxes were read: the simulation's time for honeypot.is, the
// contract reading's for GoPlus.
func taxTime(s *token.Security, source string) time.Time {
	switch {
	case s.Simulation != nil && s.Simulation.Source == source:
		return s.Simulation.AsOf
	case s.Contract != nil && s.Contract.Source == source:
		return s.Contract.AsOf
	case s.Holders != nil && s.Holders.Source == source:
		return s.Holders.AsOf
	}
	return time.Time{}
}
