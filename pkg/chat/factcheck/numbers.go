package factcheck

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// numberPattern matches a number as the languages write it: a subscript-zero price
// ("0.0₅123", "0.0{5}123"), digits grouped by commas, dots, spaces or apostrophes with a
// decimal part after a dot or a comma ("1,523,055.5", "1.523.055,5", "1 523 055", "1'523",
// "473，667，563" with the full-width comma of Chinese text),
// or plain digits with a decimal part ("41,2", "2.417"), or a small price in scientific
// notation ("3.39e-7"). What the separators mean is read afterwards (parseNumber), with the
// answer's language for the ambiguous "1,523" and "1.523".
const numberPattern = `(\d+(?:[.,]\d+)?[eE][-−]\d{1,2}\b|0[.,]0(?:[₀-₉]+|\{\d{1,2}\})\d+|\d{1,3}(?:(?:,|，|\.|[ \x{00A0}\x{202F}'’])\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)`

// decimalMark is the decimal mark text uses, when its numbers say it for sure: a dot or a comma
// followed by one, two or more than three digits ("0.246883", "11.70%"; "0,05", "91,89%") is a
// decimal mark. A page in Vietnamese may write decimals with a dot, a Spanish one with a comma;
// the more frequent wins, and the language decides when neither is there.
func decimalMark(text string, lang *language) *language {
	dot, comma := 0, 0
	for i := 1; i+1 < len(text) && i < 16<<10; i++ {
		c := text[i]
		if (c != '.' && c != ',') || text[i-1] < '0' || text[i-1] > '9' {
			continue
		}
		n := 0
		for j := i + 1; j < len(text) && text[j] >= '0' && text[j] <= '9'; j++ {
			n++
		}
		if n == 0 || n == 3 {
			continue
		}
		if c == '.' {
			dot++
		} else {
			comma++
		}
	}
	if dot == comma {
		return lang
	}
	l := *lang
	l.decimalComma, l.markSure = comma > dot, true
	return &l
}

// parseNumber reads a number numberPattern matched, and half the unit of its last digit. ok is
// false when the number cannot be read for sure: a single "1.523" in a language whose decimal
// mark is the comma may be either.
func parseNumber(s string, lang *language) (v, half float64, ok bool) {
	if strings.ContainsAny(s, "eE") {
		mant, exp, _ := strings.Cut(strings.NewReplacer("E", "e", "−", "-", ",", ".").Replace(s), "e")
		return scientific(mant, exp)
	}
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '\'' || r == '’' { // a space of any width, U+00A0 and U+202F too
			return -1
		}
		if r == '，' {
			return ','
		}
		return r
	}, expandSubscript(s))
	decimal, ok := decimalSeparator(s, lang)
	if !ok {
		return 0, 0, false
	}
	decimals := 0
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == decimal:
			b.WriteByte('.')
			decimals = len(s) - i - 1
		case c >= '0' && c <= '9':
			b.WriteByte(c)
		}
	}
	v, err := strconv.ParseFloat(b.String(), 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, 0, false
	}
	return v, 0.5 * math.Pow(10, -float64(decimals)), true
}

// decimalSeparator is the byte that marks the decimals of s (0 when it has none): the last of
// a dot and a comma when both are there, else a lone one not followed by three digits, else
// the one the language uses. ok is false for a lone "1.523" or "1,523" in a language whose
// decimal mark is the comma, unless the answer's own numbers showed it.
func decimalSeparator(s string, lang *language) (decimal byte, ok bool) {
	commas, dots := strings.Count(s, ","), strings.Count(s, ".")
	switch {
	case commas > 0 && dots > 0:
		last := s[max(strings.LastIndexByte(s, ','), strings.LastIndexByte(s, '.'))]
		// "$2.417,24小時" in a language of decimal points: a comma between clauses, unspaced.
		return last, last == '.' || lang.decimalComma || !lang.unspaced
	case commas != 1 && dots != 1:
		return 0, true
	}
	sep := byte(',')
	if dots == 1 {
		sep = '.'
	}
	if after := len(s) - strings.IndexByte(s, sep) - 1; after != 3 || s[0] == '0' && s[1] == sep {
		return sep, true // "41,2", "2.417"; "0.073" groups no thousands, whatever the language's mark
	}
	return loneSeparator(s, sep, lang)
}

// loneSeparator is decimalSeparator for a lone separator sep before three digits ("1.523",
// "92,400"): the language's decimal mark is its decimals, the other mark its thousands, unless
// the answer's numbers did not show the mark for sure.
func loneSeparator(s string, sep byte, lang *language) (decimal byte, ok bool) {
	switch {
	case lang.decimalComma == (sep == ','):
		if sep == ',' && !lang.markSure && strings.HasSuffix(s, "00") {
			return 0, false // "$92,400" in Russian: a copied English thousands, since a decimal drops its zeros ("92,4")
		}
		return sep, true
	case lang.decimalComma && !lang.markSure:
		return 0, false // "1.523" in Spanish: thousands, or a copied English decimal
	}
	return 0, true
}

// expandSubscript writes "0.0₅123" and "0.0{5}123" (a price whose decimal point is followed by
// five zeros, as DexScreener shows it) in full: "0.00000123".
func expandSubscript(s string) string {
	if len(s) < 4 || !strings.HasPrefix(s[1:], ".0") && !strings.HasPrefix(s[1:], ",0") {
		return s
	}
	rest := s[3:]
	n, i := 0, 0
	if strings.HasPrefix(rest, "{") {
		j := strings.IndexByte(rest, '}')
		if j < 0 {
			return s
		}
		n, _ = strconv.Atoi(rest[1:j])
		i = j + 1
	} else {
		for _, r := range rest {
			if r < '₀' || r > '₉' {
				break
			}
			n = n*10 + int(r-'₀')
			i += len(string(r))
		}
	}
	if i == 0 || n > 30 {
		return s
	}
	return s[:2] + strings.Repeat("0", n) + rest[i:]
}

// fourAfterComma reports whether the only separator in s is a comma before four digits
// ("1,5676"; "1，5676" is no number numberPattern takes whole, notWhole).
func fourAfterComma(s string) bool {
	i := strings.IndexByte(s, ',')
	return i >= 0 && strings.Count(s, ",") == 1 && !strings.Contains(s, ".") && len(s)-i-1 == 4
}

// scientific reads a number in scientific notation, "3.39e-7", from its mantissa and exponent.
func scientific(mant, exp string) (v, half float64, ok bool) {
	m, err1 := strconv.ParseFloat(mant, 64)
	e, err2 := strconv.Atoi(exp)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	decimals := 0
	if _, frac, dot := strings.Cut(mant, "."); dot {
		decimals = len(frac)
	}
	scale := math.Pow(10, float64(e))
	return m * scale, 0.5 * math.Pow(10, -float64(decimals)) * scale, true
}

// lowEnd is the value of a range's low end f, which takes the scale of its high end g when it
// has none of its own: "$490 – $520 million" runs from 490 million, "$1-2M" from a million.
func lowEnd(f, g figure) float64 {
	if f.scaled || !g.scaled || f.value <= 0 {
		return f.value
	}
	for _, k := range []float64{1e3, 1e6, 1e9, 1e12} {
		if v := f.value * k; v <= g.value && v*10 > g.value {
			return v
		}
	}
	return f.value
}

// durations joins a duration written in two units into one ("6d 16h", "6 дн. 16 ч", "2 days 4
// hours": the larger unit first, only a space or a comma between) and drops an ordinal day, no
// duration (a language's ordinal word right before it: "上线第 3 天", on the third day).
func durations(clause string, out []figure, ordinal *regexp.Regexp) []figure {
	keep := out[:0]
	for _, f := range out {
		if f.kind == hours && ordinal.MatchString(clause[runeStart(clause, max(0, f.start-12)):f.start]) {
			continue
		}
		if n := len(keep); n > 0 && f.kind == hours && keep[n-1].kind == hours && keep[n-1].value > f.value &&
			strings.Trim(clause[keep[n-1].end:f.start], " ,") == "" {
			last := &keep[n-1]
			last.value += f.value
			last.halfUnit = f.halfUnit
			last.end = f.end
			last.text = clause[last.start:last.end]
			continue
		}
		keep = append(keep, f)
	}
	return keep
}

// labelSpaced reports whether labelScaled's match m is a sum: with ":" or "=" after its label
// always; with a space only ("MC 9.18M", "Vol 24h 520K"), unless it may be a window's
// duration ("Vol 5m +12%": the five minutes' volume), a whole number of lowercase "m" or a
// number right after it.
func labelSpaced(clause string, m []int) bool {
	if strings.ContainsAny(clause[m[0]:m[2]], ":=") {
		return true
	}
	unit, rest := clause[m[4]:m[5]], strings.TrimLeft(clause[m[1]:], " ")
	if unit == "m" && !strings.ContainsAny(clause[m[2]:m[3]], ".,") {
		return false
	}
	return rest == "" || (rest[0] < '0' || rest[0] > '9') && rest[0] != '+' && rest[0] != '-'
}

// gluedScale is the scale of a capital K, M or B glued to the next cell's word right after a
// number ("$994.17MRank #62", a table copied without its bars), else 0.
func (sc *scan) gluedScale(s string) float64 {
	if len(s) < 3 || !strings.ContainsRune("KMB", rune(s[0])) || s[1] < 'A' || s[1] > 'Z' || s[2] < 'a' || s[2] > 'z' {
		return 0
	}
	return sc.p.scales[strings.ToLower(s[:1])]
}

// unscaled reads what follows a number no scale word followed, ending at end: an exponent
// ("$1.66e+02", as a report's script prints it) or a sum's capital K, M or B glued to the next
// cell's word ("$133.51MHealthy": a table's cells run together).
func (sc *scan) unscaled(v, half float64, end int, kd kind) (float64, float64, int, bool) {
	rest := sc.clause[end:]
	if k, n := exponent(rest); n > 0 && !sc.taken(end, end+n) {
		return v * k, half * k, end + n, false
	}
	if k := sc.gluedScale(rest); k > 0 && kd == money && !sc.taken(end, end+1) {
		return v * k, half * k, end + 1, true
	}
	return v, half, end, false
}

// spelledCounts writes a small number spelled out before a unit of time in digits, in every
// language that has its words: "about five days old" as "about 5 days old", "six-hour-old" as
// "6-hour-old", "cinco días" as "5 días"; not a time ago ("two days ago", "há uma semana"),
// which may be any event's, nor one its digits follow ("menos de dos días (41 horas)").
func spelledCounts(text string) string {
	re, counts := countForms()
	sp := splice{text: text}
	for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
		if agoNext().MatchString(text[m[1]:]) || digitsNext().MatchString(text[m[1]:]) || notAgeBefore().MatchString(text[max(0, m[2]-24):m[2]]) {
			continue
		}
		sp.replace(m[2], m[3], strconv.Itoa(counts[strings.ToLower(text[m[2]:m[3]])]))
	}
	return sp.String()
}

// agoNext, notAgeBefore and digitsNext match what makes a spelled count no age: "ago" after its
// unit, "há" or a window's word before it ("in just four hours", "en cinco días"), the same
// time in digits after it.
var (
	agoNext      = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)^\s?(?:ago|atrás|önce|назад|trước)\b`) })
	notAgeBefore = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(?:^|[^\pL])(?:h[áa]|in|within|over|during|every|per|each|next|first|after|en|em|durante)\s+(?:(?:just|only|the|about|apenas|solo|sólo|unos|unas|uns|umas)\s+)*$`)
	})
	digitsNext = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*\(\s*~?\d`) })
)

// countForms matches a count's word (group 1) and a unit of time after it, with the counts of
// every language by their lowered words.
var countForms = sync.OnceValues(func() (*regexp.Regexp, map[string]int) {
	counts := map[string]int{}
	var words, units []string
	for _, l := range languages {
		for w, n := range l.counts {
			counts[w] = n
			words = append(words, regexp.QuoteMeta(w))
		}
		for u := range l.durations {
			if len([]rune(u)) > 2 {
				units = append(units, regexp.QuoteMeta(u))
			}
		}
	}
	longestFirst := func(a, b string) int { return len(b) - len(a) }
	slices.SortFunc(words, longestFirst)
	slices.SortFunc(units, longestFirst)
	return regexp.MustCompile(`(?i)(?:^|[^\pL\pN])(` + strings.Join(words, "|") + `)[\s-](?:` + strings.Join(units, "|") + `)\b`), counts
})
