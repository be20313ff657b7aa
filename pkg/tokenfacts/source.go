package tokenfacts

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// source is one token-data source. Adding one is a file with a type that implements it, a
// line in sources, its API's setting (settings.TokenSources) and its route in fakesources.
type source interface {
	// Name names the source in the facts (Source fields, Unavailable, Findings).
	Name() string
	// API is the API the source calls: sources of one API share its settings and its pause.
	API() api
	// Covers reports whether the source knows tokens on chain (a Token.Chain slug).
	Covers(chain string) bool
	// Ask says what to ask about the token from what is known so far (see ask).
	Ask(k *known, cfg *Config) ask
	// Fetch asks it: the source's part of the facts, or why it has none.
	Fetch(ctx context.Context, call caller, k *known) (*part, *failure)
}

// sources are the sources, in the order their facts are read: a token's name comes from the
// first that gives one, and its source pages are listed in this order.
var sources = []source{
	dexScreener{},
	goPlusToken{},
	honeypotIs{},
	rugCheck{},
	geckoTerminal{},
	goPlusAddress{},
}

// api is an upstream API: the id its settings go by (Config.Sources, settings.TokenSources),
// its name in logs and its public base URL.
type api struct {
	id, name, defaultURL string
}

// The APIs.
var (
	apiDexScreener = api{"dexscreener", token.SourceDexScreener, "https://api.dexscreener.com"}
	apiGoPlus      = api{"goplus", token.SourceGoPlus, "https://api.gopluslabs.io"}
	apiHoneypot    = api{"honeypot", token.SourceHoneypot, "https://api.honeypot.is"}
	apiRugCheck    = api{"rugcheck", token.SourceRugCheck, "https://api.rugcheck.xyz"}
)

// APIs lists the ids of the APIs the sources call, each once, in the order of sources.
func APIs() []string {
	var out []string
	for _, s := range sources {
		if id := s.API().id; !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// ask is a source's answer to "what would you ask now?": a question (Key, cached for TTL),
// or Wait for a fact another source has not given yet, or Reason why it will not be asked
// (shown in Facts.Unavailable). The zero ask means the source does not apply to this token,
// which is not worth a word.
type ask struct {
	Key    string
	TTL    time.Duration
	Wait   bool
	Reason string
}

// known is what the lookup knows about the token so far: the caller's address, then what the
// sources' parts teach (the chain, the pool, the wallets behind the contract), and which
// sources have settled, with their failure reasons.
type known struct {
	addr          contract.Address
	chain         string   // a token.Token.Chain slug, "" for EVM until a source names it
	evm           evmChain // the EVM chain, once known
	pool          string   // the most liquid pool's address
	pairCreatedAt *time.Time
	wallets       []token.Wallet // the contract's creator and owner
	settled       map[string]string
	// final is set when no source is left to ask: a source still waiting for a fact gets
	// the reason it will not come.
	final bool
}

func newKnown(a contract.Address) *known {
	k := &known{addr: a, settled: map[string]string{}}
	if a.Chain == contract.ChainSolana {
		k.chain = solanaSlug
	}
	return k
}

// clone is a copy the caller may keep while k goes on learning.
func (k *known) clone() *known {
	c := *k
	c.wallets = slices.Clone(k.wallets)
	c.settled = make(map[string]string, len(k.settled))
	for s, r := range k.settled {
		c.settled[s] = r
	}
	return &c
}

// learn takes in what a part teaches about the token.
func (k *known) learn(p *part) {
	if k.chain == "" && p.chain != "" {
		if ch, ok := evmChainBySlug(p.chain); ok {
			k.chain, k.evm = p.chain, ch
		}
	}
	if k.pool == "" && p.pool != "" {
		k.pool, k.pairCreatedAt = p.pool, p.pairCreatedAt
	}
	for _, w := range p.wallets {
		i := slices.IndexFunc(k.wallets, func(x token.Wallet) bool { return x.Address == w.Address })
		if i < 0 {
			k.wallets = append(k.wallets, token.Wallet{Address: w.Address, Roles: slices.Clone(w.Roles)})
			continue
		}
		for _, r := range w.Roles {
			if !slices.Contains(k.wallets[i].Roles, r) {
				k.wallets[i].Roles = append(k.wallets[i].Roles, r)
			}
		}
	}
}

// poolID is the pool's address as cache keys write it (EVM without case).
func (k *known) poolID() string {
	if k.addr.Chain == contract.ChainEVM {
		return strings.ToLower(k.pool)
	}
	return k.pool
}

// after is how a source that needs a fact from the source named by: it waits while that
// source has not settled, and once it has, gives the reason it failed (a time-out stays a
// time-out; any other failure, or an answer without the fact, is reason).
func (k *known) after(by, reason string) ask {
	r, ok := k.settled[by]
	switch {
	case !ok && !k.final:
		return ask{Wait: true}
	case r == token.ReasonTimedOut:
		return ask{Reason: token.ReasonTimedOut}
	}
	return ask{Reason: reason}
}

// needChain is the ask of a source that must know the token's chain: wait for DexScreener
// to name it, or "chain unknown".
func (k *known) needChain() (ask, bool) {
	if k.chain != "" {
		return ask{}, true
	}
	return k.after(token.SourceDexScreener, token.ReasonChainUnknown), false
}

// onChain is the ask of a source that asks about the token on its chain: once the chain is
// known, keyed by the chain and the address.
func (k *known) onChain(ttl time.Duration) ask {
	if q, ok := k.needChain(); !ok {
		return q
	}
	return ask{Key: k.evm.id + "|" + cacheID(k.addr), TTL: ttl}
}

// part is what one source contributes to a token's facts. Parts are cached and shared by
// every caller: the assembly copies what it hands out.
type part struct {
	name, symbol string

	// What later sources need: the chain, the most liquid pool, the contract's wallets.
	chain         string
	pool          string
	pairCreatedAt *time.Time
	wallets       []token.Wallet

	market     *token.Market
	contract   *token.Contract
	taxes      *token.Tax
	simulation *token.Simulation
	rugCheck   *token.RugCheck
	history    *token.History
	deployer   *token.Deployer

	// The raw holder lists, and the addresses that hold supply for nobody (pools, pairs):
	// the assembly reads the distribution from every part's pools together.
	holders     []holder
	lpHolders   []holder
	holderCount *int64
	pools       []string

	// page is the source's public page about this token, for a person to check the facts.
	page string
}

// caller calls one API on behalf of a source: at its configured base URL, within the body
// cap, and not at all while the API is paused.
type caller struct {
	c    *Client
	api  api
	base string
}

// get sends a GET to the API's path and decodes the JSON answer into v.
func (cl caller) get(ctx context.Context, path string, v any) *failure {
	return cl.c.getJSON(ctx, request{api: cl.api, url: cl.base + path}, v)
}
