package factcheck

import (
	"math"
	"regexp"
	"slices"
	"strconv"
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
	plus       bool    // a "+" after it makes it a lower bound: "$9M+"
	start, end int     // byte offsets in the clause
}

// The patterns are compiled on first use: their Unicode classes would cost every cold start.
var patterns = sync.OnceValue(func() *readers {
	num := numberPattern
	list, values := allScales()
	var alts, wordAlts, thousands []string
	for _, w := range list {
		if values[w] == 1e3 && len([]rune(w)) > 1 {
			thousands = append(thousands, regexp.QuoteMeta(w)) // "bin", "mil", "тыс.", "nghìn", not "k"
		}
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
		// "$2.4M", "US$ 204", "u$s 169" (Argentine news), and a label glued to its sum
		// ("Fully Diluted Valuation$100,000,000"), but not "R$" or "A$".
		dollarFirst: regexp.MustCompile(`(?i)(?:US\$|u\$s|\bUSD\s?|(?:^|[^\pL]|\pL{3})\$)\s?(?:\*\*|__)?` + num + scale),
		dollarAfter: regexp.MustCompile(`(?i)\b` + num + scale + `\s?(?:\$|` + currency + `)`),
		// "Price (USD): approximately 1.74", "Its USD price sits around 0.00159": a bare number
		// after the label that says its currency.
		bareUSD: regexp.MustCompile(`(?i)\bUSD\)?(?:\s*[:=]|\s+(?:price|value)\b[^\d\n$:;]{0,24}?)\s*(?:` +
			raw(func(lang *language) string { return lang.approx }) + `)?\s*` + num + scale),
		// "MC: 12.3M", "Liq: 1.52M": a scaled number right after a label of a sum, as bots
		// write it without its "$".
		// "MC 9.18M", "Vol24h 1.07M" in a card's row: the same with a space only (labelSpaced).
		labelScaled: regexp.MustCompile(`(?i)\b(?:mc|mcap|market ?cap|liq|liquidity|vol(?:ume)?(?:\s?24\s?h)?|fdv)(?:\s?[:=]\s?|\s+)(?:\*\*|__)?` + num + `\s?(k|m|mn|b|bn)\b`),
		// "Price: 0.000007092", "| Price | 0.000007092 |": a bare number right after the label
		// of a price, with no unit after it (not "Price: 0.0012 SOL").
		labelPrice:  regexp.MustCompile(`(?i)\bprice\s?(?:[:=|]\s?)(?:\*\*|__)?` + num + `(?:\*\*|__)?(?:\s*(?:\||$))`),
		wordScaled:  regexp.MustCompile(`(?i)\b` + num + `\s?(` + strings.Join(wordAlts, "|") + `)`),
		percent:     regexp.MustCompile(`(?i)\b` + num + `\s?(?:％|` + pct + `)`),
		percentLead: regexp.MustCompile(`%\s?` + num),
		cents:       regexp.MustCompile(`(?i)\b` + num + `\s?(?:` + raw(func(lang *language) string { return lang.cents }) + `)`),
		duration:    regexp.MustCompile(`(?i)\b` + num + `[\s-]?(` + strings.Join(units, "|") + `)`),
		thousands:   regexp.MustCompile(`(?i)(?:^|[^\d.,])(\d{1,3})\s?(?:` + strings.Join(thousands, "|") + `)\s+$`),
		scales:      values,
		commaScale:  commaScales(),
		hoursPer:    hoursPer,
	}
	// The longest reading of a number wins: "0.00000123" is not "0.000" grouped by a dot.
	for _, re := range []*regexp.Regexp{r.dollarFirst, r.dollarAfter, r.bareUSD, r.labelScaled, r.labelPrice, r.wordScaled, r.percent, r.percentLead, r.duration} {
		re.Longest()
	}
	return r
})

type readers struct {
	dollarFirst, dollarAfter, wordScaled *regexp.Regexp
	bareUSD, cents, labelScaled          *regexp.Regexp
	// thousands matches whole thousands in a word right before the rest of a sum ("10 bin "
	// of "10 bin 910 dolar"): every language's words for a thousand.
	thousands                      *regexp.Regexp
	labelPrice                     *regexp.Regexp
	percent, percentLead, duration *regexp.Regexp
	scales, hoursPer               map[string]float64
	commaScale                     map[string]bool // scale words only decimal-comma languages use
}

// figures are the numbers of a clause that may be claims about a token: sums in dollars,
// percentages and durations, in the order they appear, none overlapping another; two sums
// joined as a range are one figure.
func figures(clause string, lang *language) []figure {
	p := patterns()
	// covered marks the bytes of the figures read so far: a later pattern's match over any of
	// them is part of a figure already read. Each pattern's matches do not overlap, so the
	// marking costs at most the clause's length per pattern.
	sc := &scan{p: p, clause: clause, lang: lang, covered: make([]bool, len(clause))}
	sc.add(p.dollarFirst, money)
	sc.add(p.dollarAfter, money)
	sc.add(p.percent, percent) // before a bare number after "USD": "LTC/USD price has fallen 5.43% to $55.56"
	sc.add(p.percentLead, percent)
	sc.add(p.bareUSD, money)
	sc.add(p.labelScaled, money)
	sc.add(p.labelPrice, money)
	sc.add(p.wordScaled, money)
	sc.add(p.cents, money)
	sc.add(p.duration, hours)
	slices.SortFunc(sc.out, func(a, b figure) int { return a.start - b.start })
	return ranges(clause, inTwoParts(p.thousands, clause, durations(clause, sc.out, words().ordinal)))
}

// inTwoParts joins a sum written in two parts, its thousands in a word and the rest in digits,
// into one: "10 bin 910 dolar" is 10,910 dollars, "10 mil 910" too.
func inTwoParts(thousands *regexp.Regexp, clause string, out []figure) []figure {
	joined := false
	for i := range out {
		f := &out[i]
		if f.kind != money || f.scaled || f.value >= 1000 || f.start == 0 || clause[f.start] < '0' || clause[f.start] > '9' {
			continue
		}
		shift := max(0, f.start-24)
		m := thousands.FindStringSubmatchIndex(clause[shift:f.start])
		if m == nil {
			continue
		}
		n, err := strconv.Atoi(clause[shift+m[2] : shift+m[3]])
		if err != nil {
			continue
		}
		f.value += float64(n) * 1000
		f.start = shift + m[2]
		f.text = clause[f.start:f.end]
		joined = true
	}
	if !joined {
		return out
	}
	// A figure read in the thousands' part ("10 bin" of "10 bin 910 dolar") is the joined one's:
	// the figures are in order, so it is the one right before it.
	keep := out[:0]
	for i, f := range out {
		if i+1 < len(out) && out[i+1].start <= f.start && out[i+1].end > f.start {
			continue
		}
		keep = append(keep, f)
	}
	return keep
}

// commaScales are the scale words of the languages that write the decimal mark as a comma
// and no other language uses ("millones", "млрд", but not "mil", which reads the same).
func commaScales() map[string]bool {
	out := map[string]bool{}
	for _, lang := range languages {
		for w := range lang.scales {
			if lang.decimalComma {
				out[strings.ToLower(w)] = true
			}
		}
	}
	for _, lang := range languages {
		for w := range lang.scales {
			if !lang.decimalComma {
				delete(out, strings.ToLower(w))
			}
		}
	}
	return out
}

// dollarStart is where a sum dollarFirst matched at i starts: at "US$", "USD" or "u$s", else
// at its "$" (past the character or the label before it that tells it from "R$").
func dollarStart(clause string, i int) int {
	if s := strings.ToUpper(clause[i:min(len(clause), i+3)]); s == "US$" || s == "USD" || s == "U$S" {
		return i
	}
	return i + strings.IndexByte(clause[i:], '$')
}

// scan is the figures of one clause, read one pattern after another.
type scan struct {
	p       *readers
	clause  string
	lang    *language
	covered []bool // the bytes of the figures read so far
	out     []figure
}

// taken reports whether clause[s:e] overlaps a figure read already, and marks it when not.
func (sc *scan) taken(s, e int) bool {
	if slices.Contains(sc.covered[s:e], true) {
		return true
	}
	for i := s; i < e; i++ {
		sc.covered[i] = true
	}
	return false
}

// add reads the figures of kind kd that re matches and no figure read already covers.
func (sc *scan) add(re *regexp.Regexp, kd kind) {
	p, clause := sc.p, sc.clause
	for _, m := range re.FindAllStringSubmatchIndex(clause, -1) {
		if re == p.dollarFirst {
			m[0] = dollarStart(clause, m[0])
		}
		if re == p.bareUSD || re == p.labelScaled || re == p.labelPrice {
			m[0] = m[2] // the figure is the number; the label and "about" are its words
		}
		if re == p.labelScaled && !labelSpaced(clause, m) || re == p.dollarAfter && cashtag(clause, m[1]) || sc.taken(m[0], m[1]) {
			continue
		}
		v, half, ok := sc.value(m, kd)
		if !ok {
			continue
		}
		if re == p.cents {
			v, half = v/100, half/100
		}
		scaled := len(m) > 4 && m[4] >= 0
		if !scaled {
			v, half, m[1], scaled = sc.unscaled(v, half, m[1], kd)
		}
		text := strings.Trim(clause[m[0]:m[1]], " *_")
		plus := strings.HasPrefix(clause[m[1]:], "+")
		sc.out = append(sc.out, figure{kind: kd, text: text, value: v, halfUnit: half, scaled: scaled, plus: plus, start: m[0], end: m[1]})
	}
}

// value is the value of the number a pattern matched (m: the match, the number, the scale
// word), scaled, and half the unit of its last digit.
func (sc *scan) value(m []int, kd kind) (v, half float64, ok bool) {
	p, clause, lang := sc.p, sc.clause, sc.lang
	scaled := len(m) > 4 && m[4] >= 0
	if !lang.markSure && scaled && p.commaScale[strings.ToLower(clause[m[4]:m[5]])] {
		// "36.000 millones": a scale word of a decimal-comma language groups by the dot,
		// unless the answer's own decimals said otherwise.
		lang = &language{code: lang.code, decimalComma: true, markSure: true}
	}
	v, half, ok = parseNumber(clause[m[2]:m[3]], lang)
	if !ok || !scaled {
		return v, half, ok
	}
	unit := strings.ToLower(clause[m[4]:m[5]])
	if unit == "mil" && sc.lang.code == "en" {
		return 0, 0, false // "37mil usd": a thousand in Spanish and Portuguese, a million in English slang
	}
	if strings.ContainsAny(clause[m[2]:m[3]], " \u00a0\u202f") {
		return 0, 0, false // "300 400 triệu": two figures of a range, or a grouping no scale word follows
	}
	if (p.scales[unit] == 1e4 || p.scales[unit] == 1e8) && fourAfterComma(clause[m[2]:m[3]]) {
		return 0, 0, false // "1,5676 萬": digits grouped by four, as 万 and 亿 count them, or a decimal
	}
	k := p.scales[unit]
	if kd == hours {
		k = p.hoursPer[unit]
	}
	return v * k, half * k, true
}

// ranges joins two sums or two percentages that make a range ("$260M–$356M", "$260M to
// $356M", "between $260M and $356M"), or two that are alternatives ("$30 or $40"), into one
// figure.
func ranges(clause string, list []figure) []figure {
	out := list[:0]
	for i := 0; i < len(list); i++ {
		f := list[i]
		if i+1 < len(list) && list[i+1].kind == f.kind && f.kind != hours && list[i+1].value > f.value &&
			joins(clause[f.end:list[i+1].start], clause[max(0, f.start-16):f.start]) && words().moveFrom(clause, list[i+1].start) < 0 {
			g := list[i+1]
			g.low, g.text, g.start = lowEnd(f, g), clause[f.start:g.end], f.start
			out = append(out, g)
			i++
			continue
		}
		out = append(out, f)
	}
	return out
}

// rangeWords are the words between the ends of a range, or between two alternatives.
var rangeWords = map[string]bool{"-": true, "–": true, "—": true, "to": true, "a": true, "до": true, "đến": true, "至": true, "~": true, "～": true, "ile": true,
	"or": true, "o": true, "ou": true, "или": true, "veya": true, "ya da": true, "hoặc": true, "或": true}

// joins reports whether the words between two figures make them a range's ends: a dash or
// "to", or a language's "and" after its "between" ("entre US$ 13,9 milhões e US$ 14,7
// milhões").
func joins(between, before string) bool {
	between = strings.ToLower(strings.TrimSpace(between))
	w := betweenAnd()
	return rangeWords[between] || w.and.MatchString(between) && w.between.MatchString(before)
}

// betweenAnd are the words of a range "between X and Y" in every language: the word before its
// first end, and the whole of the words between its ends.
var betweenAnd = sync.OnceValue(func() struct{ between, and *regexp.Regexp } {
	return struct{ between, and *regexp.Regexp }{
		regexp.MustCompile(`(?i)` + raw(func(l *language) string { return l.between })),
		regexp.MustCompile(`(?i)^` + raw(func(l *language) string { return l.and }) + `$`),
	}
})

// clauses splits an answer into the stretches a claim lives in: sentences, lines (a table
// row, a bullet) and the parts of a sentence a semicolon separates. A decimal point or an
// abbreviation's dot does not end a sentence: only a dot followed by a space and a capital
// letter, a line break or the end does.
func clauses(text string) []string {
	out, _ := lineClauses(text, nil)
	return out
}

// lineClauses are the clauses of text with the line each is on; k tells a table's column named
// for one of the tokens with facts or for their facts' source (readTables).
func lineClauses(text string, k known) (out []string, lines []int) {
	if strings.Count(text, "|") >= 2 {
		text = readTables(text, k) // first, so that a pair of taxes is read in its column
	}
	text = labelLines(slashLabels(taxPairs(lpShares(sameAsCap(spelledCounts(text))))), k)
	start, line := 0, 0
	emit := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			out, lines = append(out, s), append(lines, line)
		}
	}
	for i := 0; i < len(text); i++ {
		end, next := boundary(text, i)
		if next == 0 {
			continue
		}
		emit(text[start:end])
		if text[i] == '\n' {
			line++
		}
		start = next
		i = next - 1
	}
	emit(text[start:])
	return out, lines
}

// boundary reports whether a clause ends at text[i]: where it ends and where the next one
// starts, or next 0 when it does not end there.
func boundary(text string, i int) (end, next int) {
	switch c := text[i]; {
	case c == '\n' || c == ';':
		return i, i + 1
	case c == '.' || c == '!' || c == '?':
		if j := sentenceEnd(text, i); j > 0 {
			return j, j
		}
	case c >= 0xC2:
		// "·" sets labelled figures apart ("$2.3M market cap · $410K liquidity"), "•" starts a
		// bullet, "。", "！" and "？" end a sentence in Chinese.
		for _, sep := range []string{"·", "•", "。", "！", "？"} {
			if strings.HasPrefix(text[i:], sep) {
				if sep == "？" {
					return i + len(sep), i + len(sep) // a question keeps its mark (asked)
				}
				return i, i + len(sep)
			}
		}
	}
	return 0, 0
}

// listNumber reports whether the dot at i ends a numbered list item's number ("1. **wSOL**"):
// one to three digits that start their line.
func listNumber(text string, i int) bool {
	j := i
	for j > 0 && i-j < 3 && text[j-1] >= '0' && text[j-1] <= '9' {
		j--
	}
	if j == i {
		return false
	}
	k := j
	for k > 0 && (text[k-1] == ' ' || text[k-1] == '\t') {
		k--
	}
	return k == 0 || text[k-1] == '\n'
}

// sentenceStart reports whether s starts as a sentence does: with a capital letter of any
// script ("Объём", "Él"), emphasis or a parenthesis.
func sentenceStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r) || r == '*' || r == '('
}

// exponent reads the exponent a number in scientific notation ends with ("e+02", "e-04"): its
// power of ten and its length, or 0 for none.
func exponent(s string) (float64, int) {
	loc := exponentRe().FindStringSubmatchIndex(s)
	if loc == nil {
		return 0, 0
	}
	e, err := strconv.Atoi(strings.TrimPrefix(s[loc[2]:loc[3]], "+"))
	if err != nil {
		return 0, 0
	}
	return math.Pow(10, float64(e)), loc[3]
}

// exponentRe matches an exponent, not a word that starts with an "e" ("e2e", "eth").
var exponentRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[eE]([+-]?\d{1,3})(?:[^\pL\pN]|$)`) })

// cashtag reports whether the "$" that ends clause[:end] starts a ticker ("1,000,000,000
// $LIQ": a count of tokens before their cashtag, no sum).
func cashtag(clause string, end int) bool {
	if clause[end-1] != '$' || end >= len(clause) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(clause[end:])
	return unicode.IsLetter(r) && r < 0x2E80 // a Latin or Cyrillic ticker, not "（" or Chinese after "$"
}
