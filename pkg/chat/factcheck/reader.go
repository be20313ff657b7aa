package factcheck

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// kind is what a figure measures.
type kind int

const (
	money kind = iota + 1
	percent
	hours
)

// figure is a number the answer states, as it wrote it and as a value in the facts' unit
// (USD, percent, hours). A range ("between $260M and $356M") is one figure from low to value.
type figure struct {
	kind       kind
	text       string
	value      float64
	low        float64 // a range's low end; 0 when the figure is no range
	halfUnit   float64 // half the unit of the last digit stated, in the facts' unit
	scaled     bool    // a word or letter scales it: "$2.4M", "12 млрд"
	start, end int     // byte offsets in the clause
}

// The patterns are compiled on first use: their Unicode classes would cost every cold start.
var patterns = sync.OnceValue(func() *readers {
	num := numberPattern
	list, values := allScales()
	var alts, wordAlts []string
	for _, w := range list {
		a := regexp.QuoteMeta(w)
		if last := w[len(w)-1]; last < 0x80 && (last >= 'a' && last <= 'z') {
			a += `\b`
		}
		alts = append(alts, a)
		if len([]rune(w)) > 1 || w[0] >= 0x80 {
			wordAlts = append(wordAlts, a)
		}
	}
	scale := `(?:\s?\*{0,2}(` + strings.Join(alts, "|") + `))?`
	currency := raw(func(lang *language) string { return lang.currency })
	pct := raw(func(lang *language) string { return lang.percent })
	var units []string
	hoursPer := map[string]float64{}
	for _, lang := range languages {
		for u, h := range lang.durations {
			q := regexp.QuoteMeta(u)
			if c := u[len(u)-1]; c >= 'a' && c <= 'z' {
				q += `\b`
			}
			units = append(units, q)
			hoursPer[strings.ToLower(u)] = h
		}
	}
	slices.SortFunc(units, func(a, b string) int { return len(b) - len(a) })
	r := &readers{
		dollarFirst: regexp.MustCompile(`(?i)(?:US\$|\bUSD\s?|(?:^|[^\pL])\$)\s?(?:\*\*|__)?` + num + scale),
		dollarAfter: regexp.MustCompile(`(?i)\b` + num + scale + `\s?(?:\$|` + currency + `)`),
		// "Price (USD): approximately 1.74", "Its USD price sits around 0.00159": a bare number
		// after the label that says its currency.
		bareUSD: regexp.MustCompile(`(?i)\bUSD\)?(?:\s*[:=]|\s+(?:price|value)\b[^\d\n$:;]{0,24}?)\s*(?:` +
			raw(func(lang *language) string { return lang.approx }) + `)?\s*` + num + scale),
		wordScaled:  regexp.MustCompile(`(?i)\b` + num + `\s?(` + strings.Join(wordAlts, "|") + `)`),
		percent:     regexp.MustCompile(`(?i)\b` + num + `\s?(?:％|` + pct + `)`),
		percentLead: regexp.MustCompile(`%\s?` + num),
		duration:    regexp.MustCompile(`(?i)\b` + num + `[\s-]?(` + strings.Join(units, "|") + `)`),
		scales:      values,
		hoursPer:    hoursPer,
	}
	// The longest reading of a number wins: "0.00000123" is not "0.000" grouped by a dot.
	for _, re := range []*regexp.Regexp{r.dollarFirst, r.dollarAfter, r.bareUSD, r.wordScaled, r.percent, r.percentLead, r.duration} {
		re.Longest()
	}
	return r
})

type readers struct {
	dollarFirst, dollarAfter, wordScaled *regexp.Regexp
	bareUSD                              *regexp.Regexp
	percent, percentLead, duration       *regexp.Regexp
	scales, hoursPer                     map[string]float64
}

// figures are the numbers of a clause that may be claims about a token: sums in dollars,
// percentages and durations, in the order they appear, none overlapping another; two sums
// joined as a range are one figure.
func figures(clause string, lang *language) []figure {
	p := patterns()
	var out []figure
	// covered marks the bytes of the figures read so far: a later pattern's match over any of
	// them is part of a figure already read. Each pattern's matches do not overlap, so the
	// marking costs at most the clause's length per pattern.
	covered := make([]bool, len(clause))
	taken := func(s, e int) bool {
		if slices.Contains(covered[s:e], true) {
			return true
		}
		for i := s; i < e; i++ {
			covered[i] = true
		}
		return false
	}
	add := func(re *regexp.Regexp, kd kind) {
		for _, m := range re.FindAllStringSubmatchIndex(clause, -1) {
			if r, size := utf8.DecodeRuneInString(clause[m[0]:]); r != '$' && r != 'U' && r != 'u' && kd == money && re == p.dollarFirst {
				m[0] += size // the character before "$" that tells it from "R$" or "A$"
			}
			if re == p.bareUSD {
				m[0] = m[2] // the figure is the number; the label and "about" are its words
			}
			if taken(m[0], m[1]) {
				continue
			}
			v, half, ok := parseNumber(clause[m[2]:m[3]], lang)
			if !ok {
				continue
			}
			if len(m) > 4 && m[4] >= 0 {
				unit := strings.ToLower(clause[m[4]:m[5]])
				k := p.scales[unit]
				if kd == hours {
					k = p.hoursPer[unit]
				}
				v, half = v*k, half*k
			}
			text := strings.Trim(clause[m[0]:m[1]], " *_")
			scaled := len(m) > 4 && m[4] >= 0
			out = append(out, figure{kind: kd, text: text, value: v, halfUnit: half, scaled: scaled, start: m[0], end: m[1]})
		}
	}
	add(p.dollarFirst, money)
	add(p.dollarAfter, money)
	add(p.bareUSD, money)
	add(p.wordScaled, money)
	add(p.percent, percent)
	add(p.percentLead, percent)
	add(p.duration, hours)
	slices.SortFunc(out, func(a, b figure) int { return a.start - b.start })
	return ranges(clause, out)
}

// ranges joins two sums or two percentages that make a range ("$260M–$356M", "$260M to
// $356M", "between $260M and $356M") into one figure.
func ranges(clause string, list []figure) []figure {
	out := list[:0]
	for i := 0; i < len(list); i++ {
		f := list[i]
		if i+1 < len(list) && list[i+1].kind == f.kind && f.kind != hours {
			g := list[i+1]
			between := strings.ToLower(strings.TrimSpace(clause[f.end:g.start]))
			joined := between == "-" || between == "–" || between == "—" || between == "to" || between == "a" ||
				between == "до" || between == "đến" || between == "至" || between == "~" || between == "ile" ||
				between == "and" && strings.Contains(strings.ToLower(clause[max(0, f.start-16):f.start]), "between")
			if joined && g.value > f.value {
				g.low, g.text, g.start = f.value, clause[f.start:g.end], f.start
				out = append(out, g)
				i++
				continue
			}
		}
		out = append(out, f)
	}
	return out
}

// clauses splits an answer into the stretches a claim lives in: sentences, lines (a table
// row, a bullet) and the parts of a sentence a semicolon separates. A decimal point or an
// abbreviation's dot does not end a sentence: only a dot followed by a space and a capital
// letter, a line break or the end does.
func clauses(text string) []string {
	if strings.Contains(text, "|") && strings.Contains(text, "--") {
		text = readTables(text)
	}
	var out []string
	start := 0
	emit := func(end int) {
		if s := strings.TrimSpace(text[start:end]); s != "" {
			out = append(out, s)
		}
		start = end
	}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '\n', ';':
			emit(i)
			start = i + 1
		case 0xC2: // "·" (U+00B7) sets labelled figures apart: "$2.3M market cap · $410K liquidity"
			if i+1 < len(text) && text[i+1] == 0xB7 {
				emit(i)
				start = i + 2
			}
		case 0xE2: // "•" (U+2022), "。" is handled by the sentence end below
			if i+2 < len(text) && text[i+1] == 0x80 && text[i+2] == 0xA2 {
				emit(i)
				start = i + 3
			}
		case '.', '!', '?':
			if i+2 < len(text) && text[i+1] == ' ' && sentenceStart(text[i+2:]) {
				emit(i + 1)
			}
		}
	}
	emit(len(text))
	return out
}

// sentenceStart reports whether s starts as a sentence does: with a capital letter of any
// script ("Объём", "Él"), emphasis or a parenthesis.
func sentenceStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r) || r == '*' || r == '('
}

// readTables rewrites the rows of each markdown table whose header names facts as one line per
// cell, "Header: cell" ("| Price | Liquidity |" over "| $2.42 | $1.5M |" becomes "Price: $2.42"
// and "Liquidity: $1.5M"), so that a figure is read with its column's label. A cell under a
// header that names no fact ("Token", "Metric", "Value") stays on the row's first line: a
// "| Price | $2.42 |" row under "| Metric | Value |" is read as it is.
func readTables(text string) string {
	lines := strings.Split(text, "\n")
	l := words()
	var header []string
	labelled := false
	for i, line := range lines {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "|") {
			header = nil
			continue
		}
		if i+1 < len(lines) && separatorRow(lines[i+1]) {
			header, labelled = cells(t), false
			for _, h := range header {
				labelled = labelled || l.names(h)
			}
			continue
		}
		if header == nil || separatorRow(t) || !labelled {
			continue
		}
		var first []string
		var rest []string
		for j, c := range cells(t) {
			if j < len(header) && l.names(header[j]) {
				rest = append(rest, header[j]+": "+c)
			} else {
				first = append(first, c)
			}
		}
		lines[i] = strings.Join(append([]string{strings.Join(first, " ")}, rest...), "\n")
	}
	return strings.Join(lines, "\n")
}

// names reports whether s holds a word naming a fact.
func (l *lexicon) names(s string) bool {
	for _, kw := range l.keywords {
		if kw.fact != skip && kw.re.MatchString(s) {
			return true
		}
	}
	return false
}

func cells(row string) []string {
	row = strings.Trim(strings.TrimSpace(row), "|")
	out := strings.Split(row, "|")
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}

func separatorRow(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "|") && strings.Contains(s, "--") && strings.Trim(s, "|-: ") == ""
}
