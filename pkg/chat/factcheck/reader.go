package factcheck

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// kind is what a figure measures.
type kind int

const (
	money kind = iota + 1
	percent
	hours
)

// figure is a number the answer states, as it wrote it and as a value in the facts' unit
// (USD, percent, hours).
type figure struct {
	kind       kind
	text       string
	value      float64
	halfUnit   float64 // half the unit of the last digit stated, in the facts' unit
	start, end int     // byte offsets in the clause
}

// The patterns are compiled on first use: their Unicode classes would cost every cold start.
var patterns = sync.OnceValue(func() *readers {
	num := `(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)`
	scale := `(?:\s?(k|m|mn|mm|b|bn|t|thousand|million|billion|trillion)\b)?`
	return &readers{
		dollarFirst: regexp.MustCompile(`(?i)(?:US\$|\$|\bUSD\s?)\s?` + num + scale),
		dollarAfter: regexp.MustCompile(`(?i)\b` + num + scale + `\s?(?:USD|US dollars|dollars)\b`),
		percent:     regexp.MustCompile(`(?i)\b` + num + `\s?(?:%|percent\b|per cent\b)`),
		duration:    regexp.MustCompile(`(?i)\b` + num + `[\s-]?(minutes?|mins?|hours?|hrs?|h|days?|d|weeks?)\b`),
	}
})

type readers struct {
	dollarFirst, dollarAfter, percent, duration *regexp.Regexp
}

var scales = map[string]float64{
	"k": 1e3, "thousand": 1e3, "m": 1e6, "mn": 1e6, "mm": 1e6, "million": 1e6,
	"b": 1e9, "bn": 1e9, "billion": 1e9, "t": 1e12, "trillion": 1e12,
}

var hoursPer = map[string]float64{
	"minute": 1.0 / 60, "minutes": 1.0 / 60, "min": 1.0 / 60, "mins": 1.0 / 60,
	"hour": 1, "hours": 1, "hr": 1, "hrs": 1, "h": 1,
	"day": 24, "days": 24, "d": 24, "week": 168, "weeks": 168,
}

// number reads a stated number and half the unit of its last digit.
func number(s string) (v, half float64, ok bool) {
	s = strings.ReplaceAll(s, ",", "")
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, 0, false
	}
	decimals := 0
	if _, frac, found := strings.Cut(s, "."); found {
		decimals = len(frac)
	}
	return v, 0.5 * math.Pow(10, -float64(decimals)), true
}

// figures are the numbers of a clause that may be claims about a token: sums in dollars,
// percentages and durations, in the order they appear, none overlapping another.
func figures(clause string) []figure {
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
	addMoney := func(re *regexp.Regexp) {
		for _, m := range re.FindAllStringSubmatchIndex(clause, -1) {
			if taken(m[0], m[1]) {
				continue
			}
			v, half, ok := number(clause[m[2]:m[3]])
			if !ok {
				continue
			}
			if m[4] >= 0 {
				k := scales[strings.ToLower(clause[m[4]:m[5]])]
				v, half = v*k, half*k
			}
			out = append(out, figure{kind: money, text: strings.TrimSpace(clause[m[0]:m[1]]), value: v, halfUnit: half, start: m[0], end: m[1]})
		}
	}
	addMoney(p.dollarFirst)
	addMoney(p.dollarAfter)
	for _, m := range p.percent.FindAllStringSubmatchIndex(clause, -1) {
		if taken(m[0], m[1]) {
			continue
		}
		if v, half, ok := number(clause[m[2]:m[3]]); ok {
			out = append(out, figure{kind: percent, text: clause[m[0]:m[1]], value: v, halfUnit: half, start: m[0], end: m[1]})
		}
	}
	for _, m := range p.duration.FindAllStringSubmatchIndex(clause, -1) {
		if taken(m[0], m[1]) {
			continue
		}
		v, half, ok := number(clause[m[2]:m[3]])
		per := hoursPer[strings.ToLower(clause[m[4]:m[5]])]
		if ok && per > 0 {
			out = append(out, figure{kind: hours, text: clause[m[0]:m[1]], value: v * per, halfUnit: half * per, start: m[0], end: m[1]})
		}
	}
	slices.SortFunc(out, func(a, b figure) int { return a.start - b.start })
	return out
}

// clauses splits an answer into the stretches a claim lives in: sentences, lines (a table
// row, a bullet) and the parts of a sentence a semicolon separates. A decimal point or an
// abbreviation's dot does not end a sentence: only a dot followed by a space and a capital
// letter, a line break or the end does.
func clauses(text string) []string {
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
		case '.', '!', '?':
			if i+2 < len(text) && text[i+1] == ' ' && (text[i+2] >= 'A' && text[i+2] <= 'Z' || text[i+2] == '*' || text[i+2] == '(') {
				emit(i + 1)
			}
		}
	}
	emit(len(text))
	return out
}
