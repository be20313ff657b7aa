package tokenfacts

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/chatsvc/chat/pkg/chat/contract"
)

// Client looks up token facts. It is safe for concurrent use; its cache is shared by every
// caller, so one Client should serve the whole process.
type Client struct {
	cfg    Config
	cache  *cache
	goPlus goPlusAuth
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
func (c *Client) Lookup(ctx context.Context, addrs []contract.Address) []Facts {
	list := distinct(addrs, MaxAddresses)
	out := make([]Facts, len(list))
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
func (c *Client) lookupOne(ctx context.Context, a contract.Address) (f Facts) {
	b := &assembly{now: c.cfg.Now(), addr: a}
	defer func() {
		if r := recover(); r != nil {
			c.cfg.Logger.Error("tokenfacts: lookup panicked", "panic", r)
			f = Facts{Token: Token{Address: a.Value, Chain: string(a.Chain)},
				Unavailable: []Unavailable{{Source: SourceLookup, Reason: ReasonInvalidResponse}}}
		}
	}()
	if v, err := contract.Parse(a.Value); err != nil || v.Chain != a.Chain {
		b.miss(SourceLookup, ReasonInvalidAddress)
		return b.facts()
	}
	if a.Chain == contract.ChainSolana {
		c.lookupSolana(ctx, b)
	} else {
		c.lookupEVM(ctx, b)
	}
	return b.facts()
}

// lookupEVM asks DexScreener where the token trades, then GoPlus and honeypot.is about that
// chain. If DexScreener gives no chain, security is unavailable rather than guessed (see the
// package documentation).
func (c *Client) lookupEVM(ctx context.Context, b *assembly) {
	v, reason := b.wait(ctx, SourceDexScreener, c.dexFlight(b.addr))
	if reason != "" {
		if reason != ReasonTimedOut {
			reason = ReasonChainUnknown
		}
		b.miss(SourceGoPlus, reason)
		b.miss(SourceHoneypot, reason)
		return
	}
	b.dex = v.(*dexResult)
	ch, ok := evmChainBySlug(b.dex.chain)
	if !ok {
		b.miss(SourceGoPlus, ReasonChainUnknown)
		b.miss(SourceHoneypot, ReasonChainUnknown)
		return
	}
	b.evm = ch
	gp, hp := c.goPlusFlight(b.addr, ch), c.honeypotFlight(b.addr, ch)
	if v, reason := b.wait(ctx, SourceGoPlus, gp); reason == "" {
		b.gp = v.(*goPlusResult)
	}
	if hp == nil {
		b.miss(SourceHoneypot, ReasonChainNotCovered)
	} else if v, reason := b.wait(ctx, SourceHoneypot, hp); reason == "" {
		b.hp = v.(*hpResult)
	}
}

// lookupSolana asks DexScreener, GoPlus and RugCheck at once.
func (c *Client) lookupSolana(ctx context.Context, b *assembly) {
	dex, gp, rc := c.dexFlight(b.addr), c.goPlusFlight(b.addr, evmChain{}), c.rugCheckFlight(b.addr)
	if v, reason := b.wait(ctx, SourceDexScreener, dex); reason == "" {
		b.dex = v.(*dexResult)
	}
	if v, reason := b.wait(ctx, SourceGoPlus, gp); reason == "" {
		b.gp = v.(*goPlusResult)
	}
	if v, reason := b.wait(ctx, SourceRugCheck, rc); reason == "" {
		b.rc = v.(*rcResult)
	}
}

// The flights. Each fetch runs detached from the caller, so an answer that comes after one
// caller's budget still lands in the cache.

func (c *Client) dexFlight(a contract.Address) *flight {
	return c.cache.get("dex|"+cacheID(a), c.cfg.MarketTTL, c.logged(SourceDexScreener, func(ctx context.Context) (any, *failure) {
		r, f := c.fetchDexScreener(ctx, a)
		if f != nil {
			return nil, f
		}
		if ch, ok := evmChainBySlug(r.chain); ok && a.Chain == contract.ChainEVM {
			// Start the security fetches now, not when a caller gets round to them: if the
			// caller's budget has run out, they still fill the cache for the next question.
			c.goPlusFlight(a, ch)
			c.honeypotFlight(a, ch)
		}
		return r, nil
	}))
}

// goPlusFlight asks GoPlus about a on chain ch (ignored for Solana).
func (c *Client) goPlusFlight(a contract.Address, ch evmChain) *flight {
	key := "goplus|" + ch.id + "|" + cacheID(a)
	fetch := func(ctx context.Context) (*goPlusResult, *failure) { return c.fetchGoPlus(ctx, a, ch.id) }
	return c.cache.get(key, c.cfg.SecurityTTL, c.logged(SourceGoPlus, fetchOf(fetch)))
}

// honeypotFlight asks honeypot.is about a on chain ch, or returns nil where it does not
// simulate.
func (c *Client) honeypotFlight(a contract.Address, ch evmChain) *flight {
	if ch.honeypotPage == "" {
		return nil
	}
	key := "honeypot|" + ch.id + "|" + cacheID(a)
	fetch := func(ctx context.Context) (*hpResult, *failure) { return c.fetchHoneypot(ctx, a, ch.id) }
	return c.cache.get(key, c.cfg.SecurityTTL, c.logged(SourceHoneypot, fetchOf(fetch)))
}

func (c *Client) rugCheckFlight(a contract.Address) *flight {
	fetch := func(ctx context.Context) (*rcResult, *failure) { return c.fetchRugCheck(ctx, a) }
	return c.cache.get("rugcheck|"+cacheID(a), c.cfg.SecurityTTL, c.logged(SourceRugCheck, fetchOf(fetch)))
}

// fetchOf adapts a typed fetch to the cache's: a failed fetch stores no value (a nil *T
// would otherwise stand in the cache as a non-nil any).
func fetchOf[T any](fetch func(ctx context.Context) (*T, *failure)) fetchFunc {
	return func(ctx context.Context) (any, *failure) {
		r, f := fetch(ctx)
		if f != nil {
			return nil, f
		}
		return r, nil
	}
}

// logged logs a fetch's failure once, with its cause, however many callers were waiting.
func (c *Client) logged(source string, fetch fetchFunc) fetchFunc {
	return func(ctx context.Context) (any, *failure) {
		v, f := fetch(ctx)
		if f != nil && f.Reason != ReasonNotFound {
			c.cfg.Logger.Warn("tokenfacts: source unavailable", "source", source, "reason", f.Reason, "err", f.Err)
		}
		return v, f
	}
}
