// Package testclock is a clock that tests move by hand, for code that takes its time from a
// func() time.Time (gemini.Config.Now, tokenfacts.Config.Now, apikey.Options.Now, the fake
// provider's WithClock).
package testclock

import (
	"sync"
	"time"
)

// Clock is a settable time source, safe for concurrent use.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// New returns a clock that reads t until moved.
func New(t time.Time) *Clock { return &Clock{t: t} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}
