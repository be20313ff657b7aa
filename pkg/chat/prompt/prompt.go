// Package prompt holds the fixed system prompt and the framing of server-made context.
//
// The system prompt is an embedded text file so that it is reviewed as prose and can never be
// supplied or changed by a caller.
package prompt

import (
	_ "embed"
	"encoding/json"
	"strings"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
)

//go:embed system.txt
var system string

// System returns the fixed system prompt.
func System() string { return system }

// ContractContext is the server-made context for a validated contract address. Its fields come
// from the server's own tables, from an address that passed contract.Parse, and from the
// token facts the server read itself (Facts), which are sanitised JSON: no caller text reaches
// the model through it, and what the token's deployer chose (its name, symbol) stays inside
// JSON strings.
type ContractContext struct {
	// Message is the position (from 1) in the conversation of the latest message that carried
	// the address.
	Message     int    `json:"message,omitempty"`
	Address     string `json:"address"`
	ChainFamily string `json:"chainFamily"`
	// LikelyChains are the chains to consider when the facts did not settle the chain.
	LikelyChains []string `json:"likelyChains"`
	// Facts are the token's market and security facts as the server read them (package
	// tokenfacts): data with the name of its source, never instructions.
	Facts json.RawMessage `json:"facts,omitempty"`
	// Pages are pages the URL tool may read about the address, at most MaxPages with the
	// facts' own source pages.
	Pages []string `json:"pagesToRead"`
}

// MaxPages is how many URLs one address adds to a request, the facts' source pages included:
// the URL tool fetches, and bills, every URL it finds.
const MaxPages = 3

// ContextFor builds the context of an address: its family and MaxPages pages the URL tool can
// read, machine-readable first (the URL tool reads script-rendered and bot-protected pages
// worst).
func ContextFor(a contract.Address) ContractContext {
	v := a.Value
	if a.Chain == contract.ChainSolana {
		return ContractContext{
			Address:      v,
			ChainFamily:  string(a.Chain),
			LikelyChains: []string{"solana"},
			Pages: []string{
				"https://api.dexscreener.com/latest/dex/tokens/" + v,
				"https://solscan.io/token/" + v,
				"https://rugcheck.xyz/tokens/" + v,
			},
		}
	}
	return ContractContext{
		Address:      v,
		ChainFamily:  string(a.Chain),
		LikelyChains: []string{"ethereum", "bsc", "base", "arbitrum", "polygon"},
		Pages: []string{
			"https://api.dexscreener.com/latest/dex/tokens/" + v,
			"https://etherscan.io/token/" + v,
			"https://bscscan.com/token/" + v,
		},
	}
}

// ExplorerPage is the block explorer's page of a token on a chain (a DexScreener chain slug),
// or "" for a chain without one here.
func ExplorerPage(chain, address string) string {
	base, ok := explorers[chain]
	if !ok {
		return ""
	}
	return base + address
}

var explorers = map[string]string{
	"ethereum": "https://etherscan.io/token/",
	"bsc":      "https://bscscan.com/token/",
	"base":     "https://basescan.org/token/",
	"arbitrum": "https://arbiscan.io/token/",
	"polygon":  "https://polygonscan.com/token/",
	"solana":   "https://solscan.io/token/",
}

// ContextHeader opens the server-made context in the system instruction. The system prompt
// says that this block exists only there, so that the same words in a user turn are known to
// be the caller's.
const ContextHeader = "Server-made context for this request (written by the server, not by the user):"

// Instruction is the system instruction of one request: the fixed system prompt first and
// unchanged, then, when there are any, the server-made contexts as one JSON block. The payload
// is JSON so that its structure, not prose, carries it.
//
// candidates are the names or tickers of the latest message that matched several tokens and
// picked none: the model lists them and asks which one is meant.
func Instruction(system string, contexts []ContractContext, candidates []token.Candidates) string {
	if len(contexts) == 0 && len(candidates) == 0 {
		return system
	}
	if contexts == nil {
		contexts = []ContractContext{}
	}
	b, _ := json.MarshalIndent(struct { // cannot fail: strings, numbers, times and slices only
		ContractAddresses []ContractContext  `json:"contractAddresses"`
		TokenCandidates   []token.Candidates `json:"tokenCandidates,omitempty"`
	}{contexts, candidates}, "", "  ")
	var s strings.Builder
	s.WriteString(system)
	if !strings.HasSuffix(system, "\n") {
		s.WriteString("\n")
	}
	s.WriteString("\n")
	s.WriteString(ContextHeader)
	s.WriteString("\n")
	s.Write(b)
	return s.String()
}
