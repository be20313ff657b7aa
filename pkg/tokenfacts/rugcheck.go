package tokenfacts

import (
	"context"
	"net/url"
	"slices"

	"github.com/chatsvc/chat/pkg/chat/token"
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

// rugCheck is RugCheck's report on a Solana mint.
type rugCheck struct{}

func (rugCheck) Name() string             { return token.SourceRugCheck }
func (rugCheck) API() api                 { return apiRugCheck }
func (rugCheck) Covers(chain string) bool { return chain == solanaSlug }

func (rugCheck) Ask(k *known, cfg *Config) ask {
	return ask{Key: cacheID(k.addr), TTL: cfg.SecurityTTL}
}

func (rugCheck) Fetch(ctx context.Context, call caller, k *known) (*part, *failure) {
	var body rcBody
	if f := call.get(ctx, "/v1/tokens/"+url.PathEscape(k.addr.Value)+"/report/summary", &body); f != nil {
		return nil, f
	}
	r := &part{page: rugCheckPage(k.addr.Value), rugCheck: &token.RugCheck{
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
		r.rugCheck.Risks = append(r.rugCheck.Risks, token.Risk{Name: name, Level: level, Value: cleanText(string(risk.Value), maxSymbolRunes)})
	}
	// Dangers first, so that the cap never drops one for a warning.
	slices.SortStableFunc(r.rugCheck.Risks, func(a, b token.Risk) int { return riskRank(a.Level) - riskRank(b.Level) })
	r.rugCheck.Risks = r.rugCheck.Risks[:min(len(r.rugCheck.Risks), maxListItems)]
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
