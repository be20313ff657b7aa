// Package tokenfacts reads a token's market, price-history and security facts from keyless
// public JSON APIs (DexScreener, GoPlus Security and its address lookup, honeypot.is, RugCheck
// and a price-history API), normalises them into one shape, Facts, with findings and a verdict
// drawn from them, and caches them in the process, so that the model is handed data instead of
// links it has to read itself.
//
// Each source is one file implementing the source interface (source.go), registered in one
// list; the lookup asks them in rounds, each source as soon as what it needs is known (the
// chain and the pool from DexScreener, the contract's wallets from GoPlus), and the assembly
// merges their parts without knowing which gave what. An API that rate-limits the service is
// paused for the whole process (pause.go).
//
// Usage:
//
//	facts := tokenfacts.New(tokenfacts.Config{})
//	for _, f := range facts.Lookup(ctx, addrs) { // at most 3 addresses
//		prompt = append(prompt, f.ModelJSON()...)
//	}
//
// Lookup never fails and never waits longer than Config.Budget (or ctx): a source that has
// not answered by then, or answered with a rate limit (or is paused after one), a server error, an unusable body or
// "data being prepared", is left out and named in Facts.Unavailable with a short reason that
// is safe to show the caller. A fetch that outlives one caller's budget still completes in the
// background (bounded by Config.FetchTimeout) and fills the cache for the next question.
//
// What each chain asks:
//
//   - EVM: DexScreener's cross-chain token search first, because an EVM address can exist on
//     several chains and the other sources need to be told which one. The pair with the
//     most USD liquidity whose base token is this address decides the chain. Then GoPlus for
//     that chain and, on Ethereum, BSC and Base, honeypot.is's buy/sell simulation. When
//     DexScreener fails or knows no pair, security is marked unavailable ("chain unknown")
//     rather than guessed on Ethereum: a guess would attach one chain's verdict to a token
//     that may live on another, and would spend GoPlus's small keyless quota (about 30 a
//     minute) on tokens that are not trading anywhere.
//   - Solana: DexScreener, GoPlus's Solana endpoint and RugCheck, all three at once; the price
//     history once DexScreener has named the pool.
//
// The Client also finds tokens by what people call them (finder.go, the domain's
// chat.TokenFinder): Search reads DexScreener's search for a ticker, a name or an address and
// sums each token's pools per chain, deepest first; Pair resolves a dexscreener.com pair link
// to its base token. Both are cached, bounded by the budget, paused and switched off with
// DexScreener.
//
// Everything the APIs return is untrusted: names and other strings are clipped and stripped of
// control, format and bidirectional-override characters, "://" in them is defanged, and the
// token's own websites and socials are dropped. The only URLs in Facts are the public pages of
// the sources themselves (at most three per token in Facts.Sources, plus the pair's and the
// pool's pages, which ModelJSON leaves out).
package tokenfacts
