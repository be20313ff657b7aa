package identify_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chatsvc/chat/pkg/chat/identify"
	"github.com/chatsvc/chat/pkg/chat/token"
)

const (
	cake  = "0x0e09fabb73bd3ade0a17ecc321fd13a19e81ce82"
	mint  = "8ZCmpL7W7PwNcUzQmBbrJ1jmh2YqYV4fkn7pNy7Cpump"
	wif   = "EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm"
	pairE = "0x0ed7e52944161450477ee417de9cd3a859b14fd0"
)

// want is a mention in short: how, and what it yields (the address, chain/pair, or query).
type want struct{ by, addr, chain, pair, query string }

func short(m identify.Mention) want {
	w := want{by: m.By, chain: m.Chain, pair: m.Pair, query: m.Query}
	if m.Address != nil {
		w.addr = m.Address.Value
	}
	return w
}

func TestFind(t *testing.T) {
	for name, tt := range map[string]struct {
		text string
		want []want
	}{
		"an address in a sentence":  {"Is " + cake + " safe to hold?", []want{{by: token.ByAddress, addr: cake}}},
		"an address in upper case":  {"check 0x0E09FABB73BD3ADE0A17ECC321FD13A19E81CE82 pls", []want{{by: token.ByAddress, addr: "0x0E09FABB73BD3ADE0A17ECC321FD13A19E81CE82"}}},
		"a Solana mint in Chinese":  {"这个代币" + wif + "安全吗？", []want{{by: token.ByAddress, addr: wif}}},
		"a mint ending in pump":     {"what about " + mint + "?", []want{{by: token.ByAddress, addr: mint}}},
		"a DexScreener pair link":   {"https://dexscreener.com/bsc/" + pairE + " is it legit", []want{{by: token.ByLink, chain: "bsc", pair: pairE, addr: pairE}}},
		"a DexScreener Solana pair": {"dexscreener.com/solana/ee2mj4eu3gvsodkgae5t6aypz2fkswmv2p8kszlnjax4", []want{{by: token.ByLink, chain: "solana", pair: "ee2mj4eu3gvsodkgae5t6aypz2fkswmv2p8kszlnjax4"}}},
		"a BscScan token link":      {"https://bscscan.com/token/" + cake + "#balances", []want{{by: token.ByLink, chain: "bsc", addr: cake}}},
		"an Etherscan address link": {"see etherscan.io/address/" + cake + ".", []want{{by: token.ByLink, chain: "ethereum", addr: cake}}},
		"a BaseScan link in www":    {"https://www.basescan.org/token/" + cake, []want{{by: token.ByLink, chain: "base", addr: cake}}},
		"a Solscan link":            {"https://solscan.io/token/" + wif, []want{{by: token.ByLink, chain: "solana", addr: wif}}},
		"a pump.fun coin":           {"https://pump.fun/coin/" + mint, []want{{by: token.ByLink, chain: "solana", addr: mint}}},
		"a Birdeye link":            {"https://birdeye.so/token/" + wif + "?chain=solana", []want{{by: token.ByLink, chain: "solana", addr: wif}}},
		"a GMGN link":               {"https://gmgn.ai/bsc/token/" + cake, []want{{by: token.ByLink, chain: "bsc", addr: cake}}},
		"a GeckoTerminal pool":      {"https://www.geckoterminal.com/bsc/pools/" + pairE, []want{{by: token.ByLink, chain: "bsc", pair: pairE}}},
		"a cashtag":                 {"Is $CAKE legit?", []want{{by: token.BySearch, query: "CAKE"}}},
		"a lower-case cashtag":      {"thoughts on $wif", []want{{by: token.BySearch, query: "wif"}}},
		"a ticker":                  {"Should I buy WIF now?", []want{{by: token.BySearch, query: "WIF"}}},
		"a ticker in Spanish":       {"¿Es CAKE una buena inversión?", []want{{by: token.BySearch, query: "CAKE"}}},
		"a ticker in Chinese":       {"CAKE值得买吗？", []want{{by: token.BySearch, query: "CAKE"}}},
		"a name with Token":         {"What do you make of the PancakeSwap Token?", []want{{by: token.BySearch, query: "PancakeSwap"}}},
		"a name in Spanish":         {"¿Qué opinas del token PancakeSwap?", []want{{by: token.BySearch, query: "PancakeSwap"}}},
		"a name in Chinese":         {"PancakeSwap代币安全吗", []want{{by: token.BySearch, query: "PancakeSwap"}}},
		"a two-word name":           {"Is the Shiba Inu coin a scam?", []want{{by: token.BySearch, query: "Shiba Inu"}}},
		"the prefix's address kept": {"and " + cake + " and " + cake, []want{{by: token.ByAddress, addr: cake}}},
		"in order of appearance": {"compare $CAKE with " + wif, []want{
			{by: token.BySearch, query: "CAKE"}, {by: token.ByAddress, addr: wif}}},
		// What is no token.
		"a general question":        {"What is a rug pull?", nil},
		"acronyms":                  {"DYOR: check the ATH, the FDV and the TVL before any ICO, IMO.", nil},
		"a native coin":             {"Is BTC or ETH better? And $SOL?", nil},
		"shouting":                  {"IS THIS TOKEN SAFE OR A SCAM PLEASE HELP", nil},
		"a dollar figure":           {"It costs $100 or $1.5", nil},
		"another site's link":       {"https://example.com/token/" + cake[:10], nil},
		"an explorer's tx page":     {"https://etherscan.io/tx/0xabc", nil},
		"a word of one letter":      {"A token I saw", nil},
		"the word token alone":      {"Is this token safe? The token is new.", nil},
		"an e-mail address":         {"mail me at x@pump.fun", nil},
		"a Tron address is no mint": {"TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7 on tron", nil},
	} {
		t.Run(name, func(t *testing.T) {
			got := identify.Find(tt.text)
			var gotShort []want
			for _, m := range got {
				gotShort = append(gotShort, short(m))
				if m.Text == "" || !strings.Contains(tt.text, m.Text) {
					t.Errorf("mention text %q is not in the message", m.Text)
				}
			}
			if fmt.Sprint(gotShort) != fmt.Sprint(tt.want) {
				t.Errorf("Find(%q)\n got %v\nwant %v", tt.text, gotShort, tt.want)
			}
		})
	}
}

// Forty addresses in one message yield MaxPerMessage mentions, the first ones.
func TestFindIsBounded(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, "0x%040x ", i+1)
	}
	got := identify.Find(b.String())
	if len(got) != identify.MaxPerMessage || got[0].Address.Value != fmt.Sprintf("0x%040x", 1) {
		t.Fatalf("%d mentions, first %v; want %d from the first", len(got), got[0].Address, identify.MaxPerMessage)
	}
}

func TestChoose(t *testing.T) {
	c := func(sym, name string, liq float64) token.Candidate {
		return token.Candidate{Symbol: sym, Name: name, LiquidityUSD: liq, Address: sym + name, Chain: "bsc"}
	}
	for name, tt := range map[string]struct {
		query      string
		results    []token.Candidate
		wantPicked string // Address, "" for none
		wantOthers int
	}{
		"one stands out":      {"CAKE", []token.Candidate{c("CAKE", "PancakeSwap Token", 5e7), c("CAKE", "Cake Inu", 3000), c("cake", "x", 300)}, "CAKEPancakeSwap Token", 2},
		"comparable depth":    {"PEPE2", []token.Candidate{c("PEPE2", "a", 200_000), c("PEPE2", "b", 150_000), c("PEPE2", "c", 90_000)}, "", 3},
		"under the floor":     {"TINY", []token.Candidate{c("TINY", "t", 40_000)}, "", 1},
		"exactly ten times":   {"TEN", []token.Candidate{c("TEN", "a", 1e6), c("TEN", "b", 1e5)}, "TENa", 1},
		"just under ten":      {"NINE", []token.Candidate{c("NINE", "a", 999_999), c("NINE", "b", 1e5)}, "", 2},
		"others do not match": {"CAKE", []token.Candidate{c("WBNB", "Wrapped BNB", 9e9), c("CAKE", "PancakeSwap Token", 5e7)}, "CAKEPancakeSwap Token", 0},
		"by name":             {"PancakeSwap", []token.Candidate{c("CAKE", "PancakeSwap Token", 5e7), c("FAKE", "PancakeSwap Token", 100)}, "CAKEPancakeSwap Token", 1},
		"nothing":             {"NOPE", nil, "", 0},
		"many candidates":     {"X", []token.Candidate{c("X", "1", 9), c("X", "2", 8), c("X", "3", 7), c("X", "4", 6), c("X", "5", 5), c("X", "6", 4)}, "", identify.MaxCandidates},
	} {
		t.Run(name, func(t *testing.T) {
			got := identify.Choose(tt.query, tt.results)
			picked := ""
			if got.Picked != nil {
				picked = got.Picked.Address
			}
			if picked != tt.wantPicked || len(got.Others) != tt.wantOthers {
				t.Errorf("picked %q with %d others, want %q with %d", picked, len(got.Others), tt.wantPicked, tt.wantOthers)
			}
			for i := 1; i < len(got.Others); i++ {
				if got.Others[i].LiquidityUSD > got.Others[i-1].LiquidityUSD {
					t.Errorf("others not the deepest first: %v", got.Others)
				}
			}
		})
	}
}
