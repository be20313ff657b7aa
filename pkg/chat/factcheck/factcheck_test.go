package factcheck_test

import (
	"encoding/json"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/pkg/chat/factcheck"
	"github.com/chatsvc/chat/pkg/chat/token"
)

func ptr[T any](v T) *T { return &v }

var asOf = time.Date(2026, 12, 2, 14, 2, 0, 0, time.UTC)

// panda is the facts of the corpus's token: DexScreener's market data, GoPlus's and
// honeypot.is's taxes (which differ), GoPlus's holders.
func panda() []token.Facts {
	return []token.Facts{{
		Token: token.Token{Address: "0x7e2a1b8c9d0f4e3a6b5c8d7e0f1a2b3c4d5e6f70", Chain: "bsc", Name: "Golden Panda", Symbol: "GPANDA"},
		Market: &token.Market{Source: "DexScreener", AsOf: asOf, PriceUSD: ptr(2.417), LiquidityUSD: ptr(1523055.0),
			MarketCapUSD: ptr(12345678.9), FDVUSD: ptr(14000000.0), Volume24hUSD: ptr(2200400.0), PairAgeHours: ptr(6.0)},
		Security: &token.Security{
			Taxes: []token.Tax{{Source: "GoPlus", BuyPercent: ptr(10.0), SellPercent: ptr(99.0)},
				{Source: "honeypot.is", BuyPercent: ptr(10.5), SellPercent: ptr(100.0)}},
			Contract:   &token.Contract{Source: "GoPlus", AsOf: asOf},
			Simulation: &token.Simulation{Source: "honeypot.is", AsOf: asOf},
			Holders:    &token.Holders{Source: "GoPlus", AsOf: asOf, Top10Percent: ptr(50.07), LPLockedPercent: ptr(0.0)},
		},
	}}
}

type answer struct {
	Name        string   `json:"name"`
	Text        string   `json:"text"`
	Contradicts []string `json:"contradicts"`
}

func corpus(t testing.TB) []answer { return readJSON[[]answer](t, "testdata/answers.json") }

// readJSON decodes the JSON file at path.
func readJSON[T any](t testing.TB, path string) T {
	t.Helper()
	var out T
	b, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(b, &out)
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func contradicted(checks []factcheck.Check) []string {
	var out []string
	for _, c := range checks {
		if c.Verdict == factcheck.Contradicts && !slices.Contains(out, c.Fact) {
			out = append(out, c.Fact)
		}
	}
	sort.Strings(out)
	return out
}

// The corpus of answers (testdata/answers.json, half of them consistent with the facts):
// every contradiction it holds is found and nothing else is flagged. Precision and recall
// are logged for docs/BENCHMARKS.md (go test -run Corpus -v ./pkg/chat/factcheck).
func TestCorpusPrecisionAndRecall(t *testing.T) {
	answers := corpus(t)
	consistent := 0
	var truePos, falsePos, falseNeg int
	for _, a := range answers {
		if len(a.Contradicts) == 0 {
			consistent++
		}
		got := contradicted(factcheck.Verify(a.Text, panda()))
		want := slices.Sorted(slices.Values(a.Contradicts))
		for _, f := range got {
			if slices.Contains(want, f) {
				truePos++
			} else {
				falsePos++
			}
		}
		for _, f := range want {
			if !slices.Contains(got, f) {
				falseNeg++
			}
		}
		switch {
		case slices.ContainsFunc(got, func(f string) bool { return !slices.Contains(want, f) }):
			t.Errorf("%s: contradictions %v, want %v: a false alarm\n  %s\n  checks: %+v", a.Name, got, want, a.Text, factcheck.Verify(a.Text, panda()))
		case !slices.Equal(got, want):
			t.Logf("%s: missed %v of %v\n  %s", a.Name, want, got, a.Text)
		}
	}
	if len(answers) < 40 || consistent < len(answers)/2-1 {
		t.Fatalf("corpus of %d answers, %d consistent: want at least 40, about half consistent", len(answers), consistent)
	}
	precision := float64(truePos) / float64(max(1, truePos+falsePos))
	recall := float64(truePos) / float64(max(1, truePos+falseNeg))
	if precision < 1 || recall < 0.9 {
		t.Errorf("precision %.3f, recall %.3f: want no false alarm and at least 0.9 recall", precision, recall)
	}
	t.Logf("corpus: %d answers (%d consistent); contradictions found %d, false %d, missed %d; precision %.3f, recall %.3f",
		len(answers), consistent, truePos, falsePos, falseNeg, precision, recall)
}

// A contradiction names the stated figure as written, the data's value, its source and
// time; the answer's text is read, never changed.
func TestAContradictionSaysWhatAndWhere(t *testing.T) {
	text := "GPANDA trades at $0.52, and GoPlus shows a sell tax of 99%."
	checks := factcheck.Verify(text, panda())
	want := []factcheck.Check{
		{Fact: factcheck.FactPrice, Stated: "$0.52", Value: 2.417, Source: "DexScreener", AsOf: asOf, Verdict: factcheck.Contradicts},
		{Fact: factcheck.FactSellTax, Stated: "99%", Value: 99, Source: "GoPlus", AsOf: asOf, Verdict: factcheck.Agrees},
	}
	if !slices.Equal(checks, want) {
		t.Errorf("checks = %+v\nwant %+v", checks, want)
	}
}

// Without facts nothing is checked; a token without facts is not the one with facts.
func TestNoFactsNoChecks(t *testing.T) {
	if c := factcheck.Verify("It trades at $0.52.", nil); c != nil {
		t.Errorf("checks without facts: %+v", c)
	}
	two := append(panda(), token.Facts{Token: token.Token{Address: "0x5a3e6a77ba2f983ec0d371ea3b475f8bc0811ad5", Symbol: "LATT"},
		Market: &token.Market{Source: "DexScreener", AsOf: asOf, PriceUSD: ptr(0.4215)}})
	c := factcheck.Verify("LATT trades at $0.42. GPANDA trades at $0.52.", two)
	if got := contradicted(c); !slices.Equal(got, []string{factcheck.FactPrice}) || len(c) != 2 || c[0].Verdict != factcheck.Agrees || c[1].Value != 2.417 {
		t.Errorf("two tokens: %+v", c)
	}
}

// FuzzVerify: the figure reader takes any text without panicking, and every check it makes
// quotes a figure that is in the text.
func FuzzVerify(f *testing.F) {
	for _, a := range corpus(f) {
		f.Add(a.Text)
	}
	f.Add("$$$ 1e309 USD 99999999999999999999999% 1,2,3 million dollars ~$ .5 %")
	f.Fuzz(func(t *testing.T, text string) {
		for _, c := range factcheck.Verify(text, panda()) {
			if !strings.Contains(text, c.Stated) || (c.Verdict != factcheck.Agrees && c.Verdict != factcheck.Contradicts) {
				t.Errorf("check %+v of %q", c, text)
			}
		}
	})
}

func BenchmarkVerify(b *testing.B) {
	var text strings.Builder
	for _, a := range corpus(b) {
		text.WriteString(a.Text + "\n")
	}
	facts := panda()
	b.SetBytes(int64(text.Len()))
	for b.Loop() {
		factcheck.Verify(text.String(), facts)
	}
}
