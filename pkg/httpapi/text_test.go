package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode"
)

func TestIsBlank(t *testing.T) {
	tests := []struct {
		name  string
		s     string
		blank bool
	}{
		{"empty", "", true},
		{"ASCII white space", " \t\n\r\v\f", true},
		{"Unicode spaces", "\u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\u0085", true},
		{"zero-width and BOM", "\u200b\u200c\u200d\u2060\ufeff", true},
		{"soft hyphen and direction marks", "\u00ad\u200e\u200f\u202a\u202e\u2066\u2069\u061c", true},
		{"HANGUL FILLER", "\u3164\u3164", true},
		{"Hangul choseong and jungseong fillers", "\u115f\u1160", true},
		{"HALFWIDTH HANGUL FILLER", "\uffa0", true},
		{"BRAILLE PATTERN BLANK", "\u2800 \u2800", true},
		{"combining acute alone", "\u0301", true},
		{"only combining marks", "\u0301\u0308\u0327\u20dd\u034f", true},
		{"combining mark after a space", " \u0301 ", true},
		{"spacing mark alone (Mc)", "\u093e", true},
		{"variation selectors", "\ufe0f\ufe00\U000e0100", true},
		{"Khmer inherent vowels", "\u17b4\u17b5", true},
		{"Mongolian vowel separator", "\u180e", true},
		{"tag characters", "\U000e0001\U000e0041\U000e007f", true},
		{"interlinear annotation", "\ufff9\ufffa\ufffb", true},
		{"mixed fillers and marks", "\u3164\u200b\u0301\u2800\ufe0f\u00a0", true},
		{"MUSICAL SYMBOL NULL NOTEHEAD", "\U0001D159\U0001D159", true},
		{"unassigned code points", "\U0001D455\U000E0080\u0378", true},
		{"private use (an icon font's)", "\ue000", false},
		{"object replacement character", "\ufffc", false},

		{"ASCII letter", "a", false},
		{"letter among blanks", "\u3164 x \u200b", false},
		{"decomposed e acute", "e\u0301", false},
		{"precomposed e acute", "é", false},
		{"marks then a letter", "\u0301\u0301a", false},
		{"emoji with ZWJ", "\U0001F468\u200d\U0001F469\u200d\U0001F467", false},
		{"emoji with variation selector", "\u2764\ufe0f", false},
		{"flag of England (tags)", "\U0001F3F4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f", false},
		{"Hangul", "한국어", false},
		{"Hangul jamo", "\u1100\u1161", false},
		{"Arabic", "مرحبا", false},
		{"Arabic with harakat", "\u0628\u064e\u064a\u0652\u062a", false},
		{"Devanagari", "नमस्ते", false},
		{"Thai", "สวัสดี", false},
		{"digit", "0", false},
		{"punctuation", "?", false},
		{"ARABIC NUMBER SIGN (a visible format character)", "\u0600", false},
		{"replacement character", "\ufffd", false},
		{"private use", "\ue000", false},
		{"Zalgo", "Z\u0351\u036b\u0343\u036a\u0302a\u0306l\u030dg\u0313o", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := isBlank(tc.s); got != tc.blank {
				t.Errorf("isBlank(%+q) = %v, want %v", tc.s, got, tc.blank)
			}
		})
	}
}

// Every code point the Unicode tables call white space or default-ignorable is blank alone,
// but for the prepended concatenation marks, which are visible.
func TestIsBlankCoversTheProperties(t *testing.T) {
	for _, tab := range []*unicode.RangeTable{unicode.White_Space, unicode.Other_Default_Ignorable_Code_Point, unicode.Cf,
		unicode.Variation_Selector, unicode.Mn, unicode.Me, unicode.Mc} {
		for _, r16 := range tab.R16 {
			for r := rune(r16.Lo); r <= rune(r16.Hi); r += rune(r16.Stride) {
				if !isBlank(string(r)) && !unicode.Is(unicode.Prepended_Concatenation_Mark, r) {
					t.Errorf("%U alone is not blank", r)
				}
			}
		}
		for _, r32 := range tab.R32 {
			for r := rune(r32.Lo); r <= rune(r32.Hi); r += rune(r32.Stride) {
				if !isBlank(string(r)) && !unicode.Is(unicode.Prepended_Concatenation_Mark, r) {
					t.Errorf("%U alone is not blank", r)
				}
			}
		}
	}
	// Nothing with a letter, digit, symbol or punctuation property is blank, but for the
	// fillers.
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if unicode.In(r, unicode.L, unicode.N, unicode.S, unicode.P) && isBlank(string(r)) &&
			!unicode.In(r, fillers, unicode.Other_Default_Ignorable_Code_Point) {
			t.Errorf("%U (a letter, digit, symbol or punctuation) counts as blank", r)
		}
	}
}

func TestLoneSurrogate(t *testing.T) {
	tests := []struct {
		name string
		json string // a JSON string token, or a whole document
		want string // "" for none, else what the error says
	}{
		{"plain text", `"hello"`, ""},
		{"a pair", `"\ud83d\ude00"`, ""},
		{"a pair in upper case", `"\uD83D\uDE00"`, ""},
		{"a real U+FFFD", "\"\ufffd\"", ""},
		{"an escaped U+FFFD", `"\ufffd"`, ""},
		{"an escaped backslash then u", `"\\ud800"`, ""},
		{"two escaped backslashes then u", `"\\\\ud800"`, ""},
		{"other escapes", `"\n\t\"\/\b\f\r\u0041"`, ""},
		{"surrogate-looking text without escape", `"ud800"`, ""},
		{"lone high", `"\ud800"`, `\ud800 at byte 1`},
		{"lone high in upper case", `"\uDBFF"`, `\uDBFF at byte 1`},
		{"lone high before text", `"\ud800 x"`, `\ud800 at byte 1`},
		{"lone high hidden behind a real U+FFFD", `"\ud800 x ` + "\ufffd" + `"`, `\ud800 at byte 1`},
		{"lone high hidden behind an escaped U+FFFD", `"\ud800 x \ufffd"`, `\ud800 at byte 1`},
		{"lone low", `"x\udc00"`, `\udc00 at byte 2`},
		{"low before high", `"\udc00\ud800"`, `\udc00 at byte 1`},
		{"two highs", `"\ud800\ud800"`, `\ud800 at byte 1`},
		{"high then a non-surrogate escape", `"\ud800\u0041"`, `\ud800 at byte 1`},
		{"high then an escaped backslash", `"\ud800\\udc00"`, `\ud800 at byte 1`},
		{"high at the end of the string", `"a\ud800"`, `\ud800 at byte 2`},
		{"escaped backslash then a lone high", `"\\\ud800"`, `\ud800 at byte 3`},
		{"second of two pairs broken", `"\ud83d\ude00\ud83d"`, `\ud83d at byte 13`},
		{"in a key", `{"\udfff":1}`, `\udfff at byte 2`},
		{"in an ignored field", `{"id":"\ud800","messages":[]}`, `\ud800 at byte 7`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if !json.Valid([]byte(tc.json)) {
				t.Fatalf("%s is not valid JSON", tc.json)
			}
			err := loneSurrogate([]byte(tc.json))
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("loneSurrogate(%s) = %v, want none", tc.json, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "not valid UTF-8")):
				t.Errorf("loneSurrogate(%s) = %v, want one naming %s", tc.json, err, tc.want)
			}
			if tc.want == "" {
				return
			}
			// What encoding/json makes of it: a U+FFFD that cannot be told from a real one.
			var s any
			if err := json.Unmarshal([]byte(tc.json), &s); err != nil {
				t.Errorf("encoding/json refuses %s: %v", tc.json, err)
			}
		})
	}
}

func TestDuplicateKey(t *testing.T) {
	tests := []struct {
		name, json, want string
	}{
		{"none", `{"messages":[{"role":"user","content":"hi"}]}`, ""},
		{"same key in sibling objects", `{"messages":[{"role":"user","content":"a"},{"role":"user","content":"b"}]}`, ""},
		{"same key at different depths", `{"a":{"a":{"a":1}},"b":[{"a":2}]}`, ""},
		{"a key that is also a value", `{"role":"role","x":"role"}`, ""},
		{"reused set after a closed object", `{"a":{"k":1},"b":{"k":2},"c":[{"k":3},{"k":4}]}`, ""},
		{"huge number", `{"a":1e400,"b":-0.5e-400}`, ""},
		{"not an object", `["a","a"]`, ""},
		{"top level", `{"messages":[],"messages":null}`, `the body has the key "messages" twice`},
		{"in a message", `{"messages":[{"role":"system","role":"user","content":"x"}]}`, `messages[0] has the key "role" twice`},
		{"in the third message", `{"messages":[{"role":"user","content":"a"},{"role":"assistant","content":"b"},{"content":"x","role":"user","content":"y"}]}`,
			`messages[2] has the key "content" twice`},
		{"escaped spelling", `{"messages":[{"role":"system","r\u006fle":"user"}]}`, `messages[0] has the key "role" twice`},
		{"case", `{"messages":[{"role":"system","Role":"user"}]}`, `messages[0] has the key "role" twice (also as "Role"`},
		{"Kelvin sign folds to k", `{"k":1,"` + "\u212a" + `":2}`, `the body has the key "k" twice`},
		{"deep in an ignored field", `{"x":{"y":[1,{"z":{"q":1,"q":2}}]},"messages":[]}`, `x.y[1].z has the key "q" twice`},
		{"odd key in the path", `{"a b":{"c":1,"c":2}}`, `["a b"] has the key "c" twice`},
		{"after nested containers", `{"a":[[],{}],"b":{"c":[]},"a":1}`, `the body has the key "a" twice`},
		{"empty key", `{"":1,"":2}`, `the body has the key "" twice`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if !json.Valid([]byte(tc.json)) {
				t.Fatalf("%s is not valid JSON", tc.json)
			}
			err := duplicateKey([]byte(tc.json))
			var re *RequestError
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("duplicateKey(%s) = %v, want none", tc.json, err)
			case tc.want != "" && (!errors.As(err, &re) || !strings.HasPrefix(re.Details, tc.want)):
				t.Errorf("duplicateKey(%s) = %v, want %s", tc.json, err, tc.want)
			}
		})
	}
}

// A long key is clipped in the message.
func TestDuplicateKeyClipsLongKeys(t *testing.T) {
	k := strings.Repeat("k", 10_000)
	err := duplicateKey([]byte(fmt.Sprintf(`{"%s":1,"%s":2}`, k, k)))
	if err == nil || len(err.Error()) > 300 {
		t.Errorf("err = %.400v (%d bytes), want a short one", err, len(fmt.Sprint(err)))
	}
}

// The checks take time linear in the body: a body at the limit made of the worst shapes
// (deep nesting, many keys, a large object followed by many small ones, many escapes) is
// checked in milliseconds.
func BenchmarkCheckRawText(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{"messages":[{"role":"user","content":"`)
	for sb.Len() < 64<<10 {
		sb.WriteString(`\ud83d\ude00\\ud800`)
	}
	sb.WriteString(`"}],"x":{`)
	for i := 0; sb.Len() < 128<<10; i++ {
		fmt.Fprintf(&sb, `"k%d":[{"a":1}],`, i)
	}
	// One large object, then many small ones at the same depth.
	sb.WriteString(`"y":[{`)
	for i := 0; sb.Len() < 160<<10; i++ {
		fmt.Fprintf(&sb, `"k%d":1,`, i)
	}
	sb.WriteString(`"z":1}`)
	for sb.Len() < 192<<10 {
		sb.WriteString(`,{"a":1}`)
	}
	sb.WriteString(`],`)
	sb.WriteString(`"end":` + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + `}}`)
	data := []byte(sb.String())
	if !json.Valid(data) {
		b.Fatal("not valid JSON")
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if err := checkRawText(data); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzDuplicateKey checks the byte scanner against encoding/json's own tokenizer: on valid
// JSON both find a duplicate key, or neither does.
func FuzzDuplicateKey(f *testing.F) {
	for _, s := range []string{
		`{"messages":[{"role":"user","content":"hi"}]}`,
		`{"a":{"a":1},"b":[{"a":"}"},{"a":"\"a\""}],"a":2}`,
		`{"x\\":1,"x\\\\":2}`,
		`{"k":1,"\u212a":2}`,
		`[{"a":1,"b":[1,2,{"c":null,"c":true}]}]`,
		`{"a":-1.5e3,"b":true,"c":false,"d":null}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		got := duplicateKey(data) != nil
		if want := referenceDuplicate(data); got != want {
			t.Errorf("duplicateKey(%s) found one: %v; encoding/json's tokens: %v", data, got, want)
		}
	})
}

// referenceDuplicate finds a duplicate key with json.Decoder.Token.
func referenceDuplicate(data []byte) bool {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	type open struct {
		object, wantKey bool
		keys            map[string]bool
	}
	var stack []*open
	done := func() {
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].wantKey = true
		}
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].wantKey && tok != json.Delim('}') {
			k := string(foldKey(nil, []byte(mustMarshal(tok.(string))[1:len(mustMarshal(tok.(string)))-1])))
			if stack[n-1].keys[k] {
				return true
			}
			stack[n-1].keys[k], stack[n-1].wantKey = true, false
			continue
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			stack = append(stack, &open{object: tok == json.Delim('{'), wantKey: true, keys: map[string]bool{}})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			done()
		default:
			done()
		}
	}
}

func mustMarshal(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
