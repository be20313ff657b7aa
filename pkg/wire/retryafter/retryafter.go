// Package retryafter is the one rounding of a wait to what a Retry-After header says: whole
// seconds, rounded up, so that a client that waits as told never comes back early. Every
// protocol's error response (pkg/chat's, pkg/wire/openai's) writes the header through it.
package retryafter

import (
	"net/http"
	"strconv"
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
