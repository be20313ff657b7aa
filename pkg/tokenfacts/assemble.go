package tokenfacts

import (
	"context"
	"slices"
	"time"

	"github.com/chatsvc/chat/pkg/chat/contract"
)

// assembly gathers one token's answers for one caller and turns them into Facts. The cached
// answers are shared between callers: assembly copies what it hands out.
type assembly struct {
	now  time.Time
	addr contract.Address
	evm  evmChain // the EVM chain DexScreener found, if any

	dex *dexResult
	gp  *goPlusResult
	hp  *hpResult
	rc  *rcResult
	at  map[string]time.Time // when each answer was fetched, by source

	unavailable []Unavailable
}

// wait waits for a flight within ctx and returns its value, or the reason there is none (the
// reason is also recorded).
func (b *assembly) wait(ctx context.Context, source string, f *flight) (any, string) {
	out, ok := f.wait(ctx)
	switch {
	case !ok:
		b.miss(source, ReasonTimedOut)
		return nil, ReasonTimedOut
	case out.fail != nil:
		b.miss(source, out.fail.Reason)
		return nil, out.fail.Reason
	}
	if b.at == nil {
		b.at = map[string]time.Time{}
	}
	b.at[source] = out.at.UTC().Truncate(time.Second)
	return out.value, ""
}

func (b *assembly) miss(source, reason string) {
	b.unavailable = append(b.unavailable, Unavailable{Source: source, Reason: reason})
}

func (b *assembly) facts() Facts {
	f := Facts{
		Token:       b.token(),
		Market:      b.market(),
		Security:    b.security(),
		Sources:     b.sources(),
		Unavailable: b.unavailable,
	}
	f.Findings = findings(&f)
	return f
}

func (b *assembly) token() Token {
	t := Token{Address: b.addr.Value, Chain: string(b.addr.Chain)}
	if b.evm.slug != "" {
		t.Chain, t.ChainID = b.evm.slug, b.evm.id
	}
	var names, symbols []string
	if b.dex != nil {
		names, symbols = append(names, b.dex.name), append(symbols, b.dex.symbol)
	}
	if b.gp != nil {
		names, symbols = append(names, b.gp.name), append(symbols, b.gp.symbol)
	}
	if b.hp != nil {
		names, symbols = append(names, b.hp.name), append(symbols, b.hp.symbol)
	}
	t.Name, t.Symbol = firstNonEmpty(names), firstNonEmpty(symbols)
	return t
}

func firstNonEmpty(list []string) string {
	for _, s := range list {
		if s != "" {
			return s
		}
	}
	return ""
}

func (b *assembly) market() *Market {
	if b.dex == nil {
		return nil
	}
	m := b.dex.market
	m.Source, m.AsOf = SourceDexScreener, b.at[SourceDexScreener]
	m.OtherChains = slices.Clone(m.OtherChains)
	if m.PairCreatedAt != nil {
		t := *m.PairCreatedAt
		m.PairCreatedAt = &t
		m.PairAgeHours = ptr(round(max(b.now.Sub(t).Hours(), 0), 1))
	}
	m.PairURL = b.dexPage()
	return &m
}

// dexPage is the pair's DexScreener page, or the token's when the pair address is unusable.
func (b *assembly) dexPage() string {
	pair := b.dex.pairAddress
	if pair == "" {
		pair = b.addr.Value
	}
	return dexScreenerPage(b.dex.chain, pair)
}

func (b *assembly) security() *Security {
	s := Security{}
	if b.gp != nil {
		ct := b.gp.contract
		ct.Source, ct.AsOf = SourceGoPlus, b.at[SourceGoPlus]
		ct.MintAuthorities = slices.Clone(ct.MintAuthorities)
		ct.FreezeAuthorities = slices.Clone(ct.FreezeAuthorities)
		ct.CEXs = slices.Clone(ct.CEXs)
		if ct.Owner != nil {
			o := *ct.Owner
			ct.Owner = &o
		}
		s.Contract = &ct
		s.Holders = b.holders()
		s.Taxes = appendTax(s.Taxes, b.gp.tax)
	}
	if b.hp != nil {
		sim := b.hp.sim
		sim.Source, sim.AsOf = SourceHoneypot, b.at[SourceHoneypot]
		sim.Flags = slices.Clone(sim.Flags)
		s.Simulation = &sim
		s.Taxes = appendTax(s.Taxes, b.hp.tax)
	}
	if b.rc != nil {
		rc := b.rc.report
		rc.Source, rc.AsOf = SourceRugCheck, b.at[SourceRugCheck]
		rc.Risks = slices.Clone(rc.Risks)
		s.RugCheck = &rc
	}
	if s.Contract == nil && s.Simulation == nil && s.RugCheck == nil {
		return nil
	}
	return &s
}

func appendTax(list []Tax, t *Tax) []Tax {
	if t == nil {
		return list
	}
	return append(list, *t)
}

// sources lists the public page of each source that answered: at most three per token
// (DexScreener, GoPlus, and honeypot.is on EVM or RugCheck on Solana).
func (b *assembly) sources() []Source {
	var out []Source
	if b.dex != nil {
		out = append(out, Source{Name: SourceDexScreener, URL: b.dexPage()})
	}
	if b.gp != nil {
		id := b.evm.id
		if b.addr.Chain == contract.ChainSolana {
			id = solanaSlug
		}
		out = append(out, Source{Name: SourceGoPlus, URL: goPlusPage(id, b.addr.Value)})
	}
	if b.hp != nil {
		out = append(out, Source{Name: SourceHoneypot, URL: honeypotPage(b.evm.honeypotPage, b.addr.Value)})
	}
	if b.rc != nil {
		out = append(out, Source{Name: SourceRugCheck, URL: rugCheckPage(b.addr.Value)})
	}
	return out
}
