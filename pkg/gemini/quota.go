package gemini

import (
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strings"
	"sync"
	"time"

	"google.golang.org/genai"

	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/gemini/pacific"
	"github.com/chatsvc/chat/pkg/retryafter"
)

// The provider's quotas are per project and per model: each model draws on a bucket of its
// own (QuotaFailure's quotaDimensions.model names it), and an alias draws on the bucket of the
// model it serves. A 429 before any text says which bucket ran out and for how long; the
// client remembers it for the whole process, so that no request calls that bucket again
// before it reopens, and falls over to the next candidate of another bucket at once.

// DefaultQuotaWait is how long a bucket is skipped after a 429 that says neither which quota
// ran out nor how long to wait.
const DefaultQuotaWait = time.Minute

// quotaRefusal is what a 429 said: which allowance, of which bucket, for how long.
type quotaRefusal struct {
	kind chat.QuotaKind
	// bucket is the violation's quotaDimensions.model; "" when the 429 names none.
	bucket string
	// delay is the wait classify read (RetryInfo, else a proxy's Retry-After) in whole
	// seconds, rounded up; 0 when there was none.
	delay time.Duration
}

const (
	typeQuotaFailure = "type.googleapis.com/google.rpc.QuotaFailure"
	typeRetryInfo    = "type.googleapis.com/google.rpc.RetryInfo"
)

// readQuota classifies a provider 429 from its body: daily when a violation's quotaId counts
// per day, per minute when one counts per minute, unknown when the body has no QuotaFailure;
// and names the bucket when a violation's quotaDimensions.model does.
func readQuota(details []map[string]any) quotaRefusal {
	q := quotaRefusal{kind: chat.QuotaUnknown}
	for _, d := range details {
		if t, _ := d["@type"].(string); t != typeQuotaFailure {
			continue
		}
		violations, _ := d["violations"].([]any)
		for _, v := range violations {
			viol, _ := v.(map[string]any)
			q.note(viol)
		}
	}
	return q
}

// note folds one QuotaFailure violation into q. A daily violation outranks a per-minute one:
// the longer wait is the true one.
func (q *quotaRefusal) note(viol map[string]any) {
	id, _ := viol["quotaId"].(string)
	switch {
	case strings.Contains(id, "PerDay"):
		q.kind = chat.QuotaDaily
	case strings.Contains(id, "PerMinute") && q.kind != chat.QuotaDaily:
		q.kind = chat.QuotaMinute
	}
	dims, _ := viol["quotaDimensions"].(map[string]any)
	if m, _ := dims["model"].(string); m != "" {
		q.bucket = bucketName(m)
	}
}

// retryDelay reads google.rpc.RetryInfo's retryDelay (a protobuf duration, "17s" or
// "45.837906927s"), rounded up to whole seconds.
func retryDelay(details []map[string]any) time.Duration {
	for _, d := range details {
		if t, _ := d["@type"].(string); t != typeRetryInfo {
			continue
		}
		s, _ := d["retryDelay"].(string)
		if v, err := time.ParseDuration(s); err == nil && v > 0 {
			return time.Duration(math.Ceil(v.Seconds())) * time.Second
		}
	}
	return 0
}

// asQuota reports the refusal a provider error carries when it is a quota 429.
func asQuota(e *chat.UpstreamError) (quotaRefusal, bool) {
	if !e.RateLimited {
		return quotaRefusal{}, false
	}
	q := quotaRefusal{kind: chat.QuotaUnknown}
	var apiErr genai.APIError
	if errors.As(e.Err, &apiErr) {
		q = readQuota(apiErr.Details)
	}
	q.delay = time.Duration(retryafter.Seconds(e.RetryAfter)) * time.Second
	return q, true
}

// bucketName is the quota bucket a model ID names: a model's -preview ID draws on the bucket
// of the model itself.
func bucketName(model string) string {
	return strings.TrimSuffix(strings.TrimPrefix(model, "models/"), "-preview")
}

// NextDailyReset is the provider's next daily quota reset after t: midnight in
// America/Los_Angeles.
func NextDailyReset(t time.Time) time.Time {
	l := t.In(pacific.Location())
	y, m, d := l.Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, pacific.Location())
}

// reopens is when a bucket refused with q at now may be called again.
func (q quotaRefusal) reopens(now time.Time) time.Time {
	switch {
	case q.kind == chat.QuotaDaily:
		return NextDailyReset(now)
	case q.delay > 0:
		return now.Add(q.delay)
	}
	return now.Add(DefaultQuotaWait)
}

// exhaustion is a bucket that ran out, until when, and of which allowance.
type exhaustion struct {
	until time.Time
	kind  chat.QuotaKind
}

// quotaMemory is what the provider said of its quota buckets for one account: which ran out
// until when, and which bucket each model called draws on (an alias's bucket is learned from
// the model version it answers with, or from its 429).
type quotaMemory struct {
	now func() time.Time

	mu        sync.Mutex
	exhausted map[string]exhaustion // bucket -> until
	bucketOf  map[string]string     // model called -> bucket
}

func newQuotaMemory(now func() time.Time) *quotaMemory {
	return &quotaMemory{now: now, exhausted: map[string]exhaustion{}, bucketOf: map[string]string{}}
}

// bucket is the bucket model draws on, as far as known.
func (q *quotaMemory) bucket(model string) string {
	if b, ok := q.bucketOf[model]; ok {
		return b
	}
	return bucketName(model)
}

// learn notes that model answered as version: an alias draws on its target's bucket.
func (q *quotaMemory) learn(model, version string) {
	if version == "" {
		return
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	q.bucketOf[model] = bucketName(version) // model is one of the configured candidates
}

// open reports whether model's bucket may be called now.
func (q *quotaMemory) open(model string) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	e, ok := q.exhausted[q.bucket(model)]
	return !ok || !q.now().Before(e.until)
}

// exhaust notes that model's call was refused with r, and logs the first refusal of each
// bucket: requests that hit the same exhausted bucket at once log it only once. A refusal
// that names no bucket shuts the one model is known to draw on (an alias's, learned from
// its answers).
func (q *quotaMemory) exhaust(log *slog.Logger, model string, r quotaRefusal) {
	q.mu.Lock()
	now := q.now()
	if r.bucket == "" {
		r.bucket = q.bucket(model)
	} else {
		q.bucketOf[model] = r.bucket
	}
	until := r.reopens(now)
	prev, live := q.exhausted[r.bucket]
	live = live && now.Before(prev.until)
	if !live || until.After(prev.until) {
		q.exhausted[r.bucket] = exhaustion{until: until, kind: r.kind}
	}
	q.mu.Unlock()
	if live {
		return
	}
	log.Warn("quota exhausted; the model's bucket is skipped until it reopens",
		slog.String("model", model), slog.String("bucket", r.bucket), slog.String("quota", string(r.kind)),
		slog.Time("reset", until.UTC()), slog.Int64("reset_in_s", retryafter.Seconds(until.Sub(now))))
}

// refusal is the 429 of a request whose candidates' buckets are all exhausted: it waits
// until the earliest of them reopens, and says daily only when that one is a daily bucket.
func (q *quotaMemory) refusal(candidates []string) *chat.UpstreamError {
	q.mu.Lock()
	defer q.mu.Unlock()
	now := q.now()
	var first exhaustion
	for _, m := range candidates {
		e, ok := q.exhausted[q.bucket(m)]
		if ok && now.Before(e.until) && (first.until.IsZero() || e.until.Before(first.until)) {
			first = e
		}
	}
	ue := &chat.UpstreamError{Status: http.StatusTooManyRequests, RateLimited: true, Quota: first.kind,
		Err: errAllExhausted}
	if !first.until.IsZero() {
		ue.RetryAfter = first.until.Sub(now)
	}
	return ue
}

// errAllExhausted is the cause of a 429 the client answered itself, without calling.
var errAllExhausted = errors.New("gemini: every candidate model's quota bucket is exhausted")
