// Package retryafter is the one rounding of a wait to what a Retry-After header says: whole
// seconds, rounded up, so that a client that waits as told never comes back early. Every
// protocol's error response (pkg/chat's, pkg/wire/openai's) writes the header through it, and
// every reader of an upstream's header (pkg/gemini's transport, pkg/tokenfacts' pauses) reads
// it with Parse.
package retryafter

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Seconds is d in whole seconds, rounded up (1.2 s is 2). It counts in integers, so no wait
// is ever rounded down, however long.
func Seconds(d time.Duration) int64 {
	s := d / time.Second
	if d%time.Second > 0 {
		s++
	}
	return int64(s)
}

// Set sets h's Retry-After to d in whole seconds, rounded up; a wait of zero or less sets
// nothing.
func Set(h http.Header, d time.Duration) {
	if d > 0 {
		h.Set("Retry-After", strconv.FormatInt(Seconds(d), 10))
	}
}

// Parse reads a Retry-After header: delay-seconds (fractions allowed) or an HTTP date, relative
// to now. Anything else, a wait of zero or less, a date in the past, or an absurd wait of a
// week or more is zero: no wait rather than days.
func Parse(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil {
		if secs > 0 && secs < 86400*7 {
			return time.Duration(secs * float64(time.Second))
		}
		return 0
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}
