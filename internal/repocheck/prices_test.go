package repocheck

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/pkg/gemini"
)

// priceRow is one row of DEPLOY.md's model price table, as its cells read.
type priceRow struct {
	dates, input, output, search string
}

// docPriceRow is how DEPLOY.md writes one row of the Go price table: prices as $0.30, the
// dates a row holds ("all", "until 2026-12-31", "from 2027-01-01", "from … until …"), search
// as "$14 per 1,000 search queries" (3.x) or "$35 per 1,000 grounded prompts" (2.5).
func docPriceRow(p gemini.Price, next *gemini.Price) priceRow {
	var dates []string
	if !p.From.IsZero() {
		dates = append(dates, "from "+p.From.Format(time.DateOnly))
	}
	if next != nil {
		dates = append(dates, "until "+next.From.AddDate(0, 0, -1).Format(time.DateOnly))
	}
	if len(dates) == 0 {
		dates = []string{"all"}
	}
	unit := "grounded prompts"
	if p.PerQuery {
		unit = "search queries"
	}
	return priceRow{
		dates:  strings.Join(dates, " "),
		input:  fmt.Sprintf("$%.2f", p.Input),
		output: fmt.Sprintf("$%.2f", p.Output),
		search: fmt.Sprintf("$%g per 1,000 %s", p.Search, unit),
	}
}

var backticked = regexp.MustCompile("`(gemini-[^`]+)`")

// deployPriceRows reads DEPLOY.md's model price table: each model named in a row's first
// cell, with the row's cells.
func deployPriceRows(md string) map[string][]priceRow {
	rows := map[string][]priceRow{}
	for line := range strings.Lines(md) {
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		if len(cells) != 5 || !strings.HasPrefix(strings.TrimSpace(cells[0]), "`gemini-") {
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		row := priceRow{dates: cells[1], input: cells[2], output: cells[3], search: cells[4]}
		for _, m := range backticked.FindAllStringSubmatch(cells[0], -1) {
			rows[m[1]] = append(rows[m[1]], row)
		}
	}
	return rows
}

// TestDeployPricesMatchTable holds DEPLOY.md's "What a stage costs" to the price table that
// cost_usd is estimated from (pkg/gemini/prices.go): every model and every dated row, with
// the same input, output and search prices, and no model or row the table lacks; the doc
// states the table's date and source.
func TestDeployPricesMatchTable(t *testing.T) {
	const file = "docs/DEPLOY.md"
	md := readFile(t, file)
	doc := deployPriceRows(md)
	table := gemini.DefaultPrices().Rows()
	if len(table) < 5 {
		t.Fatalf("the price table has only %d models; is Rows broken?", len(table))
	}
	for _, model := range slices.Sorted(maps.Keys(table)) {
		prices := table[model]
		var want []priceRow
		for i, p := range prices {
			var next *gemini.Price
			if i+1 < len(prices) {
				next = &prices[i+1]
			}
			want = append(want, docPriceRow(p, next))
		}
		got := doc[model]
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: no price row for `%s` reading | %s | %s | %s | %s | (the model's rows there: %v)",
					file, model, w.dates, w.input, w.output, w.search, got)
			}
		}
		for _, g := range got {
			if !slices.Contains(want, g) {
				t.Errorf("%s: the row for `%s` | %s | %s | %s | %s | is not in pkg/gemini/prices.go (want %v)",
					file, model, g.dates, g.input, g.output, g.search, want)
			}
		}
	}
	for model := range doc {
		if _, ok := table[model]; !ok {
			t.Errorf("%s prices `%s`, which pkg/gemini/prices.go does not", file, model)
		}
	}
	if !strings.Contains(md, "as of "+gemini.PricesAsOf) {
		t.Errorf("%s does not state the prices' date (as of %s)", file, gemini.PricesAsOf)
	}
	if src := regexp.MustCompile(`\(([a-z.]+/[^)]+)\)`).FindStringSubmatch(gemini.PricesSource); src == nil {
		t.Errorf("PricesSource names no page in parentheses: %s", gemini.PricesSource)
	} else if !strings.Contains(md, src[1]) {
		t.Errorf("%s does not name the prices' source %s", file, src[1])
	}
	for _, want := range []string{"`cost_usd`", "`MODEL_PRICES`", "Estimated model cost"} {
		if !strings.Contains(md, want) {
			t.Errorf("%s does not mention %s", file, want)
		}
	}
}
