package factcheck

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The forms that state a token's taxes and its LP's share in one go, in every language,
// rewritten before the clauses are read as the labelled figures the reader knows: "Taxes: 5% /
// 10%", "Impuestos: compra 5 % / venta 25 %", "买税/卖税：3% / 6%", "taxes 0/0" and "no taxes"
// become "buy tax 5%, sell tax 10%"; "LP: 100% burned" and "LP 100% 锁定" become "LP locked
// 100%". The words are each language's taxes, buy, sell, noTax and lpState.

// taxWords are the regexps of the taxes' forms, built once from every language's words.
type taxWords struct {
	label, pair, noTax, lp *regexp.Regexp
	// burned and open match the words of an LP burned, or not locked, with no figure (group
	// 1 or 2, as noTax's); state an LP's state's words.
	burned, open, state *regexp.Regexp
	buy, sell           *regexp.Regexp
	// oneSide matches a label of one tax ("sell tax", "thuế bán"): a taxes word inside it states
	// no pair. unsure matches words that make "no taxes" no claim about the token (a negation,
	// a claim, a rule: "not", "says", "usually").
	oneSide, unsure *regexp.Regexp
	// join matches a word that joins the next fact to a pair ("taxes 0/0 and LP burned"),
	// lockTerm the words after "LP 87% locked" that say for how long or where.
	join, lockTerm *regexp.Regexp
	// listed matches the end of a list of fields before the last one: ", and ", " and ", "，和".
	listed *regexp.Regexp
}

// cited matches a source or a locker named in brackets right after a figure: "[RugCheck]",
// "(Unicrypt)".
var cited = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*[\[(][^\])\n]{1,40}[\])]`) })

var taxForms = sync.OnceValue(func() *taxWords {
	tax, buy, sell := raw(func(l *language) string { return l.taxes }), raw(func(l *language) string { return l.buy }), raw(func(l *language) string { return l.sell })
	and, is := raw(func(l *language) string { return l.and }), raw(func(l *language) string { return l.is })
	// The sides joined by "/" or by "and": "Buy/Sell Tax", "buy and sell taxes", "impuestos de
	// compra y venta", "alım ve satım vergisi".
	order := func(a, b string) string {
		return `(?:` + a + `)\s?(?:` + tax + `)?(?:\s?/\s?|\s(?:` + and + `)\s)(?:` + b + `)`
	}
	side := `(?:` + buy + `|` + sell + `)`
	pct := `\d{1,3}(?:[.,]\d+)?\s?%|%\s?\d{1,3}(?:[.,]\d+)?`
	item := `(?:(` + side + `)\s?[:：]?\s?)?(` + pct + `|\d{1,2}(?:[.,]\d+)?)(?:\s?(` + side + `)(?:[^\pL]|$))?`
	// A lock's sign is a state in every language: "LP 🔒 95%".
	lpState := `(?:` + raw(func(l *language) string { return l.lpState }) + `|🔒)`
	// "LP status:", "LP de WEN:" (the LP's token named after it), "LP'nin".
	lpLabel := `LP(?:['’]\pL{1,4}|\s+(?:de|do|da)\s+\$?[\pL\pN]+|\s*(?:` + raw(func(l *language) string { return l.lpStatus }) + `))?`
	lpAt := raw(func(l *language) string { return l.lpAt })
	return &taxWords{
		// Groups 1 and 3: the label states the sell tax first ("Sell/Buy Tax", "Tax (S/B)"); group
		// 2 is empty when the label names no side ("Taxes").
		label: regexp.MustCompile(`(?i)(?:^|[^\pL\pN])(?:(` + order(sell, buy) + `)\s?(?:` + tax + `)|` + order(buy, sell) + `\s?(?:` + tax + `)|(?:` +
			tax + `)((?:\s?[(（]?\s?(?:(?:de|на)\s)?(?:(` + order(sell, buy) + `)|` + order(buy, sell) + `)\s?[)）]?)?))(?:[^\pL\pN]|$)`),
		pair: regexp.MustCompile(`(?i)^[\s*_:：=|(（\-–—]*(?:` + is + `\s)?[\s*_:：]*` +
			item + `\s?(/|\||,|·|•|&|;|、|` + and + `)\s?` + item),
		noTax:  wordsAlone(func(l *language) string { return l.noTax }),
		open:   wordsAlone(func(l *language) string { return l.openLP }),
		burned: wordsAlone(func(l *language) string { return l.burnedLP }),
		state:  regexp.MustCompile(`(?i)` + lpState),
		// Groups 1, 3 or 5: the share and its state; 2, 4 or 6 the share. "LP: 100% burned",
		// "the LP is 100% burned", "LP'nin %0'ı kilitli"; "LP сожжён на 100 %", "LP đốt 100%",
		// "LP travada: 91%"; "88% LP được khóa", "100% of the LP is locked".
		lp: regexp.MustCompile(`(?i)(?:^|[^\pL\pN])` + lpLabel + `[\s*_:：|\p{So}]*(?:(?:` + is + `)\s*)?(?:\pL+ly\s+)?\(?((` + pct + `)\)?(?:['’]\pL{1,3})?[\s*_]*(?:` + lpState + `))` +
			`|(?:^|[^\pL\pN])` + lpLabel + `[\s*_:：|]*((?:` + lpState + `)[\s*_:：|(（]*(?:(?:` + lpAt + `)\s+)?(` + pct + `))` +
			`|((` + pct + `)\s+(?:(?:` + is + `)\s+(?:the\s+)?)?LP(?:\s+tokens?)?\s+(?:(?:` + is + `)\s+)?(?:` + lpState + `))`),
		join:     regexp.MustCompile(`(?i)^(?:` + and + `)\s`),
		listed:   regexp.MustCompile(`(?i)(?:[,，]\s*|\s)(?:` + and + `)\s+$`),
		lockTerm: regexp.MustCompile(`(?i)^\s*(?:` + raw(func(l *language) string { return l.lockFor }) + `)\s`),
		oneSide: regexp.MustCompile(union(func(l *language) string { return l.labels[FactSellTax] }) + `|` +
			strings.TrimPrefix(union(func(l *language) string { return l.labels[FactBuyTax] }), "(?i)")),
		unsure: regexp.MustCompile(union(func(l *language) string { return l.unsure })),
		buy:    regexp.MustCompile(`(?i)^(?:` + buy + `)$`),
		sell:   regexp.MustCompile(`(?i)^(?:` + sell + `)$`),
	}
})

// taxPairs writes each pair of taxes as two labelled figures, "buy tax 5%, sell tax 10%", one
// figure for both as the same two, "no taxes" as two of 0%, and an LP's share with its state
// after it as "LP locked 100%".
func taxPairs(text string) string {
	w := taxForms()
	// "No taxes." as a bot's line or a field ("Contract: no taxes, LP burned"), but not "no tax
	// treaty", "no tax on transfers", "most meme tokens have no taxes", "the team says no taxes".
	text = replaceGroups(text, w.noTax, func(g []string, before, rest string) (string, bool) {
		before = sentenceOf(before)
		rest, statement := noTaxStatement(before, g[1]+g[2], rest) // "there's no tax on either side"
		return "buy tax 0%, sell tax 0%", w.pairEnds(rest) && (statement || fieldStart(before) || w.listed.MatchString(before)) && !w.unsure.MatchString(before)
	})
	text = rewritePairs(titledSides(text), w)
	text = sidePairs(text, w.unsure)
	return bothFigures(w.lpShares(text))
}

// lpShares writes an LP's share with its state after it, and an LP burned or not locked with
// no figure, as "LP locked 100%" (or 0%).
func (w *taxWords) lpShares(text string) string {
	// "LP: 100% burned." but not "LP 100% burned at launch" or "LP: %100 kilitli değil".
	text = replaceGroups(text, w.lp, func(g []string, _, rest string) (string, bool) {
		share := g[2] + g[4] + g[6] // one of them
		return "LP locked " + share, w.fieldEnds(rest) || w.lockTerm.MatchString(rest)
	})
	// "the LP is burned, no taxes", "LP 已销毁。": all of it, as a field of its own (as "LP:
	// 100% burned" above), but not a share's ("LP quemada al 80 %", "97.6% of the LP tokens
	// burned"), one pool's of several ("Only the Raydium LP is burned") or a claim.
	text = replaceGroups(text, w.burned, func(_ []string, before, rest string) (string, bool) {
		before = sentenceOf(before)
		return "LP locked 100%", w.fieldEnds(rest) && !w.unsure.MatchString(before) && !shareNext().MatchString(rest) && !partOfLP().MatchString(before)
	})
	return w.openLP(text)
}

// openLP writes an LP not locked, with no figure or with "(0%)", as "LP locked 0%": "the LP
// isn't locked", "LP not locked (0%)"; not when another share follows or the line goes on to
// another state ("LP isn't locked: it's burned").
func (w *taxWords) openLP(text string) string {
	return replaceGroups(text, w.open, func(_ []string, before, rest string) (string, bool) {
		line, _, _ := strings.Cut(rest, "\n")
		before = sentenceOf(before)
		return "LP locked 0%", w.fieldEnds(rest) && !w.unsure.MatchString(before) && !partOfLP().MatchString(before) &&
			(!shareNext().MatchString(rest) || zeroNext().MatchString(rest)) && !w.state.MatchString(line)
	})
}

// zeroNext matches a share of none in brackets right after an LP's state: "(0%)".
var zeroNext = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[\s*_]*[(（]\s*0\s?[%％]\s*[)）]`) })

// wordsAlone matches a field's words of every language that has them, in group 1 or 2: whole
// words in a language with spaces, anywhere in one without (the NUL stands for none, so that
// no alternative is empty).
func wordsAlone(field func(*language) string) *regexp.Regexp {
	var spaced, unspaced []string
	for _, l := range languages {
		switch {
		case field(l) == "":
		case l.unspaced:
			unspaced = append(unspaced, field(l))
		default:
			spaced = append(spaced, field(l))
		}
	}
	return regexp.MustCompile(`(?i)(?:^|[^\pL\pN])(` + strings.Join(spaced, "|") + `)(?:[^\pL\pN]|$)|(` + strings.Join(append(unspaced, `\x00`), "|") + `)`)
}

// fieldEnds reports whether what follows an LP's words leaves them a field of its own: the end,
// a punctuation mark or "and" (pairEnds), a symbol ("LP burned 🔥") or a source in brackets.
func (w *taxWords) fieldEnds(rest string) bool {
	return w.pairEnds(rest) || symbolNext(rest) || cited().MatchString(rest)
}

// partOfLP matches the end of the words before an LP's state that make it a share's or one
// pool's: "97.6% of the Raydium", "Only the Raydium".
var partOfLP = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:[%％]\s*of|\bonly)\b[^.,;:%·|]{0,30}$`)
})

// shareNext matches a share right after an LP's state: "al 80 %", "(100%)", "на 100 %".
var shareNext = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[\s*_:：|(（]*(?:\pL{1,3}\s+)?[%％]?\d`)
})

// replaceGroups replaces the first group set of each match of re (the words, not the
// boundaries matched around them) by what with gives for the match's groups, the line before
// the words and the text after them, unless with says no.
func replaceGroups(text string, re *regexp.Regexp, with func(groups []string, before, rest string) (string, bool)) string {
	sp := splice{text: text}
	for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
		g := 2
		for g < len(m) && m[g] < 0 {
			g += 2
		}
		start, end := m[g], m[g+1]
		groups := make([]string, len(m)/2)
		for i := range groups {
			if m[2*i] >= 0 {
				groups[i] = text[m[2*i]:m[2*i+1]]
			}
		}
		if by, ok := with(groups, lineTail(text, start), text[end:]); ok {
			sp.replace(start, end, by)
		}
	}
	return sp.String()
}

// splice is a text with some of its spans replaced, in order.
type splice struct {
	b    strings.Builder
	text string
	last int
}

// replace writes by for text[start:end], with a capital first letter where that had one: a
// sentence's first words rewritten ("Alım ve satım vergisi %3'er" as "Buy tax 3%, sell tax
// 3%") still start a sentence.
func (sp *splice) replace(start, end int, by string) {
	sp.b.WriteString(sp.text[sp.last:start])
	sp.b.WriteString(sameCase(sp.text[start:end], by))
	sp.last = end
}

func (sp *splice) String() string {
	sp.b.WriteString(sp.text[sp.last:])
	return sp.b.String()
}

// rewritePairs rewrites the two figures after each taxes label: each takes the side its own
// word gives ("compra 5 %"), else the label's order ("Sell/Buy Tax: 10% / 5%"), else buy first.
// Two figures without "%" are a pair only when joined by "/" and followed by no word ("taxes
// 0/0." but not "Taxes: 24/7 trading").
func rewritePairs(text string, w *taxWords) string {
	sp := splice{text: text}
	for _, m := range w.label.FindAllStringSubmatchIndex(text, -1) {
		at := m[1]
		if r, size := utf8.DecodeLastRuneInString(text[:at]); !unicode.IsLetter(r) {
			at -= size // the character after the label, which its match took
		}
		if at < sp.last {
			continue
		}
		if w.unsure.MatchString(lineBefore(text, m[0])) {
			continue // "Most meme tokens have taxes of 0% / 0%": a rule, not the token's
		}
		oneSide := m[4] >= 0 && m[4] == m[5] && w.insideOneTax(text, m[0], m[4])
		if start, end, by, ok := w.pairAt(text, at, m[2] < 0 && m[6] < 0, oneSide); ok {
			sp.replace(start, end, by)
		}
	}
	return sp.String()
}

// insideOneTax reports whether the taxes word ending at end, its match starting at start, is
// part of a longer label of one tax: "tax" of "The sell tax is 99%, 50.07% of supply …",
// "Thuế" of "Thuế bán 99%", but not "买卖税", the label of both that holds "卖税".
func (w *taxWords) insideOneTax(text string, start, end int) bool {
	if r, size := utf8.DecodeRuneInString(text[start:]); !unicode.IsLetter(r) {
		start += size // the boundary the label's match took
	}
	from := max(0, start-16)
	for _, m := range w.oneSide.FindAllStringIndex(text[from:min(len(text), end+12)], -1) {
		a, b := from+m[0], from+m[1]
		if r, size := utf8.DecodeRuneInString(text[a:]); !unicode.IsLetter(r) {
			a += size
		}
		if a <= start && b >= end && b-a > end-start {
			return true
		}
	}
	return false
}

// pairAt reads the pair of taxes right after a label that ends at at, buy first unless the label
// or the figures' own words say otherwise (after a label of one tax, oneSide, only figures with
// their own side words): where the figures start and end, and the labelled figures they are
// rewritten as.
func (w *taxWords) pairAt(text string, at int, buyFirst, oneSide bool) (start, end int, by string, ok bool) {
	rest := text[at:]
	p := w.pair.FindStringSubmatchIndex(rest)
	if p == nil {
		return 0, 0, "", false
	}
	g := func(i int) string { return group(rest, p, i) }
	first, second := g(2), g(6)
	end = at + p[13]
	if p[14] >= 0 {
		end = at + p[15] // the side word after the second figure, not the character after it
	}
	before, after := g(1)+g(3), g(5)+g(7)
	if !w.pairHolds(text, at, end, first, g(4), second) || oneSide && (before == "" || after == "") {
		return 0, 0, "", false
	}
	buy, sell := withPercent(first), withPercent(second)
	if !w.buyFirst(buyFirst, before, after) {
		buy, sell = sell, buy
	}
	start = at + p[4]
	if p[2] >= 0 {
		start = at + p[2]
	}
	return start, end, "buy tax " + buy + ", sell tax " + sell, true
}

// pairHolds reports whether two figures after a taxes label at at, joined by sep and ending at
// end, are a pair: both with "%", or both without, joined by "/", followed by no word and not
// a score's ("taxes 5/5", "Tax: 3/12", not "Taxes: 9/10", a score, nor "24/7"); never two cells
// of a table's row.
func (w *taxWords) pairHolds(text string, at, end int, first, sep, second string) bool {
	pcts := strings.Contains(first, "%")
	if pcts != strings.Contains(second, "%") || !pcts && (sep != "/" || score(first, second) || !w.pairEnds(text[end:]) && !symbolNext(text[end:])) {
		return false
	}
	line := text[strings.LastIndexByte(text[:at], '\n')+1:]
	return sep != "|" || !strings.HasPrefix(strings.TrimSpace(line), "|")
}

// score reports whether two figures without "%" may be a score, as much out of as much ("9/10",
// "4/5"), or are round the clock ("24/7").
func score(first, second string) bool {
	a, errA := strconv.ParseFloat(strings.ReplaceAll(first, ",", "."), 64)
	b, errB := strconv.ParseFloat(strings.ReplaceAll(second, ",", "."), 64)
	return errA == nil && errB == nil && (a < b && (b == 5 || b == 10 || b == 100) || a == 24 && b == 7)
}

// buyFirst is whether the first of two taxes is the buy tax: as the figures' own side words say
// ("compra 5 % / venta 25 %", "10% sell / 5% buy"), else as the label says (labelBuyFirst).
func (w *taxWords) buyFirst(labelBuyFirst bool, before, after string) bool {
	switch {
	case w.buy.MatchString(before) || w.sell.MatchString(after):
		return true
	case w.sell.MatchString(before) || w.buy.MatchString(after):
		return false
	}
	return labelBuyFirst
}

// withPercent is a tax's figure with its "%": "0" of "taxes 0/0" is "0%".
func withPercent(s string) string {
	if strings.Contains(s, "%") {
		return s
	}
	return s + "%"
}

// pairEnds reports whether the text after two figures without "%", or after "no taxes", ends
// them: the end, a punctuation mark, or "and"; "Taxes: 24/7 trading" is no pair of taxes.
func (w *taxWords) pairEnds(rest string) bool {
	t := strings.TrimLeft(rest, " \t")
	if t == "" {
		return true
	}
	if r, _ := utf8.DecodeRuneInString(t); strings.ContainsRune(".,;:!()|*—–-·•\n\r，。、；）（", r) {
		return true
	}
	return w.join.MatchString(t)
}

// fieldStart reports whether the line before "no taxes" leaves it a field of its own: nothing
// but markup, or a label or a list of other fields before it ("**Contract:** no taxes",
// "LP burned, no taxes").
func fieldStart(before string) bool {
	t := strings.TrimRightFunc(before, func(r rune) bool { return unicode.IsSpace(r) || r == '*' || r == '_' })
	if strings.TrimLeftFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) == "" {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(t)
	return strings.ContainsRune(":：,，;；·|—–(（", r)
}

// group is the text of group i of the match m in text, or "".
func group(text string, m []int, i int) string {
	if m[2*i] < 0 {
		return ""
	}
	return text[m[2*i]:m[2*i+1]]
}

// lineBefore is the sentence of text's line before offset at, or its last tailBytes.
func lineBefore(text string, at int) string { return sentenceOf(lineTail(text, at)) }

// tailBytes is how far before a pair of taxes its line is looked at for words that make it
// no claim ("most", "if") or a field: a sentence's last 240 bytes, so that a line of many
// pairs costs linear time.
const tailBytes = 240

// lineTail is text's line before offset at, at most its last tailBytes.
func lineTail(text string, at int) string {
	from := runeStart(text, max(0, at-tailBytes))
	if i := strings.LastIndexByte(text[from:at], '\n'); i >= 0 {
		from += i + 1
	}
	return text[from:at]
}

// sentenceOf is the sentence the end of before is in: "… slippage. On the contract side there's
// nothing alarming:" is "On the contract side there's nothing alarming:".
func sentenceOf(before string) string {
	for i := len(before) - 1; i > 0; i-- {
		if before[i] == ' ' && strings.ContainsRune(".!?", rune(before[i-1])) {
			return before[i+1:]
		}
	}
	if i := strings.LastIndexAny(before, "。！？"); i >= 0 {
		_, size := utf8.DecodeRuneInString(before[i:])
		return before[i+size:]
	}
	return before
}

// symbolNext reports whether a symbol follows: "LP: 100% burned 🔥".
func symbolNext(rest string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimLeft(rest, " "))
	return unicode.IsSymbol(r)
}

// bothTaxes matches one figure for both taxes, in every language: "buy/sell taxes at 15%",
// "B/S tax: 5%", "los impuestos de compra y venta son del 0 %", "Налог на покупку и продажу —
// 0%", "0 % de impuestos en compra y venta". Group 1 is the words; 2, 3 or 4 the figure.
var bothTaxes = sync.OnceValue(func() *regexp.Regexp {
	tax, is := raw(func(l *language) string { return l.taxes }), raw(func(l *language) string { return l.is })
	buy, sell := raw(func(l *language) string { return l.buy }), raw(func(l *language) string { return l.sell })
	and := raw(func(l *language) string { return l.and })
	filler := `(?:\pL{1,3}\s){0,2}` // "de", "a de", "на"
	sides := buy + `\s?(?:` + and + `|/)\s?` + filler + sell + `|` + sell + `\s?/\s?` + buy
	pct := `\d{1,3}(?:[.,]\d+)?\s?%|%\s?\d{1,3}(?:[.,]\d+)?`
	return regexp.MustCompile(`(?i)(?:^|[^\pL\pN])(` +
		`(?:` + sides + `)\s?` + tax + `\s?(?:(?:` + is + `|set)\s?|[:=：—–-]\s?){0,2}(` + pct + `)` +
		`|` + tax + `\s` + filler + `(?:` + sides + `)\s?(?:(?:` + is + `)\s|\pL{1,4}\s|[:=：—–-]\s?){0,3}(` + pct + `)` +
		`|(` + pct + `)\s` + filler + tax + `\s` + filler + `(?:` + sides + `))(?:[^\pL\pN]|$)`)
})

// bothFigures writes one figure for both taxes as the two, not the first of two written another
// way ("B/S tax: 10% or 99%").
func bothFigures(text string) string {
	sp := splice{text: text}
	for _, m := range bothTaxes().FindAllStringSubmatchIndex(text, -1) {
		if anotherShare().MatchString(text[m[3]:]) || strings.Contains(text[m[2]:m[3]], "buy tax ") {
			// A second figure, or a pair rewritten already ("Thuế mua/bán buy tax 2%, …"): this
			// runs after the LP's rewrite, so that an LP's share is never read as both taxes.
			continue
		}
		g := 4
		for m[g] < 0 {
			g += 2
		}
		pct := text[m[g]:m[g+1]]
		sp.replace(m[2], m[3], "buy tax "+pct+", sell tax "+pct)
	}
	return sp.String()
}

// sameCase is by with a capital if words opens with one, so that a sentence the rewrite opens
// still opens with a capital ("… «микро». Налог на покупку и продажу — 1%"): every splice's
// replace writes its words so.
func sameCase(words, by string) string {
	if r, _ := utf8.DecodeRuneInString(strings.TrimLeft(words, " ")); unicode.IsUpper(r) && by != "" {
		return strings.ToUpper(by[:1]) + by[1:]
	}
	return by
}

// anotherShare matches a second percentage right after one: " | 99%", " or 99%".
var anotherShare = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s?(?:[|/,&-]|and|or)\s?\d{1,3}(?:[.,]\d+)?\s?%`)
})
