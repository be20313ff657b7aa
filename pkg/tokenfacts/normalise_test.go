package tokenfacts_test

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/chatsvc/chat/pkg/chat/token"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// Every normalisation point, token by token, through the real client against the fake.
func TestNormalise(t *testing.T) {
	_, url := newFake(t)
	c := newClient(t, url)
	tests := []struct {
		name  string
		token string
		check func(t *testing.T, f token.Facts)
	}{
		{"EVM on two chains: the most liquid base pair decides", fakesources.EVMMultiChain, checkMultiChain},
		{"EVM honeypot: taxes in percent from both sources", fakesources.EVMHoneypot, checkHoneypot},
		{"EVM rugged: zero liquidity, unknown stays unknown", fakesources.EVMRugged, checkRugged},
		{"EVM hostile: name clipped and stripped, no token links", fakesources.EVMHostile, checkHostile},
		{"EVM unlisted: no chain, no security guess", fakesources.EVMUnlisted, checkUnlisted},
		{"Solana pump.fun: no liquidity, partial price change", fakesources.SolanaPumpFun, checkPumpFun},
		{"Solana authorities, RugCheck not found", fakesources.SolanaQuiet, checkQuiet},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.check(t, lookupOne(t, c, tt.token))
		})
	}
}

func checkMultiChain(t *testing.T, f token.Facts) {
	if f.Token.Chain != "ethereum" || f.Token.ChainID != "1" || f.Token.Name != "Lattice Protocol" || f.Token.Symbol != "LTC3" {
		t.Errorf("Token = %+v", f.Token)
	}
	m := f.Market
	if m == nil {
		t.Fatalf("no market; unavailable %v", f.Unavailable)
	}
	eqFloat(t, "price", m.PriceUSD, 0.4215) // a string upstream
	eqFloat(t, "24h change", m.Change24hPercent, -3.27)
	eqFloat(t, "1h change", m.Change1hPercent, -0.84)
	eqFloat(t, "liquidity", m.LiquidityUSD, 1850000.25) // not the quote-side 9M, not avalanche's 5M
	eqFloat(t, "volume", m.Volume24hUSD, 912345.5)
	eqFloat(t, "market cap", m.MarketCapUSD, 31870000)
	eqFloat(t, "fdv", m.FDVUSD, 42150000)
	created := time.UnixMilli(1700000000000).UTC()
	if m.PairCreatedAt == nil || !m.PairCreatedAt.Equal(created) {
		t.Errorf("pair created = %v, want %v", m.PairCreatedAt, created)
	}
	eqFloat(t, "pair age", m.PairAgeHours, 20101.8)
	if m.DEX != "uniswap" || m.PairsFound != 3 || !slices.Equal(m.OtherChains, []string{"base"}) {
		t.Errorf("dex %q, pairs %d, other chains %v; want uniswap, 3, [base]", m.DEX, m.PairsFound, m.OtherChains)
	}
	if want := "https://dexscreener.com/ethereum/0x1f2e3d4c5b6a79880716253443526170a9b8c7d6"; m.PairURL != want {
		t.Errorf("pair URL = %q, want %q", m.PairURL, want)
	}
	ct := f.Security.Contract
	eqBool(t, "honeypot", ct.Honeypot, false)
	eqBool(t, "open source", ct.OpenSource, true)
	eqBool(t, "mintable", ct.Mintable, false)
	eqBool(t, "renounced", ct.Owner.Renounced, true)
	eqBool(t, "listed on CEX", ct.ListedOnCEX, true)
	if !slices.Equal(ct.CEXs, []string{"Binance", "OKX"}) {
		t.Errorf("CEXs = %v", ct.CEXs)
	}
	h := f.Security.Holders
	if h.Count == nil || *h.Count != 48213 {
		t.Errorf("holder count = %v", h.Count)
	}
	// The pool, the burn address and the locker are left out of the top 10.
	eqFloat(t, "top 10", h.Top10Percent, 14.8)
	if h.Excluded != 3 || h.Discarded != 0 {
		t.Errorf("excluded %d, discarded %d; want 3, 0", h.Excluded, h.Discarded)
	}
	eqFloat(t, "LP locked", h.LPLockedPercent, 92.13)
	eqFloat(t, "GoPlus sell tax", taxOf(f, token.SourceGoPlus).SellPercent, 0.5)
	eqFloat(t, "honeypot.is sell tax", taxOf(f, token.SourceHoneypot).SellPercent, 0.48)
	if s := f.Security.Simulation; s.Risk != "low" || s.RiskLevel == nil || *s.RiskLevel != 1 {
		t.Errorf("simulation = %+v", s)
	}
	wantSources := []token.Source{
		{Name: "DexScreener", URL: "https://dexscreener.com/ethereum/0x1f2e3d4c5b6a79880716253443526170a9b8c7d6"},
		{Name: "GoPlus", URL: "https://gopluslabs.io/token-security/1/" + fakesources.EVMMultiChain},
		{Name: "honeypot.is", URL: "https://honeypot.is/ethereum?address=" + fakesources.EVMMultiChain},
	}
	if !slices.Equal(f.Sources, wantSources) {
		t.Errorf("Sources = %v, want %v", f.Sources, wantSources)
	}
	if len(f.Unavailable) != 0 {
		t.Errorf("Unavailable = %v", f.Unavailable)
	}
	if !hasFinding(f, token.SeverityInfo, "Listed on centralized exchanges: Binance, OKX.") {
		t.Errorf("Findings = %v", f.Findings)
	}
	for _, x := range f.Findings {
		if x.Severity != token.SeverityInfo {
			t.Errorf("clean token has finding %+v", x)
		}
	}
}

func checkHoneypot(t *testing.T, f token.Facts) {
	gp, hp := taxOf(f, token.SourceGoPlus), taxOf(f, token.SourceHoneypot)
	if gp == nil || hp == nil {
		t.Fatalf("taxes = %+v", f.Security)
	}
	eqFloat(t, "GoPlus buy tax (0.1 upstream)", gp.BuyPercent, 10)
	eqFloat(t, "GoPlus sell tax (0.99 upstream)", gp.SellPercent, 99)
	eqFloat(t, "honeypot.is buy tax (percent upstream)", hp.BuyPercent, 10.5)
	eqFloat(t, "honeypot.is sell tax", hp.SellPercent, 100)
	ct := f.Security.Contract
	eqBool(t, "GoPlus honeypot", ct.Honeypot, true)
	eqBool(t, "owner can change balances", ct.Owner.CanChangeBalances, true)
	eqBool(t, "hidden owner", ct.HiddenOwner, true)
	if ct.Owner.Address != "0x5c49eb7b812d679656ecfe14fcb986f67cfeed05" {
		t.Errorf("owner = %q", ct.Owner.Address)
	}
	sim := f.Security.Simulation
	eqBool(t, "simulated honeypot", sim.Honeypot, true)
	// Flags come as objects and as codes; a "flag" that is not a code is dropped.
	if !slices.Equal(sim.Flags, []string{"EXTREMELY_HIGH_TAXES", "high_tax"}) || sim.Risk != "honeypot" {
		t.Errorf("simulation = %+v", sim)
	}
	h := f.Security.Holders
	// The pool's "percent" of 2231907.55 and a negative one are discarded, not clamped.
	if h.Discarded != 2 {
		t.Errorf("discarded = %d, want 2", h.Discarded)
	}
	eqFloat(t, "top 10", h.Top10Percent, 50.07)
	eqFloat(t, "LP locked", h.LPLockedPercent, 0)
	for _, want := range []token.Finding{
		{Severity: "danger", Text: "GoPlus flags the token as a honeypot: it may be impossible to sell.", Source: "GoPlus"},
		{Severity: "danger", Text: "honeypot.is's simulation could not sell the token: it is a honeypot.", Source: "honeypot.is"},
		{Severity: "danger", Text: "Sell tax of 99% (GoPlus).", Source: "GoPlus"},
		{Severity: "danger", Text: "Sell tax of 100% (honeypot.is).", Source: "honeypot.is"},
		{Severity: "warning", Text: "Buy tax of 10.5% (honeypot.is).", Source: "honeypot.is"},
		{Severity: "danger", Text: "The owner can change holders' balances.", Source: "GoPlus"},
		{Severity: "danger", Text: "The contract has a hidden owner.", Source: "GoPlus"},
		{Severity: "warning", Text: "The pair is very new: created 6.0 hours ago.", Source: "DexScreener"},
		{Severity: "warning", Text: "Liquidity is only $15.2K: a small sale moves the price a lot.", Source: "DexScreener"},
	} {
		if !slices.Contains(f.Findings, want) {
			t.Errorf("missing finding %+v", want)
		}
	}
	if f.Findings[0].Severity != token.SeverityDanger {
		t.Errorf("first finding %+v is not a danger", f.Findings[0])
	}
	// priceChange was {} and marketCap missing: unknown, the FDV still there.
	unknownFloat(t, "24h change", f.Market.Change24hPercent)
	unknownFloat(t, "market cap", f.Market.MarketCapUSD)
	eqFloat(t, "fdv", f.Market.FDVUSD, 731000)
}

func checkRugged(t *testing.T, f token.Facts) {
	eqFloat(t, "liquidity", f.Market.LiquidityUSD, 0) // zero, not unknown
	if !hasFinding(f, token.SeverityDanger, "Liquidity is $0 while the market cap is $5.2M: the pool has been drained or pulled, the pattern of a rug pull.") {
		t.Errorf("Findings = %v", f.Findings)
	}
	ct := f.Security.Contract
	eqBool(t, "open source", ct.OpenSource, false)
	unknownBool(t, "honeypot", ct.Honeypot)
	unknownBool(t, "mintable", ct.Mintable)
	unknownBool(t, "hidden owner", ct.HiddenOwner)
	if ct.Owner != nil {
		t.Errorf("owner = %+v, want unknown", ct.Owner)
	}
	// buy_tax "" is unknown, not 0; the failed simulation carries no taxes.
	if len(f.Security.Taxes) != 0 {
		t.Errorf("taxes = %+v, want none", f.Security.Taxes)
	}
	sim := f.Security.Simulation
	eqBool(t, "simulation success", sim.Success, false)
	unknownBool(t, "simulated honeypot", sim.Honeypot)
	if sim.Risk != "unknown" || sim.RiskLevel != nil {
		t.Errorf("simulation = %+v", sim)
	}
	if f.Security.Holders.LPLockedPercent != nil || f.Security.Holders.Top10Percent != nil {
		t.Errorf("holders = %+v", f.Security.Holders)
	}
	// Unknown must not even appear as false in what the model reads.
	js := string(f.ModelJSON())
	for _, absent := range []string{`"honeypot":false`, `"mintable"`, `"hidden_owner"`, `"buy_percent"`, `"risk_level"`, `"top10_percent"`} {
		if strings.Contains(js, absent) {
			t.Errorf("ModelJSON contains %s: %s", absent, js)
		}
	}
}

// forbidden are the runes a token-supplied string must never carry.
func forbidden(r rune) bool {
	return r < 0x20 || r == 0x7f || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) ||
		r == 0x200e || r == 0x200f || r == 0x061c || r == 0x200b || r == 0xfeff
}

func checkHostile(t *testing.T, f token.Facts) {
	for what, s := range map[string]string{"name": f.Token.Name, "symbol": f.Token.Symbol} {
		if strings.ContainsFunc(s, forbidden) || strings.Contains(s, "://") {
			t.Errorf("%s %q keeps a control, bidi or format character or a URL", what, s)
		}
	}
	if n := utf8.RuneCountInString(f.Token.Name); n > 64 || n == 0 {
		t.Errorf("name has %d runes, want 1..64: %q", n, f.Token.Name)
	}
	if f.Token.Symbol != "$AFETFIG" {
		t.Errorf("symbol = %q, want $AFETFIG", f.Token.Symbol)
	}
	ct := f.Security.Contract
	if ct.Owner == nil || ct.Owner.Address != "" || ct.Owner.Renounced != nil {
		t.Errorf("owner = %+v; javascript:alert(1) is no address", ct.Owner)
	}
	eqBool(t, "owner can change balances", ct.Owner.CanChangeBalances, false)
	if !slices.Equal(ct.CEXs, []string{"Binance"}) { // a URL is no exchange name
		t.Errorf("CEXs = %q", ct.CEXs)
	}
	if f.Security.Holders.Count != nil {
		t.Errorf("holder count %v from \"not a number\"", *f.Security.Holders.Count)
	}
	if got := unavailable(f, token.SourceHoneypot); got != token.ReasonChainNotCovered {
		t.Errorf("honeypot.is on Arbitrum: %q, want %q", got, token.ReasonChainNotCovered)
	}
	js := string(f.ModelJSON())
	for _, leak := range []string{"javascript:", "evil.example/claim", "t.me", "Ignore previous", "\\u202e", "\\u0000"} {
		if strings.Contains(js, leak) {
			t.Errorf("ModelJSON leaks %q: %s", leak, js)
		}
	}
}

func checkUnlisted(t *testing.T, f token.Facts) {
	if f.Market != nil || f.Security != nil || len(f.Sources) != 0 {
		t.Errorf("facts from nowhere: %+v", f)
	}
	want := []token.Unavailable{
		{Source: "DexScreener", Reason: "not found"},
		{Source: "GoPlus", Reason: "chain unknown"},
		{Source: "honeypot.is", Reason: "chain unknown"},
		{Source: "GeckoTerminal", Reason: "chain unknown"},
	}
	if !slices.Equal(f.Unavailable, want) {
		t.Errorf("Unavailable = %v, want %v", f.Unavailable, want)
	}
	if f.Token.Chain != "evm" {
		t.Errorf("chain = %q, want evm", f.Token.Chain)
	}
}

func checkPumpFun(t *testing.T, f token.Facts) {
	m := f.Market
	unknownFloat(t, "liquidity", m.LiquidityUSD) // absent upstream: unknown, not 0
	unknownFloat(t, "24h change", m.Change24hPercent)
	eqFloat(t, "1h change", m.Change1hPercent, 38.1)
	eqFloat(t, "market cap", m.MarketCapUSD, 9120)
	eqFloat(t, "pair age", m.PairAgeHours, 2)
	if !hasFinding(f, token.SeverityInfo, "No pool liquidity is reported: the pair still trades on a pump.fun bonding curve.") {
		t.Errorf("Findings = %v", f.Findings)
	}
	for _, x := range f.Findings {
		if strings.HasPrefix(x.Text, "Liquidity is $0") {
			t.Errorf("a bonding curve read as a rug: %+v", x)
		}
	}
	ct := f.Security.Contract
	eqBool(t, "mint authority", ct.Mintable, false)
	eqBool(t, "freeze authority", ct.Freezable, false)
	eqBool(t, "metadata mutable", ct.MetadataMutable, true)
	eqBool(t, "balance mutable", ct.BalanceMutable, false)
	eqFloat(t, "top 10 without the bonding curve", f.Security.Holders.Top10Percent, 6.3)
	rc := f.Security.RugCheck
	wantRisks := []token.Risk{{Name: "Low Liquidity", Level: "danger", Value: "$0.41"}, {Name: "Mutable metadata", Level: "warn"}}
	if rc == nil || !slices.Equal(rc.Risks, wantRisks) {
		t.Fatalf("RugCheck = %+v", rc)
	}
	eqFloat(t, "RugCheck score", rc.ScoreNormalised, 29)
	eqFloat(t, "RugCheck LP locked", rc.LPLockedPercent, 0)
	if !hasFinding(f, token.SeverityDanger, "RugCheck: Low Liquidity ($0.41).") {
		t.Errorf("Findings = %v", f.Findings)
	}
	wantSources := []token.Source{
		{Name: "DexScreener", URL: "https://dexscreener.com/solana/ee2mj4eu3gvsodkgae5t6aypz2fkswmv2p8kszlnjax4"},
		{Name: "GoPlus", URL: "https://gopluslabs.io/token-security/solana/" + fakesources.SolanaPumpFun},
		{Name: "RugCheck", URL: "https://rugcheck.xyz/tokens/" + fakesources.SolanaPumpFun},
	}
	if !slices.Equal(f.Sources, wantSources) {
		t.Errorf("Sources = %v", f.Sources)
	}
}

func checkQuiet(t *testing.T, f token.Facts) {
	ct := f.Security.Contract
	eqBool(t, "mint authority", ct.Mintable, true)
	eqBool(t, "freeze authority", ct.Freezable, true)
	eqBool(t, "trusted", ct.Trusted, true)
	if !slices.Equal(ct.MintAuthorities, []string{"6CmyeMBZ9AJ7PxZEHZs4i9qnh9qahMBg3s3FnVVWBNVw"}) {
		t.Errorf("mint authorities = %v", ct.MintAuthorities)
	}
	if got := unavailable(f, token.SourceRugCheck); got != token.ReasonNotFound {
		t.Errorf("RugCheck = %q, want not found", got)
	}
	if f.Security.Holders.Top10Percent != nil {
		t.Errorf("top 10 from no holder list: %v", *f.Security.Holders.Top10Percent)
	}
	if !hasFinding(f, token.SeverityWarning, "New tokens can be minted (the mint authority is still active).") {
		t.Errorf("Findings = %v", f.Findings)
	}
}

var anyURL = regexp.MustCompile(`(?i)[a-z][a-z0-9+.-]*://|javascript:|www\.`)

// The model sees at most three URLs per token, all of them source pages.
func TestModelJSONURLs(t *testing.T) {
	_, url := newFake(t)
	c := newClient(t, url)
	for _, token := range []string{
		fakesources.EVMMultiChain, fakesources.EVMHoneypot, fakesources.EVMRugged, fakesources.EVMHostile,
		fakesources.EVMUnlisted, fakesources.SolanaPumpFun, fakesources.SolanaQuiet,
	} {
		t.Run(token, func(t *testing.T) {
			f := lookupOne(t, c, token)
			js := f.ModelJSON()
			if !json.Valid(js) {
				t.Fatalf("invalid JSON: %s", js)
			}
			urls := anyURL.FindAllString(string(js), -1)
			if len(urls) > 3 || len(urls) != len(f.Sources) {
				t.Errorf("%d URLs for %d sources: %v in %s", len(urls), len(f.Sources), urls, js)
			}
			for _, s := range f.Sources {
				if !strings.Contains(string(js), s.URL) {
					t.Errorf("source page %s missing", s.URL)
				}
			}
		})
	}
}
