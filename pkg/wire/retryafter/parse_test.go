package retryafter_test

import (
	"testing"
	"time"

	"github.com/chatsvc/chat/pkg/wire/retryafter"
)

// The forms an upstream (the provider, a proxy in front of it, a token-data API) might send.
func TestParse(t *testing.T) {
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
		if got := retryafter.Parse(in, now); got != want {
			t.Errorf("Parse(%q) = %v, want %v", in, got, want)
		}
	}
}
