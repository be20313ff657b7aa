package identify

import (
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// The links read, by host. Explorers name a token (/token/<address>, /address/<address>);
// DEX pages name a pair or pool, which resolves to its base token.
//
//	dexscreener.com/{chain}/{pair or token}
//	geckoterminal.com/{network}/pools/{pool}
//	etherscan.io, bscscan.com, basescan.org, arbiscan.io, polygonscan.com (and their kin:
//	optimistic.etherscan.io, snowtrace.io, ftmscan.com, lineascan.build, blastscan.io,
//	sonicscan.org, sepolia.etherscan.io ...)  /token/{address}, /address/{address}
//	solscan.io/token/{mint}, /account/{mint}; explorer.solana.com/address/{mint}; solana.fm/address/{mint}
//	pump.fun/coin/{mint}, pump.fun/{mint}
//	birdeye.so/token/{mint}?chain={solana|ethereum|bsc|base|arbitrum|polygon}
//	gmgn.ai/{sol|eth|bsc|base}/token/{address}
var explorerChains = map[string]string{
	"etherscan.io":            "ethereum",
	"bscscan.com":             "bsc",
	"basescan.org":            "base",
	"arbiscan.io":             "arbitrum",
	"polygonscan.com":         "polygon",
	"optimistic.etherscan.io": "optimism",
	"snowtrace.io":            "avalanche",
	"ftmscan.com":             "fantom",
	"lineascan.build":         "linea",
	"blastscan.io":            "blast",
	"sonicscan.org":           "sonic",
	"solscan.io":              "solana",
	"explorer.solana.com":     "solana",
	"solana.fm":               "solana",
}

// geckoNetworks maps GeckoTerminal's network ids to DexScreener's chain slugs.
var geckoNetworks = map[string]string{
	"eth": "ethereum", "bsc": "bsc", "base": "base", "arbitrum": "arbitrum", "polygon_pos": "polygon",
	"solana": "solana", "optimism": "optimism", "avax": "avalanche",
}

// gmgnChains maps GMGN's chain ids to DexScreener's chain slugs.
var gmgnChains = map[string]string{"sol": "solana", "eth": "ethereum", "bsc": "bsc", "base": "base"}

// linkHosts are the hosts whose links are read, as patterns.
func linkHosts() []string {
	hosts := []string{"dexscreener.com", "geckoterminal.com", "pump.fun", "birdeye.so", "gmgn.ai"}
	for h := range explorerChains {
		hosts = append(hosts, h)
	}
	slices.SortFunc(hosts, func(a, b string) int { return len(b) - len(a) }) // the longest first
	for i, h := range hosts {
		hosts[i] = regexp.QuoteMeta(h)
	}
	return hosts
}

// parseLink reads a link to a token or a pair; ok is false for any other page.
func parseLink(raw string) (Mention, bool) {
	withScheme := raw
	if !strings.Contains(raw, "://") {
		withScheme = "https://" + raw
	}
	u, err := url.Parse(withScheme)
	if err != nil {
		return Mention{}, false
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	l := link{Mention: Mention{By: token.ByLink, Text: raw}, u: u,
		parts: strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })}
	if read, ok := siteLinks[host]; ok {
		return read(l)
	}
	if strings.HasSuffix(host, ".dexscreener.com") {
		return dexScreenerLink(l)
	}
	for h, chain := range explorerChains {
		if host == h || strings.HasSuffix(host, "."+h) {
			return explorerLink(l, chain)
		}
	}
	return Mention{}, false
}

// link is a link being read: its URL, its path's parts, and the mention it makes.
type link struct {
	Mention
	u     *url.URL
	parts []string
}

// siteLinks read the links of the DEX, launchpad and tracker sites, by host.
var siteLinks = map[string]func(link) (Mention, bool){
	"dexscreener.com":   dexScreenerLink,
	"geckoterminal.com": geckoTerminalLink,
	"pump.fun": func(l link) (Mention, bool) {
		if len(l.parts) == 2 && l.parts[0] == "coin" {
			l.parts = l.parts[1:]
		}
		return withAddress(l.Mention, "solana", l.parts, 0)
	},
	"birdeye.so": func(l link) (Mention, bool) {
		chain := strings.ToLower(l.u.Query().Get("chain"))
		if chain == "" {
			chain = "solana"
		}
		if len(l.parts) != 2 || l.parts[0] != "token" {
			return Mention{}, false
		}
		return withAddress(l.Mention, chain, l.parts, 1)
	},
	"gmgn.ai": func(l link) (Mention, bool) {
		chain, ok := gmgnChains[strings.ToLower(firstOf(l.parts))]
		if !ok || len(l.parts) != 3 || l.parts[1] != "token" {
			return Mention{}, false
		}
		return withAddress(l.Mention, chain, l.parts, 2)
	},
}

// dexScreenerLink reads dexscreener.com/{chain}/{pair or token}.
func dexScreenerLink(l link) (Mention, bool) {
	if len(l.parts) < 2 || !slug(l.parts[0]) {
		return Mention{}, false
	}
	m := l.Mention
	m.Chain, m.Pair = strings.ToLower(l.parts[0]), l.parts[1]
	if a, err := contract.Parse(l.parts[1]); err == nil {
		m.Address = &a // a token's page, or a pair: the pair is asked first
	} else if !pairID(l.parts[1]) {
		return Mention{}, false
	}
	return m, true
}

// geckoTerminalLink reads geckoterminal.com/{network}/pools/{pool}.
func geckoTerminalLink(l link) (Mention, bool) {
	if len(l.parts) < 3 || l.parts[1] != "pools" || !pairID(l.parts[2]) {
		return Mention{}, false
	}
	chain, ok := geckoNetworks[strings.ToLower(l.parts[0])]
	if !ok {
		return Mention{}, false
	}
	m := l.Mention
	m.Chain, m.Pair = chain, l.parts[2]
	return m, true
}

// explorerLink reads an explorer's /token/{address}, /address/{address} or /account/{mint}.
func explorerLink(l link, chain string) (Mention, bool) {
	if len(l.parts) >= 2 && (l.parts[0] == "token" || l.parts[0] == "address" || l.parts[0] == "account") {
		return withAddress(l.Mention, chain, l.parts, 1)
	}
	return Mention{}, false
}

// withAddress is m naming the token whose address is parts[i], on chain.
func withAddress(m Mention, chain string, parts []string, i int) (Mention, bool) {
	if len(parts) <= i {
		return Mention{}, false
	}
	a, err := contract.Parse(parts[i])
	if err != nil || (chain == "solana") != (a.Chain == contract.ChainSolana) {
		return Mention{}, false
	}
	m.Chain, m.Address = chain, &a
	return m, true
}

func firstOf(parts []string) string {
	if len(parts) == 0 {
		return ""
	}
	return parts[0]
}

// slug reports whether s can be a DexScreener chain slug.
func slug(s string) bool {
	return len(s) >= 2 && len(s) <= 20 && strings.Trim(strings.ToLower(s), "abcdefghijklmnopqrstuvwxyz0123456789_") == ""
}

// pairID reports whether s can be a pair or pool address on some chain: 20 to 66 letters
// and digits (EVM pairs are 0x-addresses, Uniswap v4 pool ids 32-byte hex, Solana pools
// base58).
func pairID(s string) bool {
	if len(s) < 20 || len(s) > 66 {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}
