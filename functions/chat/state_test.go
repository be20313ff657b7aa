package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/dynalite"
	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// pair starts two servers, as two instances of the function, with the same settings: one
// fake provider, one set of fake token APIs, and STATE_TABLE naming table in one dynalite.
func pair(t *testing.T, d *dynalite.Dynalite, table string, extra map[string]string, upstream ...fakeprovider.Option) (a, b string, up *fakeprovider.Server, facts *fakesources.Server, logs []*teststack.Logs) {
	t.Helper()
	up = fakeprovider.NewServer(func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("An answer."), fakeprovider.Finish("STOP"))
	}, upstream...)
	t.Cleanup(up.Close)
	facts = fakesources.New()
	srv := httptest.NewServer(facts)
	t.Cleanup(func() { facts.Close(); srv.Close() })
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	start := func() string {
		env := map[string]string{
			"AIPROVIDER_BASE_URL":              up.BaseURL(),
			"AIPROVIDER_GENERATIVE_AI_API_KEY": "k",
			"STATE_TABLE":                      table,
			"GECKOTERMINAL_BASE_URL":           srv.URL,
		}
		for k, v := range d.Env() {
			env[k] = v
		}
		for k, v := range extra {
			env[k] = v
		}
		url, log, _, _ := serve(t, ctx, teststack.WithFakeTokenData(t, withSources(env, srv.URL)))
		logs = append(logs, log)
		return url
	}
	return start(), start(), up, facts, logs
}

// withSources points every token API at the one fake at url.
func withSources(env map[string]string, url string) map[string]string {
	for _, k := range []string{"DEXSCREENER_BASE_URL", "GOPLUS_BASE_URL", "HONEYPOT_BASE_URL", "RUGCHECK_BASE_URL", "GECKOTERMINAL_BASE_URL"} {
		env[k] = url
	}
	return env
}

// question asks one server about the fixture token; it returns the response, unread.
func question(t *testing.T, url, path, body string) *http.Response {
	t.Helper()
	resp, err := http.Post(url+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

const aboutToken = `{"messages":[{"role":"user","content":"[Contract Address: ` + fakesources.EVMMultiChain + `]\n\nIs it safe?"}]}`

// TestTwoInstancesShareOneTable: facts read once, a 429 pause honoured by both.
func TestTwoInstancesShareOneTable(t *testing.T) {
	d := dynalite.Start(t)
	d.Table(t, "chat-state")
	a, b, _, facts, _ := pair(t, d, "chat-state", nil)
	facts.SetFault(fakesources.GeckoTerminal, fakesources.Fault{Kind: fakesources.RateLimited, RetryAfter: time.Minute})
	teststack.ReadStream(t, question(t, a, "/api/chat", aboutToken).Body)
	time.Sleep(300 * time.Millisecond) // the first instance's follow-up fetches land
	before := map[fakesources.API]int64{}
	for _, api := range []fakesources.API{fakesources.DexScreener, fakesources.GoPlus, fakesources.Honeypot, fakesources.GeckoTerminal} {
		before[api] = facts.Requests(api)
		if before[api] == 0 {
			t.Fatalf("the first instance did not call %s", api)
		}
	}
	teststack.ReadStream(t, question(t, b, "/api/chat", aboutToken).Body)
	time.Sleep(300 * time.Millisecond)
	for api, n := range before {
		if got := facts.Requests(api); got != n {
			t.Errorf("%s: %d calls after the second instance asked; want the first's %d (read once, or paused)", api, got, n)
		}
	}
}

// TestBudgetSpentThroughOneRefusesAtTheOther: one answer spends the day's budget at the
// first instance; the second refuses in every protocol with the specification's 429, the
// daily budget named, Retry-After to midnight UTC, without calling the model.
func TestBudgetSpentThroughOneRefusesAtTheOther(t *testing.T) {
	d := dynalite.Start(t)
	d.Table(t, "chat-state")
	a, b, up, _, _ := pair(t, d, "chat-state", map[string]string{"DAILY_BUDGET_USD": "0.000001"})
	s := teststack.ReadStream(t, question(t, a, "/api/chat", `{"messages":[{"role":"user","content":"hi"}]}`).Body)
	if s.Text() != "An answer." {
		t.Fatalf("first answer: %s", s.Describe())
	}
	time.Sleep(2100 * time.Millisecond) // the second instance's last read of the spend is stale (state.DefaultRecheck)
	calls := up.Received()
	for _, tc := range []struct{ path, body string }{
		{"/api/chat", `{"messages":[{"role":"user","content":"hi"}]}`},
		{"/api/chat", `{"messages":[{"id":"1","role":"user","parts":[{"type":"text","text":"hi"}]}]}`},
		{"/v1/chat/completions", `{"model":"crypto-analyst","messages":[{"role":"user","content":"hi"}]}`},
	} {
		resp := question(t, b, tc.path, tc.body)
		var body struct {
			Error   any    `json:"error"`
			Details string `json:"details"`
		}
		_ = json.NewDecoder(resp.Body).Decode(&body)
		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		now := time.Now().UTC()
		toMidnight := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, time.UTC).Sub(now).Seconds()
		if resp.StatusCode != http.StatusTooManyRequests || float64(secs) < toMidnight-5 || float64(secs) > toMidnight+5 {
			t.Errorf("%s: status %d, Retry-After %q; want 429 and the %.0f s to midnight UTC", tc.path, resp.StatusCode, resp.Header.Get("Retry-After"), toMidnight)
		}
		if tc.path == "/api/chat" && (body.Error != "Rate limit exceeded" || !strings.Contains(body.Details, "daily budget is spent")) {
			t.Errorf("%s: body %+v; want the specification's 429 naming the daily budget", tc.path, body)
		}
	}
	if up.Received() != calls {
		t.Errorf("the refusing instance called the model: %d calls, want %d", up.Received(), calls)
	}
}

// TestMissingTableStillAnswers: a STATE_TABLE that does not exist leaves the state in
// process memory; the answer comes as before, and the outage is logged once.
func TestMissingTableStillAnswers(t *testing.T) {
	d := dynalite.Start(t)
	a, _, _, _, logs := pair(t, d, "no-such-table", map[string]string{"DAILY_BUDGET_USD": "5"})
	for range 2 {
		s := teststack.ReadStream(t, question(t, a, "/api/chat", aboutToken).Body)
		if s.Text() != "An answer." {
			t.Fatalf("answer with a missing table: %s", s.Describe())
		}
	}
	logs[0].WaitRequestLog(t, 2)
	if n := len(logs[0].Lines("state: the shared store failed; the state stays in process memory until it answers again")); n != 1 {
		t.Errorf("the missing table was logged %d times; want once:\n%s", n, logs[0].String())
	}
}
