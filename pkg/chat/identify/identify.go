// Package identify reads how a message names a token, in its own words and in any language:
// an address anywhere in the text, a link to a DEX pair, a pool or an explorer's token page,
// a cashtag ($CAKE), a ticker written as a ticker (CAKE, WIF), or a name beside the word
// "token" ("the PancakeSwap Token", "el token PancakeSwap", "PancakeSwap代币"). It only reads
// text: resolving a pair or a search is the caller's (package chat, through a TokenFinder),
// and Choose says whether a search's results name one token or several look-alikes.
//
// Ordinary words are not tickers: a word must be written in capitals, not be one of the
// acronyms people write in capitals ("DYOR", "ATH", "USD"), and the message must not be in
// capitals throughout. Native coins (BTC, ETH, SOL, BNB) have no contract to look up and make
// no search.
package identify

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// MaxPerMessage is how many mentions one message yields, the first ones: forty addresses in a
// message make no forty lookups.
const MaxPerMessage = 5

// maxText bounds how much of a message is read: a mention past it is not looked for.
const maxText = 32 << 10

// Mention is one way a message names a token.
type Mention struct {
	// By is how: token.ByAddress, token.ByLink or token.BySearch (the prefix is the
	// caller's, who knows it).
	By string
	// Text is what the message wrote: the address, the link, "$CAKE", "PancakeSwap Token".
	Text string
	// Address is the token's address when the text gives it (an address, an explorer's token
	// page, a pump.fun coin).
	Address *contract.Address
	// Chain is the DexScreener chain slug a link names ("bsc", "solana"), "" when unknown.
	Chain string
	// Pair is the pair or pool address a DEX link names, which resolves to its base token.
	// A DexScreener link may name a token instead: then Address is set too.
	Pair string
	// Query is what to search for, for token.BySearch: a symbol or a name.
	Query string
}

// Find lists the mentions of tokens in text, in the order they appear, each once, at most
// MaxPerMessage.
func Find(text string) []Mention {
	if len(text) > maxText {
		text = text[:maxText]
	}
	f := finder{text: text}
	f.links()
	f.addresses()
	f.searches()
	slices.SortStableFunc(f.found, func(a, b found) int { return a.at - b.at })
	out := make([]Mention, 0, min(len(f.found), MaxPerMessage))
	for _, m := range f.found {
		if len(out) == MaxPerMessage {
			break
		}
		if !slices.ContainsFunc(out, m.Mention.same) {
			out = append(out, m.Mention)
		}
	}
	return out
}

// same reports whether m and o name the same token the same way.
func (m Mention) same(o Mention) bool {
	switch {
	case m.Address != nil && o.Address != nil:
		return m.Address.Equal(*o.Address)
	case m.Pair != "" || o.Pair != "":
		return m.Pair == o.Pair && m.Chain == o.Chain
	case m.Query != "" && o.Query != "":
		return strings.EqualFold(m.Query, o.Query)
	}
	return false
}

type found struct {
	Mention
	at int
}

// finder reads one text; spans it already read (links, addresses) are not read again.
type finder struct {
	text  string
	found []found
	taken [][2]int
}

func (f *finder) add(at, end int, m Mention) {
	f.found = append(f.found, found{m, at})
	f.taken = append(f.taken, [2]int{at, end})
}

func (f *finder) free(at, end int) bool {
	for _, t := range f.taken {
		if at < t[1] && end > t[0] {
			return false
		}
	}
	return true
}

var patterns = sync.OnceValue(func() struct{ link, evm, solana, cashtag, ticker, name *regexp.Regexp } {
	return struct{ link, evm, solana, cashtag, ticker, name *regexp.Regexp }{
		link:    regexp.MustCompile(`(?i)(?:https?://)?(?:[a-z0-9-]+\.)*(?:` + strings.Join(linkHosts(), "|") + `)(?:/[^\s<>"'\x60()\[\]{}]*)?`),
		evm:     regexp.MustCompile(`0[xX][0-9a-fA-F]{40}`),
		solana:  regexp.MustCompile(`[1-9A-HJ-NP-Za-km-z]{32,44}`),
		cashtag: regexp.MustCompile(`\$([A-Za-z][A-Za-z0-9]{0,11})\b`),
		ticker:  regexp.MustCompile(`\b[A-Z][A-Z0-9]{1,9}\b`),
		name: regexp.MustCompile(`\b((?:[A-Z][A-Za-z0-9]*[a-z0-9][A-Za-z0-9]*)(?: [A-Z][A-Za-z0-9]+){0,2}) (?:[Tt]oken|TOKEN|[Cc]oin|[Mm]emecoin)\b` +
			`|(?i:\b(?:token|moneda|criptomoneda|coin|moeda|токен|монета|monedа|jeton|jetonu|đồng|mã thông báo)) ((?:[A-Z][A-Za-z0-9]+)(?: [A-Z][A-Za-z0-9]+){0,2})\b` +
			`|\b([A-Za-z][A-Za-z0-9]{1,30})\s?(?:代币|幣|币|トークン|코인|토큰)`),
	}
})

// boundary reports whether text[at:end] stands as a word of its own: no letter or digit
// touches it.
func boundary(text string, at, end int) bool {
	isWord := func(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	return (at == 0 || !isWord(text[at-1])) && (end == len(text) || !isWord(text[end]))
}

func (f *finder) links() {
	for _, loc := range patterns().link.FindAllStringIndex(f.text, -1) {
		raw := strings.TrimRight(f.text[loc[0]:loc[1]], ".,;:!?")
		end := loc[0] + len(raw)
		if loc[0] > 0 && (isHostByte(f.text[loc[0]-1]) || f.text[loc[0]-1] == '@') {
			continue // part of a longer host name or an e-mail address
		}
		if m, ok := parseLink(raw); ok {
			f.add(loc[0], end, m)
		} else {
			f.taken = append(f.taken, [2]int{loc[0], end}) // a link to something else: not read for words
		}
	}
}

func isHostByte(c byte) bool {
	return c == '.' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func (f *finder) addresses() {
	for _, re := range []*regexp.Regexp{patterns().evm, patterns().solana} {
		for _, loc := range re.FindAllStringIndex(f.text, -1) {
			if !boundary(f.text, loc[0], loc[1]) || !f.free(loc[0], loc[1]) {
				continue
			}
			raw := f.text[loc[0]:loc[1]]
			if a, err := contract.Parse(raw); err == nil {
				f.add(loc[0], loc[1], Mention{By: token.ByAddress, Text: raw, Address: &a})
			}
		}
	}
}

func (f *finder) searches() {
	f.cashtags()
	if shouting(f.text) {
		return // its capitals are no names and no tickers
	}
	f.names()
	f.tickers()
}

func (f *finder) cashtags() {
	for _, m := range patterns().cashtag.FindAllStringSubmatchIndex(f.text, -1) {
		sym := f.text[m[2]:m[3]]
		if (m[0] > 0 && isHostByte(f.text[m[0]-1])) || !f.free(m[0], m[1]) || !symbolish(sym) || native(sym) {
			continue
		}
		f.add(m[0], m[1], Mention{By: token.BySearch, Text: f.text[m[0]:m[1]], Query: sym})
	}
}

// names reads a name beside the word for "token": the first of the pattern's groups that
// holds one.
func (f *finder) names() {
	for _, m := range patterns().name.FindAllStringSubmatchIndex(f.text, -1) {
		for g := 1; g < len(m)/2; g++ {
			at, end := m[2*g], m[2*g+1]
			if at < 0 || !f.free(at, end) || notName(f.text[at:end]) {
				continue
			}
			f.add(at, end, Mention{By: token.BySearch, Text: f.text[m[0]:m[1]], Query: f.text[at:end]})
			break
		}
	}
}

func (f *finder) tickers() {
	for _, loc := range patterns().ticker.FindAllStringIndex(f.text, -1) {
		w := f.text[loc[0]:loc[1]]
		if !f.free(loc[0], loc[1]) || !symbolish(w) || native(w) || token.Acronym(w) {
			continue
		}
		f.add(loc[0], loc[1], Mention{By: token.BySearch, Text: w, Query: w})
	}
}

// symbolish reports whether s can be a token's symbol: letters, with at most a few digits,
// and not a number.
func symbolish(s string) bool {
	letters := 0
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			letters++
		}
	}
	return letters >= 2 || (letters == 1 && len(s) >= 2)
}

// shouting reports whether a message is in capitals throughout: its capitals are then no
// tickers.
func shouting(s string) bool {
	upper, lower := 0, 0
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			upper++
		case r >= 'a' && r <= 'z':
			lower++
		}
	}
	return upper >= 12 && lower*4 < upper
}

// native reports whether a symbol is a chain's own coin, which has no contract to look up.
func native(sym string) bool {
	switch strings.ToUpper(sym) {
	case "BTC", "ETH", "SOL", "BNB", "XRP", "ADA", "TRX", "TON", "DOT", "AVAX", "MATIC", "POL", "LTC", "XMR", "BCH", "ATOM", "NEAR", "SUI", "APT":
		return true
	}
	return false
}

// notName reports whether a captured name is an ordinary word.
func notName(s string) bool {
	switch strings.ToLower(s) {
	case "the", "this", "that", "a", "an", "my", "your", "its", "any", "which", "what", "new", "el", "la", "un", "una", "este", "esta", "o", "um", "uma", "ce", "le", "der", "die", "das", "ein", "eine", "native", "erc", "bep", "spl", "governance", "utility", "meme", "security", "stable", "gas", "access", "jwt", "api", "auth", "refresh", "bearer":
		return true
	}
	return false
}
