package factcheck_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/pkg/chat/factcheck"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// otherToken is a second token with a price only.
func otherToken() token.Facts {
	return token.Facts{Token: token.Token{Address: "0x5a3e6a77ba2f983ec0d371ea3b475f8bc0811ad5", Symbol: "LATT"},
		Market: &token.Market{Source: "DexScreener", AsOf: asOf, PriceUSD: ptr(0.4215)}}
}

// Past factcheck.MaxText the figures are counted, not judged; before it, a long clause of
// many figures is read whole, its last figure too.
func TestAuditReadsUpToMaxText(t *testing.T) {
	filler := longClause(factcheck.MaxText + 4096) // 7 figures per ~196 bytes, all agreeing
	tests := []struct {
		name          string
		text          string
		contradicts   []string
		wantUnchecked func(n int) bool
	}{
		{"short answer: nothing left unchecked", "GPANDA trades at $0.52.", []string{factcheck.FactPrice},
			func(n int) bool { return n == 0 }},
		{"a wrong figure at the end of a 16 KB clause is found", strings.TrimSuffix(longClause(16<<10), ".") + ", and the FDV is $99M.",
			[]string{factcheck.FactFDV}, func(n int) bool { return n == 0 }},
		{"a wrong figure past MaxText is counted, not judged", filler + "\nLiquidity is $9M.", nil,
			func(n int) bool { return n >= 8 }},
		{"a wrong figure before MaxText is judged though the answer is longer", "The FDV is $99M.\n" + filler,
			[]string{factcheck.FactFDV}, func(n int) bool { return n > 0 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := factcheck.Audit(tt.text, panda())
			if got := contradicted(r.Checks); strings.Join(got, ",") != strings.Join(tt.contradicts, ",") {
				t.Errorf("contradicts %v, want %v", got, tt.contradicts)
			}
			if !tt.wantUnchecked(r.Unchecked) {
				t.Errorf("unchecked = %d", r.Unchecked)
			}
		})
	}
}

// An answer packed with figures is judged up to factcheck.MaxFigures of them; the rest are
// counted up to twice factcheck.MaxText, and the text past that is not read.
func TestAuditJudgesUpToMaxFigures(t *testing.T) {
	bare := func(n int) string { return strings.Repeat("$1 ", n) + "\n" }
	wrong := "Liquidity is $9M.\n"
	tests := []struct {
		name        string
		text        string
		contradicts []string
		unchecked   int
	}{
		{"a wrong figure among the first is judged", wrong + bare(factcheck.MaxFigures+100), []string{factcheck.FactLiquidity}, 101},
		{"a wrong figure past the budget is counted", bare(factcheck.MaxFigures) + wrong, nil, 1},
		{"the last figure within the budget is judged", bare(factcheck.MaxFigures-1) + wrong, []string{factcheck.FactLiquidity}, 0},
		{"past twice MaxText nothing is counted", bare(20000) + strings.Repeat("word ", 2000) + wrong + bare(1000), nil,
			20000 - factcheck.MaxFigures},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := factcheck.Audit(tt.text, panda())
			if got := contradicted(r.Checks); strings.Join(got, ",") != strings.Join(tt.contradicts, ",") {
				t.Errorf("contradicts %v, want %v", got, tt.contradicts)
			}
			if r.Unchecked != tt.unchecked {
				t.Errorf("unchecked = %d, want %d", r.Unchecked, tt.unchecked)
			}
		})
	}
}

// The words before a figure are read as they stand at that figure, however many figures
// share the clause: a token named, a history word and a return to the present.
func TestWordsBeforeEachFigure(t *testing.T) {
	two := append(panda(), otherToken())
	tests := []struct {
		name        string
		text        string
		contradicts []string
		checks      int
	}{
		{"history, then the present again", "GPANDA hit an all-time high of $44, and now trades at $0.52, with liquidity at $1.5M",
			[]string{factcheck.FactPrice}, 2},
		{"history covers the figures after it", "GPANDA trades at $2.42, it previously traded at $9 and had liquidity of $9M",
			nil, 1},
		{"hypothetical from its word on", "GPANDA trades at $2.42, if liquidity fell to $1M the price would be $0.5",
			nil, 1},
		{"the latest token named decides", "LATT trades at $0.42, GPANDA trades at $0.42, LATT has liquidity of $1.5M",
			[]string{factcheck.FactPrice}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := factcheck.Verify(tt.text, two)
			if got := contradicted(c); strings.Join(got, ",") != strings.Join(tt.contradicts, ",") || len(c) != tt.checks {
				t.Errorf("checks %+v, want %d checks contradicting %v", c, tt.checks, tt.contradicts)
			}
		})
	}
}

// With a time limit, the figures the checks do not come to in time are counted, not judged:
// a limit already passed judges none and counts every figure the checks would have judged,
// and no limit reads as Audit does.
func TestAuditWithinCountsWhatItHasNoTimeFor(t *testing.T) {
	tests := []struct{ name, text string }{
		{"a short answer", "GPANDA trades at $0.52, liquidity $9M, the top 10 holders own 50%."},
		{"a long clause past MaxFigures", longClause(60 << 10)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			all := factcheck.Audit(tt.text, panda())
			judged := len(factcheck.AuditWithin(tt.text, panda(), 0).Checks)
			if judged != len(all.Checks) || judged == 0 {
				t.Fatalf("no limit: %d checks, Audit %d", judged, len(all.Checks))
			}
			none := factcheck.AuditWithin(tt.text, panda(), time.Nanosecond)
			figures := all.Unchecked + min(factcheck.MaxFigures, countFigures(tt.text))
			if len(none.Checks) != 0 || none.Unchecked != figures {
				t.Errorf("a limit already passed: %d checks, %d unchecked; want 0 and %d", len(none.Checks), none.Unchecked, figures)
			}
		})
	}
}

// countFigures is how many figures an answer's first MaxText holds, as the checks count them:
// the unchecked count of the answer after MaxFigures figures that push all of it past the limit.
func countFigures(text string) int {
	return factcheck.Audit(strings.Repeat("$1 ", factcheck.MaxFigures)+"\n"+text, panda()).Unchecked
}
