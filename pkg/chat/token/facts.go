// Package token is the domain's vocabulary of a token's facts: its market, price history,
// security, deployer, findings, verdict and sources, in the one shape used for the model, the
// stream and the page. The adapters that read the token-data APIs (package tokenfacts) fill
// these types; the domain (package chat) and its checks read them.
package token

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"time"
)

// The names of the sources, as they appear in Facts (Source fields, Unavailable, Findings).
const (
	SourceDexScreener = "DexScreener"
	SourceGoPlus      = "GoPlus"
	SourceHoneypot    = "honeypot.is"
	SourceRugCheck    = "RugCheck"
	// SourceGoPlusAddress is GoPlus's malicious-address lookup of the contract's wallets.
	SourceGoPlusAddress = "GoPlus address security"
	// SourceLookup names the lookup itself, for an address that could not be looked up.
	SourceLookup = "lookup"
)

// The reasons a source can be unavailable. They are short and safe to show the caller: they
// never carry an upstream message, a status text or a key.
const (
	ReasonTimedOut        = "timed out"
	ReasonRateLimited     = "rate limited"
	ReasonServerError     = "server error"
	ReasonUnreachable     = "unreachable"
	ReasonRefused         = "refused"
	ReasonInvalidResponse = "invalid response"
	ReasonTooLarge        = "response too large"
	ReasonNotFound        = "not found"
	ReasonPreparing       = "data being prepared"
	ReasonChainUnknown    = "chain unknown"
	ReasonChainNotCovered = "chain not covered"
	ReasonInvalidAddress  = "invalid address"
	ReasonNoPool          = "no pool known"
)

// Facts is everything known about one token, in the one shape used for the model, the stream
// and the page. A fact that no source gave is absent (a nil pointer or an omitted field), never
// false or zero: "unknown" must not read as "safe".
type Facts struct {
	Token Token `json:"token"`
	// Verdict is the one-line answer to "is this dangerous?", drawn from the findings.
	Verdict     *Verdict      `json:"verdict,omitempty"`
	Market      *Market       `json:"market,omitempty"`
	History     *History      `json:"history,omitempty"`
	Security    *Security     `json:"security,omitempty"`
	Findings    []Finding     `json:"findings,omitempty"`
	Sources     []Source      `json:"sources,omitempty"`
	Unavailable []Unavailable `json:"unavailable,omitempty"`
	// Identified says how the conversation named the token (set per request, by the
	// domain, never by a source).
	Identified *Identified `json:"identified,omitempty"`
}

// Token identifies the token. Name and Symbol come from the sources (DexScreener first) and
// are sanitised; Address is the caller's own, already validated.
type Token struct {
	Address string `json:"address"`
	// Chain is a DexScreener chain slug ("ethereum", "bsc", "base", "arbitrum", "polygon",
	// "solana"), or "evm" when the chain of an EVM address could not be found.
	Chain   string `json:"chain"`
	ChainID string `json:"chain_id,omitempty"`
	Name    string `json:"name,omitempty"`
	Symbol  string `json:"symbol,omitempty"`
}

// Market is the state of the token's most liquid pair, from DexScreener.
type Market struct {
	Source string    `json:"source"`
	AsOf   time.Time `json:"as_of"`

	PriceUSD         *float64 `json:"price_usd,omitempty"`
	Change1hPercent  *float64 `json:"change_1h_percent,omitempty"`
	Change24hPercent *float64 `json:"change_24h_percent,omitempty"`
	// LiquidityUSD is absent for bonding-curve pairs (pump.fun) that report none, and 0 for a
	// drained pool: the two mean different things.
	LiquidityUSD *float64 `json:"liquidity_usd,omitempty"`
	Volume24hUSD *float64 `json:"volume_24h_usd,omitempty"`
	MarketCapUSD *float64 `json:"market_cap_usd,omitempty"`
	FDVUSD       *float64 `json:"fdv_usd,omitempty"`

	PairCreatedAt *time.Time `json:"pair_created_at,omitempty"`
	PairAgeHours  *float64   `json:"pair_age_hours,omitempty"`
	DEX           string     `json:"dex,omitempty"`
	// PairURL is the pair's DexScreener page; it is also the first entry of Facts.Sources, and
	// ModelJSON leaves it out so that the model sees each page once.
	PairURL string `json:"pair_url,omitempty"`
	// PairsFound counts the pairs, on every supported chain, whose base token is this address.
	PairsFound int `json:"pairs_found"`
	// OtherChains lists the other chains on which the address also trades.
	OtherChains []string `json:"other_chains,omitempty"`
}

// MarshalJSON writes the price in plain decimals ("0.000000012", not "1.2e-08"): the price of
// a meme token is often that small, and the model and the page read it as DexScreener wrote
// it. The price goes last in the object.
func (m Market) MarshalJSON() ([]byte, error) {
	type plain Market
	return json.Marshal(struct {
		plain
		PriceUSD *USD `json:"price_usd,omitempty"`
	}{plain(m), (*USD)(m.PriceUSD)})
}

// History is the price history of the token's most liquid pool: daily closes over the last
// 30 days (and the day before, to compare with), or hourly closes over the last three days for
// a younger pair. The figures are computed from the closes: the high and low are the highest
// and lowest close, not a single trade's wick.
type History struct {
	Source string    `json:"source"`
	AsOf   time.Time `json:"as_of"`
	// Interval is "day" or "hour": the spacing of Points.
	Interval string `json:"interval"`
	// URL is the pool's public page; it is also in Facts.Sources, and ModelJSON leaves it out.
	URL string `json:"url,omitempty"`
	// Points are the closes, oldest first; intervals without trades are missing. ModelJSON
	// leaves them out: the figures say it in fewer tokens.
	Points []Point `json:"points,omitempty"`

	// ChangePercent is the change over the whole series, first close to latest.
	ChangePercent *float64 `json:"change_percent,omitempty"`
	// The changes in percent from the close 7 days, 30 days and one day before the latest to
	// the latest; absent when the series does not reach that far back.
	Change7dPercent      *float64 `json:"change_7d_percent,omitempty"`
	Change30dPercent     *float64 `json:"change_30d_percent,omitempty"`
	LastDayChangePercent *float64 `json:"last_day_change_percent,omitempty"`
	High30dUSD           *USD     `json:"high_30d_usd,omitempty"`
	HighAt               int64    `json:"high_at,omitempty"`
	Low30dUSD            *USD     `json:"low_30d_usd,omitempty"`
	LowAt                int64    `json:"low_at,omitempty"`
	// DrawdownPercent is how far the latest close is below the high (0 at the high).
	DrawdownPercent *float64 `json:"drawdown_percent,omitempty"`
	// LastDayVolumeVsAverage is the last complete day's volume over the average day's before
	// it (daily series only; today's candle is still trading): 3 means three times the usual.
	LastDayVolumeVsAverage *float64 `json:"last_day_volume_vs_average,omitempty"`
}

// Point is one close: Time is the candle's start in Unix seconds.
type Point struct {
	Time  int64 `json:"time"`
	Close USD   `json:"close"`
}

// USD is a price in US dollars, written in plain decimals ("0.000000012", not "1.2e-08").
type USD float64

// MarshalJSON writes the price in plain decimals; a price that is not a real number (which
// package tokenfacts never gives) is null, so that it cannot make the JSON around it fail.
func (u USD) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(u)) || math.IsInf(float64(u), 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, float64(u), 'f', -1, 64), nil
}

// Stamped is a copy of the history as read from source at at, sharing nothing with h.
func (h *History) Stamped(source string, at time.Time) *History {
	c := *h
	c.Source, c.AsOf, c.Points = source, at, slices.Clone(h.Points)
	return &c
}

// Security gathers the security facts, each block from one source. When sources disagree (a
// tax from GoPlus's analysis against one from honeypot.is's simulation) both are kept.
type Security struct {
	// Taxes holds one entry per source that reported taxes, in percent.
	Taxes      []Tax       `json:"taxes,omitempty"`
	Contract   *Contract   `json:"contract,omitempty"`
	Holders    *Holders    `json:"holders,omitempty"`
	Simulation *Simulation `json:"simulation,omitempty"`
	RugCheck   *RugCheck   `json:"rugcheck,omitempty"`
	Deployer   *Deployer   `json:"deployer,omitempty"`
}

// The roles of a Wallet.
const (
	RoleCreator = "creator"
	RoleOwner   = "owner"
)

// Deployer is the record of the wallets behind an EVM contract (its creator and its owner),
// from GoPlus's malicious-address lookup.
type Deployer struct {
	Source  string    `json:"source"`
	AsOf    time.Time `json:"as_of"`
	Wallets []Wallet  `json:"wallets"`
}

// Wallet is one wallet behind the contract and what GoPlus's address lookup knows of it.
type Wallet struct {
	Address string   `json:"address"`
	Roles   []string `json:"roles"`
	// Flagged is whether GoPlus flags the wallet at all; absent when it was not looked up.
	Flagged *bool `json:"flagged,omitempty"`
	// Flags are GoPlus's flags that are set ("stealing_attack", "phishing_activities", ...).
	Flags                     []string `json:"flags,omitempty"`
	MaliciousContractsCreated *int64   `json:"malicious_contracts_created,omitempty"`
	// DataSource is who reported the wallet to GoPlus ("SlowMist,BlockSec").
	DataSource string `json:"data_source,omitempty"`
}

// Stamped is a copy of the deployer block as read from source at at, sharing nothing with d.
func (d *Deployer) Stamped(source string, at time.Time) *Deployer {
	c := *d
	c.Source, c.AsOf = source, at
	c.Wallets = make([]Wallet, len(d.Wallets))
	for i, w := range d.Wallets {
		w.Roles, w.Flags = slices.Clone(w.Roles), slices.Clone(w.Flags)
		c.Wallets[i] = w
	}
	return &c
}

// Verdict is the one-line answer to "is this dangerous?", worded by this package from the
// findings, never by the model: the worst severity found, and the worst findings first.
type Verdict struct {
	Severity string `json:"severity"`
	Summary  string `json:"summary"`
}

// Tax is the buy, sell and transfer tax one source reported, in percent (10 means 10 %).
type Tax struct {
	Source          string   `json:"source"`
	BuyPercent      *float64 `json:"buy_percent,omitempty"`
	SellPercent     *float64 `json:"sell_percent,omitempty"`
	TransferPercent *float64 `json:"transfer_percent,omitempty"`
}

// Contract is GoPlus's reading of the token contract (EVM) or mint (Solana).
type Contract struct {
	Source string    `json:"source"`
	AsOf   time.Time `json:"as_of"`

	Honeypot   *bool `json:"honeypot,omitempty"`
	OpenSource *bool `json:"open_source,omitempty"`
	Proxy      *bool `json:"proxy,omitempty"`
	// Mintable is EVM's is_mintable or Solana's active mint authority.
	Mintable        *bool    `json:"mintable,omitempty"`
	MintAuthorities []string `json:"mint_authorities,omitempty"`
	// Freezable is Solana's active freeze authority: holders' accounts can be frozen.
	Freezable         *bool    `json:"freezable,omitempty"`
	FreezeAuthorities []string `json:"freeze_authorities,omitempty"`
	MetadataMutable   *bool    `json:"metadata_mutable,omitempty"`
	Closable          *bool    `json:"closable,omitempty"`
	// BalanceMutable is Solana's balance_mutable_authority: someone can change balances.
	BalanceMutable  *bool `json:"balance_mutable,omitempty"`
	NonTransferable *bool `json:"non_transferable,omitempty"`

	Owner            *Owner `json:"owner,omitempty"`
	HiddenOwner      *bool  `json:"hidden_owner,omitempty"`
	SelfDestruct     *bool  `json:"self_destruct,omitempty"`
	Blacklist        *bool  `json:"blacklist,omitempty"`
	TransferPausable *bool  `json:"transfer_pausable,omitempty"`
	TaxModifiable    *bool  `json:"tax_modifiable,omitempty"`
	CannotSellAll    *bool  `json:"cannot_sell_all,omitempty"`

	InDEX       *bool    `json:"in_dex,omitempty"`
	ListedOnCEX *bool    `json:"listed_on_cex,omitempty"`
	CEXs        []string `json:"cexs,omitempty"`
	// Trusted is GoPlus's trust list (EVM trust_list, Solana trusted_token); only ever true.
	Trusted *bool `json:"trusted,omitempty"`
}

// Owner is who owns an EVM contract and what the owner can do.
type Owner struct {
	Address string `json:"address,omitempty"`
	// Renounced is true when the owner is the zero or a burn address.
	Renounced            *bool `json:"renounced,omitempty"`
	CanTakeBackOwnership *bool `json:"can_take_back_ownership,omitempty"`
	CanChangeBalances    *bool `json:"can_change_balances,omitempty"`
}

// Holders is the holder distribution, from GoPlus.
type Holders struct {
	Source string    `json:"source"`
	AsOf   time.Time `json:"as_of"`

	Count *int64 `json:"count,omitempty"`
	// Top10Percent is the share of supply held by the listed top holders, excluding pools,
	// burn addresses and lockers.
	Top10Percent *float64 `json:"top10_percent,omitempty"`
	// Excluded counts the listed holders left out as pools, burn addresses or lockers.
	Excluded int `json:"excluded,omitempty"`
	// Discarded counts the listed holders whose share was impossible (below 0 or above 100 %).
	Discarded int `json:"discarded,omitempty"`
	// LPLockedPercent is the share of LP tokens that are locked or burnt.
	LPLockedPercent *float64 `json:"lp_locked_percent,omitempty"`
}

// Simulation is honeypot.is's buy/sell simulation (Ethereum, BSC and Base only).
type Simulation struct {
	Source string    `json:"source"`
	AsOf   time.Time `json:"as_of"`

	Success  *bool `json:"success,omitempty"`
	Honeypot *bool `json:"honeypot,omitempty"`
	// Risk is honeypot.is's summary: unknown, very_low, low, medium, high, very_high, honeypot.
	Risk      string   `json:"risk,omitempty"`
	RiskLevel *int     `json:"risk_level,omitempty"`
	Flags     []string `json:"flags,omitempty"`
}

// RugCheck is RugCheck's summary report (Solana only).
type RugCheck struct {
	Source string    `json:"source"`
	AsOf   time.Time `json:"as_of"`

	Score           *float64 `json:"score,omitempty"`
	ScoreNormalised *float64 `json:"score_normalised,omitempty"`
	Risks           []Risk   `json:"risks,omitempty"`
	// LPLockedPercent is RugCheck's lpLockedPct; RugCheck computes it from one market only,
	// so it is often 0 for tokens whose liquidity is elsewhere: read it with care.
	LPLockedPercent *float64 `json:"lp_locked_percent,omitempty"`
}

// Risk is one risk RugCheck raised.
type Risk struct {
	Name  string `json:"name"`
	Level string `json:"level,omitempty"`
	Value string `json:"value,omitempty"`
}

// The severities of a Finding.
const (
	SeverityDanger  = "danger"
	SeverityWarning = "warning"
	SeverityInfo    = "info"
)

// Finding is one conclusion drawn from the facts, worded by this package (any token-supplied
// part is sanitised).
type Finding struct {
	Severity string `json:"severity"`
	Text     string `json:"text"`
	Source   string `json:"source"`
}

// Source is the public page behind some of the facts, for a person to check them.
type Source struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// Unavailable names a source that gave nothing, and why.
type Unavailable struct {
	Source string `json:"source"`
	Reason string `json:"reason"`
}

// ModelJSON is the compact JSON handed to the model: Facts without the duplicate pair and
// pool URLs, so that the only URLs in it are the source pages, and without the price series,
// whose figures (changes, high, low, drawdown) say what the model needs in fewer tokens.
// Every token-supplied string is sanitised and sits inside a JSON string; encoding/json
// escapes <, > and &.
func (f Facts) ModelJSON() []byte {
	if f.Market != nil {
		m := *f.Market
		m.PairURL = ""
		f.Market = &m
	}
	if f.History != nil {
		h := *f.History
		h.URL, h.Points = "", nil
		f.History = &h
	}
	b, err := json.Marshal(modelFacts{Facts: f, Identified: f.Identified.forModel()})
	if err != nil {
		// Unreachable for these types; an empty object keeps the promise of valid JSON.
		return []byte("{}")
	}
	return b
}

// modelFacts is Facts as the model reads them: how the token was identified without the
// caller's own words (the model has the message), with a few copycats named.
type modelFacts struct {
	Facts
	Identified *modelIdentified `json:"identified,omitempty"`
}

type modelIdentified struct {
	By           string      `json:"by"`
	Alternatives *int        `json:"alternatives,omitempty"`
	Copycats     []Candidate `json:"copycats,omitempty"`
}

func (id *Identified) forModel() *modelIdentified {
	if id == nil {
		return nil
	}
	return &modelIdentified{By: id.By, Alternatives: id.Alternatives, Copycats: id.Copycats}
}

// MaxAddresses is how many distinct addresses a conversation gets facts for: the most recent ones.
const MaxAddresses = 3

// Stamped is a copy of the contract's reading from source at at, sharing nothing with c.
func (c *Contract) Stamped(source string, at time.Time) *Contract {
	ct := *c
	ct.Source, ct.AsOf = source, at
	ct.MintAuthorities = slices.Clone(ct.MintAuthorities)
	ct.FreezeAuthorities = slices.Clone(ct.FreezeAuthorities)
	ct.CEXs = slices.Clone(ct.CEXs)
	if ct.Owner != nil {
		o := *ct.Owner
		ct.Owner = &o
	}
	return &ct
}

// Checked reports whether the contract's reading says anything of its risks: an entry without
// a single known flag is no check (a missing flag is unknown, not safe).
func (c *Contract) Checked() bool {
	for _, v := range []*bool{c.Honeypot, c.OpenSource, c.Proxy, c.Mintable, c.Freezable, c.MetadataMutable, c.Closable,
		c.BalanceMutable, c.NonTransferable, c.HiddenOwner, c.SelfDestruct, c.Blacklist, c.TransferPausable,
		c.TaxModifiable, c.CannotSellAll} {
		if v != nil {
			return true
		}
	}
	return false
}

// Checked reports whether the simulation ran and said something.
func (s *Simulation) Checked() bool {
	return (s.Success == nil || *s.Success) && (s.Honeypot != nil || s.RiskLevel != nil)
}

// Checked reports whether RugCheck's report says anything.
func (r *RugCheck) Checked() bool {
	return r.Score != nil || r.ScoreNormalised != nil || len(r.Risks) > 0
}
