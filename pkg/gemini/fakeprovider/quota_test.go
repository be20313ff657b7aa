package fakeprovider_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"google.golang.org/genai"

	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
)

// quotaViolation is the QuotaFailure and RetryInfo of a 429 as the SDK decodes them.
func quotaViolation(t *testing.T, e genai.APIError) (quotaID, model, retryDelay string) {
	t.Helper()
	for _, d := range e.Details {
		switch d["@type"] {
		case "type.googleapis.com/google.rpc.QuotaFailure":
			v := d["violations"].([]any)[0].(map[string]any)
			quotaID = v["quotaId"].(string)
			model = v["quotaDimensions"].(map[string]any)["model"].(string)
		case "type.googleapis.com/google.rpc.RetryInfo":
			retryDelay = d["retryDelay"].(string)
		}
	}
	return quotaID, model, retryDelay
}

func TestFreeTierBucketsThroughTheSDK(t *testing.T) {
	now := time.Date(2026, 11, 25, 20, 0, 17, 0, time.UTC) // noon Pacific, 17 s past the minute
	srv := fakeprovider.NewServer(short, fakeprovider.WithQuota(fakeprovider.FreeTier), fakeprovider.WithClock(func() time.Time { return now }))
	defer srv.Close()
	c := client(t, srv, "free-key")

	// The alias and the model it serves draw on one bucket: 5 a minute between them.
	for i, model := range []string{"gemini-flash-latest", "gemini-3.8-flash", "gemini-flash-latest", "gemini-3.8-flash", "gemini-flash-latest"} {
		if _, err := call(t, c, model, nil); err != nil {
			t.Fatalf("call %d to %s: %v", i+1, model, err)
		}
	}
	_, err := call(t, c, "gemini-3.8-flash", nil)
	e := apiError(t, err)
	id, model, delay := quotaViolation(t, e)
	if e.Code != 429 || e.Status != "RESOURCE_EXHAUSTED" || id != "GenerateRequestsPerMinutePerProjectPerModel-FreeTier" ||
		model != "gemini-3.8-flash" || delay != "60s" {
		t.Errorf("per-minute 429: code %d %s, quotaId %s, model %s, retryDelay %s", e.Code, e.Status, id, model, delay)
	}
	// Another bucket answers; another key has its own buckets.
	if _, err := call(t, c, "gemini-flash-lite-latest", nil); err != nil {
		t.Errorf("flash-lite on the same key: %v", err)
	}
	if _, err := call(t, client(t, srv, "another-key"), "gemini-3.8-flash", nil); err != nil {
		t.Errorf("3.7 flash on another key: %v", err)
	}
	// Pro has limit 0 on the free tier: a daily refusal, with the preview suffix gone from
	// the bucket.
	_, err = call(t, c, "gemini-pro-latest", nil)
	id, model, _ = quotaViolation(t, apiError(t, err))
	if id != "GenerateRequestsPerDayPerProjectPerModel-FreeTier" || model != "gemini-3.1-pro" {
		t.Errorf("pro: quotaId %s, model %s", id, model)
	}
}

func TestDailyLimitAndItsShortRetryDelay(t *testing.T) {
	now := time.Date(2026, 11, 25, 20, 0, 43, 15e6, time.UTC)
	srv := fakeprovider.NewServer(short, fakeprovider.WithQuota(fakeprovider.Quota{PerDay: 20}), fakeprovider.WithClock(func() time.Time { return now }))
	defer srv.Close()
	c := client(t, srv, "free-key")
	for i := range 20 {
		if _, err := call(t, c, "gemini-flash-latest", nil); err != nil {
			t.Fatalf("call %d: %v", i+1, err)
		}
	}
	_, err := call(t, c, "gemini-flash-latest", nil)
	e := apiError(t, err)
	id, model, delay := quotaViolation(t, e)
	if id != "GenerateRequestsPerDayPerProjectPerModel-FreeTier" || model != "gemini-3.8-flash" || delay != "16s" {
		t.Errorf("daily 429: quotaId %s, model %s, retryDelay %s", id, model, delay)
	}
	if !strings.Contains(e.Message, "limit: 20, model: gemini-3.8-flash") || !strings.Contains(e.Message, "Please retry in 16.985s") {
		t.Errorf("message %q", e.Message)
	}
	// The next day (Pacific) the bucket is full again.
	now = now.Add(12 * time.Hour)
	if _, err := call(t, c, "gemini-flash-latest", nil); err != nil {
		t.Errorf("after midnight Pacific: %v", err)
	}
}

func TestQuotaRefusalWithoutDetails(t *testing.T) {
	srv := fakeprovider.NewServer(short, fakeprovider.WithQuota(fakeprovider.Quota{PerDay: 1, NoDetails: true}))
	defer srv.Close()
	c := client(t, srv, "k")
	_, _ = call(t, c, "gemini-flash-latest", nil)
	_, err := call(t, c, "gemini-flash-latest", nil)
	e := apiError(t, err)
	if e.Code != 429 || len(e.Details) != 0 || e.Message != "Resource has been exhausted (e.g. check quota)." {
		t.Errorf("%+v", e)
	}
}

func TestTheURLToolRefusesMoreThanTwentyURLs(t *testing.T) {
	srv := fakeprovider.NewServer(short)
	defer srv.Close()
	c := client(t, srv, "k")
	var urls []string
	for i := range 21 {
		urls = append(urls, fmt.Sprintf("https://example.com/%d", i))
	}
	text := strings.Join(urls, " ")
	withTool := &genai.GenerateContentConfig{Tools: []*genai.Tool{{URLContext: &genai.URLContext{}}},
		SystemInstruction: genai.NewContentFromText(text, "")}
	_, err := call(t, c, "gemini-flash-latest", withTool)
	if e := apiError(t, err); e.Code != 400 || e.Message != "Number of urls to lookup exceeds the limit (21 > 20)" {
		t.Errorf("%+v", e)
	}
	withTool.SystemInstruction = genai.NewContentFromText(strings.Join(urls[:20], " "), "")
	if _, err := call(t, c, "gemini-flash-latest", withTool); err != nil {
		t.Errorf("20 URLs: %v", err)
	}
	withTool.Tools, withTool.SystemInstruction = nil, genai.NewContentFromText(text, "")
	if _, err := call(t, c, "gemini-flash-latest", withTool); err != nil {
		t.Errorf("21 URLs without the URL tool: %v", err)
	}
}

func TestTheRecordIsBounded(t *testing.T) {
	for name, tc := range map[string]struct {
		opts []fakeprovider.Option
		kept int
	}{
		"default": {nil, fakeprovider.DefaultKept},
		"demo":    {[]fakeprovider.Option{fakeprovider.WithKept(0)}, 0},
	} {
		t.Run(name, func(t *testing.T) {
			srv := fakeprovider.NewServer(short, tc.opts...)
			defer srv.Close()
			c := client(t, srv, "k")
			n := fakeprovider.DefaultKept + 44
			for range n {
				_, _ = call(t, c, "gemini-flash-latest", nil)
			}
			reqs := srv.Requests()
			if len(reqs) != tc.kept || srv.Received() != n {
				t.Fatalf("kept %d of %d received; want %d of %d", len(reqs), srv.Received(), tc.kept, n)
			}
		})
	}
}
