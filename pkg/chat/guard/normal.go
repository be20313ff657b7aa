package guard

// The text as a reader sees it: what the guard matches is not the bytes the model wrote but
// what a browser shows of them. Compatibility forms are folded (NFKC: fullwidth "Ｇｅｍｉｎｉ"),
// format characters dropped (zero-width space and joiners, word joiner, soft hyphen: all
// unicode.Cf), percent-encoding decoded ("models%2F" read as "models/"), Markdown emphasis dropped
// ("Gem**ini**"), letters spelled out one at a time joined ("G e m i n i", "G-e-m-i-n-i"),
// and every run of spaces made one. A word of look-alike letters (a Cyrillic е among Latin
// ones, or a word all of whose letters look Latin) is read through Unicode's confusables
// skeleton (TR39). Each byte of the view keeps the offset of the byte it came from, so that a
// match in the view cuts the original text where it stands.

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/unicode/norm"
)

// reading is a text as a reader sees it: s, lower case, and for each of its bytes the offset
// in the original text of what it came from (off has one more entry: the original's end).
type reading struct {
	s   string
	off []int
}

// at is the original offset of the view's byte i.
func (r reading) at(i int) int { return r.off[i] }

// glyph is one rune of the view and where it came from.
type glyph struct {
	r   rune
	off int
}

// read makes the reading of s.
func read(s string) reading {
	g := fold(s)
	g = joinSpelled(g)
	g = skeleton(g)
	var b strings.Builder
	off := make([]int, 0, len(s)+1)
	space := true // at the start, a space is dropped
	for _, c := range g {
		if unicode.IsSpace(c.r) {
			if space {
				continue
			}
			c.r, space = ' ', true
		} else {
			space = false
		}
		n, _ := b.WriteRune(c.r)
		for range n {
			off = append(off, c.off)
		}
	}
	return reading{s: b.String(), off: append(off, len(s))}
}

// markup are the characters of Markdown emphasis and code, which a reader does not see.
const markup = "*`~"

// fold decodes percent-encoding, folds compatibility forms (NFKC) and letter case, and
// drops format characters and markup.
func fold(s string) []glyph {
	if plain(s) {
		out := make([]glyph, len(s))
		for i := range len(s) {
			c := s[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			out[i] = glyph{rune(c), i}
		}
		return out
	}
	d, doff := unescape(s)
	out := make([]glyph, 0, len(d))
	var it norm.Iter
	it.InitString(norm.NFKC, d)
	for !it.Done() {
		start := doff[it.Pos()]
		for _, r := range string(it.Next()) {
			switch {
			case unicode.Is(unicode.Cf, r) || strings.ContainsRune(markup, r):
				continue
			case r == '’' || r == '‘' || r == 'ʼ':
				r = '\''
			case r == '_' || r == '\u00a0':
				r = ' '
			}
			out = append(out, glyph{unicode.ToLower(r), start})
		}
	}
	return out
}

// plain reports whether s is ASCII that folding leaves as it is but for letter case: no
// percent sign, markup, underscore or control character.
func plain(s string) bool {
	for i := range len(s) {
		if c := s[i]; c >= utf8.RuneSelf || c == '%' || c == '_' || c < ' ' && c != '\n' && c != '\t' || strings.IndexByte(markup, c) >= 0 {
			return false
		}
	}
	return true
}

// unescape decodes percent-encoded ASCII ("%2F"), and gives the offset in s of each byte of
// the result.
func unescape(s string) (string, []int) {
	if !strings.Contains(s, "%") {
		off := make([]int, len(s)+1)
		for i := range off {
			off[i] = i
		}
		return s, off
	}
	var b strings.Builder
	off := make([]int, 0, len(s)+1)
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			if c := unhex(s[i+1])<<4 | unhex(s[i+2]); c < utf8.RuneSelf {
				b.WriteByte(c)
				off = append(off, i)
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
		off = append(off, i)
	}
	return b.String(), append(off, len(s))
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// spelledSep are what a word spelled out letter by letter puts between its letters.
const spelledSep = " -._·/"

func isLetter(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }

// joinSpelled joins runs of three or more single letters separated by one space, hyphen,
// underscore or dot each: a name spelled out letter by letter is read whole.
func joinSpelled(g []glyph) []glyph {
	var out []glyph
	for i := 0; i < len(g); {
		if !standsAlone(g, i) {
			if out != nil {
				out = append(out, g[i])
			}
			i++
			continue
		}
		j := spelledRun(g, i)
		if j-i < 4 { // fewer than three letters
			if out != nil {
				out = append(out, g[i:j+1]...)
			}
			i = j + 1
			continue
		}
		if out == nil {
			out = append(make([]glyph, 0, len(g)), g[:i]...)
		}
		for k := i; k <= j; k += 2 {
			out = append(out, g[k])
		}
		i = j + 1
	}
	if out == nil {
		return g
	}
	return out
}

// standsAlone reports whether g[i] is a letter standing alone: a letter or digit below
// U+0250 (Latin, with its accented forms) with no letter or digit on either side of it.
func standsAlone(g []glyph, i int) bool {
	return i < len(g) && isLetter(g[i].r) && g[i].r < 0x250 &&
		(i == 0 || !isLetter(g[i-1].r)) && (i+1 == len(g) || !isLetter(g[i+1].r))
}

// spelledRun is the index of the last letter of the run of single letters that starts at
// g[i], each after one of spelledSep; i itself when no letter follows that way.
func spelledRun(g []glyph, i int) int {
	j := i
	for j+2 < len(g) && strings.ContainsRune(spelledSep, g[j+1].r) && standsAlone(g, j+2) {
		j += 2
	}
	return j
}

// skeleton reads a word of look-alike letters as the Latin word it shows: a word that mixes
// Latin letters with others, or whose every letter has a Latin skeleton. A word of another
// script ("модель") stays as it is.
func skeleton(g []glyph) []glyph {
	var out []glyph
	for i := 0; i < len(g); {
		j := i
		ascii, other := false, false
		for j < len(g) && unicode.IsLetter(g[j].r) {
			if g[j].r < utf8.RuneSelf {
				ascii = true
			} else {
				other = true
			}
			j++
		}
		if j == i {
			if out != nil {
				out = append(out, g[i])
			}
			i++
			continue
		}
		if other {
			if w, ok := latin(g[i:j], ascii); ok {
				if out == nil {
					out = append(make([]glyph, 0, len(g)), g[:i]...)
				}
				out = append(out, w...)
				i = j
				continue
			}
		}
		if out != nil {
			out = append(out, g[i:j]...)
		}
		i = j
	}
	if out == nil {
		return g
	}
	return out
}

// latin is the word w through the confusables skeleton, when it is a Latin word in disguise:
// mixed with Latin letters, or all of its letters look Latin.
func latin(w []glyph, mixed bool) ([]glyph, bool) {
	out := make([]glyph, 0, len(w))
	for _, c := range w {
		if c.r < utf8.RuneSelf || unicode.Is(unicode.Latin, c.r) {
			out = append(out, c) // a Latin letter with its accent is itself ("tôi", "créé")
			continue
		}
		sk := strings.ToLower(confusables.Skeleton(string(c.r)))
		for _, r := range sk {
			if r >= utf8.RuneSelf && !mixed {
				return nil, false
			}
			if unicode.IsLetter(r) || unicode.IsNumber(r) {
				out = append(out, glyph{r, c.off})
			}
		}
	}
	return out, true
}
