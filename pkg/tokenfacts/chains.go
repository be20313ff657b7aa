package tokenfacts

import (
	"net/url"
	"strings"
)

// evmChain is one EVM chain the sources cover, under each source's own name for it.
type evmChain struct {
	slug         string // DexScreener's chainId, also token.Token.Chain
	id           string // the chain ID GoPlus and honeypot.is take
	honeypotPage string // honeypot.is's page path, empty where it does not simulate
}

// evmChains are the EVM chains looked up; a pair on any other chain is ignored, since GoPlus
// would not be asked about it.
var evmChains = []evmChain{
	{slug: "ethereum", id: "1", honeypotPage: "ethereum"},
	{slug: "bsc", id: "56", honeypotPage: "bsc"},
	{slug: "base", id: "8453", honeypotPage: "base"},
	{slug: "arbitrum", id: "42161"},
	{slug: "polygon", id: "137"},
}

const solanaSlug = "solana"

// isEVM reports whether chain is one of evmChains.
func isEVM(chain string) bool {
	_, ok := evmChainBySlug(chain)
	return ok
}

func evmChainBySlug(slug string) (evmChain, bool) {
	for _, c := range evmChains {
		if c.slug == slug {
			return c, true
		}
	}
	return evmChain{}, false
}

// The public pages behind the facts. Addresses have been validated before they get here; they
// are escaped all the same.

func dexScreenerPage(chainSlug, pairOrToken string) string {
	return "https://dexscreener.com/" + chainSlug + "/" + url.PathEscape(strings.ToLower(pairOrToken))
}

func goPlusPage(chainID, addr string) string {
	return "https://gopluslabs.io/token-security/" + chainID + "/" + url.PathEscape(addr)
}

func honeypotPage(page, addr string) string {
	return "https://honeypot.is/" + page + "?address=" + url.QueryEscape(addr)
}

func rugCheckPage(mint string) string {
	return "https://rugcheck.xyz/tokens/" + url.PathEscape(mint)
}
