package gemini_test

import (
	"strings"
	"testing"

	"github.com/chatsvc/chat/internal/dynalite"
	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/gemini"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/state"
)

// TestSpentQuotaSharedAcrossInstances: two instances share one DynamoDB table (dynalite);
// the bucket the first found spent (pro's, limit 0 on the free tier) is not called by the
// second. (gemini-2.5-pro answers 404 to this key: that costs no quota and is not shared.)
func TestSpentQuotaSharedAcrossInstances(t *testing.T) {
	table := dynalite.Start(t).Table(t, "quotas")
	instance := func() *teststack.Stack {
		return teststack.Start(t, answer, withModel("model-2.5-pro"),
			teststack.WithUpstream(fakeprovider.WithQuota(fakeprovider.FreeTier)),
			teststack.WithGemini(func(c *gemini.Config) { c.Shared = state.NewShared(table, state.Options{}) }))
	}
	a, b := instance(), instance()
	ask(t, a, "Is it safe?")
	if got := strings.Join(models(a.Upstream.Requests()), ","); got != "gemini-2.5-pro,gemini-pro-latest,gemini-flash-latest" {
		t.Fatalf("first instance called %s; want both pro buckets refused, then flash", got)
	}
	ask(t, b, "Is it safe?")
	if got := strings.Join(models(b.Upstream.Requests()), ","); got != "gemini-2.5-pro,gemini-flash-latest" {
		t.Errorf("second instance called %s; want gemini-pro-latest skipped: the first found its bucket spent", got)
	}
	if n := len(b.Logs.Lines("quota exhausted")); n != 0 {
		t.Errorf("second instance logged %d quota warnings; want none (it called no spent bucket)", n)
	}
}
