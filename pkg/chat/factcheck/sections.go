package factcheck

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Sections: a heading or a title line whose words date or frame what it heads makes the lines
// under it no reading (opens, in marks.go, keeps the section from line to line).

// sectionAfter is the section the lines from a line's first clause on are in, from the one
// the lines before it were in.
func (l *lexicon) sectionAfter(clause string, past section) section {
	if past.inline || past.level == exampleItems && !listHead().MatchString(clause) && !fieldLine().MatchString(clause) {
		past = section{} // "Initial Listing:" heads "- Price: $0.043" and "Launch price: $0.043" alike
	}
	level := len(clause) - len(strings.TrimLeft(clause, "#"))
	if l.opensSection(clause, level, past) {
		past = section{}
		if l.ago.MatchString(clause) {
			past = section{level: level}
		} else if l.notNowTitle(clause[level:], true) {
			past = section{level: level, framed: true}
		}
	}
	if example, ok := l.exampleTitle(clause); ok {
		past = example
	} else if level == 0 && l.notNowTitle(clause, false) {
		past = section{level: exampleItems, framed: true} // "**At launch:**" over "- Price: $0.05"
	} else if past.framed && level == 0 && l.nowTitle(clause) {
		past = section{} // "### TAFFY — 30-day scenarios" then "**Where it is today**" over "- **Price:** ~$0.0276"
	}
	return past
}

// nowTitle reports whether a line is a title of the present with no figure: "**Where it is
// today**", "**Right now:**".
func (l *lexicon) nowTitle(line string) bool {
	t, ok := titleText(line, false)
	return ok && !strings.ContainsAny(t, "0123456789") && l.present.MatchString(t)
}

// titleText is a heading's words, or a title line's (bold, or ending with a colon), without
// their markup, and whether the line is one that states no sum.
func titleText(line string, heading bool) (string, bool) {
	t, ok := titleShape(line, heading)
	return t, ok && !strings.ContainsAny(t, "$%％")
}

// titleShape is titleText whatever the line states.
func titleShape(line string, heading bool) (string, bool) {
	t := strings.Trim(line, " \t*_#>")
	bold := strings.HasPrefix(strings.TrimLeft(line, " "), "**") && strings.HasSuffix(strings.TrimSpace(line), "**")
	return t, len(t) <= 80 && (heading || bold || strings.HasSuffix(t, ":") || strings.HasSuffix(t, "："))
}

// exampleTitle is the section a line "Example:" opens, and whether the line is one: "**範例**："
// over "- 當前比特幣價格：84,000 美元", and so "Örnek: Bitcoin’in Tam Seyreltilmiş Piyasa Değeri", a
// title; "Example: a $100 buy …" is one line's.
func (l *lexicon) exampleTitle(clause string) (section, bool) {
	m := l.exampleLine.FindStringSubmatchIndex(clause)
	if m == nil {
		return section{}, false
	}
	return section{level: exampleItems, inline: m[2] >= 0 && strings.ContainsAny(clause[m[2]:m[3]], "0123456789")}, true
}

// section is the level of the heading or title whose section is no reading (0 for none), and
// whether its words frame it (a hypothesis, a claim, a time with no date) rather than date it:
// in a framed section a clause with a word of the present is read ("### Price prediction" over
// "- The current price of about $110k may keep rising").
type section struct {
	level  int
	framed bool
	inline bool // the example's words and its figures share their line, which it ends
}

// skips reports whether a clause in the section is no reading.
func (s section) skips(l *lexicon, clause string) bool {
	return s.level > 0 && !(s.framed && l.present.MatchString(clause))
}

// exampleItems is the section level opens gives the list items under a line "Example:": past
// every heading's, so that any heading ends it.
const exampleItems = 7

// notNowTitle reports whether a heading's words, or a line's that is a title (bold, or ending
// with a colon), state no figure ("**At launch:**", "### What the bot claims", "**上线时：**")
// and make what they head history, someone else's claim or a hypothesis: the section under a
// heading, the list items under a title, are no reading.
func (l *lexicon) notNowTitle(line string, heading bool) bool {
	t, ok := titleShape(line, heading)
	if !ok {
		return false
	}
	if sum := strings.IndexAny(t, "$%％"); sum >= 0 {
		// "**Scenarios if you put in $50:**": a hypothesis's title, whose sum is its own.
		h := l.hypothetical.FindStringIndex(t)
		return h != nil && h[0] < sum
	}
	if l.present.MatchString(t) {
		return false // "## Price at launch vs now"
	}
	// A title that names a fact is the fact's, its history word one of its items ("## Price and
	// ATH"); one that names none dates or frames what it heads ("**At launch:**").
	return l.hypothetical.MatchString(t) || l.ago.MatchString(t) || l.history.MatchString(t) && !l.namesSum(t)
}

// namesSum reports whether s holds a word naming a sum or a share ("Price", "Top 10"), not
// only an age ("上线", "launched").
func (l *lexicon) namesSum(s string) bool {
	return slices.ContainsFunc(l.keywords, func(kw keyword) bool { return kw.fact != skip && kw.kind != hours && kw.re.MatchString(s) })
}

// fieldLine matches a plain line of a card, "Label: value", whose label holds no colon and no
// markup: a bold title ("**Now:**") starts a section of its own.
var fieldLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*\pL[^:：*_#\n]{0,40}[:：]\s*\S`)
})

// boldFigure reports whether the bold (or italic) text that markup closes right after before
// holds a digit: a sentence of its own, not a title over the words after it.
func boldFigure(before, markup string) bool {
	near := before[max(0, len(before)-240):]
	open := strings.LastIndex(near, markup)
	return open >= 0 && strings.ContainsAny(near[open:], "0123456789")
}

// sentenceEnd is where a sentence that the mark at text[i] ends stops, past the markup a bold
// sentence closes with ("**Капитализация — ~$1,95 млн.** Цена × …"), or 0 when it goes on: no
// space and a sentence's start after it, a list item's number, or a bold title with no figure
// ("**Ликвидность.** В основном пуле ~5,87 млн $").
func sentenceEnd(text string, i int) int {
	j := i + 1
	for j < len(text) && j-i <= 3 && (text[j] == '*' || text[j] == '_') {
		j++
	}
	if j > i+1 && !boldFigure(text[:i], text[i+1:j]) {
		return 0
	}
	if j+1 < len(text) && text[j] == ' ' && sentenceStart(text[j+1:]) && !listNumber(text, i) {
		return j
	}
	return 0
}

// isTickerTitle reports whether a line is only a token's name and its ticker in brackets, a
// title over the lines about that token ("Solar (SXP)", "Token A: Solar (SXP)", "<!-- Token A:
// Solar (SXP) -->"), not a label and the currency it is in ("Fiyat (BTC)", "Price (USD)").
func isTickerTitle(line string) bool {
	m := tickerTitle.FindStringSubmatch(line)
	return m != nil && !quoteCurrencies[m[1]]
}

var tickerTitle = regexp.MustCompile(`^\s*(?:<!--\s*)?(?:[\pL\pN ]{1,16}:\s*)?\p{Lu}[\pL\pN .'’-]{0,30}\s\(\$?([A-Z][A-Z0-9]{1,9})\)\s*(?:-->)?\s*$`)

// quoteCurrencies are the tickers a price is quoted in, after a label in brackets.
var quoteCurrencies = map[string]bool{"USD": true, "USDT": true, "USDC": true, "BTC": true, "ETH": true, "SOL": true, "BNB": true,
	"EUR": true, "GBP": true, "TRY": true, "VND": true, "CNY": true, "RUB": true, "BRL": true, "KRW": true, "JPY": true, "UTC": true}

// dropLinked leaves out the clauses of each line that links another article ("Read more:
// Bitcoin nears $90K"): its headline's figures are that article's.
func (l *lexicon) dropLinked(list []string, lines []int) ([]string, []int) {
	linked := -1
	keep := 0
	for n, clause := range list {
		if (n == 0 || lines[n] != lines[n-1]) && l.seeAlso.MatchString(clause) {
			linked = lines[n]
		}
		if lines[n] != linked {
			list[keep], lines[keep] = clause, lines[n]
			keep++
		}
	}
	return list[:keep], lines[:keep]
}

// opensSection reports whether clause, a line's first, is a heading of level that ends the
// section past: one at its level or above, or under it one that speaks of the present ("##
// Overview and scenarios" over "### Current state" over "- **Price:** $0.0183").
func (l *lexicon) opensSection(clause string, level int, past section) bool {
	heading := level > 0 && level <= 6 && strings.HasPrefix(clause[level:], " ")
	return heading && (past.level == 0 || level <= past.level || l.present.MatchString(clause))
}
