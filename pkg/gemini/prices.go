package gemini

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"
)

// The price table's date and source. Google bills the model that serves a request: a routed
// ID (2.5 flash since 1 December 2026) is billed at its target's rates, so a cost is read by
// the answer's modelVersion.
const (
	PricesAsOf   = "2026-11-26"
	PricesSource = "Google's Gemini API pricing page (ai.google.dev/gemini-api/docs/pricing), paid tier, prompts up to 200k tokens; " +
		"thinking billed as output; search grounding per executed query on 3.x ($14 per 1,000), per grounded prompt on 2.5 ($35 per 1,000)"
)

// Price is one model's list price. Thinking tokens are billed as output.
type Price struct {
	// Input and Output are USD per million tokens.
	Input  float64 `json:"input"`
	Output float64 `json:"output"`
	// Search is USD per 1,000 billed searches: executed queries when PerQuery (3.x), else
	// grounded prompts (2.5, one per answer that searched).
	Search   float64 `json:"search_per_1000"`
	PerQuery bool    `json:"per_query"`
	// From is the first day the price holds (zero: always); a model's later row takes over.
	From time.Time `json:"-"`
}

// PriceTable is the prices cost_usd is estimated from, by provider model.
type PriceTable struct {
	rows map[string][]Price // model -> rows, by From
}

// day is a price's first day.
func day(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

// defaultPrices is the one price table (PricesAsOf, PricesSource). The free allowances
// (search queries a month, the free tier) are not deducted: cost_usd is the list price.
func defaultPrices() map[string][]Price {
	grounded25 := func(in, out float64) []Price { return []Price{{Input: in, Output: out, Search: 35}} }
	query3 := func(in, out float64) []Price { return []Price{{Input: in, Output: out, Search: 14, PerQuery: true}} }
	// 3.8 flash is at an introductory price through 2026-12-31.
	flash38 := []Price{
		{Input: 0.75, Output: 3.75, Search: 14, PerQuery: true},
		{Input: 1.50, Output: 7.50, Search: 14, PerQuery: true, From: day("2027-01-01")},
	}
	return map[string][]Price{
		"gemini-2.5-flash":       grounded25(0.30, 2.50),
		"gemini-2.5-pro":         grounded25(1.25, 10.00),
		"gemini-2.5-flash-lite":  grounded25(0.10, 0.40),
		"gemini-3.1-pro-preview": query3(2.00, 12.00),
		"gemini-3.1-flash-lite":  query3(0.25, 1.50),
		"gemini-3.5-flash-lite":  query3(0.30, 2.50),
		"gemini-3.5-flash":       query3(1.50, 9.00),
		"gemini-3.6-flash":       query3(1.50, 7.50),
		"gemini-3.7-flash":       flash38, // routed to 3.8 flash since 2026-10-08
		"gemini-3.8-flash":       flash38,
	}
}

// familyPrice is the model whose price stands in for an ID the table lacks: the current
// model of its family.
var familyPrice = map[string]string{
	"flash-lite": "gemini-3.5-flash-lite",
	"flash":      "gemini-3.8-flash",
	"pro":        "gemini-3.1-pro-preview",
	"":           "gemini-3.8-flash",
}

// DefaultPrices is the built-in price table.
func DefaultPrices() *PriceTable { return &PriceTable{rows: defaultPrices()} }

// ParsePrices reads an operator's prices (MODEL_PRICES) over the built-in table: a JSON
// object of provider model IDs, each {"input": USD per 1M tokens, "output": USD per 1M
// tokens, "search_per_1000": USD, "per_query": true|false}. A model named replaces the
// built-in row of that model; the others stay.
func ParsePrices(s string) (*PriceTable, error) {
	t := DefaultPrices()
	if strings.TrimSpace(s) == "" {
		return t, nil
	}
	var over map[string]Price
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&over); err != nil {
		return nil, fmt.Errorf(`not a JSON object such as {"gemini-3.8-flash":{"input":1.5,"output":7.5,"search_per_1000":14,"per_query":true}}: %w`, err)
	}
	for _, id := range slices.Sorted(maps.Keys(over)) {
		p := over[id]
		model := strings.TrimPrefix(strings.ToLower(strings.TrimSpace(id)), "models/")
		if !rawID.MatchString(model) {
			return nil, fmt.Errorf("%q is not a provider model ID such as %s", id, AliasFlash)
		}
		for _, v := range []float64{p.Input, p.Output, p.Search} {
			if v < 0 || v > 1000 || math.IsNaN(v) {
				return nil, fmt.Errorf("%s: prices are USD from 0 to 1000", model)
			}
		}
		t.rows[model] = []Price{p}
	}
	return t, nil
}

// Price is the price of model at time at: the model's own row, else that of the model
// without its -preview suffix, else the current model of its family.
func (t *PriceTable) Price(model string, at time.Time) Price {
	rows, ok := t.rows[model]
	if !ok {
		rows, ok = t.rows[strings.TrimSuffix(model, "-preview")]
	}
	if !ok {
		rows = t.rows[familyPrice[family(model)]]
	}
	var p Price
	for _, r := range rows {
		if r.From.IsZero() || !at.Before(r.From) {
			p = r
		}
	}
	return p
}

// Bill is what one answer is billed for.
type Bill struct {
	// Model is the model that served the answer (its modelVersion).
	Model                                     string
	InputTokens, OutputTokens, ThinkingTokens int64
	// SearchQueries are the executed search queries (an answer with any is a grounded
	// prompt).
	SearchQueries int
}

// Cost is the estimated list price of b in USD at time at.
func (t *PriceTable) Cost(b Bill, at time.Time) float64 {
	p := t.Price(b.Model, at)
	usd := float64(b.InputTokens)*p.Input/1e6 + float64(b.OutputTokens+b.ThinkingTokens)*p.Output/1e6
	switch {
	case p.PerQuery:
		usd += float64(b.SearchQueries) * p.Search / 1000
	case b.SearchQueries > 0:
		usd += p.Search / 1000
	}
	return usd
}

// Rows lists the table for documents: each model with its prices in order of From.
func (t *PriceTable) Rows() map[string][]Price { return maps.Clone(t.rows) }
