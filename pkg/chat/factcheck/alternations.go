package factcheck

import (
	"regexp"
	"strings"
)

// The alternations of one field of every language's words (lang.go), as the lexicon's
// expressions take them.

// bounded wraps a language's alternation in word boundaries: whole words in English, a
// non-letter before the others' stems (Go's \b knows only ASCII letters; a stem takes the
// inflections: "ликвидност" for "ликвидность", "ликвидности"), nothing for a language without
// spaces.
func (lang *language) bounded(alt string) string {
	switch {
	case alt == "":
		return ""
	case lang.code == "en":
		return `\b(?:` + alt + `)(?:[^\pL\pN]|$)` // whole words: "if" is not "iffy", "ath" not "athlete"
	case lang.unspaced:
		return `(?:` + alt + `)`
	}
	return wordStart + `(?:` + alt + `)`
}

// wordStart is where a word of a language other than English starts: the text's start or a
// character no letter or digit.
const wordStart = `(?:^|[^\pL\pN])`

// either is the alternation of a and b, either of which may be empty.
func either(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "|" + b
}

// union is the alternation of one field over every language.
func union(field func(*language) string) string {
	var parts []string
	for _, lang := range languages {
		if s := lang.bounded(field(lang)); s != "" {
			parts = append(parts, s)
		}
	}
	return `(?i)(?:` + strings.Join(parts, "|") + `)`
}

// raw is the alternation of one field over every language, as the languages wrote it: for
// words read right after a figure or a label, whose start is anchored.
func raw(field func(*language) string) string {
	var parts []string
	for _, lang := range languages {
		if s := field(lang); s != "" {
			parts = append(parts, s)
		}
	}
	return `(?:` + strings.Join(parts, "|") + `)`
}

// suffix is the alternation of one field over every language, anchored at the end: the
// words right before a figure ("about", "over").
func suffix(field func(*language) string) *regexp.Regexp {
	var parts []string
	for _, lang := range languages {
		if s := field(lang); s != "" {
			parts = append(parts, s)
		}
	}
	return regexp.MustCompile(`(?i)(?:` + strings.Join(parts, "|") + `)\s*$`)
}

// spacedSuffix is the alternation of one field over every language, anchored at the end and
// set apart from the word before it by a space or, in a language written without spaces, by
// nothing: the words between a token's name and its price ("TURBO sits at", "梅花（MEIHUA）现在").
func spacedSuffix(field func(*language) string) *regexp.Regexp {
	var parts []string
	for _, lang := range languages {
		if s := field(lang); s != "" {
			parts = append(parts, map[bool]string{false: `\s+`, true: `\s*`}[lang.unspaced]+`(?:`+s+`)`)
		}
	}
	return regexp.MustCompile(`(?i)(?:` + strings.Join(parts, "|") + `)$`)
}
