package tokenfacts

import (
	"encoding/json"
	"strconv"
	"time"
)

// The names of the sources, as they appear in Facts (Source fields, Unavailable, Findings).
const (
	SourceDexScreener = "DexScreener"
	SourceGoPlus      = "GoPlus"
	SourceHoneypot    = "honeypot.is"
	SourceRugCheck    = "RugCheck"
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
)

// Facts is everything known about one token, in the one shape used for the model, the stream
// and the page. A fact that no source gave is absent (a nil pointer or an omitted field), never
// false or zero: "unknown" must not read as "safe".
type Facts struct {
	Token       Token         `json:"token"`
	Market      *Market       `json:"market,omitempty"`
	Security    *Security     `json:"security,omitempty"`
	Findings    []Finding     `json:"findings,omitempty"`
	Sources     []Source      `json:"sources,omitempty"`
	Unavailable []Unavailable `json:"unavailable,omitempty"`
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
	out := struct {
		plain
		PriceUSD json.RawMessage `json:"price_usd,omitempty"`
	}{plain: plain(m)}
	if m.PriceUSD != nil {
		out.PriceUSD = strconv.AppendFloat(nil, *m.PriceUSD, 'f', -1, 64)
	}
	return json.Marshal(out)
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

// ModelJSON is the compact JSON handed to the model: Facts without the duplicate pair URL, so
// that the only URLs in it are the source pages (at most three). Every token-supplied string is
// sanitised and sits inside a JSON string; encoding/json escapes <, > and &.
func (f Facts) ModelJSON() []byte {
	if f.Market != nil {
		m := *f.Market
		m.PairURL = ""
		f.Market = &m
	}
	b, err := json.Marshal(f)
	if err != nil {
		// Unreachable for these types; an empty object keeps the promise of valid JSON.
		return []byte("{}")
	}
	return b
}
