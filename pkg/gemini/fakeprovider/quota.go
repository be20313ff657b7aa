package fakeprovider

import (
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chatsvc/chat/pkg/gemini/pacific"
)

// Quotas as recorded against the live API in 2026 (public issue threads and test reports):
//
//   - quotas are per project (here: per API key) and per model bucket, named by the 429's
//     QuotaFailure quotaDimensions.model; an alias and a model's -preview ID draw on the
//     bucket of the model they serve;
//   - the free tier gives the flash, 3.x flash and flash-lite models 20 requests a day and
//     5 a minute each; pro models have limit 0; daily quotas reset at midnight
//     America/Los_Angeles;
//   - a daily 429 still carries a short RetryInfo ("17s"), a per-minute one the time until
//     the window frees ("45.837906927s", fractions included); neither has a Retry-After
//     header; some 429s carry no details at all;
//   - only requests the provider accepts are counted: a 404 or a 400 costs nothing.

// Quota is the allowance of every API key, per model bucket. A zero limit is no limit.
type Quota struct {
	PerDay    int
	PerMinute int
	// NoPro gives pro models limit 0 (the free tier): every call to one is refused as daily.
	NoPro bool
	// NoDetails answers every quota 429 with the bare body that carries no details.
	NoDetails bool
}

// FreeTier is the free tier of 2026: 20 requests a day and 5 a minute per bucket, and no pro.
var FreeTier = Quota{PerDay: 20, PerMinute: 5, NoPro: true}

// WithQuota makes the fake count requests against q, per key and bucket, and refuse with the
// provider's recorded 429 bodies once a bucket is used up.
func WithQuota(q Quota) Option {
	return func(h *Handler) {
		h.quota = &quotaBook{q: q, days: map[string]int{}, minutes: map[string][]time.Time{}}
	}
}

// WithClock sets the fake's clock (the quota windows and the daily reset); the default is
// time.Now.
func WithClock(now func() time.Time) Option {
	return func(h *Handler) { h.now = now }
}

// Bucket is the quota bucket a call to model draws on: the model it serves, without -preview.
func Bucket(model string) string {
	m, ok := catalogue[model]
	if !ok || m.version == "" {
		return strings.TrimSuffix(model, "-preview")
	}
	return strings.TrimSuffix(m.version, "-preview")
}

// quotaBook counts requests per key and bucket.
type quotaBook struct {
	q Quota

	mu      sync.Mutex
	days    map[string]int         // key|bucket|date -> requests that day
	minutes map[string][]time.Time // key|bucket -> requests of the last minute
}

// take counts one request of key to model at now, or returns the 429 that refuses it.
func (b *quotaBook) take(key, model string, now time.Time) *Reply {
	bucket := Bucket(model)
	pro := strings.Contains(bucket, "-pro")
	day := key + "|" + bucket + "|" + now.In(pacific.Location()).Format(time.DateOnly)
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case b.q.NoPro && pro:
		return b.refuse(bucket, "PerDay", 0, dailyDelay(now))
	case b.q.PerDay > 0 && b.days[day] >= b.q.PerDay:
		return b.refuse(bucket, "PerDay", b.q.PerDay, dailyDelay(now))
	}
	if b.q.PerMinute > 0 {
		k := key + "|" + bucket
		recent := b.minutes[k][:0]
		for _, t := range b.minutes[k] {
			if now.Sub(t) < time.Minute {
				recent = append(recent, t)
			}
		}
		b.minutes[k] = recent
		if len(recent) >= b.q.PerMinute {
			return b.refuse(bucket, "PerMinute", b.q.PerMinute, recent[0].Add(time.Minute).Sub(now))
		}
		b.minutes[k] = append(recent, now)
	}
	b.days[day]++
	return nil
}

// dailyDelay is the short RetryInfo a daily 429 carries all the same: the seconds to the next
// whole minute, as recorded ("17s", "31s").
func dailyDelay(now time.Time) time.Duration {
	return time.Minute - time.Duration(now.Second())*time.Second - time.Duration(now.Nanosecond())
}

// refuse is the recorded 429 of a used-up bucket.
func (b *quotaBook) refuse(bucket, per string, limit int, delay time.Duration) *Reply {
	if b.q.NoDetails {
		return &Reply{Status: http.StatusTooManyRequests, Body: QuotaBodyWithoutDetails}
	}
	r := QuotaExceeded(bucket, per, limit, delay)
	return &r
}

// QuotaBodyWithoutDetails is the bare 429 body the provider sometimes sends.
const QuotaBodyWithoutDetails = `{"error":{"code":429,"message":"Resource has been exhausted (e.g. check quota).","status":"RESOURCE_EXHAUSTED"}}`

// QuotaExceeded is the provider's 429 for a used-up free-tier bucket: per is "PerDay" or
// "PerMinute", delay the RetryInfo (a daily one's is short and meaningless, as recorded).
func QuotaExceeded(bucket, per string, limit int, delay time.Duration) Reply {
	metric := "generativelanguage.googleapis.com/generate_content_free_tier_requests"
	secs := strconv.FormatFloat(delay.Seconds(), 'f', -1, 64)
	msg := "You exceeded your current quota, please check your plan and billing details. For more information on this error, " +
		"head to: https://ai.google.dev/gemini-api/docs/rate-limits. To monitor your current usage, head to: https://ai.dev/rate-limit. \n" +
		fmt.Sprintf("* Quota exceeded for metric: %s, limit: %d, model: %s\nPlease retry in %ss.", metric, limit, bucket, secs)
	retry := secs + "s"
	if per == "PerDay" {
		retry = strconv.Itoa(int(delay.Seconds())) + "s"
	}
	details := []map[string]any{
		{"@type": "type.googleapis.com/google.rpc.Help", "links": []any{map[string]any{
			"description": "Learn more about Gemini API quotas", "url": "https://ai.google.dev/gemini-api/docs/rate-limits"}}},
		{"@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": []any{map[string]any{
			"quotaMetric":     metric,
			"quotaId":         "GenerateRequests" + per + "PerProjectPerModel-FreeTier",
			"quotaDimensions": map[string]any{"model": bucket, "location": "global"},
			"quotaValue":      strconv.Itoa(limit),
		}}},
		{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": retry},
	}
	return Reply{Status: http.StatusTooManyRequests, Body: ErrorBody(429, "RESOURCE_EXHAUSTED", msg, details...)}
}

// MaxURLs is how many URLs the URL tool takes in one request.
const MaxURLs = 20

var urlPattern = regexp.MustCompile(`(?i)https?://[^\s"'<>]+`)

// urlCount counts the URLs of a request as the URL tool finds them: in the system
// instruction and every turn, every occurrence.
func (b GenerateRequest) urlCount() int {
	n := 0
	count := func(c *Content) {
		for _, p := range c.Parts {
			n += len(urlPattern.FindAllStringIndex(p.Text, -1))
		}
	}
	if b.SystemInstruction != nil {
		count(b.SystemInstruction)
	}
	for i := range b.Contents {
		count(&b.Contents[i])
	}
	return n
}

// hasURLTool reports whether the request offers the URL tool.
func (b GenerateRequest) hasURLTool() bool {
	for _, t := range b.Tools {
		if _, ok := t["urlContext"]; ok {
			return true
		}
	}
	return false
}

// tooManyURLs is the URL tool's refusal of the whole request, or nil.
func tooManyURLs(body GenerateRequest) *Reply {
	if !body.hasURLTool() {
		return nil
	}
	if n := body.urlCount(); n > MaxURLs {
		return invalid(fmt.Sprintf("Number of urls to lookup exceeds the limit (%d > %d)", n, MaxURLs))
	}
	return nil
}

// URLCount is how many URLs the fake found in the request (system instruction and turns).
func (r Request) URLCount() int { return r.Body.urlCount() }

// HasURLTool reports whether the request offered the URL tool.
func (r Request) HasURLTool() bool { return r.Body.hasURLTool() }
