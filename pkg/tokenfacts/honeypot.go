package tokenfacts

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// honeypot.is (/v2/IsHoneypot?address=&chainID=, Ethereum, BSC and Base only) simulates a buy
// and a sell. Its taxes are already in percent (GoPlus's are fractions). summary.risk is one of
// unknown, very_low, low, medium, high, very_high, honeypot; riskLevel is 0–100 and absent for
// "unknown"; flags[] have been recorded both as codes and as objects {flag, description,
// severity, severityIndex}. A failed simulation (simulationSuccess false) carries no taxes.

type hpBody struct {
	Token lenient[struct {
		Name   text `json:"name"`
		Symbol text `json:"symbol"`
	}] `json:"token"`
	Summary lenient[struct {
		Risk      text              `json:"risk"`
		RiskLevel num               `json:"riskLevel"`
		Flags     lenient[[]hpFlag] `json:"flags"`
	}] `json:"summary"`
	SimulationSuccess lenient[bool] `json:"simulationSuccess"`
	HoneypotResult    lenient[struct {
		IsHoneypot lenient[bool] `json:"isHoneypot"`
	}] `json:"honeypotResult"`
	SimulationResult lenient[struct {
		BuyTax      num `json:"buyTax"`
		SellTax     num `json:"sellTax"`
		TransferTax num `json:"transferTax"`
	}] `json:"simulationResult"`
}

// hpFlag is a flag sent either as its code or as an object with a "flag" field.
type hpFlag string

func (f *hpFlag) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		*f = hpFlag(cleanCode(s))
		return nil
	}
	var o struct {
		Flag string `json:"flag"`
	}
	if json.Unmarshal(b, &o) == nil {
		*f = hpFlag(cleanCode(o.Flag))
	}
	return nil
}

var honeypotRisks = map[string]bool{
	"unknown": true, "very_low": true, "low": true, "medium": true,
	"high": true, "very_high": true, "honeypot": true,
}

// honeypotIs is honeypot.is's buy/sell simulation, on the chains it simulates.
type honeypotIs struct{}

func (honeypotIs) Name() string { return token.SourceHoneypot }
func (honeypotIs) API() api     { return apiHoneypot }

func (honeypotIs) Covers(chain string) bool {
	ch, ok := evmChainBySlug(chain)
	return ok && ch.honeypotPage != ""
}

func (honeypotIs) Ask(k *known, cfg *Config) ask { return k.onChain(cfg.SecurityTTL) }

func (honeypotIs) Fetch(ctx context.Context, call caller, k *known) (*part, *failure) {
	addr := k.addr
	var body hpBody
	path := "/v2/IsHoneypot?address=" + url.QueryEscape(addr.Value) + "&chainID=" + url.QueryEscape(k.evm.id)
	if f := call.get(ctx, path, &body); f != nil {
		return nil, f
	}
	sim := simulationOf(&body)
	r := &part{
		name:       cleanText(string(body.Token.v.Name), maxNameRunes),
		symbol:     cleanText(string(body.Token.v.Symbol), maxSymbolRunes),
		simulation: &sim,
		page:       honeypotPage(k.evm.honeypotPage, addr.Value),
	}
	if body.SimulationResult.ok && (!body.SimulationSuccess.ok || body.SimulationSuccess.v) {
		s := body.SimulationResult.v
		r.taxes = taxOf(token.SourceHoneypot, 1, s.BuyTax, s.SellTax, s.TransferTax)
	}
	return r, nil
}

// simulationOf reads the verdict: each field only if it has a value honeypot.is documents.
func simulationOf(body *hpBody) token.Simulation {
	var sim token.Simulation
	if body.SimulationSuccess.ok {
		sim.Success = ptr(body.SimulationSuccess.v)
	}
	if hp := body.HoneypotResult.v.IsHoneypot; hp.ok {
		sim.Honeypot = ptr(hp.v)
	}
	summary := body.Summary.v
	if risk := string(summary.Risk); honeypotRisks[risk] {
		sim.Risk = risk
	}
	if lvl := summary.RiskLevel; lvl.ok && lvl.v >= 0 && lvl.v <= 100 {
		sim.RiskLevel = ptr(int(lvl.v))
	}
	for _, f := range summary.Flags.v {
		if f != "" && len(sim.Flags) < maxListItems {
			sim.Flags = append(sim.Flags, string(f))
		}
	}
	return sim
}

// taxOf reads a source's buy, sell and transfer taxes into percent: scale is what makes
// them percent (100 for GoPlus's fractions, 1 for honeypot.is's percent). A tax outside
// 0..100 % is discarded, never clamped; nil when the source gave none.
func taxOf(source string, scale float64, buy, sell, transfer num) *token.Tax {
	t := token.Tax{Source: source, BuyPercent: scaled(buy, scale), SellPercent: scaled(sell, scale), TransferPercent: scaled(transfer, scale)}
	if t.BuyPercent == nil && t.SellPercent == nil && t.TransferPercent == nil {
		return nil
	}
	return &t
}

// scaled is n×scale as a percent within 0..100, rounded to two places, or nil.
func scaled(n num, scale float64) *float64 {
	if !n.ok || n.v < 0 || n.v*scale > 100 {
		return nil
	}
	return ptr(round(n.v*scale, 2))
}

// percent keeps a number already in percent, within 0..100.
func percent(n num) *float64 { return scaled(n, 1) }
