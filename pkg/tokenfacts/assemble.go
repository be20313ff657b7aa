package tokenfacts

import (
	"context"
	"slices"
	"time"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// assembly gathers one token's parts for one caller and merges them into Facts, without
// knowing which source gave which: each part fills the blocks it has, stamped with its
// source's name and the time it was fetched. The cached parts are shared between callers:
// assembly copies what it hands out.
type assembly struct {
	now   time.Time
	known *known
	parts []stamped

	unavailable []token.Unavailable
}

// stamped is a part with the source that gave it and when it was fetched.
type stamped struct {
	source string
	at     time.Time
	*part
}

func newAssembly(now time.Time, a contract.Address) *assembly {
	return &assembly{now: now, known: newKnown(a)}
}

// wait waits for s's flight within ctx, and records its part or the reason there is none.
func (b *assembly) wait(ctx context.Context, s source, f *flight) {
	out, ok := f.wait(ctx)
	switch {
	case !ok:
		b.miss(s.Name(), token.ReasonTimedOut)
	case out.fail != nil:
		b.miss(s.Name(), out.fail.Reason)
	default:
		p := out.value.(*part)
		b.parts = append(b.parts, stamped{source: s.Name(), at: out.at.UTC().Truncate(time.Second), part: p})
		b.known.learn(p)
		b.known.settled[s.Name()] = ""
	}
}

func (b *assembly) miss(source, reason string) {
	b.unavailable = append(b.unavailable, token.Unavailable{Source: source, Reason: reason})
	b.known.settled[source] = reason
}

func (b *assembly) facts() token.Facts {
	// The parts in the order of sources, whatever order they answered in.
	slices.SortStableFunc(b.parts, func(x, y stamped) int { return sourceRank(x.source) - sourceRank(y.source) })
	f := token.Facts{Token: b.token(), Unavailable: b.unavailable}
	s := &token.Security{}
	for _, p := range b.parts {
		b.merge(&f, s, p)
	}
	if h := b.holders(); h != nil {
		s.Holders = h
	}
	if s.Contract != nil || s.Simulation != nil || s.RugCheck != nil || s.Holders != nil || s.Deployer != nil {
		f.Security = s
	}
	// Unreachable while every number is checked where it is read; it writes nothing then, so
	// the parts shared with other callers stay untouched.
	dropUnsound(&f)
	found := findings(&f)
	for _, x := range found {
		f.Findings = append(f.Findings, x.Finding)
	}
	f.Verdict = verdict(&f, found)
	return f
}

func sourceRank(name string) int {
	return slices.IndexFunc(sources, func(s source) bool { return s.Name() == name })
}

// merge copies p's blocks into f and s. A block two parts give is taken from the first.
func (b *assembly) merge(f *token.Facts, s *token.Security, p stamped) {
	if p.market != nil && f.Market == nil {
		f.Market = b.market(p)
	}
	b.mergeSecurity(s, p)
	if p.history != nil && f.History == nil {
		f.History = p.history.Stamped(p.source, p.at)
	}
	if p.page != "" {
		f.Sources = append(f.Sources, token.Source{Name: p.source, URL: p.page})
	}
}

// mergeSecurity copies p's security blocks into s.
func (b *assembly) mergeSecurity(s *token.Security, p stamped) {
	if p.contract != nil && s.Contract == nil {
		s.Contract = p.contract.Stamped(p.source, p.at)
	}
	if p.taxes != nil {
		s.Taxes = append(s.Taxes, *p.taxes)
	}
	if p.simulation != nil && s.Simulation == nil {
		sim := *p.simulation
		sim.Source, sim.AsOf, sim.Flags = p.source, p.at, slices.Clone(sim.Flags)
		s.Simulation = &sim
	}
	if p.rugCheck != nil && s.RugCheck == nil {
		rc := *p.rugCheck
		rc.Source, rc.AsOf, rc.Risks = p.source, p.at, slices.Clone(rc.Risks)
		s.RugCheck = &rc
	}
	if p.deployer != nil && s.Deployer == nil {
		s.Deployer = p.deployer.Stamped(p.source, p.at)
	}
}

func (b *assembly) token() token.Token {
	k := b.known
	t := token.Token{Address: k.addr.Value, Chain: string(k.addr.Chain)}
	if k.evm.slug != "" {
		t.Chain, t.ChainID = k.evm.slug, k.evm.id
	}
	var names, symbols []string
	for _, p := range b.parts {
		names, symbols = append(names, p.name), append(symbols, p.symbol)
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

// market copies p's market, with the pair's age as of now.
func (b *assembly) market(p stamped) *token.Market {
	m := *p.market
	m.Source, m.AsOf = p.source, p.at
	m.OtherChains = slices.Clone(m.OtherChains)
	if m.PairCreatedAt != nil {
		t := *m.PairCreatedAt
		m.PairCreatedAt = &t
		m.PairAgeHours = ptr(round(max(b.now.Sub(t).Hours(), 0), 1))
	}
	return &m
}
