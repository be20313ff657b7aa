package tokenfacts_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/chatsvc/chat/pkg/tokenfacts"
)

func TestCleanText(t *testing.T) {
	tests := []struct {
		name, in, want string
		limit          int
	}{
		{"plain", "Moon Frog", "Moon Frog", 64},
		{"right-to-left override", "SAFE\u202eEFAS", "SAFEEFAS", 64},
		{"isolates and marks", "\u2066a\u2067b\u2068c\u2069\u200ed\u200f\u061ce", "abcde", 64},
		{"zero-width and BOM", "z\u200bw\u200cj\u200d\ufeffx", "zwjx", 64},
		{"tags and variation selectors", "t\U000E0041\U000E007Fv\ufe0f", "tv", 64},
		{"controls and ANSI escapes lose their ESC", "a\x00b\x07c\x1b[31md", "abc[31md", 64},
		{"white space collapses", "  a \t\n\r b\u00a0\u2028c  ", "a b c", 64},
		{"invisible fillers", "\u3164\u115fname\u2800", "name", 64},
		{"URL defanged", "visit https://evil.example/x", "visit https[:]//evil.example/x", 64},
		{"clipped with an ellipsis", strings.Repeat("ab", 50), strings.Repeat("ab", 31) + "a…", 64},
		{"invalid UTF-8 dropped", "ok\xff\xfe!", "ok!", 64},
		{"private use dropped", "a\ue000b", "ab", 64},
		{"emoji kept", "🐸 frog", "🐸 frog", 64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tokenfacts.CleanText(tt.in, tt.limit); got != tt.want {
				t.Errorf("CleanText(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// Whatever comes in, what comes out is valid UTF-8 within the limit, with no character that
// hides or reorders text and no URL scheme separator.
func FuzzCleanText(f *testing.F) {
	for _, s := range []string{"", "a://b", "\u202e\u2066x", strings.Repeat("\u200b", 300), "\xff://"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := tokenfacts.CleanText(in, 64)
		if !utf8.ValidString(out) || utf8.RuneCountInString(out) > 64 || strings.Contains(out, "://") {
			t.Fatalf("CleanText(%q) = %q", in, out)
		}
		if strings.ContainsFunc(out, forbidden) {
			t.Fatalf("CleanText(%q) = %q keeps a hidden character", in, out)
		}
	})
}
