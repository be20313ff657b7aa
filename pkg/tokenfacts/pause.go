package tokenfacts

import (
	"log/slog"
	"sync"
	"time"
)

// An API that rate-limits the service is paused for the whole process: no call goes to it
// until its Retry-After has passed, or DefaultPause without one (GoPlus says so with code
// 4029 on HTTP 200 and no header; keyless callers were recorded being let back in after about
// 45 s). Meanwhile its sources answer "rate limited" at once, so no answer waits for them.
// Retrying sooner would only prolong the limit: the price history's API counts 30 calls a
// minute per IP for its whole API.

// DefaultPause is how long an API that rate-limited the service without saying for how long
// is left alone.
const DefaultPause = time.Minute

// maxPause bounds a Retry-After: a header asking for an hour is believed for ten minutes.
const maxPause = 10 * time.Minute

// pauses holds, by API id, the instant (on Config.Now's clock) until which the API is not
// called.
type pauses struct {
	mu   sync.Mutex
	ends map[string]time.Time
}

// until reports whether the API is paused at now, and until when.
func (p *pauses) until(id string, now time.Time) (time.Time, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	t, ok := p.ends[id]
	if !ok {
		return time.Time{}, false
	}
	if now.Before(t) {
		return t, true
	}
	delete(p.ends, id)
	return time.Time{}, false
}

// paused reports whether the API is paused, by this instance or (through Config.Shared) by
// another, and until when.
func (c *Client) paused(id string) (time.Time, bool) {
	now := c.cfg.Now()
	if until, ok := c.pauses.until(id, now); ok {
		return until, true
	}
	until, ok := c.sharedPause(id, now)
	if ok {
		c.pauses.mu.Lock()
		if c.pauses.ends == nil {
			c.pauses.ends = map[string]time.Time{}
		}
		c.pauses.ends[id] = until
		c.pauses.mu.Unlock()
	}
	return until, ok
}

// pause pauses the API a for d (DefaultPause when d is zero or less), and logs it once per
// pause.
func (c *Client) pause(a api, d time.Duration) {
	if d <= 0 {
		d = DefaultPause
	}
	d = min(d, maxPause)
	until := c.cfg.Now().Add(d)
	p := &c.pauses
	p.mu.Lock()
	if p.ends == nil {
		p.ends = map[string]time.Time{}
	}
	longer := until.After(p.ends[a.id])
	if longer {
		p.ends[a.id] = until
	}
	p.mu.Unlock()
	if longer {
		c.sharePause(a.id, until, c.cfg.Now())
		c.cfg.Logger.Warn("tokenfacts: source rate limited the service; paused", slog.String("source", a.name),
			slog.Duration("pause", d))
	}
}
