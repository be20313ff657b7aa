package gemini

import (
	"testing"
	"time"
)

// The wire test (a 429 with only a Retry-After header, in pkg/chat's fault matrix) covers the
// seconds form; the other forms a proxy in front of the provider might send are here.
func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	tests := map[string]time.Duration{
		"":                              0,
		"12":                            12 * time.Second,
		" 7 ":                           7 * time.Second,
		"1.5":                           1500 * time.Millisecond,
		"0":                             0,
		"-3":                            0,
		"999999999":                     0, // absurd: no wait rather than days
		"Mon, 23 Nov 2026 12:00:30 GMT": 30 * time.Second,
		"Mon, 23 Nov 2026 11:59:00 GMT": 0, // in the past
		"soon":                          0,
	}
	for in, want := range tests {
		if got := parseRetryAfter(in, now); got != want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", in, got, want)
		}
	}
}
