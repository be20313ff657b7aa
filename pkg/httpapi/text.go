package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file holds the checks on request text that encoding/json does not make: content that
// shows nothing, unpaired surrogate escapes, and duplicate keys.

// checkRawText makes the checks on the raw body: unpaired surrogate escapes, then duplicate
// keys. data must be valid UTF-8 and valid JSON.
func checkRawText(data []byte) error {
	if err := loneSurrogate(data); err != nil {
		return err
	}
	return duplicateKey(data)
}

// isBlank reports whether s shows nothing a reader can see: it holds only white space,
// default-ignorable code points (format characters such as zero-width spaces and joiners, the
// BOM, soft hyphens, direction marks and tags; variation selectors; the Hangul fillers), the
// filler characters that draw as blanks (the blank Braille pattern), and combining marks with
// no base letter to sit on. A single letter, digit, symbol or emoji makes it not blank.
func isBlank(s string) bool {
	for _, r := range s {
		if !invisible(r) && !unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc) {
			return false
		}
	}
	return true
}

// invisible reports whether r draws nothing by itself: White_Space, or Default_Ignorable_Code_Point
// as UAX #44 derives it (Other_Default_Ignorable_Code_Point + Cf + Variation_Selector, less
// White_Space and the prepended concatenation marks such as U+0600 ARABIC NUMBER SIGN, which
// are visible), or one of fillers. Unlike the derived property it keeps the interlinear
// annotation characters (U+FFF9..U+FFFB) and Egyptian hieroglyph format controls: alone they
// show nothing either.
func invisible(r rune) bool {
	switch {
	case r < utf8.RuneSelf:
		return unicode.IsSpace(r)
	case unicode.Is(unicode.Prepended_Concatenation_Mark, r):
		return false
	}
	return unicode.In(r, unicode.White_Space, unicode.Other_Default_Ignorable_Code_Point, unicode.Cf,
		unicode.Variation_Selector, fillers) || unassigned(r)
}

// unassigned reports whether r is no character yet (General_Category Cn): nothing draws it.
// Private-use characters are assigned, and drawn by the fonts that define them.
func unassigned(r rune) bool {
	return !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs)
}

// fillers are characters that are neither white space nor default-ignorable but are drawn as
// an empty cell. The Hangul fillers are already Other_Default_Ignorable_Code_Point; they are
// listed to name them.
var fillers = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x115F, Hi: 0x1160, Stride: 1}, // HANGUL CHOSEONG FILLER, HANGUL JUNGSEONG FILLER
		{Lo: 0x2800, Hi: 0x2800, Stride: 1}, // BRAILLE PATTERN BLANK
		{Lo: 0x3164, Hi: 0x3164, Stride: 1}, // HANGUL FILLER
		{Lo: 0xFFA0, Hi: 0xFFA0, Stride: 1}, // HALFWIDTH HANGUL FILLER
	},
	R32: []unicode.Range32{
		{Lo: 0x1D159, Hi: 0x1D159, Stride: 1}, // MUSICAL SYMBOL NULL NOTEHEAD, drawn empty
	},
}

// loneSurrogate finds a \u escape anywhere in the body (any string, keys included) that is
// half of a UTF-16 surrogate pair without its other half: a high surrogate (\uD800-\uDBFF)
// not followed at once by a low one (\uDC00-\uDFFF), or a low surrogate on its own.
// encoding/json decodes such an escape to U+FFFD without an error, so after decoding it
// cannot be told from a real U+FFFD. data must be valid JSON: outside strings there are no
// backslashes, and every \u is followed by four hex digits.
func loneSurrogate(data []byte) error {
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		i++ // the escaped character: a backslash here (\\) is literal text, skipped whole
		if data[i] != 'u' || i+5 > len(data) {
			continue
		}
		switch r := hex4(data[i+1 : i+5]); {
		case r >= 0xD800 && r < 0xDC00:
			if j := i + 5; j+6 <= len(data) && data[j] == '\\' && data[j+1] == 'u' {
				if lo := hex4(data[j+2 : j+6]); lo >= 0xDC00 && lo < 0xE000 {
					i = j + 5 // the pair, whole
					continue
				}
			}
			return unpaired(data, i-1)
		case r >= 0xDC00 && r < 0xE000:
			return unpaired(data, i-1)
		}
		i += 4
	}
	return nil
}

func unpaired(data []byte, at int) error {
	return invalid("the body is not valid UTF-8: the escape %s at byte %d is half of a surrogate pair without its other half", data[at:at+6], at)
}

// hex4 is the value of four hex digits, or -1.
func hex4(b []byte) rune {
	var r rune
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}

// duplicateKey finds an object, at any depth, that has the same key twice. encoding/json
// keeps the last value without a word, while a proxy or firewall that reads the first one
// sees another request; and when decoding into a struct encoding/json also matches keys
// that differ only in case ("Role" fills Role as "role" does), so those count as the same
// key too. Keys are compared after unescaping ("r\u006fle" is "role").
//
// It reads the body once, in linear time, keeping one set of keys per open object. data must
// be valid JSON (which also bounds the nesting: encoding/json refuses more than 10,000
// levels), so that a plain byte scan can find the tokens.
func duplicateKey(data []byte) error {
	var stack []frame
	var fold []byte
	for i := 0; i < len(data); {
		switch c := data[i]; c {
		case '{', '[':
			stack = append(stack, openFrame(stack, c == '{'))
			i++
		case '}', ']':
			stack = stack[:len(stack)-1]
			valueDone(stack)
			i++
		case '"':
			end := stringEnd(data, i)
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].wantKey {
				top := &stack[n-1]
				raw := data[i+1 : end-1]
				fold = foldKey(fold[:0], raw)
				if first, seen := top.keys[string(fold)]; seen {
					return duplicated(stack, unquote(data[i:end]), first)
				}
				key := unquote(data[i:end])
				top.keys[string(fold)] = key
				top.key, top.wantKey = key, false
			} else {
				valueDone(stack)
			}
			i = end
		case ',', ':', ' ', '\t', '\n', '\r':
			i++
		default: // a number, true, false or null
			for i < len(data) && !endsLiteral(data[i]) {
				i++
			}
			valueDone(stack)
		}
	}
	return nil
}

func endsLiteral(c byte) bool {
	switch c {
	case ',', ']', '}', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

// stringEnd is the index just past the string token that starts at data[i] (a quote).
func stringEnd(data []byte, i int) int {
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(data)
}

// unquote decodes a JSON string token.
func unquote(tok []byte) string {
	if bytes.IndexByte(tok, '\\') < 0 {
		return string(tok[1 : len(tok)-1])
	}
	var s string
	_ = json.Unmarshal(tok, &s)
	return s
}

// frame is one open object or array.
type frame struct {
	object  bool
	wantKey bool              // in an object: the next token is a key
	keys    map[string]string // in an object: folded key to its first spelling
	key     string            // in an object: the key of the value being read
	index   int               // in an array: the index of the value being read
}

// openFrame is the frame of an object or array opening inside stack. It takes over the key
// set of the object last closed at its depth, if that was small: clearing a map costs as much
// as the most it ever held, and reusing a large one for many small objects would make the
// scan quadratic.
func openFrame(stack []frame, object bool) frame {
	f := frame{object: object, wantKey: true}
	if len(stack) < cap(stack) {
		if old := stack[:len(stack)+1][len(stack)].keys; len(old) <= 16 {
			f.keys = old
			clear(f.keys)
		}
	}
	if f.object && f.keys == nil {
		f.keys = map[string]string{}
	}
	return f
}

// valueDone moves the innermost open container past the value just read.
func valueDone(stack []frame) {
	if len(stack) == 0 {
		return
	}
	top := &stack[len(stack)-1]
	if top.object {
		top.wantKey = true
	} else {
		top.index++
	}
}

func duplicated(stack []frame, key, first string) error {
	var where strings.Builder
	for i, f := range stack[:len(stack)-1] {
		switch {
		case !f.object:
			fmt.Fprintf(&where, "[%d]", f.index)
		case i == 0 && isName(f.key):
			where.WriteString(f.key)
		case isName(f.key):
			where.WriteString("." + f.key)
		default:
			fmt.Fprintf(&where, "[%q]", clip(f.key, 64))
		}
	}
	path := where.String()
	if path == "" {
		path = "the body"
	}
	if key == first {
		return invalid("%s has the key %q twice", path, clip(key, 64))
	}
	return invalid("%s has the key %q twice (also as %q: keys that differ only in case are the same key)", path, clip(first, 64), clip(key, 64))
}

// isName reports whether a key can be shown bare in a path: a short identifier.
func isName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// foldKey appends to buf the key whose raw JSON text is raw, unescaped and with every rune
// mapped to the smallest rune of its simple case-folding orbit, so that keys that differ only
// in case or escaping fold to the same bytes.
func foldKey(buf, raw []byte) []byte {
	if bytes.IndexByte(raw, '\\') >= 0 {
		var s string
		_ = json.Unmarshal(append(append([]byte{'"'}, raw...), '"'), &s)
		raw = []byte(s)
	}
	for _, r := range string(raw) {
		switch {
		case r >= 'a' && r <= 'z':
			r -= 'a' - 'A'
		case r >= utf8.RuneSelf:
			lo := r
			for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
				lo = min(lo, f)
			}
			r = lo
		}
		buf = utf8.AppendRune(buf, r)
	}
	return buf
}
