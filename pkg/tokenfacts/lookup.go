package tokenfacts

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// Client looks up token facts. It is safe for concurrent use; its cache and its pauses are
// shared by every caller, so one Client should serve the whole process.
type Client struct {
	cfg    Config
	cache  *cache
	goPlus goPlusAuth
	pauses pauses
}

// New returns a Client; every zero field of cfg takes its default.
func New(cfg Config) *Client {
	cfg = cfg.withDefaults()
	return &Client{cfg: cfg, cache: newCache(cfg.CacheEntries, cfg.Now, cfg.FetchTimeout, cfg.Budget)}
}

// Lookup returns the facts of the first MaxAddresses distinct addresses, in their order, in
// parallel and within one budget: Config.Budget, or less if ctx ends sooner. It never returns
// an error and never waits past the budget: what has not answered by then is named in each
// Facts.Unavailable, and goes on in the background to fill the cache.
func (c *Client) Lookup(ctx context.Context, addrs []contract.Address) []token.Facts {
	list := distinct(addrs, token.MaxAddresses)
	out := make([]token.Facts, len(list))
	if len(list) == 0 {
		return out
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Budget)
	defer cancel()
	var wg sync.WaitGroup
	for i, a := range list {
		wg.Go(func() { out[i] = c.lookupOne(ctx, a) })
	}
	wg.Wait()
	return out
}

// distinct keeps the first n addresses that differ (contract.Address.Equal).
func distinct(addrs []contract.Address, n int) []contract.Address {
	var out []contract.Address
	for _, a := range addrs {
		if len(out) == n {
			break
		}
		if !slices.ContainsFunc(out, a.Equal) {
			out = append(out, a)
		}
	}
	return out
}

// cacheID names an address in cache keys: EVM lowercased, Solana as it is.
func cacheID(a contract.Address) string {
	if a.Chain == contract.ChainEVM {
		return "evm:" + strings.ToLower(a.Value)
	}
	return string(a.Chain) + ":" + a.Value
}

// lookupOne gathers one token's facts. It waits only on flights, each bounded by ctx, so it
// returns by ctx's deadline. A panic (a bug) costs this token its facts, not the process.
func (c *Client) lookupOne(ctx context.Context, a contract.Address) (f token.Facts) {
	b := newAssembly(c.cfg.Now(), a)
	defer func() {
		if r := recover(); r != nil {
			c.cfg.Logger.Error("tokenfacts: lookup panicked", "panic", r)
			f = token.Facts{Token: token.Token{Address: a.Value, Chain: string(a.Chain)},
				Unavailable: []token.Unavailable{{Source: token.SourceLookup, Reason: token.ReasonInvalidResponse}}}
		}
	}()
	if v, err := contract.Parse(a.Value); err != nil || v.Chain != a.Chain {
		b.miss(token.SourceLookup, token.ReasonInvalidAddress)
		return b.facts()
	}
	c.ask(ctx, b)
	return b.facts()
}

// ask asks the sources in rounds: each round starts every source that can be asked with what
// is known (all at once), waits for them within ctx, and learns from their parts; a source
// that needs a fact another gives (the chain, the pool, the contract's wallets) is asked in
// the round after. On EVM that is DexScreener, then GoPlus, honeypot.is and the price
// history, then GoPlus's address lookup; on Solana three sources go in the first round.
func (c *Client) ask(ctx context.Context, b *assembly) {
	done := make([]bool, len(sources))
	for {
		type started struct {
			s source
			f *flight
		}
		var round []started
		for i, s := range sources {
			if done[i] {
				continue
			}
			q, ok := c.question(s, b.known)
			switch {
			case !ok:
				done[i] = true
			case q.Wait:
				continue
			case q.Reason != "":
				b.miss(s.Name(), q.Reason)
				done[i] = true
			default:
				round = append(round, started{s, c.flight(s, q, b.known)})
				done[i] = true
			}
		}
		if len(round) == 0 {
			if b.known.final {
				return
			}
			// Nothing left to ask: what still waits (for a source that is off, say) is told
			// why its fact will not come, in one last pass.
			b.known.final = true
			continue
		}
		for _, r := range round {
			b.wait(ctx, r.s, r.f)
		}
	}
}

// question is what s would ask now, or false when s is off or does not apply to the token.
func (c *Client) question(s source, k *known) (ask, bool) {
	if c.cfg.source(s.API()).Off || !coversFamily(s, k.addr.Chain) {
		return ask{}, false
	}
	if k.chain != "" && !s.Covers(k.chain) {
		return ask{Reason: token.ReasonChainNotCovered}, true
	}
	q := s.Ask(k, &c.cfg)
	return q, q != ask{}
}

// coversFamily reports whether s covers any chain of the address's family (EVM or Solana):
// a source that covers none is silent about the token rather than "not covering" it.
func coversFamily(s source, family contract.Chain) bool {
	if family == contract.ChainSolana {
		return s.Covers(solanaSlug)
	}
	return slices.ContainsFunc(evmChains, func(ch evmChain) bool { return s.Covers(ch.slug) })
}

// flight returns the cached flight of s's question q: a fresh answer, the fetch in progress,
// or a new fetch. The fetch runs detached from the caller, so an answer that comes after one
// caller's budget still lands in the cache; when it succeeds, it starts the questions its
// part makes possible, so that they fill the cache too.
func (c *Client) flight(s source, q ask, k *known) *flight {
	k = k.clone()
	call := caller{c: c, api: s.API(), base: c.cfg.source(s.API()).BaseURL}
	return c.cache.get(s.Name()+"|"+q.Key, q.TTL, func(ctx context.Context) (any, *failure) {
		return c.sharing(ctx, q.TTL, func(ctx context.Context) (any, *failure) { return c.fetchPart(ctx, s, call, k) })
	})
}

// fetchPart asks source s for its part, and starts the questions the part makes possible.
func (c *Client) fetchPart(ctx context.Context, s source, call caller, k *known) (any, *failure) {
	p, f := s.Fetch(ctx, call, k)
	if f != nil {
		if f.Reason != token.ReasonNotFound {
			c.cfg.Logger.Warn("tokenfacts: source unavailable", "source", s.Name(), "reason", f.Reason, "err", f.Err)
		}
		return nil, f
	}
	c.prefetch(k, s, p)
	return p, nil
}

// prefetch starts the questions that were waiting for what p teaches.
func (c *Client) prefetch(k *known, from source, p *part) {
	next := k.clone()
	next.learn(p)
	next.settled[from.Name()] = ""
	for _, s := range sources {
		before, _ := c.question(s, k)
		if !before.Wait {
			continue
		}
		if q, ok := c.question(s, next); ok && q.Key != "" {
			c.flight(s, q, next)
		}
	}
}
