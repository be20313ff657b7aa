package gemini

import (
	"errors"
	"math"
	"strings"
	"time"

	"google.golang.org/genai"

	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/gemini/pacific"
	"github.com/chatsvc/chat/pkg/wire/retryafter"
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

// errAllExhausted is the cause of a 429 the client answered itself, without calling.
var errAllExhausted = errors.New("gemini: every candidate model's quota bucket is exhausted")
