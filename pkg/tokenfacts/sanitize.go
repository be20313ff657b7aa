package tokenfacts

import (
	"math"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/chatsvc/chat/pkg/chat/contract"
)

// Rune limits for token-supplied text: long enough for any real name, short enough that a
// name cannot carry a prompt.
const (
	maxNameRunes   = 64
	maxSymbolRunes = 24
	maxLabelRunes  = 48
	maxRiskRunes   = 80
	maxListItems   = 10
)

// cleanText makes a token-supplied string safe to show and to hand to the model: invalid UTF-8,
// control and format characters (bidirectional overrides and isolates, zero-width characters,
// tags), private-use and invisible filler characters are dropped; runs of white space become
// one space; the result is clipped to limit runes (the last one an ellipsis) and "://" is
// defanged so that no URL survives inside it.
func cleanText(s string, limit int) string {
	if limit <= 0 {
		return ""
	}
	out := strings.ReplaceAll(visible(s, 4*limit+8), "://", "[:]//")
	if utf8.RuneCountInString(out) > limit {
		out = clipRunes(out, limit-1) + "…"
	}
	return out
}

// visible drops the characters dropRune names, collapses white space and stops after about
// most runes, so that a megabyte of name costs no more than a short one.
func visible(s string, most int) string {
	var b strings.Builder
	n, pendingSpace := 0, false
	for _, r := range strings.ToValidUTF8(s, "") {
		if n >= most {
			break
		}
		switch {
		case unicode.IsSpace(r):
			pendingSpace = n > 0
			continue
		case dropRune(r):
			continue
		}
		if pendingSpace {
			b.WriteByte(' ')
			n++
			pendingSpace = false
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// dropRune reports whether r is invisible or reorders text: such characters serve only to hide
// what a string says from the person reading it.
func dropRune(r rune) bool {
	switch {
	case r == utf8.RuneError, unicode.IsControl(r):
		return true
	case unicode.In(r, unicode.Cf, unicode.Co, unicode.Cs, unicode.Zl, unicode.Zp):
		// Cf holds U+061C, U+200B–U+200F, U+202A–U+202E, U+2060–U+2069, U+FEFF and the tags.
		return true
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF:
		return true // variation selectors
	case r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0, r == 0x2800:
		return true // Hangul fillers and the blank braille pattern render as nothing
	}
	return isNoncharacter(r)
}

func isNoncharacter(r rune) bool {
	return (r >= 0xFDD0 && r <= 0xFDEF) || r&0xFFFE == 0xFFFE
}

func clipRunes(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return strings.TrimSpace(s[:j])
		}
		i++
	}
	return s
}

var (
	flagCode     = lazyRegexp(`^[A-Za-z0-9_]{1,48}$`)
	exchangeName = lazyRegexp(`^[\p{L}\p{N}][\p{L}\p{N} .&'()-]{0,31}$`)
)

// cleanCode keeps s only if it is a machine code such as honeypot.is's flag names.
func cleanCode(s string) string {
	if flagCode().MatchString(s) {
		return s
	}
	return ""
}

// cleanExchanges keeps the exchange names that look like names (letters, digits, a little
// punctuation, 32 runes at most), without duplicates, at most maxListItems of them.
func cleanExchanges(items []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range items {
		c := cleanText(s, 64)
		if !exchangeName().MatchString(c) || seen[c] {
			continue
		}
		seen[c] = true
		out = append(out, c)
		if len(out) == maxListItems {
			break
		}
	}
	return out
}

var (
	evmAddress  = lazyRegexp(`^0x[0-9a-fA-F]{40}$`)
	evmPoolID   = lazyRegexp(`^0x[0-9a-fA-F]{64}$`) // Uniswap v4 pools are 32-byte IDs
	base58Chars = lazyRegexp(`^[1-9A-HJ-NP-Za-km-z]{32,44}$`)
)

// cleanAddress keeps an address the upstream named (an owner, an authority) only if it is a
// plausible address of the token's family.
func cleanAddress(s string, chain contract.Chain) string {
	a, err := contract.Parse(s)
	if err != nil || a.Chain != chain {
		return ""
	}
	return a.Value
}

// validPair reports whether s can be placed in a DexScreener page URL.
func validPair(s string) bool {
	return evmAddress().MatchString(s) || evmPoolID().MatchString(s) || base58Chars().MatchString(s)
}

// maxMagnitude bounds every number read from a token API. No figure these APIs give means
// anything past it: 1e15 US dollars is ten times the world's wealth, a price change of 1e15 %
// or a count of 1e15 holders is a broken feed, and a time in milliseconds is about 2e12. A
// larger number (priceChange.h24 of 1e307, a close of 1e308) would overflow the arithmetic
// done with it into an infinity that JSON cannot carry, so it is dropped where it is read:
// that one fact becomes unknown and the token's other facts stand.
const maxMagnitude = 1e15

// sound reports whether v is a real number within maxMagnitude.
func sound(v float64) bool {
	return !math.IsNaN(v) && !math.IsInf(v, 0) && math.Abs(v) <= maxMagnitude
}

func round(v float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(v*p) / p
}

// derived is a figure computed from sound inputs (a ratio, a change in percent) rounded to
// places, or nil when the computation left the real numbers or maxMagnitude: a close of
// 1e-300 divides into an infinity.
func derived(v float64, places int) *float64 {
	if v = round(v, places); !sound(v) { // round keeps NaN and the infinities
		return nil
	}
	return &v
}

func ptr[T any](v T) *T { return &v }

// lazyRegexp compiles expr the first time it is used, not at start-up: a cold start (a new
// Lambda instance) pays for no pattern before a token is looked up, and the Unicode classes
// cost over a megabyte and milliseconds to compile.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
