package chat

import (
	"context"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// TokenFinder finds tokens by what people call them (package tokenfacts, through
// DexScreener): by symbol or name, and by one of their DEX pairs. Its implementation bounds,
// caches and pauses its calls; everything it returns is untrusted text (names and symbols are
// the deployer's), sanitised. A failure costs the answer only that token.
type TokenFinder interface {
	// Search finds the tokens whose symbol, name or address match query: each token on each
	// chain once, with the liquidity of every pool it is in summed, the deepest first.
	Search(ctx context.Context, query string) ([]token.Candidate, error)
	// Pair finds the base token of the pair (pool) address on a chain (a DexScreener chain
	// slug); found is false when the pair is unknown.
	Pair(ctx context.Context, chain, pair string) (c token.Candidate, found bool, err error)
}
