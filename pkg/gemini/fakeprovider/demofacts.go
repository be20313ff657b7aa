package fakeprovider

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// contextHeader opens the server-made context in the system instruction (pkg/chat/prompt's
// ContextHeader; not imported, so that the fake knows the server only by its wire).
const contextHeader = "Server-made context for this request (written by the server, not by the user):"

// demoFacts is the part of the token facts the demo's script reads.
type demoFacts struct {
	Token struct {
		Address, Chain string
	} `json:"token"`
	Market *struct {
		Source       string   `json:"source"`
		AsOf         string   `json:"as_of"`
		PriceUSD     *float64 `json:"price_usd"`
		LiquidityUSD *float64 `json:"liquidity_usd"`
	} `json:"market"`
	Verdict *struct {
		Severity, Summary string
	} `json:"verdict"`
	History *struct {
		Source           string
		Interval         string
		ChangePercent    *float64 `json:"change_percent"`
		Change7dPercent  *float64 `json:"change_7d_percent"`
		Change30dPercent *float64 `json:"change_30d_percent"`
		High             *float64 `json:"high_30d_usd"`
		Low              *float64 `json:"low_30d_usd"`
		DrawdownPercent  *float64 `json:"drawdown_percent"`
	} `json:"history"`
	Findings []struct {
		Severity, Text, Source string
	} `json:"findings"`
	Sources []struct {
		Name, URL string
	} `json:"sources"`
	Identified *struct {
		By           string `json:"by"`
		Alternatives *int   `json:"alternatives"`
		Copycats     []struct {
			Address, Chain string
			Liquidity      float64 `json:"liquidity_usd"`
		} `json:"copycats"`
	} `json:"identified"`
}

// demoCandidates is a name or ticker that matched several tokens, as the server put it into
// the system instruction.
type demoCandidates struct {
	Query      string `json:"query"`
	Candidates []struct {
		Address, Chain, Name, Symbol string
		Liquidity                    float64 `json:"liquidity_usd"`
		Created                      string  `json:"pair_created_at"`
	} `json:"candidates"`
}

// serverContext is the server-made context the server put into the system instruction.
type serverContext struct {
	ContractAddresses []struct {
		Facts *demoFacts `json:"facts"`
	} `json:"contractAddresses"`
	TokenCandidates []demoCandidates `json:"tokenCandidates"`
}

// known reports whether the sources knew the token: market data or a finding.
func (f demoFacts) known() bool { return f.Market != nil || len(f.Findings) > 0 }

// contextOf reads the server-made context of the system instruction.
func contextOf(req Request) (ctx serverContext) {
	si := req.Body.SystemInstruction
	if si == nil {
		return ctx
	}
	var text strings.Builder
	for _, p := range si.Parts {
		text.WriteString(p.Text)
	}
	if _, block, ok := strings.Cut(text.String(), contextHeader); ok {
		_ = json.Unmarshal([]byte(strings.TrimSpace(block)), &ctx)
	}
	return ctx
}

// candidatesOf reads the candidates the server listed for a name or ticker.
func candidatesOf(req Request) []demoCandidates { return contextOf(req).TokenCandidates }

// factsOf reads the token facts the server put into the system instruction.
func factsOf(req Request) []demoFacts {
	ctx := contextOf(req)
	var out []demoFacts
	for _, c := range ctx.ContractAddresses {
		if c.Facts != nil {
			out = append(out, *c.Facts)
		}
	}
	return out
}

// severityRank orders findings, the worst first.
var severityRank = map[string]int{"danger": 0, "warning": 1, "info": 2}

// factsAnswer is the demo's scripted answer for a question that came with token facts: it
// states the facts' figures as they are, names the findings with their sources (a honeypot
// is called one) and cites the facts' pages. The token's name and symbol, which its deployer
// chose, are never repeated.
//
// With misquote, the answer states a price ten times the facts' one, as a model that
// misreads its data would: the server's fact check then reports a contradiction.
func factsAnswer(facts []demoFacts, misquote bool) Reply {
	f := facts[len(facts)-1] // the latest address
	chunks := []Chunk{Text(DemoNotice + "\n\n## Token overview\n\n")}
	chunks = append(chunks, Text(fmt.Sprintf("Contract `%s` on %s. ", f.Token.Address, orUnknown(f.Token.Chain))))
	if line := identifiedLine(f); line != "" {
		chunks = append(chunks, Text(line))
	}
	if m := f.Market; m != nil {
		var parts []string
		if m.PriceUSD != nil {
			price := *m.PriceUSD
			if misquote {
				price *= 10
			}
			parts = append(parts, "a price of $"+strconv.FormatFloat(price, 'f', -1, 64))
		}
		if m.LiquidityUSD != nil {
			parts = append(parts, "liquidity of $"+strconv.FormatFloat(*m.LiquidityUSD, 'f', 0, 64))
		}
		if len(parts) > 0 {
			asOf := m.AsOf
			if t, err := time.Parse(time.RFC3339Nano, m.AsOf); err == nil {
				asOf = t.UTC().Format("15:04 UTC")
			}
			chunks = append(chunks, Text(fmt.Sprintf("%s reports %s (read at %s).\n\n", m.Source, strings.Join(parts, " and "), asOf)))
		}
	} else {
		chunks = append(chunks, Text("No market data was available.\n\n"))
	}
	if line := historyLine(f); line != "" {
		chunks = append(chunks, Text(line+"\n\n"))
	}
	chunks = append(chunks, Text("## Risk assessment\n\n"))
	if v := f.Verdict; v != nil {
		chunks = append(chunks, Text(fmt.Sprintf("The server's verdict is **%s**: %s.\n\n", v.Severity, v.Summary)))
	}
	chunks = append(chunks, riskLines(f)...)
	chunks = append(chunks, Text("This is information, not financial advice: do your own research, and never invest more than you can afford to lose."))
	var web []Web
	for _, s := range f.Sources {
		web = append(web, Web{URI: s.URL, Title: s.Name})
	}
	chunks = append(chunks, Grounded("", "STOP", web, nil, "", 0, 0))
	return Stream(100*time.Millisecond, chunks...)
}

// riskLines are the findings, the worst first, each with its source, and the overall risk
// they add up to.
func riskLines(f demoFacts) []Chunk {
	var chunks []Chunk
	worst := 3
	for rank := range 3 {
		for _, fd := range f.Findings {
			if severityRank[fd.Severity] == rank {
				line := fmt.Sprintf("- **%s:** %s", fd.Severity, fd.Text)
				if !strings.Contains(fd.Text, fd.Source) {
					line += " (" + fd.Source + ")"
				}
				chunks = append(chunks, Text(line+"\n"))
				worst = min(worst, rank)
			}
		}
	}
	level := map[int]string{0: "very high", 1: "high", 2: "medium", 3: "unknown: the facts show no finding, which is no evidence of safety"}[worst]
	if worst >= 2 && f.Verdict != nil && f.Verdict.Severity == "info" {
		level = "lower, as far as these sources can tell: no red flags in the security data, which is no guarantee"
	}
	chunks = append(chunks, Text(fmt.Sprintf("\n**Overall risk: %s.**\n\n", level)))
	return chunks
}

// historyLine states the price history's figures as the facts give them.
func historyLine(f demoFacts) string {
	h := f.History
	if h == nil {
		return ""
	}
	var parts []string
	pct := func(label string, v *float64) {
		if v != nil {
			parts = append(parts, fmt.Sprintf("%s %+.2f%%", label, *v))
		}
	}
	pct("7-day change", h.Change7dPercent)
	pct("30-day change", h.Change30dPercent)
	if h.Change7dPercent == nil && h.Change30dPercent == nil {
		pct("change since its first "+h.Interval, h.ChangePercent)
	}
	if h.High != nil && h.Low != nil {
		parts = append(parts, "a 30-day range of $"+strconv.FormatFloat(*h.Low, 'f', -1, 64)+" to $"+strconv.FormatFloat(*h.High, 'f', -1, 64))
	}
	if h.DrawdownPercent != nil && *h.DrawdownPercent > 0 {
		parts = append(parts, fmt.Sprintf("%.2f%% below its highest close", *h.DrawdownPercent))
	}
	if len(parts) == 0 {
		return ""
	}
	return "Price history (" + h.Source + "): " + strings.Join(parts, "; ") + "."
}

func orUnknown(s string) string {
	if s == "" {
		return "an unknown chain"
	}
	return s
}

// identifiedLine says how the server found the token, and warns of its copycats.
func identifiedLine(f demoFacts) string {
	id := f.Identified
	if id == nil || id.By != "search" || id.Alternatives == nil {
		return ""
	}
	if *id.Alternatives == 0 {
		return "The server found it by searching its ticker; no other token uses it. "
	}
	line := fmt.Sprintf("The server found it by searching its ticker; %d other tokens use the same one, with far shallower pools", *id.Alternatives)
	if len(id.Copycats) > 0 {
		c := id.Copycats[0]
		line += fmt.Sprintf(" (for example `%s` on %s, $%s of liquidity)", c.Address, c.Chain, strconv.FormatFloat(c.Liquidity, 'f', 0, 64))
	}
	return line + ": check the address before you buy. "
}

// candidatesAnswer is the demo's answer when a name or ticker matched several tokens and the
// server picked none: it lists them and asks which one is meant, analysing none.
func candidatesAnswer(cands []demoCandidates) Reply {
	c := cands[0]
	chunks := []Chunk{Text(DemoNotice + "\n\n"), Text(fmt.Sprintf("Several tokens use **%s**, with pools of comparable depth, so I won't guess which one you mean:\n\n", c.Query))}
	for _, t := range c.Candidates {
		age := ""
		if at, err := time.Parse(time.RFC3339, t.Created); err == nil {
			age = ", pool created " + at.UTC().Format("2006-01-02")
		}
		chunks = append(chunks, Text(fmt.Sprintf("- `%s` on %s: liquidity $%s%s\n", t.Address, t.Chain, strconv.FormatFloat(t.Liquidity, 'f', 0, 64), age)))
	}
	chunks = append(chunks, Text("\nWhich one do you mean? Paste its address (or pick it on the page) and I'll analyse that one. Copycats often share a popular ticker: the address is what tells them apart."),
		Grounded("", "STOP", nil, nil, "", 0, 0))
	return Stream(100*time.Millisecond, chunks...)
}
