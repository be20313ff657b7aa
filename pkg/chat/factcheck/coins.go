package factcheck

import (
	"regexp"
	"slices"
	"strings"
)

// coinNames are well-known coins' and tokens' names as running text writes them, with a
// capital: a figure after one is that coin's, not the token's the answer is about ("Bonk's
// market cap is $2.9B"), unless the token is that coin. Names that are also common words
// ("Near", "Render", "Maker", "Sonic", "Degen", "Turbo", "Dogs", "Gala", "Sei", "Stellar",
// "Immutable", "Stacks") or venues ("Uniswap", "Jupiter", "Raydium", "Lido", "Hyperliquid")
// are left out: a sentence or a list item led by one would lose the token's own figures. Tickers in capitals are found by their form (otherTokens).
var coinNames = []string{
	// The largest coins.
	"Bitcoin", "Bitcoin Cash", "Ethereum", "Ethereum Classic", "Ether", "Solana", "Dogecoin",
	"Shiba Inu", "Cardano", "Tether", "Ripple", "Polygon", "Avalanche", "Chainlink", "Polkadot",
	"Litecoin", "Toncoin", "Tron", "Binance Coin", "USD Coin", "Arbitrum", "Optimism",
	"Monero", "Hedera", "Kaspa", "Aptos", "Sui", "Cosmos", "Algorand", "Fantom",
	"Aave", "Injective", "Celestia", "Worldcoin", "Pi Network", "Bittensor", "Filecoin",
	"Internet Computer", "Ondo", "Ethena", "Berachain", "Axie Infinity",
	"Decentraland", "The Sandbox", "ApeCoin", "Notcoin",
	// Memecoins and the tokens of AI agents.
	"Pepe", "Bonk", "Floki", "[Dd]ogwifhat", "Fartcoin", "Pudgy Penguins", "Pengu", "Official Trump",
	"Baby Doge Coin", "Baby Doge", "BabyDoge", "SafeMoon", "Popcat", "Brett", "Mog Coin", "Book of Meme",
	"Neiro", "SPX6900", "Goatseus Maximus", "Moo Deng", "Peanut the Squirrel", "Gigachad", "Toshi",
	"Mew", "Myro", "Hamster Kombat", "Catizen", "Virtuals", "ai16z", "Zerebro", "Aixbt", "Shiba",
}

// coinNamePattern matches any of coinNames as a word, the longest first ("Bitcoin Cash", not
// its "Bitcoin").
func coinNamePattern() *regexp.Regexp {
	names := slices.Clone(coinNames)
	slices.SortStableFunc(names, func(a, b string) int { return len(b) - len(a) })
	return regexp.MustCompile(`\b(?:` + strings.Join(names, "|") + `)\b`)
}

// localCoins matches the languages' own names of well-known coins (coins), with each stem's
// English name. The stems of every language written with spaces stand in one group, which
// localOthers reads as the name without the character before it.
func localCoins() (*regexp.Regexp, map[string]string) {
	alias := map[string]string{}
	var spaced, unspaced []string
	for _, lang := range languages {
		for stem, name := range lang.coins {
			alias[stem] = name
			if lang.unspaced {
				unspaced = append(unspaced, regexp.QuoteMeta(stem))
			} else {
				spaced = append(spaced, regexp.QuoteMeta(stem))
			}
		}
	}
	slices.Sort(spaced)
	slices.Sort(unspaced)
	var parts []string
	if len(spaced) > 0 {
		parts = append(parts, `(?:^|[^\pL\pN])((?:`+strings.Join(spaced, "|")+`)\pL*)`) // a stem takes its endings ("биткоина")
	}
	if len(unspaced) > 0 {
		parts = append(parts, `(?:`+strings.Join(unspaced, "|")+`)`)
	}
	if len(parts) == 0 {
		return regexp.MustCompile(`$^`), alias // no language names coins: nothing matches
	}
	return regexp.MustCompile(`(?i)` + strings.Join(parts, "|")), alias
}

// chainOf reports whether the chain's coin named at clause[from:to] names its chain as the
// home of something else, not the coin: "Sudeng (HIPPO), the largest SUI memecoin by market
// cap, … pushing its market capitalization to $126.4 million" is HIPPO's cap in a passage on
// SUI. A coin's own token ("the SUI token", "SOL coin") stays a mention of it.
func (l *lexicon) chainOf(clause string, from, to int) bool {
	if !l.chain.MatchString(clause[from:to]) {
		return false
	}
	noun := l.chainNoun.FindString(clause[to:runeStart(clause, min(len(clause), to+24))])
	return noun != "" && !l.coinNoun.MatchString(noun)
}
