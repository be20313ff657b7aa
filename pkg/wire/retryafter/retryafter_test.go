package retryafter_test

import (
	"math"
	"net/http"
	"testing"
	"time"

	"github.com/chatsvc/chat/pkg/wire/retryafter"
)

func TestSeconds(t *testing.T) {
	tests := map[string]struct {
		d    time.Duration
		want int64
	}{
		"none":              {0, 0},
		"a nanosecond":      {time.Nanosecond, 1},
		"a whole second":    {time.Second, 1},
		"six and a half":    {6500 * time.Millisecond, 7},
		"just over a day":   {24*time.Hour + time.Nanosecond, 86401},
		"half a second ago": {-500 * time.Millisecond, 0},
		"1.5 s ago":         {-1500 * time.Millisecond, -1},
		// float64 seconds would lose the nanosecond here and say 2^30.
		"2^30 s and 1 ns": {1<<30*time.Second + time.Nanosecond, 1<<30 + 1},
		"the longest":     {math.MaxInt64, 9223372037},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			if got := retryafter.Seconds(tt.d); got != tt.want {
				t.Errorf("Seconds(%v) = %d, want %d", tt.d, got, tt.want)
			}
		})
	}
}

func TestSet(t *testing.T) {
	tests := map[string]struct {
		d    time.Duration
		want string
	}{
		"a wait":      {6500 * time.Millisecond, "7"},
		"no wait":     {0, ""},
		"in the past": {-time.Second, ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			h := http.Header{}
			retryafter.Set(h, tt.d)
			if got := h.Get("Retry-After"); got != tt.want || (tt.want == "" && len(h) != 0) {
				t.Errorf("Set(%v): Retry-After %q (%v), want %q", tt.d, got, h, tt.want)
			}
		})
	}
}
