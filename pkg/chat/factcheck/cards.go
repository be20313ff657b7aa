package factcheck

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// The token a line speaks of when the lines are a table's rows of tokens, or cards of tokens
// led by their bold names ("**PQS** — Preço: …" over "**CAKE**, o DEX … — MC: …").

// rows is whether the lines read are a table's rows of tokens (rowMark), and the token spoken of
// before it, which the lines after it speak of again.
type rows struct {
	in     bool
	before int
	// cards is whether a line of the answer is a card led by the bold name of a token with
	// facts ("**PanQueca Swap (PQS)** — Preço: …"): then a card led by another bold name
	// speaks of another token (cardOf).
	cards bool
}

// cardsOf reports whether a line of text is a card led by a bold title that names one of
// tokens.
func cardsOf(text string, tokens []tokenData) bool {
	for line := range strings.Lines(text) {
		if head, bold := itemHead(line); bold && card(line, head) && mentioned(tokens, boldSpan(line, head)) >= 0 {
			return true
		}
	}
	return false
}

// boldSpan is the bold text of a line that starts at head, up to its closing "**".
func boldSpan(line string, head int) string {
	span := line[head:]
	if end := strings.Index(span, "**"); end >= 0 {
		return span[:end]
	}
	return ""
}

// card reports whether the bold title at head leads a card: its line goes on after it with a
// dash, a comma or a bracket and more ("**PQS** — Preço: …", "**ApeSwap**, o fork …"), not a
// heading alone ("**PancakeSwap (CAKE) — BNB Chain**") or a label ("**Lo positivo**: …").
func card(line string, head int) bool {
	span := boldSpan(line, head)
	if span == "" {
		return false
	}
	rest := strings.TrimSpace(line[head+len(span)+2:])
	r, size := utf8.DecodeRuneInString(rest)
	return strings.ContainsRune("—–-,(", r) && strings.TrimSpace(rest[size:]) != ""
}

// cardOf reports whether a bold title at head leads a card of another token than those with
// facts, in an answer with cards of theirs: a name of a few words, no fact's label or colon,
// that holds another token's ticker or name (others) or a word in camel case ("**PancakeSwap
// (CAKE)**, o DEX de onde …", "**ApeSwap**, o fork mais antigo — MC: ~US$ 9 mi"), not a
// section's title ("**Mercado** — …", "**Quick take** — …").
func (m *marks) cardOf(l *lexicon, clause string, head int) bool {
	span := boldSpan(clause, head)
	if !card(clause, head) || len(strings.Fields(span)) > 4 || strings.ContainsAny(span, ":：") || l.names(span) {
		return false
	}
	end := head + len(span)
	return slices.ContainsFunc(m.others, func(o []int) bool { return o[0] >= head && o[1] <= end }) || camelCase().MatchString(span)
}

// camelCase matches a word in camel case, as names of projects are written: "PancakeSwap",
// "ApeSwap", "SafeMoon".
var camelCase = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b[A-Z][a-z]+[A-Z][A-Za-z]*\b`) })

// enter is the token the lines from clause on speak of, as far as a table of tokens says:
// the one spoken of before the table once it ends (rowEnd).
func (table *rows) enter(clause string, current int) int {
	switch {
	case strings.HasPrefix(clause, rowEnd):
		current, table.in = table.before, false
	case strings.HasPrefix(clause, rowMark) && !table.in:
		table.before, table.in = current, true
	}
	return current
}

// otherCard reports whether clause, a line's first, is a card of a token without facts:
// its bold title is another's name (cardOf) and names none of the tokens with facts.
func (m *marks) otherCard(l *lexicon, clause string) bool {
	head, bold := itemHead(clause)
	return bold && m.cardOf(l, clause, head) && !m.namesIn(head, head+len(boldSpan(clause, head)))
}

// namesIn reports whether a token with facts is named in clause[from:to].
func (m *marks) namesIn(from, to int) bool {
	return slices.ContainsFunc(m.mentions, func(x mention) bool { return x.start >= from && x.end <= to })
}
