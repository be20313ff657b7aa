package token

import "time"

// How a token was found in the conversation (Identified.By).
const (
	// ByPrefix is the specification's [Contract Address: ...] prefix.
	ByPrefix = "prefix"
	// ByAddress is an address written anywhere in a message.
	ByAddress = "address"
	// ByLink is a DEX, pool or explorer link that names the token or one of its pairs.
	ByLink = "link"
	// BySearch is a cashtag, a ticker or a name, resolved with a search.
	BySearch = "search"
)

// Identified says how a token was found in the conversation: the caller and the model see it
// beside the token's facts.
type Identified struct {
	By string `json:"by"`
	// Text is what in the question it was found from: the address, the link, "$CAKE".
	Text string `json:"text"`
	// Alternatives counts the other tokens the search found under that symbol or name (a
	// search only): the copycats.
	Alternatives *int `json:"alternatives,omitempty"`
	// Copycats names a few of them, for the model (not on the wire).
	Copycats []Candidate `json:"-"`
}

// Candidate is a token a search or a pair link found: one token on one chain, its pools'
// depth summed. Name and Symbol are the deployer's (sanitised, untrusted).
type Candidate struct {
	Address string `json:"address"`
	// Chain is a DexScreener chain slug ("ethereum", "bsc", "solana", ...).
	Chain  string `json:"chain"`
	Name   string `json:"name,omitempty"`
	Symbol string `json:"symbol,omitempty"`
	// LiquidityUSD is the liquidity of the pools the token is in (as base or quote), summed.
	LiquidityUSD float64 `json:"liquidity_usd"`
	// PairCreatedAt is when its oldest pool was created; zero when unknown.
	PairCreatedAt time.Time `json:"pair_created_at,omitzero"`
	// URL is the page of its most liquid pool.
	URL string `json:"url,omitempty"`
}

// Candidates are the tokens a name or ticker matched when none stood out: the model asks the
// user which one they mean, and the page offers them as choices.
type Candidates struct {
	// Query is the ticker or name as the question wrote it.
	Query      string      `json:"query"`
	Candidates []Candidate `json:"candidates"`
}
