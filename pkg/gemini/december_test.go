package gemini_test

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/gemini"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
)

// The provider's catalogue of December 2026 (fakeprovider's, from shared/DESIGN.md): on an
// account that used 2.5, its IDs are served by other models, and every answer says so in
// modelStatus and modelVersion.

// decemberNow is the adapter's clock in these tests: after the 2.5 shutdown, within 3.8
// flash's introductory price.
var decemberNow = func() time.Time { return time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC) }

func withClock() teststack.Option {
	return teststack.WithGemini(func(c *gemini.Config) { c.Now = decemberNow })
}

// served is the model version each answered request's log line names, in order.
func served(t *testing.T, st *teststack.Stack, n int) []string {
	t.Helper()
	var out []string
	for _, l := range st.Logs.WaitRequestLog(t, n) {
		v, _ := l["model_version"].(string)
		if v == "" {
			v, _ = l["model"].(string)
		}
		out = append(out, v)
	}
	return out
}

func calledWith(reqs []fakeprovider.Request, model string) []fakeprovider.Request {
	var out []fakeprovider.Request
	for _, r := range reqs {
		if r.Model == model {
			out = append(out, r)
		}
	}
	return out
}

// Default settings on an account that used 2.5: six questions are answered; the first by
// the routed ID (its answer is delivered), the rest by the flash family's alias, never by
// the flash-lite model the retired ID is routed to. The retired ID is called twice at most
// (a refused budget, then the answer that showed the routing); no 3.x model gets a budget
// but that one refused call; the switch is one WARN naming the model, what served it, its
// stage and retirement date; the caller sees none of it.
func TestRoutedFlashGivesWayToItsFamily(t *testing.T) {
	st := teststack.Start(t, answer, withKey(fakeprovider.LegacyKey), withClock())
	for i := range 6 {
		raw, s, _ := ask(t, st, "Is this token safe?")
		if s.Text() != "Risk is high." {
			t.Errorf("question %d: text %q", i+1, s.Text())
		}
		for _, leak := range []string{"gemini", "Gemini", "Google", "Interactions", "RETIRED", "flash"} {
			if strings.Contains(raw, leak) {
				t.Errorf("question %d: the stream shows %q:\n%s", i+1, leak, raw)
			}
		}
	}
	got := served(t, st, 6)
	want := []string{"gemini-3.5-flash-lite", "gemini-3.8-flash", "gemini-3.8-flash", "gemini-3.8-flash", "gemini-3.8-flash", "gemini-3.8-flash"}
	if !slices.Equal(got, want) {
		t.Errorf("answered by %v, want %v", got, want)
	}
	reqs := st.Upstream.Requests()
	if n := len(calledWith(reqs, "gemini-2.5-flash")); n > 2 {
		t.Errorf("the retired ID was called %d times, want at most 2", n)
	}
	refusedBudgets := 0
	for _, r := range reqs {
		if strings.Contains(r.Refused, "budget") {
			refusedBudgets++
		}
		if r.Refused == "" && r.Thinking().Budget != nil {
			t.Errorf("%s got a thinking budget", r.Model)
		}
	}
	if refusedBudgets != 1 {
		t.Errorf("%d refused budgets, want one for the process", refusedBudgets)
	}
	sw := st.Logs.Lines("the provider retired this model")
	if len(sw) != 1 {
		t.Fatalf("%d switch WARNs, want 1:\n%s", len(sw), st.Logs.String())
	}
	w := sw[0]
	if w["level"] != "WARN" || w["model"] != "gemini-2.5-flash" || w["served_by"] != "gemini-3.5-flash-lite" ||
		w["stage"] != "RETIRED" || w["retirement"] != "2026-12-01" || w["next_model"] != "gemini-flash-latest" {
		t.Errorf("switch WARN = %v", w)
	}
}

// model-2.5-pro answers from the pro family, not from the flash model its ID is routed to.
func TestRoutedProGivesWayToThePro(t *testing.T) {
	st := teststack.Start(t, answer, withKey(fakeprovider.LegacyKey), withModel("model-2.5-pro"), withClock())
	for range 4 {
		ask(t, st, "q")
	}
	got := served(t, st, 4)
	if want := []string{"gemini-3.8-flash", "gemini-3.1-pro-preview", "gemini-3.1-pro-preview", "gemini-3.1-pro-preview"}; !slices.Equal(got, want) {
		t.Errorf("answered by %v, want %v", got, want)
	}
	if n := len(calledWith(st.Upstream.Requests(), "gemini-2.5-pro")); n > 2 {
		t.Errorf("the retired ID was called %d times", n)
	}
}

// A new account gets the 404 with the Interactions advice once; nothing of it reaches the
// caller.
func TestNewAccountNeverSeesTheInteractionsAdvice(t *testing.T) {
	st := teststack.Start(t, answer, withClock())
	for range 3 {
		raw, _, _ := ask(t, st, "q")
		if strings.Contains(raw, "Interactions") || strings.Contains(raw, "gemini") {
			t.Errorf("stream: %s", raw)
		}
	}
	if n := len(calledWith(st.Upstream.Requests(), "gemini-2.5-flash")); n != 1 {
		t.Errorf("the closed ID was called %d times, want once", n)
	}
}

// With no other candidate (MODEL_FALLBACKS=none), the routed ID keeps answering, shaped for
// the model that serves it: one refused budget for the process, then levels; the operator
// is told once that there is nothing to switch to.
func TestRoutedIDWithoutFallbacksIsShapedForItsTarget(t *testing.T) {
	st := teststack.Start(t, answer, withKey(fakeprovider.LegacyKey), withClock(), teststack.WithGemini(func(c *gemini.Config) {
		c.Model, _ = c.Model.WithFallbacks([]string{gemini.NoFallbacks})
	}))
	for range 4 {
		ask(t, st, "q")
	}
	reqs := st.Upstream.Requests()
	if len(reqs) != 5 || !strings.Contains(reqs[0].Refused, "budget") {
		t.Fatalf("requests %v, want one refused budget then four answers", models(reqs))
	}
	for _, r := range reqs[1:] {
		if r.Refused != "" || r.Thinking().Budget != nil || r.Thinking().Level != "LOW" {
			t.Errorf("request to %s: thinking %+v, refused %q", r.Model, r.Thinking(), r.Refused)
		}
	}
	if n := len(st.Logs.Lines("the provider retired this model or serves it from another family, and no other")); n != 1 {
		t.Errorf("%d WARNs that nothing is left to switch to, want 1:\n%s", n, st.Logs.String())
	}
}

// TEMPERATURE reaches the models that honour it and no longer goes to those that ignore it
// once an answer named one; the operator is told once per model.
func TestTemperatureOnlyWhereItWorks(t *testing.T) {
	setTemp := teststack.WithGemini(func(c *gemini.Config) { c.Temperature, c.TemperatureSet = 0.2, true })
	t.Run("flash alias ignores it", func(t *testing.T) {
		st := teststack.Start(t, answer, withModel("gemini-flash-latest"), setTemp, withClock())
		for range 3 {
			ask(t, st, "q")
		}
		reqs := st.Upstream.Requests()
		for i, r := range reqs[1:] {
			if _, sent := r.Sampling()["temperature"]; sent {
				t.Errorf("request %d sent temperature to a model known to ignore it", i+2)
			}
		}
		w := st.Logs.Lines("TEMPERATURE is ignored")
		if len(w) != 1 || w[0]["model"] != "gemini-flash-latest" || w[0]["served_by"] != "gemini-3.8-flash" || w[0]["level"] != "WARN" {
			t.Errorf("warnings = %v, want one naming the alias and 3.8 flash", w)
		}
	})
	t.Run("3.8 flash by name is never sent it", func(t *testing.T) {
		st := teststack.Start(t, answer, withModel("gemini-3.8-flash"), setTemp, withClock())
		ask(t, st, "q")
		if _, sent := st.Upstream.Requests()[0].Sampling()["temperature"]; sent {
			t.Error("temperature sent to 3.8 flash")
		}
	})
	t.Run("pro honours it", func(t *testing.T) {
		st := teststack.Start(t, answer, withModel("gemini-3.1-pro-preview"), setTemp, withClock())
		for range 2 {
			ask(t, st, "q")
		}
		for _, r := range st.Upstream.Requests() {
			if v, _ := r.Sampling()["temperature"].(float64); math.Abs(v-0.2) > 1e-6 {
				t.Errorf("temperature sent = %v, want 0.2", r.Sampling()["temperature"])
			}
		}
		if n := len(st.Logs.Lines("TEMPERATURE is ignored")); n != 0 {
			t.Errorf("%d warnings for a model that honours it", n)
		}
	})
	t.Run("unset: no warning", func(t *testing.T) {
		st := teststack.Start(t, answer, withModel("gemini-3.8-flash"), withClock())
		ask(t, st, "q")
		if n := len(st.Logs.Lines("TEMPERATURE is ignored")); n != 0 {
			t.Errorf("%d warnings though TEMPERATURE was not set", n)
		}
	})
}

// A LEGACY model's retirement date is warned once per model, and the model keeps answering.
func TestRetirementDateIsWarnedOnce(t *testing.T) {
	st := teststack.Start(t, answer, withModel("gemini-3.1-flash-lite"), withClock())
	for range 3 {
		ask(t, st, "q")
	}
	w := st.Logs.Lines("the model serving answers has a retirement date")
	if len(w) != 1 || w[0]["level"] != "WARN" || w[0]["model"] != "gemini-3.1-flash-lite" || w[0]["retirement"] != "2027-05-07" || w[0]["stage"] != "LEGACY" {
		t.Errorf("warnings = %v, want one for 3.1 flash-lite retiring 2027-05-07", w)
	}
	if got := models(st.Upstream.Requests()); !slices.Equal(got, []string{"gemini-3.1-flash-lite", "gemini-3.1-flash-lite", "gemini-3.1-flash-lite"}) {
		t.Errorf("models called = %v: a LEGACY model does not give way", got)
	}
}

// Every answer's log line carries cost_usd at the serving model's rates: tokens (thinking
// as output) and searches per executed query on 3.x, per grounded prompt on 2.5.
func TestEveryAnswerCarriesItsCost(t *testing.T) {
	grounded := func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("Risk is high."),
			fakeprovider.Grounded("", "STOP", []fakeprovider.Web{{URI: "https://example.com/a", Title: "A"}}, []string{"token risk", "token price", ""}, "", 0, 0))
	}
	for name, tc := range map[string]struct {
		model  string
		key    string
		search func(queries int) float64
	}{
		"3.8 flash, per query":       {"gemini-3.8-flash", teststack.TestKey, func(q int) float64 { return float64(q) * 14 / 1000 }},
		"2.5 flash-lite, per prompt": {"gemini-2.5-flash-lite", teststack.TestKey, func(int) float64 { return 35.0 / 1000 }},
	} {
		t.Run(name, func(t *testing.T) {
			st := teststack.Start(t, grounded, withModel(tc.model), withKey(tc.key), withClock())
			ask(t, st, "q")
			l := st.Logs.WaitRequestLog(t, 1)[0]
			cost, ok := l["cost_usd"].(float64)
			if !ok {
				t.Fatalf("no cost_usd in %v", l)
			}
			p := gemini.DefaultPrices().Price(tc.model, decemberNow())
			in, out, think := l["prompt_tokens"].(float64), l["completion_tokens"].(float64), l["reasoning_tokens"].(float64)
			// toolUsePromptTokenCount (300 in the fake when the answer is grounded) is input too.
			want := (in+300)*p.Input/1e6 + (out+think)*p.Output/1e6 + tc.search(int(l["search_queries"].(float64))-1)
			if math.Abs(cost-want) > 2e-6 {
				t.Errorf("cost_usd = %v, want %v", cost, want)
			}
		})
	}
	// A routed ID is billed at its target's rates.
	if a, b := gemini.DefaultPrices().Price("gemini-3.7-flash", decemberNow()), gemini.DefaultPrices().Price("gemini-3.8-flash", decemberNow()); a != b {
		t.Errorf("3.7 flash priced %+v, 3.8 flash %+v", a, b)
	}
}
