package gemini

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/testclock"
	"github.com/chatsvc/chat/pkg/chat"
)

// Requests refused by the same bucket at once log it once; a later reopening they report is
// kept, an earlier one never shortens the wait; once the bucket has reopened, a new refusal
// logs again.
func TestExhaustLogsEachBucketOnce(t *testing.T) {
	var logs bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&logs, nil))
	clock := testclock.New(time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC))
	q := newAccount(time.Hour, clock.Now)
	refusal := func(delay time.Duration) quotaRefusal {
		return quotaRefusal{kind: chat.QuotaMinute, bucket: "gemini-2.5-flash", delay: delay}
	}
	q.exhaust(log, "gemini-2.5-flash", refusal(30*time.Second))
	q.exhaust(log, "gemini-2.5-flash", refusal(50*time.Second))
	q.exhaust(log, "gemini-2.5-flash", refusal(10*time.Second))
	if n := strings.Count(logs.String(), "quota exhausted"); n != 1 {
		t.Fatalf("%d warnings for one bucket refused three times at once, want 1:\n%s", n, logs.String())
	}
	clock.Advance(40 * time.Second)
	if q.open("gemini-2.5-flash") {
		t.Error("open after 40 s: the later refusal said 50 s")
	}
	clock.Advance(11 * time.Second)
	if !q.open("gemini-2.5-flash") {
		t.Fatal("still shut after 51 s")
	}
	q.exhaust(log, "gemini-2.5-flash", refusal(30*time.Second))
	if n := strings.Count(logs.String(), "quota exhausted"); n != 2 {
		t.Errorf("%d warnings, want a second one once the bucket had reopened", n)
	}
}
