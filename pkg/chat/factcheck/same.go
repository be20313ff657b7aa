package factcheck

import (
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// sameAsCap writes an FDV stated as the market cap's twin ("Market cap: ~$412K (FDV the same
// — all 1B tokens are circulating)", "FDV: same as MC", "FDV identical") as the cap's figure
// stated just before it in the same paragraph, so that it is read as the FDV's own.
func sameAsCap(text string) string {
	f := sameForms()
	sp := splice{text: text}
	for _, m := range f.same.FindAllStringSubmatchIndex(text, -1) {
		if m[2] < sp.last || !f.ends.MatchString(text[m[3]:]) {
			continue // "FDV is the same for most memecoins": a rule, not this token's
		}
		before := text[max(0, m[0]-capReach):m[0]]
		if i := strings.LastIndex(before, "\n\n"); i >= 0 {
			before = before[i:] // the cap of its own card, not a table's last row above it
		}
		caps := f.cap.FindAllStringSubmatch(before, -1)
		if len(caps) == 0 {
			continue
		}
		sp.replace(m[2], m[3], caps[len(caps)-1][1])
	}
	return sp.String()
}

// capReach is how far before an FDV's "same" the cap it repeats is looked for.
const capReach = 300

// sameForms are the words of an FDV the same as the cap (group 1, the words that stand for the
// figure), a market cap's label with its sum (group 1, the sum), and what may follow the
// words: punctuation or the end.
var sameForms = sync.OnceValue(func() struct{ same, cap, ends *regexp.Regexp } {
	capWords := raw(func(l *language) string { return l.capWords })
	scales, _ := allScales()
	for i, s := range scales {
		scales[i] = regexp.QuoteMeta(s)
		if s[len(s)-1] < utf8.RuneSelf {
			scales[i] += `\b` // "$1.2 m" of "$1.2 more" is no million
		}
	}
	scale := `(?:` + strings.Join(scales, "|") + `)\.?`
	// The sum with its dollar before it, or after it and its scale: "$412K", "US$ 12,3 milhões",
	// "4,18 млн $".
	sum := `(?:US)?\$\s?\d[\d.,]*(?:\s?` + scale + `)?|\d[\d.,]*\s?(?:` + scale + `\s?)?(?:\$|USD\b)`
	return struct{ same, cap, ends *regexp.Regexp }{
		regexp.MustCompile(`(?i)(?:^|[^\pL\pN])(?:fdv|fully diluted(?: valuation)?)[\s*_:：|(]*(?:is |are |es |é |—\s?)?(` + raw(func(l *language) string { return l.sameCap }) + `)(?:[^\pL\pN]|$)`),
		regexp.MustCompile(`(?i)(?:^|[^\pL\pN])(?:` + capWords + `)[^\n$\d]{0,24}?(` + sum + `)`),
		regexp.MustCompile(`^[\s*_]*(?:[.,;:)）—–|\n-]|$)`),
	}
})
