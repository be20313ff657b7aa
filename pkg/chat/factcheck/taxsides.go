package factcheck

import (
	"regexp"
	"strings"
	"sync"
)

// The taxes stated in prose by their sides rather than under a label, in every language: one
// figure for both sides ("0% buy and sell tax", "alım ve satım vergisi %0", "买卖税均为 0"), or
// a figure on each side ("5% buy / 5% sell tax", "3 % a la compra y 8 % a la venta" after
// "impuestos"), rewritten as "buy tax 5%, sell tax 5%" like the pairs under a label (taxes.go).

// sideWords are the regexps of the side forms, built once from every language's words.
type sideWords struct {
	both, each, first, taxWord, buy *regexp.Regexp
	eachWay, zero, wayNext, taxVerb *regexp.Regexp
}

var sideForms = sync.OnceValue(func() *sideWords {
	tax, buy, sell := raw(func(l *language) string { return l.taxes }), raw(func(l *language) string { return l.buy }), raw(func(l *language) string { return l.sell })
	and, is := raw(func(l *language) string { return l.and }), raw(func(l *language) string { return l.is })
	join := `(?:/|&|,?\s?(?:` + and + `|` + raw(func(l *language) string { return l.but }) + `)|,)` // "2% on buys but 12% on sells"
	pct := `\d{1,3}(?:[.,]\d+)?\s?%|%\s?\d{1,3}(?:[.,]\d+)?`
	// A side's little word before it: "a la compra", "na venda", "khi mua", "на продажу".
	prep := `(?:(?:` + raw(func(l *language) string { return l.sidePrep }) + `)\s)?`
	sides := prep + `(?:` + buy + `)\s?(?:/|&|` + and + `)\s?` + prep + `(?:` + sell + `)`
	for _, l := range languages {
		if l.unspaced {
			sides += `|(?:` + l.buy + `)(?:` + l.sell + `)` // "买卖"
		}
	}
	side := `(` + buy + `|` + sell + `)`
	way := raw(func(l *language) string { return l.eachWay })
	return &sideWords{
		// Groups: 1 a taxes word before the sides, 2 the sides, 3 a taxes word after them, 4
		// the figure (or 5, a bare one), 6 a taxes word after the figure. "0% buy and sell
		// tax" is each's other order.
		both: regexp.MustCompile(`(?i)(?:^|[^\pL\pN]|\p{Han})(?:(` + tax + `)\s?(?:` + is + `|` + prep + `)?\s?)?(` + sides + `)\s?(` + tax + `)?\s?(?:(?:` + is +
			`|` + raw(func(l *language) string { return l.each }) + `|:|：|=)\s?){0,2}(?:(` + pct + `)|(\d{1,2}(?:[.,]\d+)?)(?:[\s。，,.;]|$))\s?(` + tax + `)?`),
		// Groups: 1 and 3 the figures, 2 and 4 their sides, 5 a taxes word after them.
		each: regexp.MustCompile(`(?i)(` + pct + `)\s?` + prep + side + `\s?` + join + `\s?(` + pct + `)\s?` + prep + side +
			`(?:[^\pL\pN]|$)(?:\s?(` + tax + `))?|(` + pct + `)\s?(?:` + sides + `)(?:\s?(` + tax + `))?`),
		// Groups: 1 and 3 the sides, 2 and 4 their figures, 5 a taxes word after them: the side
		// before its figure ("alımda %5, satışta %25 vergi").
		first:   regexp.MustCompile(`(?i)(?:^|[^\pL\pN])` + prep + side + `\s?(` + pct + `)\s?` + join + `\s?` + prep + side + `\s?(` + pct + `)(?:[^\pL\pN%]|$)(?:\s?(` + tax + `))?`),
		taxWord: regexp.MustCompile(`(?i)` + tax),
		buy:     regexp.MustCompile(`(?i)^(?:` + buy + `)$`),
		// Group 1 the figure, 2 a taxes word after it: "0% each way", "0% tax both ways".
		eachWay: regexp.MustCompile(`(?i)(?:^|[^\pL\pN])(` + pct + `)\s?(` + tax + `)?\s?(?:` + way + `)`),
		// Group 1 the word for none after a tax's label: "the buy tax is zero".
		zero:    regexp.MustCompile(`(?i)(?:^|[^\pL\pN])(?:` + tax + `)\s?(?:` + is + `)\s?(` + raw(func(l *language) string { return l.zero }) + `)(?:[^\pL\pN]|$)`),
		wayNext: regexp.MustCompile(`(?i)^\s?(?:` + way + `)`),
		taxVerb: regexp.MustCompile(`(?i)(?:` + raw(func(l *language) string { return l.taxVerb }) + `)`),
	}
})

// sidePairs rewrites the taxes stated by their sides in text, but not in a sentence with a
// rule's, a claim's or a negation's words ("most tokens charge 5% buy / 5% sell tax").
func sidePairs(text string, unsure *regexp.Regexp) string {
	return sideFirst(eachSide(bothSides(eachWay(text, unsure), unsure), unsure), unsure)
}

// eachWay rewrites a tax's word for none as 0% ("taxes are zero on both sides", "the buy tax
// is zero"), then one figure with the words of both sides after it, after a taxes word or
// with one ("0% each way", "0% tax both ways").
func eachWay(text string, unsure *regexp.Regexp) string {
	s := sideForms()
	text = replaceGroups(text, s.zero, func(_ []string, before, _ string) (string, bool) {
		return "0%", !unsure.MatchString(sentenceOf(before))
	})
	sp := splice{text: text}
	for _, m := range s.eachWay.FindAllStringSubmatchIndex(text, -1) {
		before := lineBefore(text, m[2])
		taxed := m[4] >= 0 || s.taxWord.MatchString(before[max(0, len(before)-48):])
		if m[2] < sp.last || !taxed || unsure.MatchString(before) {
			continue
		}
		figure := withPercent(group(text, m, 1))
		sp.replace(m[2], m[1], "buy tax "+figure+", sell tax "+figure)
	}
	return sp.String()
}

// noTaxStatement reports whether "no taxes" is a statement of its own with the words before
// it ("there's no tax", "it has no tax", "no hay impuestos"), and gives the text after it
// without the words of both sides ("no tax on either side").
func noTaxStatement(before, words, rest string) (string, bool) {
	s := sideForms()
	if loc := s.wayNext.FindStringIndex(rest); loc != nil {
		rest = rest[loc[1]:]
	}
	return rest, s.taxVerb.MatchString(lastWords(before, 3) + " " + words)
}

// bothSides rewrites one figure for both taxes ("买卖税各 2%", "alım ve satım vergisi %0").
func bothSides(text string, unsure *regexp.Regexp) string {
	sp := splice{text: text}
	for _, m := range sideForms().both.FindAllStringSubmatchIndex(text, -1) {
		start, end := m[4], m[1] // from the sides, or from a taxes word before them
		if m[2] >= 0 {
			start = m[2]
		}
		if start < sp.last || group(text, m, 1)+group(text, m, 3)+group(text, m, 6) == "" || anotherShare().MatchString(text[end:]) || unsure.MatchString(lineBefore(text, start)) {
			continue
		}
		for _, i := range []int{4, 5, 6} {
			if m[2*i] >= 0 {
				end = m[2*i+1] // the figure or the word after it, not the boundary after a bare figure
			}
		}
		figure := withPercent(group(text, m, 4) + group(text, m, 5))
		sp.replace(start, end, "buy tax "+figure+", sell tax "+figure+" ")
	}
	return sp.String()
}

// eachSide rewrites a figure on each side ("5% buy / 5% sell tax"), or one before both sides
// and a taxes word ("0% buy and sell tax"), when a taxes word is near.
func eachSide(text string, unsure *regexp.Regexp) string {
	s := sideForms()
	sp := splice{text: text}
	for _, m := range s.each.FindAllStringSubmatchIndex(text, -1) {
		first, second := group(text, m, 1), group(text, m, 3)
		if first == "" {
			first = group(text, m, 6) // "0% buy and sell tax": one figure for both
			second = first
		}
		before := lineBefore(text, m[0])
		sideA, sideB := group(text, m, 2), group(text, m, 4)
		taxed := group(text, m, 5)+group(text, m, 7) != "" || s.taxWord.MatchString(before[max(0, len(before)-48):])
		if m[0] < sp.last || !taxed || unsure.MatchString(before) || sideA != "" && s.buy.MatchString(sideA) == s.buy.MatchString(sideB) {
			continue
		}
		if sideA != "" && !s.buy.MatchString(sideA) {
			first, second = second, first
		}
		end := m[1]
		if m[8] >= 0 && m[10] < 0 {
			end = m[9] // the side, not the boundary after it: "4% на продажу, топ-10 …" keeps its comma
		}
		sp.replace(m[0], end, "buy tax "+first+", sell tax "+second+" ")
	}
	return sp.String()
}

// sideFirst rewrites a figure after each side ("alımda %5, satışta %25 vergi var"), when a
// taxes word is near.
func sideFirst(text string, unsure *regexp.Regexp) string {
	s := sideForms()
	sp := splice{text: text}
	for _, m := range s.first.FindAllStringSubmatchIndex(text, -1) {
		sideA, sideB := group(text, m, 1), group(text, m, 3)
		first, second := group(text, m, 2), group(text, m, 4)
		before := lineBefore(text, m[0])
		taxed := group(text, m, 5) != "" || s.taxWord.MatchString(before[max(0, len(before)-48):])
		if m[0] < sp.last || !taxed || unsure.MatchString(before) || s.buy.MatchString(sideA) == s.buy.MatchString(sideB) {
			continue
		}
		if !s.buy.MatchString(sideA) {
			first, second = second, first
		}
		start := m[2] // the side, not the boundary before it
		sp.replace(start, m[1], "buy tax "+first+", sell tax "+second+" ")
	}
	return sp.String()
}

// titledSides writes the sides listed under a title of the taxes ("**🧾 Taxes**", "Налоги:"
// over "- Buy: **0%**" and "- Sell: **0%**") as the taxes' labels, "- buy tax: **0%**".
func titledSides(text string) string {
	f := titleForms()
	sp := splice{text: text}
	for _, t := range f.title.FindAllStringIndex(text, -1) {
		at := t[1]
		for n := 0; n < 4 && at < len(text); n++ { // the items right under it, and no further
			line, _, _ := strings.Cut(text[at:], "\n")
			m := f.item.FindStringSubmatchIndex(line)
			if m == nil {
				break
			}
			side := "sell tax"
			if taxForms().buy.MatchString(line[m[2]:m[3]]) {
				side = "buy tax"
			}
			sp.replace(at+m[2], at+m[3], side)
			at += len(line) + 1
		}
	}
	return sp.String()
}

// titleForms match a line that is only the taxes' word (after a token's name, at most), with
// markup, a symbol or a colon, to its end (and the line break); and a line or list item that
// opens with a side's word and a colon (group 1, the side's word).
var titleForms = sync.OnceValue(func() struct{ title, item *regexp.Regexp } {
	tax, buy, sell := raw(func(l *language) string { return l.taxes }), raw(func(l *language) string { return l.buy }), raw(func(l *language) string { return l.sell })
	return struct{ title, item *regexp.Regexp }{
		regexp.MustCompile(`(?im)^[\s*_#>\p{So}]*(?:\$?[\pL\pN]+\s)?(?:` + tax + `)[\s*_:：]*\n`), // "GPANDA taxes:"
		regexp.MustCompile(`(?i)^[\s>]*(?:[-•*]\s+)?[*_]*(` + buy + `|` + sell + `)[*_]*\s?[:：]`),
	}
})
