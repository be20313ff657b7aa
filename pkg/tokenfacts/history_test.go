package tokenfacts_test

import (
	"encoding/json"
	"io"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/testclock"
	"github.com/chatsvc/chat/pkg/chat/token"
	"github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/tokenfacts"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// The settings table names every API the sources call, and nothing else.
func TestSettingsNameEveryAPI(t *testing.T) {
	var ids []string
	for _, s := range settings.TokenSources {
		ids = append(ids, s.ID)
	}
	if !slices.Equal(ids, tokenfacts.APIs()) {
		t.Errorf("settings.TokenSources = %v, the sources call %v", ids, tokenfacts.APIs())
	}
}

// The fake answers as GeckoTerminal was recorded: newest first, e-notation for small closes,
// skipped intervals, the recorded 404 and 429 bodies.
func TestGeckoTerminalFakeShapes(t *testing.T) {
	fake, url := newFake(t)
	get := func(path string) (int, string) {
		t.Helper()
		resp, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	status, body := get("/api/v2/networks/solana/pools/Ee2Mj4EU3gvsodKgae5t6ayPZ2FKsWMv2P8ksZLNjAX4/ohlcv/hour?aggregate=1&limit=72")
	var b struct {
		Data struct {
			Attributes struct {
				OHLCV [][]float64 `json:"ohlcv_list"`
			} `json:"attributes"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &b); status != http.StatusOK || err != nil {
		t.Fatalf("%d %v: %s", status, err, body)
	}
	rows := b.Data.Attributes.OHLCV
	if len(rows) != 3 || rows[0][0] <= rows[1][0] || !strings.Contains(body, "e-06") {
		t.Errorf("want three rows newest first with e-notation: %s", body)
	}
	_, body = get("/api/v2/networks/eth/pools/0x1f2e3d4c5b6a79880716253443526170a9b8c7d6/ohlcv/day?aggregate=1&limit=31")
	_ = json.Unmarshal([]byte(body), &b)
	if rows := b.Data.Attributes.OHLCV; len(rows) != 30 || rows[0][0]-rows[len(rows)-1][0] != 30*86400 {
		t.Errorf("want 30 daily rows over 31 days (one skipped): %d rows", len(rows))
	}
	if status, body := get("/api/v2/networks/arbitrum/pools/0x6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192/ohlcv/day"); status != 404 || !strings.Contains(body, `"title":"Not Found"`) {
		t.Errorf("unknown pool: %d %s", status, body)
	}
	fake.SetFault(fakesources.GeckoTerminal, fakesources.Fault{Kind: fakesources.RateLimited})
	if status, body := get("/api/v2/networks/eth/pools/0x1f2e3d4c5b6a79880716253443526170a9b8c7d6/ohlcv/day"); status != 429 || !strings.Contains(body, `"error_code":429`) {
		t.Errorf("rate limited: %d %s", status, body)
	}
}

// The most liquid pool's daily closes become the series and its figures; the model gets the
// figures without the series.
func TestPriceHistory(t *testing.T) {
	_, url := newFake(t)
	c := newClient(t, url)
	f := lookupOne(t, c, fakesources.EVMMultiChain)
	h := f.History
	if h == nil {
		t.Fatalf("no history: %v", f.Unavailable)
	}
	if h.Source != tokenfacts.SourceGeckoTerminal || h.Interval != "day" || h.AsOf.IsZero() ||
		h.URL != "https://www.geckoterminal.com/eth/pools/0x1F2e3D4c5B6a79880716253443526170A9b8C7d6" {
		t.Errorf("history header = %+v", h)
	}
	if len(h.Points) != 30 || !slices.IsSortedFunc(h.Points, func(a, b token.Point) int { return int(a.Time - b.Time) }) {
		t.Fatalf("want 30 points oldest first, got %d: %v", len(h.Points), h.Points)
	}
	last := h.Points[len(h.Points)-1]
	if last.Close != 0.4215 || last.Time != fakesources.Now().Truncate(24*time.Hour).Unix() {
		t.Errorf("latest point = %+v", last)
	}
	// From the fixture: 0.4215 now, 0.4937 seven days before, 0.3911 thirty days before,
	// 0.4357 the day before; highest close 0.5806, lowest 0.3702.
	eqFloat(t, "7-day change", h.Change7dPercent, round2((0.4215/0.4937-1)*100))
	eqFloat(t, "30-day change", h.Change30dPercent, round2((0.4215/0.3911-1)*100))
	eqFloat(t, "last day's change", h.LastDayChangePercent, round2((0.4215/0.4357-1)*100))
	eqFloat(t, "drawdown", h.DrawdownPercent, round2((1-0.4215/0.5806)*100))
	if h.High30dUSD == nil || *h.High30dUSD != 0.5806 || h.Low30dUSD == nil || *h.Low30dUSD != 0.3702 {
		t.Errorf("high %v, low %v", h.High30dUSD, h.Low30dUSD)
	}
	if h.HighAt != last.Time-13*86400 {
		t.Errorf("high at %d, want 13 days before the latest", h.HighAt)
	}

	js := string(f.ModelJSON())
	for _, want := range []string{`"change_7d_percent":-14.62`, `"change_30d_percent":7.77`, `"high_30d_usd":0.5806`, `"low_30d_usd":0.3702`, `"drawdown_percent":27.4`} {
		if !strings.Contains(js, want) {
			t.Errorf("the model's facts lack %s: %s", want, js)
		}
	}
	if strings.Contains(js, `"points"`) || strings.Contains(js, "geckoterminal.com") {
		t.Errorf("the model's facts carry the series or the pool page: %s", js)
	}
	full, _ := json.Marshal(f)
	if !strings.Contains(string(full), `"points":[{"time":`) {
		t.Errorf("the caller's facts lack the series: %s", full)
	}
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

// A pair a few hours old gets hourly closes; tiny prices in e-notation are read exactly and
// written in plain decimals.
func TestYoungPairHourlyHistory(t *testing.T) {
	_, url := newFake(t)
	c := newClient(t, url)
	f := lookupOne(t, c, fakesources.SolanaPumpFun)
	h := f.History
	if h == nil || h.Interval != "hour" || len(h.Points) != 3 {
		t.Fatalf("history = %+v (%v)", h, f.Unavailable)
	}
	if h.Points[0].Close != 0.00000311 || h.Change7dPercent != nil || h.Change30dPercent != nil {
		t.Errorf("points %v, 7d %v, 30d %v", h.Points, h.Change7dPercent, h.Change30dPercent)
	}
	eqFloat(t, "change over the series", h.ChangePercent, round2((0.00000912/0.00000311-1)*100))
	if js := string(f.ModelJSON()); !strings.Contains(js, `"low_30d_usd":0.00000311`) {
		t.Errorf("a tiny low is not in plain decimals: %s", js)
	}
}

// A rug's cliff is a warning of its own, and the verdict names the pulled liquidity first.
func TestRugCliff(t *testing.T) {
	_, url := newFake(t)
	f := lookupOne(t, newClient(t, url), fakesources.EVMRugged)
	if f.History == nil || f.History.DrawdownPercent == nil || *f.History.DrawdownPercent < 99 {
		t.Fatalf("history = %+v", f.History)
	}
	if !hasFinding(f, token.SeverityWarning, "The price is 99.88% below its highest close of the last 30 days.") {
		t.Errorf("no drawdown finding: %+v", f.Findings)
	}
	if f.Verdict == nil || f.Verdict.Severity != token.SeverityDanger || !strings.HasPrefix(f.Verdict.Summary, "Liquidity pulled") {
		t.Errorf("verdict = %+v", f.Verdict)
	}
}

// After GeckoTerminal answers 429, no call goes to it for the next token either, the facts say
// "rate limited" at once (a call would hang here), and after a minute it is asked again. A
// Retry-After is honoured.
func TestRateLimitedAPIIsPaused(t *testing.T) {
	for _, tt := range []struct {
		name       string
		retryAfter time.Duration
		pause      time.Duration
	}{
		{"no Retry-After: a minute", 0, time.Minute},
		{"Retry-After: 120", 120 * time.Second, 120 * time.Second},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fake, url := newFake(t)
			clk := testclock.New(fakesources.Now())
			c := newClient(t, url, func(c *tokenfacts.Config) { c.Now = clk.Now; c.Budget = 5 * time.Second })
			fake.SetFault(gt, fakesources.Fault{Kind: fakesources.RateLimited, RetryAfter: tt.retryAfter})
			if got := unavailable(lookupOne(t, c, fakesources.EVMMultiChain), tokenfacts.SourceGeckoTerminal); got != token.ReasonRateLimited {
				t.Fatalf("GeckoTerminal %q, want rate limited", got)
			}
			fake.SetFault(gt, fakesources.Fault{Kind: fakesources.Hang})
			for _, tok := range []string{fakesources.EVMRugged, fakesources.SolanaQuiet} {
				f := lookupOne(t, c, tok)
				if got := unavailable(f, tokenfacts.SourceGeckoTerminal); got != token.ReasonRateLimited || f.Market == nil {
					t.Errorf("%s: GeckoTerminal %q, market %v; want rate limited beside the market", tok, got, f.Market != nil)
				}
			}
			if n := fake.Requests(gt); n != 1 {
				t.Errorf("GeckoTerminal called %d times while paused, want 1", n)
			}
			fake.SetFault(gt, fakesources.Fault{})
			clk.Advance(tt.pause - 5*time.Second)
			lookupOne(t, c, fakesources.EVMHoneypot)
			if n := fake.Requests(gt); n != 1 {
				t.Errorf("GeckoTerminal called before the pause ended (%d calls)", n)
			}
			clk.Advance(10 * time.Second)
			if f := lookupOne(t, c, fakesources.SolanaPumpFun); f.History == nil || fake.Requests(gt) != 2 {
				t.Errorf("GeckoTerminal not asked again after the pause: %d calls, %v", fake.Requests(gt), f.Unavailable)
			}
		})
	}
}

// GoPlus's 4029 (on HTTP 200) pauses both of its lookups for the next token too.
func TestGoPlus4029PausesGoPlus(t *testing.T) {
	fake, url := newFake(t)
	clk := testclock.New(fakesources.Now())
	c := newClient(t, url, func(c *tokenfacts.Config) { c.Now = clk.Now })
	fake.SetFault(gp, fakesources.Fault{Kind: fakesources.RateLimited})
	lookupOne(t, c, fakesources.EVMHoneypot)
	fake.SetFault(gp, fakesources.Fault{Kind: fakesources.Hang})
	f := lookupOne(t, c, fakesources.EVMMultiChain)
	if got := unavailable(f, token.SourceGoPlus); got != token.ReasonRateLimited || f.Security == nil || f.Security.Simulation == nil {
		t.Errorf("GoPlus %q; honeypot.is's simulation must stay: %s", got, f.ModelJSON())
	}
	if n, a := fake.Requests(gp), fake.Requests(gpa); n != 1 || a != 0 {
		t.Errorf("GoPlus called %d times, its address lookup %d, while paused", n, a)
	}
}

// A deployer GoPlus flags is a danger finding naming the wallet, its flags, its malicious
// contracts and GoPlus's data source; a clean deployer is a quiet fact.
func TestDeployerRecord(t *testing.T) {
	_, url := newFake(t)
	c := newClient(t, url)
	f := lookupOne(t, c, fakesources.EVMHoneypot)
	d := f.Security.Deployer
	if d == nil || len(d.Wallets) != 1 {
		t.Fatalf("deployer = %+v", d)
	}
	w := d.Wallets[0]
	if w.Address != "0x5c49eb7b812d679656ecfe14fcb986f67cfeed05" || !slices.Equal(w.Roles, []string{"creator", "owner"}) ||
		w.Flagged == nil || !*w.Flagged || w.DataSource != "SlowMist,BlockSec" || w.MaliciousContractsCreated == nil || *w.MaliciousContractsCreated != 4 {
		t.Errorf("wallet = %+v", w)
	}
	if !slices.Equal(w.Flags, []string{"stealing_attack", "phishing_activities", "honeypot_related_address"}) {
		t.Errorf("flags = %v (an unknown flag must not pass)", w.Flags)
	}
	want := "GoPlus flags the token's creator and owner 0x5c49eb7b812d679656ecfe14fcb986f67cfeed05: stealing attack, phishing activities, " +
		"honeypot related address, 4 malicious contracts created (data: SlowMist, BlockSec)."
	if !hasFinding(f, token.SeverityDanger, want) {
		t.Errorf("no danger finding %q in %+v", want, f.Findings)
	}

	clean := lookupOne(t, c, fakesources.EVMMultiChain)
	if d := clean.Security.Deployer; d == nil || len(d.Wallets) != 1 || d.Wallets[0].Flagged == nil || *d.Wallets[0].Flagged {
		t.Fatalf("clean deployer = %+v", d)
	}
	for _, x := range clean.Findings {
		if strings.Contains(x.Text, "0x82d8767fd8bc99c109eafc862c8512c607e9a870") || strings.Contains(x.Text, "wallet") {
			t.Errorf("a clean deployer became a finding: %+v", x)
		}
	}
}

// The verdict comes from the findings: a honeypot's is danger, its worst findings first with
// the sources that agree; a clean token's is not; no security data is never "clean".
func TestVerdict(t *testing.T) {
	fake, url := newFake(t)
	c := newClient(t, url)
	hp := lookupOne(t, c, fakesources.EVMHoneypot)
	if v := hp.Verdict; v == nil || v.Severity != token.SeverityDanger ||
		!strings.HasPrefix(v.Summary, "Honeypot: it cannot be sold (GoPlus, honeypot.is)") {
		t.Errorf("honeypot verdict = %+v", hp.Verdict)
	}
	clean := lookupOne(t, c, fakesources.EVMMultiChain)
	if v := clean.Verdict; v == nil || v.Severity != token.SeverityInfo || !strings.Contains(v.Summary, "GoPlus, honeypot.is") {
		t.Errorf("clean verdict = %+v", clean.Verdict)
	}
	fake.SetFault(fakesources.Honeypot, fakesources.Fault{Kind: fakesources.ServerError})
	if v := lookupOne(t, newClient(t, url), fakesources.EVMMultiChain).Verdict; v == nil || v.Severity != token.SeverityInfo ||
		!strings.HasSuffix(v.Summary, "(GoPlus); not read: honeypot.is: server error") {
		t.Errorf("a quiet verdict must name what was not read: %+v", v)
	}
	fake.SetFault(fakesources.Honeypot, fakesources.Fault{})
	unlisted := lookupOne(t, c, fakesources.EVMUnlisted)
	if v := unlisted.Verdict; v == nil || v.Severity != token.SeverityWarning || !strings.HasPrefix(v.Summary, "Not checked") {
		t.Errorf("unlisted verdict = %+v", unlisted.Verdict)
	}
	if js := string(hp.ModelJSON()); !strings.Contains(js, `"verdict":{"severity":"danger","summary":"Honeypot`) {
		t.Errorf("the model's facts lack the verdict: %s", js)
	}
}

// An API turned off is neither asked nor listed as unavailable.
func TestSourceOff(t *testing.T) {
	fake, url := newFake(t)
	c := newClient(t, url, func(c *tokenfacts.Config) {
		c.Sources["geckoterminal"] = tokenfacts.SourceConfig{BaseURL: url, Off: true}
	})
	f := lookupOne(t, c, fakesources.EVMMultiChain)
	if f.History != nil || unavailable(f, tokenfacts.SourceGeckoTerminal) != "" || fake.Requests(gt) != 0 {
		t.Errorf("GeckoTerminal off, yet: history %v, %v, %d calls", f.History != nil, f.Unavailable, fake.Requests(gt))
	}
}

// With DexScreener off, an EVM token's other sources cannot learn its chain: they say so
// instead of vanishing, and GoPlus's address lookup, with no wallet to look up, says nothing.
func TestChainSourceOff(t *testing.T) {
	fake, url := newFake(t)
	c := newClient(t, url, func(c *tokenfacts.Config) {
		c.Sources["dexscreener"] = tokenfacts.SourceConfig{BaseURL: url, Off: true}
	})
	f := lookupOne(t, c, fakesources.EVMMultiChain)
	want := []token.Unavailable{u("GoPlus", "chain unknown"), u("honeypot.is", "chain unknown"), u("GeckoTerminal", "chain unknown")}
	if !slices.Equal(f.Unavailable, want) || fake.Requests(dex) != 0 {
		t.Errorf("Unavailable = %v, want %v (%d DexScreener calls)", f.Unavailable, want, fake.Requests(dex))
	}
	if f.Verdict == nil || f.Verdict.Severity != token.SeverityWarning {
		t.Errorf("verdict = %+v, want a warning: nothing was checked", f.Verdict)
	}
}
