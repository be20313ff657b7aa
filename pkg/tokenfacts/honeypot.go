package tokenfacts

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/chatsvc/chat/pkg/chat/contract"
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

// hpResult is honeypot.is's answer, normalised, as cached.
type hpResult struct {
	name, symbol string
	sim          Simulation
	tax          *Tax
}

func (c *Client) fetchHoneypot(ctx context.Context, addr contract.Address, chainID string) (*hpResult, *failure) {
	u := c.cfg.HoneypotURL + "/v2/IsHoneypot?address=" + url.QueryEscape(addr.Value) + "&chainID=" + url.QueryEscape(chainID)
	var body hpBody
	if f := c.getJSON(ctx, request{source: SourceHoneypot, url: u}, &body); f != nil {
		return nil, f
	}
	r := &hpResult{
		name:   cleanText(string(body.Token.v.Name), maxNameRunes),
		symbol: cleanText(string(body.Token.v.Symbol), maxSymbolRunes),
		sim:    simulationOf(&body),
	}
	if body.SimulationResult.ok && (!body.SimulationSuccess.ok || body.SimulationSuccess.v) {
		s := body.SimulationResult.v
		r.tax = percentTax(SourceHoneypot, s.BuyTax, s.SellTax, s.TransferTax)
	}
	return r, nil
}

// simulationOf reads the verdict: each field only if it has a value honeypot.is documents.
func simulationOf(body *hpBody) Simulation {
	var sim Simulation
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

// percentTax keeps taxes already in percent, each within 0..100.
func percentTax(source string, buy, sell, transfer num) *Tax {
	t := Tax{Source: source, BuyPercent: percent(buy), SellPercent: percent(sell), TransferPercent: percent(transfer)}
	if t.BuyPercent == nil && t.SellPercent == nil && t.TransferPercent == nil {
		return nil
	}
	return &t
}

func percent(n num) *float64 {
	if !n.ok || n.v < 0 || n.v > 100 {
		return nil
	}
	return ptr(round(n.v, 2))
}
