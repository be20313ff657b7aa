package tokenfacts

import (
	"context"
	"net/url"
	"slices"

	"github.com/chatsvc/chat/pkg/chat/contract"
)

// RugCheck (/v1/tokens/{mint}/report/summary, Solana only) answers a score, a normalised score,
// the risks it raised ({name, value, description, score, level: warn|danger}) and lpLockedPct,
// a percent computed from one market that is often 0 for tokens whose liquidity sits
// elsewhere. An unknown mint is a 400 with {"error":"not found"}. Descriptions are not kept:
// the name says the same in fewer words, and every token-supplied word is one more place for
// an injection.

type rcBody struct {
	Score           num               `json:"score"`
	ScoreNormalised num               `json:"score_normalised"`
	Risks           lenient[[]rcRisk] `json:"risks"`
	LPLockedPct     num               `json:"lpLockedPct"`
}

type rcRisk struct {
	Name  text `json:"name"`
	Value text `json:"value"`
	Level text `json:"level"`
}

var rugCheckLevels = map[string]bool{"danger": true, "warn": true, "info": true}

// rcResult is RugCheck's answer, normalised, as cached.
type rcResult struct {
	report RugCheck
}

func (c *Client) fetchRugCheck(ctx context.Context, addr contract.Address) (*rcResult, *failure) {
	u := c.cfg.RugCheckURL + "/v1/tokens/" + url.PathEscape(addr.Value) + "/report/summary"
	var body rcBody
	if f := c.getJSON(ctx, request{source: SourceRugCheck, url: u}, &body); f != nil {
		return nil, f
	}
	r := &rcResult{report: RugCheck{
		Score:           nonNegative(body.Score),
		ScoreNormalised: nonNegative(body.ScoreNormalised),
		LPLockedPercent: percent(body.LPLockedPct),
	}}
	for _, risk := range body.Risks.v {
		name := cleanText(string(risk.Name), maxRiskRunes)
		if name == "" {
			continue
		}
		level := string(risk.Level)
		if !rugCheckLevels[level] {
			level = ""
		}
		r.report.Risks = append(r.report.Risks, Risk{Name: name, Level: level, Value: cleanText(string(risk.Value), maxSymbolRunes)})
	}
	// Dangers first, so that the cap never drops one for a warning.
	slices.SortStableFunc(r.report.Risks, func(a, b Risk) int { return riskRank(a.Level) - riskRank(b.Level) })
	r.report.Risks = r.report.Risks[:min(len(r.report.Risks), maxListItems)]
	return r, nil
}

func riskRank(level string) int {
	switch level {
	case "danger":
		return 0
	case "warn":
		return 1
	}
	return 2
}
