package gemini_test

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/testclock"
	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/gemini"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/gemini/pacific"
	"github.com/chatsvc/chat/pkg/httpapi"
)

// noonPacific is a time far from the daily reset, so that the fake's day does not turn
// during a test.
func noonPacific(t *testing.T) time.Time {
	t.Helper()
	return time.Date(2026, 11, 25, 12, 0, 0, 0, pacific.Location())
}

// wantQuotaWarnings checks that the log has one bucket-exhausted WARN line for each of n
// buckets, each of the kind want and naming its model, bucket and reset.
func wantQuotaWarnings(t *testing.T, st *teststack.Stack, n int, want string) {
	t.Helper()
	warns := st.Logs.Lines("quota exhausted")
	if len(warns) != n {
		t.Fatalf("%d quota warnings, want one for each of %d buckets:\n%s", len(warns), n, st.Logs.String())
	}
	for _, w := range warns {
		if w["quota"] != want || w["bucket"] == nil || w["model"] == nil || w["reset"] == nil {
			t.Errorf("warning %v, want a %s one naming model, bucket and reset", w, want)
		}
	}
}

// refused reads a 429 and its Retry-After in seconds.
func refused(t *testing.T, resp *http.Response) (httpapi.ErrorBody, int) {
	t.Helper()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("status %d, want 429: %s", resp.StatusCode, b)
	}
	var body httpapi.ErrorBody
	if err := json.Unmarshal(b, &body); err != nil {
		t.Fatalf("body %s: %v", b, err)
	}
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil {
		t.Fatalf("Retry-After %q: %v", resp.Header.Get("Retry-After"), err)
	}
	for _, leak := range []string{"gemini", "Gemini", "google", "Google", "quota exceeded for metric", teststack.TestKey} {
		if strings.Contains(string(b), leak) {
			t.Errorf("the 429 body leaks %q: %s", leak, b)
		}
	}
	return body, secs
}

// callsPerBucket counts the requests the fake received per bucket, and how many it refused.
func callsPerBucket(reqs []fakeprovider.Request) (calls, refusals map[string]int) {
	calls, refusals = map[string]int{}, map[string]int{}
	for _, r := range reqs {
		if strings.Contains(r.Refused, "no longer available") {
			continue // a model closed to the key draws on no bucket
		}
		b := fakeprovider.Bucket(r.Model)
		calls[b]++
		if strings.Contains(r.Refused, "exceeded your current quota") || strings.Contains(r.Refused, "Resource has been exhausted") {
			refusals[b]++
		}
	}
	return calls, refusals
}

func TestFreeTierKeyGetsFortyAnswersThenAnHonestDailyWait(t *testing.T) {
	clock := testclock.New(noonPacific(t))
	st := teststack.Start(t, answer, teststack.WithUpstream(fakeprovider.WithQuota(fakeprovider.FreeTier), fakeprovider.WithClock(clock.Now)))
	answeredBy := map[string]int{}
	for i := range 40 {
		ask(t, st, fmt.Sprintf("Question %d", i+1))
		clock.Advance(13 * time.Second) // within the 5-a-minute limit
		line := st.Logs.WaitRequestLog(t, i+1)[i]
		answeredBy[fmt.Sprint(line["model"])]++
	}
	if answeredBy[gemini.AliasFlash] != 20 || answeredBy[gemini.AliasFlashLite] != 20 {
		t.Errorf("answered by %v, want 20 by each of %s and %s", answeredBy, gemini.AliasFlash, gemini.AliasFlashLite)
	}

	before := time.Now()
	body, secs := refused(t, st.Ask(t, "Question 41"))
	want := gemini.NextDailyReset(before).Sub(before).Seconds()
	if math.Abs(float64(secs)-want) > 5 {
		t.Errorf("Retry-After = %d s, want the %.0f s to midnight Pacific", secs, want)
	}
	if body.Error != httpapi.MsgRateLimited || !strings.Contains(body.Details, "daily allowance") || !strings.Contains(body.Details, "midnight Pacific") {
		t.Errorf("body = %+v, want the daily allowance and its reset", body)
	}

	// Every bucket is known to be used up: the next question is answered without a call.
	n := st.Upstream.Received()
	_, again := refused(t, st.Ask(t, "Question 42"))
	if st.Upstream.Received() != n {
		t.Errorf("the 42nd question called the provider: %d calls, want %d", st.Upstream.Received(), n)
	}
	if math.Abs(float64(again-secs)) > 2 {
		t.Errorf("Retry-After moved from %d to %d", secs, again)
	}

	calls, refusals := callsPerBucket(st.Upstream.Requests())
	for _, b := range []string{"gemini-3.8-flash", "gemini-3.5-flash-lite"} {
		if calls[b] != 21 || refusals[b] != 1 {
			t.Errorf("bucket %s: %d calls, %d refused; want 20 answers and one refusal, never called again", b, calls[b], refusals[b])
		}
	}
	wantQuotaWarnings(t, st, 2, "daily")
}

func TestPerMinuteQuotaWaitsForItsRetryDelay(t *testing.T) {
	clock := testclock.New(noonPacific(t))
	st := teststack.Start(t, answer, teststack.WithUpstream(fakeprovider.WithQuota(fakeprovider.FreeTier), fakeprovider.WithClock(clock.Now)))
	for i := range 10 {
		ask(t, st, fmt.Sprintf("Question %d", i+1))
		clock.Advance(time.Second)
	}
	body, secs := refused(t, st.Ask(t, "Question 11"))
	// flash-latest answered at 0-4 s on the fake's clock and refused at 5 s, with a
	// retryDelay of 55 s; flash-lite refused at 10 s with 55 s too. The earliest reopening
	// is flash-latest's, 55 s after its refusal (which was a moment ago in real time).
	if secs < 54 || secs > 56 {
		t.Errorf("Retry-After = %d, want the retryDelay of about 55 s", secs)
	}
	if strings.Contains(body.Details, "daily") || !strings.Contains(body.Details, "try again in") {
		t.Errorf("details = %q", body.Details)
	}
	wantQuotaWarnings(t, st, 2, "per-minute")
}

func TestQuotaRefusalsWithoutDetails(t *testing.T) {
	st := teststack.Start(t, answer, teststack.WithUpstream(fakeprovider.WithQuota(fakeprovider.Quota{PerDay: 1, NoDetails: true})))
	ask(t, st, "one") // flash-latest
	ask(t, st, "two") // flash-latest refuses; flash-lite answers
	_, secs := refused(t, st.Ask(t, "three"))
	if secs < 55 || secs > 60 {
		t.Errorf("Retry-After = %d, want the default minute for a refusal that says nothing", secs)
	}
	wantQuotaWarnings(t, st, 2, "unknown")
}

func TestProOnTheFreeTierFallsOverToFlash(t *testing.T) {
	st := teststack.Start(t, answer, withModel("model-2.5-pro"), teststack.WithUpstream(fakeprovider.WithQuota(fakeprovider.FreeTier)))
	ask(t, st, "Is it safe?")
	line := st.Logs.WaitRequestLog(t, 1)[0]
	if line["model"] != gemini.AliasFlash {
		t.Errorf("answered by %v, want %s:\n%s", line["model"], gemini.AliasFlash, st.Logs.String())
	}
	// Pro's bucket (limit 0) is remembered: the next question goes to flash at once.
	ask(t, st, "And now?")
	got := models(st.Upstream.Requests())
	want := []string{"gemini-2.5-pro", "gemini-pro-latest", "gemini-flash-latest", "gemini-flash-latest"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("calls %v, want %v", got, want)
	}
}

func TestAliasDrawsOnTheBucketOfTheModelItServes(t *testing.T) {
	// A legacy account: gemini-2.5-flash answers, then gemini-flash-latest (3.7 flash). The
	// refusals name no bucket (NoDetails): only the alias's answers (modelVersion) tell.
	clock := testclock.New(noonPacific(t))
	st := teststack.Start(t, answer, withModel("gemini-flash-latest"), withKey(fakeprovider.LegacyKey),
		teststack.WithGemini(func(c *gemini.Config) {
			c.Model.Candidates = []string{"gemini-flash-latest", "gemini-3.8-flash", "gemini-flash-lite-latest"}
		}),
		teststack.WithUpstream(fakeprovider.WithQuota(fakeprovider.Quota{PerDay: 2, NoDetails: true}), fakeprovider.WithClock(clock.Now)))
	for i := range 4 {
		ask(t, st, fmt.Sprintf("q%d", i))
	}
	// flash-latest answers twice (its version names 3.7 flash), refuses the third: 3.7 flash
	// is the same bucket and is skipped, flash-lite answers.
	got := strings.Join(models(st.Upstream.Requests()), ",")
	want := "gemini-flash-latest,gemini-flash-latest,gemini-flash-latest,gemini-flash-lite-latest,gemini-flash-lite-latest"
	if got != want {
		t.Errorf("calls %s, want %s", got, want)
	}
}

func TestTheURLToolNeverGetsMoreThanTwentyURLs(t *testing.T) {
	var links []string
	for i := range 25 {
		links = append(links, fmt.Sprintf("https://example.com/page/%d", i))
	}
	evm := []string{"0x52908400098527886E0F7030069857D2E4169EE7", "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", "0xdAC17F958D2ee523a2206206994597C13D831ec7"}
	threeAddresses := fmt.Sprintf(`{"messages":[`+
		`{"role":"user","content":"[Contract Address: %s]\n\nFirst?"},{"role":"assistant","content":"One."},`+
		`{"role":"user","content":"[Contract Address: %s]\n\nSecond?"},{"role":"assistant","content":"Two."},`+
		`{"role":"user","content":"[Contract Address: %s]\n\nAnd this one?"}]}`, evm[0], evm[1], evm[2])
	tests := map[string]struct {
		body     string
		urlTool  bool
		logLine  string
		wantURLs int
	}{
		"25 links in the conversation go without the URL tool": {
			body:    `{"messages":[{"role":"user","content":` + strconv.Quote("Compare these: "+strings.Join(links, " ")) + `}]}`,
			urlTool: false, logLine: "answering without it", wantURLs: 25,
		},
		"three contract addresses add three pages each": {
			body: threeAddresses, urlTool: true, wantURLs: 9,
		},
		"18 links and an address: two of the server's pages": {
			body:    `{"messages":[{"role":"user","content":` + strconv.Quote("[Contract Address: "+evm[0]+"]\n\nSee "+strings.Join(links[:18], " ")) + `}]}`,
			urlTool: true, wantURLs: 20,
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			st := teststack.Start(t, answer)
			resp := st.Post(t, tc.body)
			if resp.StatusCode != http.StatusOK {
				b, _ := io.ReadAll(resp.Body)
				t.Fatalf("status %d: %s", resp.StatusCode, b)
			}
			io.Copy(io.Discard, resp.Body)
			reqs := st.Upstream.Answered()
			if len(reqs) != 1 {
				t.Fatalf("%d answered calls, want 1", len(reqs))
			}
			r := reqs[0]
			if r.HasURLTool() != tc.urlTool || r.URLCount() != tc.wantURLs {
				t.Errorf("URL tool %v with %d URLs; want %v with %d", r.HasURLTool(), r.URLCount(), tc.urlTool, tc.wantURLs)
			}
			if tc.logLine != "" && !strings.Contains(st.Logs.String(), tc.logLine) {
				t.Errorf("the log does not say %q:\n%s", tc.logLine, st.Logs.String())
			}
		})
	}
}

func TestAURLLimitRefusalIsRetriedOnceWithoutTheURLTool(t *testing.T) {
	// An upstream that counts URLs its own way and refuses anyway.
	st := teststack.Start(t, func(r fakeprovider.Request) fakeprovider.Reply {
		if r.HasURLTool() {
			return fakeprovider.Error(400, "INVALID_ARGUMENT", "Number of urls to lookup exceeds the limit (21 > 20)")
		}
		return answer(r)
	}, withModel("gemini-flash-latest"))
	ask(t, st, "What about https://example.com/a?")
	reqs := st.Upstream.Requests()
	if len(reqs) != 2 || !reqs[0].HasURLTool() || reqs[1].HasURLTool() {
		t.Fatalf("calls: %d, want the refused one with the URL tool, then one without", len(reqs))
	}
	if !strings.Contains(st.Logs.String(), "retrying once without the URL tool") {
		t.Errorf("the log does not say so:\n%s", st.Logs.String())
	}
}

func TestTheRequestLogCountsSearchesAndPagesRead(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("Read."),
			fakeprovider.Grounded("", "", nil, []string{"token price", "token audit"}, "", 0, 0),
			fakeprovider.URLContextFinish("STOP", []fakeprovider.URLRead{
				{URL: "https://a.example/1", Status: "URL_RETRIEVAL_STATUS_SUCCESS"},
				{URL: "https://a.example/2", Status: "URL_RETRIEVAL_STATUS_ERROR"},
				{URL: "https://a.example/3", Status: "URL_RETRIEVAL_STATUS_SUCCESS"},
			}, nil))
	})
	ask(t, st, "Read the pages")
	line := st.Logs.WaitRequestLog(t, 1)[0]
	if line["search_queries"] != 2.0 || line["pages_read"] != 2.0 {
		t.Errorf("search_queries %v, pages_read %v; want 2 and 2", line["search_queries"], line["pages_read"])
	}
}

func TestNextDailyResetIsMidnightPacific(t *testing.T) {
	tests := map[string]struct{ at, want string }{
		"winter (PST)":           {"2026-01-15T20:00:00Z", "2026-01-16T08:00:00Z"},
		"summer (PDT)":           {"2026-07-15T20:00:00Z", "2026-07-16T07:00:00Z"},
		"just before midnight":   {"2026-11-25T07:59:59Z", "2026-11-25T08:00:00Z"},
		"at midnight":            {"2026-11-25T08:00:00Z", "2026-11-26T08:00:00Z"},
		"the day DST ends":       {"2026-11-01T12:00:00Z", "2026-11-02T08:00:00Z"},
		"the day DST starts":     {"2026-03-08T12:00:00Z", "2026-03-09T07:00:00Z"},
		"a year without tzdata?": {"2031-06-01T00:00:00Z", "2031-06-01T07:00:00Z"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			at, _ := time.Parse(time.RFC3339, tc.at)
			got := gemini.NextDailyReset(at).UTC().Format(time.RFC3339)
			if got != tc.want {
				t.Errorf("NextDailyReset(%s) = %s, want %s", tc.at, got, tc.want)
			}
		})
	}
}

// Every protocol tells the same wait: the spec's body, the UI message stream's (the spec's
// body too) and Chat Completions' error object, each with the same Retry-After.
func TestEveryProtocolTellsTheSameDailyWait(t *testing.T) {
	clock := testclock.New(noonPacific(t))
	st := teststack.Start(t, answer, teststack.WithUpstream(fakeprovider.WithQuota(fakeprovider.Quota{PerDay: 1}), fakeprovider.WithClock(clock.Now)))
	ask(t, st, "one")
	ask(t, st, "two")
	_, want := refused(t, st.Ask(t, "three"))

	ui := st.Post(t, `{"messages":[{"id":"m1","role":"user","parts":[{"type":"text","text":"four"}]}]}`)
	if _, secs := refused(t, ui); math.Abs(float64(secs-want)) > 2 {
		t.Errorf("UI message stream: Retry-After %d, want %d", secs, want)
	}
	resp := st.PostTo(t, "/v1/chat/completions", `{"model":"crypto-analyst","messages":[{"role":"user","content":"five"}]}`)
	b, _ := io.ReadAll(resp.Body)
	secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
	var body struct {
		Error struct{ Message, Type, Code string } `json:"error"`
	}
	_ = json.Unmarshal(b, &body)
	if resp.StatusCode != 429 || math.Abs(float64(secs-want)) > 2 || !strings.Contains(body.Error.Message, "daily allowance") ||
		body.Error.Code != "rate_limit_exceeded" {
		t.Errorf("Chat Completions: %d, Retry-After %d (want %d): %s", resp.StatusCode, secs, want, b)
	}
	// The SDKs would retry a 429 within a minute on their own: not this one.
	if resp.Header.Get("X-Should-Retry") != "false" {
		t.Errorf("X-Should-Retry = %q, want false", resp.Header.Get("X-Should-Retry"))
	}
	if strings.Contains(string(b), "gemini") {
		t.Errorf("the body names a model: %s", b)
	}
}
