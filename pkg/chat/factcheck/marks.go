package factcheck

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// marks are the places in one clause where the words that decide a figure's reading stand:
// token names, hypothetical words, history and present words. They are found in one pass per
// kind, and the figures, read left to right, consult them with cursors that only move
// forward: a clause of many figures costs what a clause of one does, plus its figures.
type marks struct {
	mentions []mention // by end
	hypo     [][2]int  // the spans a hypothesis covers: from a hypothetical word's end to a return to now
	history  [][]int   // [start, end), in order
	present  [][]int
	others   [][]int // other tokens named: tickers and well-known names that are none of the tokens'

	next, latest, latestAt int // cursor over mentions; the latest mention passed and its start
	latestEnd              int // and its end
	hist                   int // cursor over history
}

// mention is a token named at clause[start:end].
type mention struct{ start, end, token int }

func (l *lexicon) mark(clause string, tokens []tokenData) *marks {
	m := &marks{latest: -1, latestAt: -1, latestEnd: 0}
	m.history = l.historyIn(clause)
	if len(m.history) > 0 {
		m.present = l.present.FindAllStringIndex(clause, -1)
	}
	lower := lowerInPlace(clause)
	for i, t := range tokens {
		for _, n := range t.names {
			for at := 0; ; {
				j := strings.Index(lower[at:], n)
				if j < 0 {
					break
				}
				j += at
				if wordAt(lower, j, len(n)) && !l.chainOf(clause, j, j+len(n)) {
					m.mentions = append(m.mentions, mention{j, j + len(n), i})
				}
				at = j + 1
			}
		}
	}
	slices.SortFunc(m.mentions, func(a, b mention) int { return a.end - b.end })
	m.others = l.otherTokens(clause, lower, tokens)
	m.hypotheses(l, clause)
	return m
}

// otherTokens are the places in clause that name a token none of tokens is: a word written
// as tickers are ("BONK", "$WIF") that is no label, acronym or quote currency ("PEPE/SOL"),
// or a well-known coin's name ("Shiba Inu"), in order.
func (l *lexicon) otherTokens(clause, lower string, tokens []tokenData) [][]int {
	var out [][]int
	ours := func(loc []int) bool {
		w := strings.TrimPrefix(lower[loc[0]:loc[1]], "$")
		for i := range tokens {
			if tokens[i].named(w) {
				return true
			}
		}
		return false
	}
	for _, loc := range ticker().FindAllStringIndex(clause, -1) {
		if l.noTicker(clause, loc) || ours(loc) || l.onChain(clause, loc) {
			continue
		}
		out = append(out, loc)
	}
	for _, loc := range l.coinName.FindAllStringIndex(clause, -1) {
		if !ours(loc) && !l.onChain(clause, loc) {
			out = append(out, loc)
		}
	}
	out = append(out, l.localOthers(clause, lower, tokens)...)
	slices.SortFunc(out, func(a, b []int) int { return a[0] - b[0] })
	return out
}

// noTicker reports whether the word in capitals at loc is no ticker: a label, alone or with the
// word next to it ("MKT CAP"), an acronym, a pair's quote currency or an hour ("H1").
func (l *lexicon) noTicker(clause string, loc []int) bool {
	w := strings.TrimPrefix(clause[loc[0]:loc[1]], "$")
	return labels[w] || token.Acronym(w) || l.labelWord(w) || l.labelWord(w+" "+nextWord(clause[loc[1]:])) || l.labelWord(lastWord(clause[:loc[0]])+" "+w) || quoted(clause, loc) || strings.HasPrefix(w, "H") && len(w) <= 3 && strings.ContainsAny(w, "0123456789")
}

// labelWord reports whether the word w, in capitals, is all of a fact's label, no ticker:
// "FDMC", "MCAP".
func (l *lexicon) labelWord(w string) bool {
	return slices.ContainsFunc(l.keywords, func(kw keyword) bool {
		loc := kw.re.FindStringIndex(w)
		return kw.fact != skip && loc != nil && loc[0] == 0 && loc[1] == len(w)
	})
}

// onChain reports whether the coin named at loc names the chain a token lives on, not a token
// of its own: "the Solana meme token", "an Ethereum-based coin", "on Solana".
func (l *lexicon) onChain(clause string, loc []int) bool {
	return l.chain.MatchString(clause[loc[0]:loc[1]]) && l.chainAround(clause, loc)
}

// chainAround reports whether the words around the coin's name at loc make it a chain: "the
// Solana meme token", "on Solana", "以太坊生态", "в сети Солана".
func (l *lexicon) chainAround(clause string, loc []int) bool {
	return l.chainNoun.MatchString(clause[loc[1]:runeStart(clause, loc[1]+24)]) ||
		l.chainBefore.MatchString(clause[runeStart(clause, max(0, loc[0]-24)):loc[0]])
}

// quoted reports whether the ticker at loc is a pair's quote ("SOL" of "PEPE/SOL"; "DOGE" of
// "DOGE/USD" is a token) or a source's abbreviation ("Total Liquidity (RC):").
func quoted(clause string, loc []int) bool {
	if loc[0] > 0 && clause[loc[0]-1] == '/' {
		return true
	}
	return loc[0] > 0 && clause[loc[0]-1] == '(' && strings.HasPrefix(clause[loc[1]:], "):")
}

// otherSince reports whether another token is named after the latest mention of a token with
// facts (or from the clause's start) and before offset at: "…, while BONK sits at $2.84B".
// Calls must come after mentionedBefore(at).
func (m *marks) otherSince(at int) bool {
	i, _ := slices.BinarySearchFunc(m.others, m.latestEnd, func(o []int, s int) int { return o[0] - s })
	return i < len(m.others) && m.others[i][1] <= at
}

// mentionedBefore is the token named last before offset at (the one whose name starts
// latest and ends by at), or -1. Calls must come with at never decreasing.
func (m *marks) mentionedBefore(at int) int {
	for ; m.next < len(m.mentions) && m.mentions[m.next].end <= at; m.next++ {
		if x := m.mentions[m.next]; x.start > m.latestAt {
			m.latest, m.latestAt, m.latestEnd = x.token, x.start, x.end
		}
	}
	return m.latest
}

// pastAt reports whether the words before offset at put a figure there in the past ("an
// all-time high of", "launched at"), unless they come back to the present after that ("... and
// now trades at"). Calls must come with at never decreasing.
func (m *marks) pastAt(at int) bool {
	for m.hist < len(m.history) && m.history[m.hist][1] <= at {
		m.hist++
	}
	if m.hist == 0 {
		return false
	}
	since := m.history[m.hist-1][1]
	i, _ := slices.BinarySearchFunc(m.present, since, func(p []int, s int) int { return p[0] - s })
	return i >= len(m.present) || m.present[i][1] > at
}

// historyEnd is where the last word of history before offset at ends, or -1.
func (m *marks) historyEnd(at int) int {
	i := sort.Search(len(m.history), func(i int) bool { return m.history[i][1] > at })
	if i == 0 {
		return -1
	}
	return m.history[i-1][1]
}

// lowerInPlace lowers s rune by rune where that keeps each rune's length in bytes, so that an
// offset in the result is one in s.
func lowerInPlace(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if lr := unicode.ToLower(r); r != utf8.RuneError && utf8.RuneLen(lr) == size {
			b.WriteRune(lr)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// listHead matches the marks a list item or a heading starts with, and markup: "1. **",
// "- ", "### ".
var listHead = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:#{1,6}|[-*•]|\d{1,3}[.)])\s+(?:\d{1,3}[.)]\s+)?[*_\x60]*`)
})

// opens is the token the lines from a line's first clause on speak of (subject), and the
// section they are in (sections.go): a heading that dates its section in the past ("##
// Analysis (2 months ago)") or frames it ("### Bull case", "### What the bot claims") makes
// every figure under it no reading, its subsections' too, until a heading of its level or
// above. A line that only says "Example:", or a title that frames what it heads ("**At
// launch:**"), makes the list items under it no reading (exampleItems), until a line that is
// none.
func (m *marks) opens(l *lexicon, clause string, current int, past section, table *rows) (int, section) {
	current = table.enter(clause, current)
	past = l.sectionAfter(clause, past)
	if s, ok := m.subject(clause); ok {
		current = s
	} else if table.cards && m.otherCard(l, clause) {
		current, m.mentions = -1, nil // the token's name further on is in another's card
	}
	return current, past
}

// subject is the token a list item or a heading is about when it starts with its name ("1.
// **wSOL** - $206,484,263", "### 2. DREAM"): the lines after it speak of that token until
// another is named. It is -1 for a token without facts, whose figures are then left out,
// unless the line names a token with facts too ("- ETH/GPANDA pool"); ok is false when the
// line starts with no token's name.
func (m *marks) subject(clause string) (int, bool) {
	if strings.HasPrefix(clause, rowMark) {
		// A table's row under a column of tokens' names (labelRow): the token it names, or
		// another's.
		if len(m.mentions) > 0 {
			return m.mentions[0].token, true
		}
		return -1, true
	}
	head, bold := itemHead(clause)
	if head < 0 {
		if !isTickerTitle(clause) {
			return 0, false
		}
		if len(m.mentions) > 0 {
			return m.mentions[0].token, true
		}
		return -1, true // "<!-- Token A: Solar (SXP) -->" over another's table
	}
	if head > 0 && clause[head-1] == '`' {
		return 0, false // "1. `E4SXU6SE...cLSvtq3V`": code, an address, no ticker
	}
	for _, x := range m.mentions {
		if x.start >= head && x.start <= head+1 {
			return x.token, true
		}
	}
	if len(m.mentions) > 0 {
		return 0, false // "- ETH/GPANDA pool": the line names a token with facts too
	}
	end := m.otherAt(clause, head)
	if end < 0 {
		return 0, false
	}
	// The name stands alone as the item's title ("**wSOL** - …", "DREAM:", "### BONK"), not
	// as the first word of a sentence ("- MVRV Z-score suggests …").
	if !titleEnds(clause[end:], bold) {
		return 0, false
	}
	return -1, true
}

// itemHead is where a list item's or a heading's text starts after its marks, or of a line led
// by a bold title ("**DEGEN** — Price: …", bold); -1 for any other line.
func itemHead(clause string) (head int, bold bool) {
	if loc := listHead().FindStringIndex(clause); loc != nil {
		return loc[1], false
	}
	// A bold title, after an emoji or a mark, or with one inside: "🟢 **PIGU, for comparison**",
	// "**🐸 BRETT**".
	lead := strings.IndexFunc(clause, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '*' })
	if lead >= 0 && lead <= 8 && strings.HasPrefix(clause[lead:], "**") {
		head := lead + 2
		if in := strings.IndexFunc(clause[head:], func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '*' || r == '$' }); in > 0 && in <= 12 {
			head += in
		}
		return head, true
	}
	return -1, false
}

// titleEnds reports whether what follows a name makes it a title: a dash, a colon, a bracket or
// a bar, or nothing. A bold name is a title when a dash follows it ("**DEGEN** — Price: …"),
// when its bold ends right after it, alone or before a colon ("**NOVA**", "**RPL**: Price: …"),
// or when the bold line goes on with a comma or a bracket ("**PIGU, for comparison**",
// "**AIXBT (Base)**"); a colon inside the bold makes it a label ("**PROS:**", "**VERDICT:**").
func titleEnds(after string, bold bool) bool {
	rest := strings.TrimLeft(after, "*_` ")
	r, _ := utf8.DecodeRuneInString(rest)
	if !bold {
		return rest == "" || strings.ContainsRune("-—–:(|", r)
	}
	if strings.ContainsRune("-—–", r) {
		return rest != ""
	}
	if closed, ok := strings.CutPrefix(after, "**"); ok {
		closed = strings.TrimSpace(closed)
		return closed == "" || strings.HasPrefix(closed, ":")
	}
	line := strings.TrimSpace(after)
	return (strings.HasPrefix(after, ",") || strings.HasPrefix(after, " (")) && strings.HasSuffix(line, "**") && !strings.Contains(line[:len(line)-2], "**")
}

// otherAt is where the name of a token without facts that starts at head ends, or -1.
func (m *marks) otherAt(clause string, head int) int {
	for _, o := range m.others {
		if o[0] >= head && o[0] <= head+1 {
			return o[1]
		}
	}
	if loc := wrapped().FindStringIndex(clause[head:]); loc != nil {
		return head + loc[1] // "wSOL", "wETH": a wrapped coin
	}
	return -1
}

// wrapped matches a wrapped coin's ticker at the start of a text: "wSOL", "$wETH".
var wrapped = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\$?w[A-Z]{2,6}\b`) })

// aboutOther reports whether the clause list[n] speaks of a token without facts by a pronoun:
// it starts with one ("It", "Its") and the sentence before it starts with another token's name
// ("Dogecoin, the biggest meme coin, rose 4%."), or speaks of it by a pronoun in turn.
func (l *lexicon) aboutOther(list []string, n int, tokens []tokenData) bool {
	for k := n; k > 0 && n-k < 3 && l.pronoun.MatchString(list[k]) && !l.impersonal.MatchString(list[k]); k-- {
		prev := list[k-1]
		if l.pronoun.MatchString(prev) {
			continue
		}
		// A sentence of a word or two is no subject's ("Inc. PZZA." ends a sentence in two);
		// one that names ours is ours. Only its first words are looked at for another's name.
		if utf8.RuneCountInString(prev) < 12 || mentioned(tokens, prev) >= 0 {
			return false
		}
		lead := len(prev) - len(strings.TrimLeft(prev, "*_#>-•\t \"“"))
		head := prev[:runeStart(prev, lead+48)]
		others := l.otherTokens(head, lowerInPlace(head), tokens)
		return len(others) > 0 && others[0][0] <= lead+1
	}
	return false
}

// aboutMarket reports whether a clause opens with the crypto market as a whole, before its
// first figure and before any token it has facts for: "The global crypto market cap is now
// about $2.68 trillion, with total 24-hour trading volume reaching $82.72 billion".
func (l *lexicon) aboutMarket(clause string, found []figure, tokens []tokenData) bool {
	if len(found) == 0 {
		return false
	}
	head := clause[:found[0].start]
	lead := len(head) - len(strings.TrimLeft(head, "*_#>-•\t \"“"))
	loc := l.market.FindStringIndex(head)
	return loc != nil && loc[0] <= lead+12 && mentioned(tokens, head) < 0
}

// localOthers are the places in clause that name a well-known coin in another language
// (localCoin) that is none of tokens, nor the chain a token lives on.
func (l *lexicon) localOthers(clause, lower string, tokens []tokenData) [][]int {
	var out [][]int
	for _, m := range l.localCoin.FindAllStringSubmatchIndex(clause, -1) {
		loc := m[:2]
		if len(m) > 3 && m[2] >= 0 {
			loc = m[2:4] // the name without the character before it
		}
		if !l.localOurs(lower[loc[0]:loc[1]], tokens) && !l.chainAround(clause, loc) {
			out = append(out, loc)
		}
	}
	return out
}

// localOurs reports whether a coin's name in another language (localCoin) names one of
// tokens: "比特币" when the token is Bitcoin.
func (l *lexicon) localOurs(name string, tokens []tokenData) bool {
	for stem, english := range l.coinAlias {
		if strings.HasPrefix(name, stem) {
			for i := range tokens {
				if tokens[i].named(english) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// historyIn are the words of history in clause, but those that are no history there: a year
// after "as of" ("截至2026年1月16日": the day of the figures after it), a move to a level in the
// present perfect ("has climbed to $127M" is where it is now, "climbed to $127M" where it
// went), and "ago" after an age's word ("created 3 hours ago" is the pair's age).
func (l *lexicon) historyIn(clause string) [][]int {
	history := l.history.FindAllStringIndex(clause, -1)
	var asOf [][]int
	if len(history) > 0 && strings.ContainsAny(clause, "0123456789") {
		asOf = l.asOf.FindAllStringIndex(clause, -1) // only a clause with history, and a year, looks for it
	}
	return slices.DeleteFunc(history, func(loc []int) bool {
		if slices.ContainsFunc(asOf, func(a []int) bool { return a[0] <= loc[0] && loc[1] <= a[1] }) {
			return true
		}
		h := clause[loc[0]:loc[1]]
		return strings.HasSuffix(strings.TrimRight(h, " "), " to") && presentPerfect().MatchString(clause[max(0, loc[0]-24):loc[0]]) ||
			l.nowWindow.MatchString(clause[runeStart(clause, max(0, loc[0]-64)):loc[0]]) ||
			l.ago.MatchString(h) && l.ageBefore.MatchString(clause[:loc[0]])
	})
}

// presentPerfect matches the auxiliary of the present perfect right before a verb: "has ",
// "have now ", "has also ", "'s ".
var presentPerfect = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:\bhas|\bhave|['’]s)\s+(?:(?:now|since|just|already|recently|also|further|again|even|quickly|sharply|steadily|slightly)\s+){0,2}$`)
})
