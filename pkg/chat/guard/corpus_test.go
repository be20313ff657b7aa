package guard_test

import (
	_ "embed"
	"fmt"
	"strings"
	"testing"
)

//go:embed testdata/corpus.tsv
var corpus string

// Bars of the corpus test, set a little under what the guard measured when the corpus was
// collected (docs/BENCHMARKS.md): a change that loses a disclosure or cuts a mention more
// than that fails. Disclosures weigh more: one that passes reaches a caller.
const (
	minRemoved = 0.85 // of the disclosures
	minPassed  = 0.60 // of the legitimate mentions
)

// The guard on text it was not written against: how many disclosures it removes and how many
// mentions it lets through whole, by language. The figures are printed; the test fails below
// the bars.
func TestCorpus(t *testing.T) {
	type tally struct{ n, ok int }
	by := map[string]*tally{}
	var misses []string
	for line := range strings.Lines(corpus) {
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		if len(f) != 4 {
			t.Fatalf("corpus line %q: want 4 fields", line)
		}
		kind, lang, text := f[0], f[1], f[2]
		got, removed := feed(text, 7)
		ok := kind == "discloses" && len(removed) > 0 || kind == "mention" && got == text
		for _, k := range []string{kind, kind + " " + lang} {
			if by[k] == nil {
				by[k] = &tally{}
			}
			by[k].n++
			if ok {
				by[k].ok++
			}
		}
		if !ok {
			misses = append(misses, fmt.Sprintf("%s %s: %q -> %q", kind, lang, text, got))
		}
	}
	for _, k := range []string{"discloses", "mention"} {
		if by[k] == nil {
			t.Fatalf("no %s in the corpus", k)
		}
	}
	rm, ps := by["discloses"], by["mention"]
	t.Logf("disclosures removed: %d of %d; mentions passed whole: %d of %d", rm.ok, rm.n, ps.ok, ps.n)
	for _, m := range misses {
		t.Log("miss:", m)
	}
	if float64(rm.ok) < minRemoved*float64(rm.n) || float64(ps.ok) < minPassed*float64(ps.n) {
		t.Errorf("below the bars (%.0f%% removed, %.0f%% passed)", 100*minRemoved, 100*minPassed)
	}
}
