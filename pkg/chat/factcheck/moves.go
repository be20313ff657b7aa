package factcheck

import (
	"regexp"
	"strings"
)

// The patterns of moves, from every language's words: the level a move ended at, the sum it
// moved by, and the ends of a move or a range.

// moveTo matches the words before a sum that make it the price a move ended at: a move's
// verb, its size in percent, and the word for "to" right before the sum.
func moveTo() *regexp.Regexp {
	approx := raw(func(lang *language) string { return lang.approx })
	var parts []string
	for _, lang := range languages {
		if lang.moves == "" {
			continue
		}
		pct := `(?:%|％|` + lang.percent + `)`
		parts = append(parts, lang.bounded(lang.moves)+`[^.;\n]{0,40}?(?:\d[\d.,]*\s?`+pct+`|%\s?\d[\d.,]*)(?:[^.;\n$]|\.\d){0,60}?`+
			lang.bounded(lang.toward)+`\s*(?:`+approx+`)?\s*(?:USD\s*)?$`) // "reaching USD $2.60"
	}
	for _, lang := range languages {
		if lang.sizedMove != "" {
			parts = append(parts, `(?:`+lang.sizedMove+`)\s*(?:`+approx+`)?\s*$`)
		}
	}
	return regexp.MustCompile(`(?i)(?:` + strings.Join(parts, "|") + `)`)
}

// endOfMove reports whether sum f is where a move of the token's ended: after a move's verb
// and its size ("fell 18.81% to"), after its "from … to" with the token named before it
// ("CRABBO is up about 64% today, from roughly $0.0113 to around $0.0185 now"), or after a move
// told as history with a word of now right after the sum ("DROSSY fell to about $0.000384
// today").
func (l *lexicon) endOfMove(clause string, f figure, after string, t *tokenData) bool {
	if l.moveStart(clause, f) >= 0 {
		return true
	}
	if from := l.moveFrom(clause, f.start); from >= 0 && !l.datedBefore(clause, from) && mentioned([]tokenData{*t}, clause[max(0, f.start-160):f.start]) >= 0 {
		return true
	}
	return l.nowAfter.MatchString(after) && l.moveToNow.MatchString(lastRunes(clause[:f.start], 48))
}

// moveToNow matches a move's verb and its "to" right before a sum, with no size between: the
// level a move ended at when the words right after the sum say it is now ("fell to about
// $0.000384 today").
func moveToNow() *regexp.Regexp {
	approx := raw(func(lang *language) string { return lang.approx })
	var parts []string
	for _, lang := range languages {
		if lang.moves != "" && lang.nowAfter != "" {
			parts = append(parts, lang.bounded(lang.moves)+`\s*`+lang.bounded(lang.toward)+`\s*(?:`+approx+`)?\s*(?:US|U\.S\.)?\s*$`)
		}
	}
	return regexp.MustCompile(`(?i)(?:` + strings.Join(parts, "|") + `)`)
}

// movedBy matches the words right before a sum a move went by, not to: "market cap grew $500
// million", "subió 5 millones", "выросла на $5 млн", "上涨 500 万美元", "tăng 4,31 tỷ USD"; or
// the level it started from, with no end right after it: "subiu de ~US$ 0,033 para o nível
// atual", "выросла примерно с 0,0000004 $ на старте до".
func movedBy() *regexp.Regexp {
	approx := raw(func(lang *language) string { return lang.approx })
	var parts []string
	for _, lang := range languages {
		if lang.moves == "" {
			continue
		}
		by := ""
		if lang.by != "" {
			by = `(?:` + lang.bounded(lang.by) + `)?`
		}
		parts = append(parts, lang.bounded(lang.moves)+`\s*`+by+`\s*(?:`+approx+`)?\s*(?:US|U\.S\.)?\s*$`)
		if lang.by != "" && !lang.unspaced {
			// "increased its market cap by about $300M", "elevando sua capitalização de mercado em cerca de US$ 300 milhões"
			parts = append(parts, lang.bounded(lang.moves)+`[^.;\n\d$]{1,48}?`+lang.bounded(lang.by)+`\s*(?:`+approx+`)?\s*(?:US|U\.S\.)?\s*$`)
		}
		if lang.from != "" && !lang.unspaced {
			// At most a word between the verb and "from": "recuou para perto de US$ 3,75 milhões"
			// is where it moved to.
			parts = append(parts, lang.bounded(lang.moves)+`(?:\s*\pL+)?\s*`+lang.bounded(lang.from)+`\s*(?:`+approx+`)?\s*(?:US|U\.S\.)?\s*$`)
		}
	}
	return regexp.MustCompile(`(?i)(?:` + strings.Join(parts, "|") + `)`)
}

// fromTo match the words before the level a move ended at ("from $7 to", "desde 0,2
// dólares hasta", "1,80 dolardan") and, right after a figure, the other end of its range or
// move ("-2M" of "$1-2M", " to $2.42", " para US$ 2,42", "’den $2,42", "美元涨至 2.42").
func fromTo() (moveEnd, rangeEnd *regexp.Regexp) {
	const level = `\s*[*_]*\s*(?:US\$|\$|USD)?\s*[*_]*\s*`
	// "1,80 dólares a 2,42": Spanish and Portuguese "a", right after the figure only.
	// A hyphen with a space before it and none after is a change's sign, no range: "$2.417 -0.63%".
	approx := raw(func(lang *language) string { return lang.approx })
	ends := []string{`(?:-|\s+-\s|\s*(?:–|—|~))` + level + `\d`, `\s+a\s+(?:(?:` + approx + `)\s*)?[*_]*(?:US\$|\$)?\s*[*_]*\d`}
	var starts []string
	for _, lang := range languages {
		if lang.to != "" {
			// Between a figure and "to" stand only its currency's words and, in a language
			// without spaces, a move's verb ("1.80 美元涨至 2.42"): "$3M, equal to 12%" is no range.
			gap := `(?:\s|` + lang.currency + `)*`
			if lang.unspaced {
				gap = `(?:\s|` + lang.currency + `|` + lang.moves + `|` + lang.approx + `)*` // "0.0068 美元左右拉升到"
			}
			// After "to", a word for "current" may stand before the level: "до нынешних 0,0000412 $".
			current := ""
			if lang.current != "" {
				current = `(?:\s*(?:` + lang.current + `)(?:` + lang.approx + `)?)?`
			}
			ends = append(ends, gap+lang.bounded(lang.to)+current+`(?:\s*[*_]*\s*(?:`+lang.approx+`|~|≈))?`+level+`\d`) // "to ~$2.7M", "hasta los **~95 mil $**"
			if !lang.unspaced && lang.current != "" {                                                                   // "to the current range of $2.42", "para a faixa atual de US$ 2,42"
				ends = append(ends, gap+lang.bounded(lang.to)+`(?:\s*[\pL’']+\s+){0,3}?(?:`+lang.current+`)(?:\s+[\pL’']+){0,2}?`+level+`\d`)
			}
			// "from" as a word of its own: "с", not the first letter of "сутки".
			from := lang.bounded(lang.from)
			if !lang.unspaced && lang.code != "en" {
				from += `(?:[^\pL\pN]|$)`
			}
			starts = append(starts, from+`[^;\n]{0,40}?\d[^;\n\d]{0,16}?`+lang.bounded(lang.to)+`(?:\s*[*_]*\s*(?:`+lang.approx+`|~|≈))?`+level+`$`)
		}
		if lang.fromAfter != "" {
			// The ending stands on the figure or its currency ("1,80 dolardan", "$1,80’den"), not
			// on any word ("often").
			var scales []string
			for w := range lang.scales {
				scales = append(scales, regexp.QuoteMeta(w))
			}
			on := `\d(?:\s?(?:` + strings.Join(scales, "|") + `))?(?:\s?(?:` + lang.currency + `))?`
			ends = append(ends, `(?:`+lang.fromAfter+`)[^\pL\pN][^.;\n\d]{0,12}?\d`)
			starts = append(starts, on+`(?:`+lang.fromAfter+`)[^\pL\pN]`+level+`$`)
		}
	}
	return regexp.MustCompile(`(?i)(?:` + strings.Join(starts, "|") + `)`), regexp.MustCompile(`(?i)^(?:` + strings.Join(ends, "|") + `)`)
}
