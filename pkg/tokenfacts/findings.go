package tokenfacts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// Thresholds of the findings. They flag what an analyst would point out first; the facts
// themselves are always there for the model to weigh.
const (
	dangerTaxPercent   = 50
	warningTaxPercent  = 10
	thinLiquidityUSD   = 50_000
	newPairHours       = 24
	concentratedTop10  = 50
	unlockedLPPercent  = 50
	highRiskLevel      = 60
	severityOrderCount = 3
)

// finding is a Finding with its topic: the finding in a few words, for the verdict, where
// findings of one topic from several sources are one entry.
type finding struct {
	token.Finding
	topic string
}

// findings derives the conclusions from the facts, most severe first.
func findings(f *token.Facts) []finding {
	var out []finding
	add := func(severity, source, topic, format string, args ...any) {
		out = append(out, finding{token.Finding{Severity: severity, Text: fmt.Sprintf(format, args...), Source: source}, topic})
	}
	marketFindings(f.Market, add)
	historyFindings(f.History, add)
	if s := f.Security; s != nil {
		contractFindings(s.Contract, f.Token.Chain == solanaSlug, add)
		taxFindings(s.Taxes, add)
		simulationFindings(s.Simulation, add)
		holderFindings(s.Holders, add)
		rugCheckFindings(s.RugCheck, add)
		deployerFindings(s.Deployer, add)
	}
	slices.SortStableFunc(out, func(a, b finding) int { return severityRank(a.Severity) - severityRank(b.Severity) })
	return out
}

type addFunc func(severity, source, topic, format string, args ...any)

func severityRank(s string) int {
	switch s {
	case token.SeverityDanger:
		return 0
	case token.SeverityWarning:
		return 1
	}
	return severityOrderCount
}

func marketFindings(m *token.Market, add addFunc) {
	if m == nil {
		return
	}
	mcap := m.MarketCapUSD
	if mcap == nil {
		mcap = m.FDVUSD
	}
	switch {
	case m.LiquidityUSD == nil && m.DEX == "pumpfun":
		add(token.SeverityInfo, token.SourceDexScreener, "Still on a pump.fun bonding curve", "No pool liquidity is reported: the pair still trades on a pump.fun bonding curve.")
	case m.LiquidityUSD == nil:
		add(token.SeverityInfo, token.SourceDexScreener, "No liquidity reported", "DexScreener reports no liquidity for this pair.")
	case *m.LiquidityUSD == 0 && mcap != nil && *mcap > 0:
		add(token.SeverityDanger, token.SourceDexScreener, "Liquidity pulled: $0 in the pool, the pattern of a rug pull", "Liquidity is $0 while the market cap is $%s: the pool has been drained or pulled, the pattern of a rug pull.", usd(*mcap))
	case *m.LiquidityUSD < thinLiquidityUSD:
		add(token.SeverityWarning, token.SourceDexScreener, "Thin liquidity: $"+usd(*m.LiquidityUSD), "Liquidity is only $%s: a small sale moves the price a lot.", usd(*m.LiquidityUSD))
	}
	if m.PairAgeHours != nil && *m.PairAgeHours < newPairHours {
		add(token.SeverityWarning, token.SourceDexScreener, fmt.Sprintf("New pair: %.1f hours old", *m.PairAgeHours), "The pair is very new: created %.1f hours ago.", *m.PairAgeHours)
	}
}

// contractRule turns one contract fact into a finding when it has the value that matters.
type contractRule struct {
	get      func(*token.Contract) *bool
	when     bool
	severity string
	text     string
	solana   int    // 0: any chain, 1: Solana only, -1: EVM only
	topic    string // the finding in a few words, for the verdict
}

var contractRules = []contractRule{
	{func(c *token.Contract) *bool { return c.Honeypot }, true, token.SeverityDanger, "GoPlus flags the token as a honeypot: it may be impossible to sell.", 0, "Honeypot: it cannot be sold"},
	{func(c *token.Contract) *bool { return c.HiddenOwner }, true, token.SeverityDanger, "The contract has a hidden owner.", 0, "Hidden owner"},
	{func(c *token.Contract) *bool { return c.SelfDestruct }, true, token.SeverityDanger, "The contract can self-destruct.", 0, "The contract can self-destruct"},
	{func(c *token.Contract) *bool { return c.BalanceMutable }, true, token.SeverityDanger, "An authority can change holders' balances.", 0, "Balances can be changed"},
	{func(c *token.Contract) *bool { return c.NonTransferable }, true, token.SeverityDanger, "The token cannot be transferred.", 0, "It cannot be transferred"},
	{func(c *token.Contract) *bool { return c.OpenSource }, false, token.SeverityWarning, "The contract's source code is not verified, so its other risks cannot be checked.", 0, "Unverified source code"},
	{func(c *token.Contract) *bool { return c.Proxy }, true, token.SeverityWarning, "The contract is a proxy: its code can be replaced.", 0, "Upgradeable proxy: its code can be replaced"},
	{func(c *token.Contract) *bool { return c.Mintable }, true, token.SeverityWarning, "New tokens can be minted (the mint authority is still active).", 1, "More tokens can be minted"},
	{func(c *token.Contract) *bool { return c.Mintable }, true, token.SeverityWarning, "The contract can mint new tokens.", -1, "More tokens can be minted"},
	{func(c *token.Contract) *bool { return c.Freezable }, true, token.SeverityWarning, "The freeze authority is active: holders' token accounts can be frozen.", 0, "Holders can be frozen"},
	{func(c *token.Contract) *bool { return c.Blacklist }, true, token.SeverityWarning, "The contract can blacklist addresses, which then cannot trade.", 0, "Holders can be blacklisted"},
	{func(c *token.Contract) *bool { return c.TransferPausable }, true, token.SeverityWarning, "Trading can be paused.", 0, "Trading can be paused"},
	{func(c *token.Contract) *bool { return c.TaxModifiable }, true, token.SeverityWarning, "The taxes can be changed by the owner.", 0, "Taxes can be changed"},
	{func(c *token.Contract) *bool { return c.CannotSellAll }, true, token.SeverityWarning, "Holders cannot sell all their tokens at once.", 0, "Holders cannot sell all at once"},
	{func(c *token.Contract) *bool { return c.MetadataMutable }, true, token.SeverityInfo, "The token's metadata (name, symbol, image) can still be changed.", 0, "Metadata can be changed"},
	{func(c *token.Contract) *bool { return c.Trusted }, true, token.SeverityInfo, "The token is on GoPlus's list of trusted tokens.", 0, "On GoPlus's trusted list"},
	{ownerCan(func(o *token.Owner) *bool { return o.CanChangeBalances }), true, token.SeverityDanger, "The owner can change holders' balances.", 0, "Balances can be changed"},
	{ownerCan(func(o *token.Owner) *bool { return o.CanTakeBackOwnership }), true, token.SeverityWarning, "Ownership can be taken back after being renounced.", 0, "Ownership can be taken back"},
}

func ownerCan(get func(*token.Owner) *bool) func(*token.Contract) *bool {
	return func(c *token.Contract) *bool {
		if c.Owner == nil {
			return nil
		}
		return get(c.Owner)
	}
}

func contractFindings(c *token.Contract, solana bool, add addFunc) {
	if c == nil {
		return
	}
	for _, r := range contractRules {
		if (r.solana == 1 && !solana) || (r.solana == -1 && solana) {
			continue
		}
		if v := r.get(c); v != nil && *v == r.when {
			add(r.severity, token.SourceGoPlus, r.topic, "%s", r.text)
		}
	}
	if c.ListedOnCEX != nil && *c.ListedOnCEX {
		listed := "Listed on centralized exchanges"
		if len(c.CEXs) > 0 {
			listed += ": " + strings.Join(c.CEXs, ", ")
		}
		add(token.SeverityInfo, token.SourceGoPlus, "Listed on centralized exchanges", "%s.", listed)
	}
}

func taxFindings(taxes []token.Tax, add addFunc) {
	for _, t := range taxes {
		for _, side := range []struct {
			name string
			v    *float64
		}{{"Buy", t.BuyPercent}, {"Sell", t.SellPercent}, {"Transfer", t.TransferPercent}} {
			switch {
			case side.v == nil:
			case *side.v >= dangerTaxPercent:
				add(token.SeverityDanger, t.Source, side.name+" tax of "+pct(*side.v)+"%", "%s tax of %s%% (%s).", side.name, pct(*side.v), t.Source)
			case *side.v >= warningTaxPercent:
				add(token.SeverityWarning, t.Source, side.name+" tax of "+pct(*side.v)+"%", "%s tax of %s%% (%s).", side.name, pct(*side.v), t.Source)
			}
		}
	}
}

func simulationFindings(s *token.Simulation, add addFunc) {
	if s == nil {
		return
	}
	switch {
	case (s.Honeypot != nil && *s.Honeypot) || s.Risk == "honeypot":
		add(token.SeverityDanger, token.SourceHoneypot, "Honeypot: it cannot be sold", "honeypot.is's simulation could not sell the token: it is a honeypot.")
	case s.Success != nil && !*s.Success:
		add(token.SeverityInfo, token.SourceHoneypot, "Buy and sell could not be simulated", "honeypot.is could not simulate a buy and a sell.")
	case s.RiskLevel != nil && *s.RiskLevel >= highRiskLevel:
		risk := strings.ReplaceAll(s.Risk, "_", " ")
		add(token.SeverityWarning, token.SourceHoneypot, "Simulated risk "+risk, "honeypot.is rates the risk %s (%d/100).", risk, *s.RiskLevel)
	}
}

func holderFindings(h *token.Holders, add addFunc) {
	if h == nil {
		return
	}
	if h.Top10Percent != nil && *h.Top10Percent >= concentratedTop10 {
		add(token.SeverityWarning, token.SourceGoPlus, "Top 10 holders hold "+pct(*h.Top10Percent)+"%", "The top 10 holders (pools, burn addresses and lockers left out) hold %s%% of the supply.", pct(*h.Top10Percent))
	}
	if h.LPLockedPercent != nil && *h.LPLockedPercent < unlockedLPPercent {
		add(token.SeverityWarning, token.SourceGoPlus, "Liquidity can be withdrawn: "+pct(*h.LPLockedPercent)+"% locked", "Only %s%% of the liquidity-pool tokens are locked or burnt: the liquidity can be withdrawn.", pct(*h.LPLockedPercent))
	}
}

func rugCheckFindings(r *token.RugCheck, add addFunc) {
	if r == nil {
		return
	}
	for _, risk := range r.Risks {
		severity := token.SeverityWarning
		switch risk.Level {
		case "danger":
			severity = token.SeverityDanger
		case "warn":
		default:
			continue
		}
		text := "RugCheck: " + risk.Name
		if risk.Value != "" {
			text += " (" + risk.Value + ")"
		}
		add(severity, token.SourceRugCheck, risk.Name, "%s.", text)
	}
}

// usd writes a dollar amount the way a reader scans it: 5.2M, 12.4K, 950.
func usd(v float64) string {
	switch {
	case v >= 1e9:
		return fmt.Sprintf("%.1fB", v/1e9)
	case v >= 1e6:
		return fmt.Sprintf("%.1fM", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.1fK", v/1e3)
	}
	return fmt.Sprintf("%.0f", v)
}

func pct(v float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
}
