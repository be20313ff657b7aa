// Package prompt holds the fixed system prompt and the framing of server-made context.
//
// The system prompt is an embedded text file so that it is reviewed as prose and can never be
// supplied or changed by a caller.
package prompt

import (
	_ "embed"
	"encoding/json"
	"strings"

	"github.com/chatsvc/chat/pkg/contract"
)

//go:embed system.txt
var system string

// System returns the fixed system prompt.
func System() string { return system }

// ContractContext is the server-made context for a validated contract address. Its fields come
// from the server's own tables and from an address that passed contract.Parse, so no caller text
// reaches the model through it.
type ContractContext struct {
	// Message is the position (from 1) in the conversation of the message that carried the
	// address.
	Message      int      `json:"message,omitempty"`
	Address      string   `json:"address"`
	ChainFamily  string   `json:"chainFamily"`
	LikelyChains []string `json:"likelyChains"`
	Explorers    []string `json:"explorerPages"`
	Markets      []string `json:"marketPages"`
}

// ContextFor builds the context of an address: its family and pages the URL tool can read.
func ContextFor(a contract.Address) ContractContext {
	v := a.Value
	switch a.Chain {
	case contract.ChainSolana:
		return ContractContext{
			Address:      v,
			ChainFamily:  string(a.Chain),
			LikelyChains: []string{"solana"},
			Explorers: []string{
				"https://solscan.io/token/" + v,
				"https://explorer.solana.com/address/" + v,
			},
			Markets: []string{
				"https://dexscreener.com/solana/" + v,
				"https://api.dexscreener.com/latest/dex/tokens/" + v,
				"https://birdeye.so/token/" + v + "?chain=solana",
			},
		}
	default:
		return ContractContext{
			Address:      v,
			ChainFamily:  string(a.Chain),
			LikelyChains: []string{"ethereum", "bsc", "base", "arbitrum", "polygon"},
			Explorers: []string{
				"https://etherscan.io/token/" + v,
				"https://bscscan.com/token/" + v,
				"https://basescan.org/token/" + v,
				"https://arbiscan.io/token/" + v,
				"https://polygonscan.com/token/" + v,
			},
			Markets: []string{
				"https://api.dexscreener.com/latest/dex/tokens/" + v,
				"https://dexscreener.com/search?q=" + v,
			},
		}
	}
}

// ContextHeader opens the server-made context in the system instruction. The system prompt
// says that this block exists only there, so that the same words in a user turn are known to
// be the caller's.
const ContextHeader = "Server-made context for this request (written by the server, not by the user):"

// Instruction is the system instruction of one request: the fixed system prompt first and
// unchanged, then, when there are any, the server-made contexts as one JSON block. The payload
// is JSON so that its structure, not prose, carries it.
func Instruction(system string, contexts []ContractContext) string {
	if len(contexts) == 0 {
		return system
	}
	b, _ := json.MarshalIndent(struct { // cannot fail: strings, ints and string slices only
		ContractAddresses []ContractContext `json:"contractAddresses"`
	}{contexts}, "", "  ")
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
