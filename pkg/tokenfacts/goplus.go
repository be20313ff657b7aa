package tokenfacts

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// GoPlus Security (about 30 requests a minute per IP without a key):
// /api/v1/token_security/{chain_id}?contract_addresses= for EVM, and
// /api/v1/solana/token_security?contract_addresses= for Solana. The body is
// {code, message, result: {<address>: {...}}}, the key lowercased for EVM. Flags are "1"/"0"
// and a missing flag means unknown, not safe; taxes are fractions ("0.1" is 10 %); holders[]
// are the top ten with a percent that is a fraction too, and recorded answers hold absurd
// values such as "1769801.01" (a pool's balance mistaken for a share): those are discarded.
// Solana facts are objects {authority[], status}, and Solana holders name their owner in
// "account" instead of "address".

// GoPlus's codes (its SDK's errorcode package).
const (
	goPlusOK              = 1
	goPlusPreparing       = 2
	goPlusBadAddress      = 2004
	goPlusChainUnknown    = 2018
	goPlusNotContract     = 2020
	goPlusNoContract      = 2021
	goPlusRateLimited     = 4029
	goPlusInvalidToken    = 4022
	goPlusTokenNotFound   = 4023
	goPlusAppKeyUnknown   = 4010
	goPlusSignatureExpiry = 4011
	goPlusSignatureWrong  = 4012
	goPlusServerError     = 5000
)

type goPlusBody struct {
	Code   num                                 `json:"code"`
	Result lenient[map[string]json.RawMessage] `json:"result"`
}

type gpHolder struct {
	Address  text `json:"address"`
	Account  text `json:"account"`
	Percent  num  `json:"percent"`
	IsLocked bit  `json:"is_locked"`
	Tag      text `json:"tag"`
}

type gpEVM struct {
	TokenName            text                  `json:"token_name"`
	TokenSymbol          text                  `json:"token_symbol"`
	IsHoneypot           bit                   `json:"is_honeypot"`
	BuyTax               num                   `json:"buy_tax"`
	SellTax              num                   `json:"sell_tax"`
	TransferTax          num                   `json:"transfer_tax"`
	IsOpenSource         bit                   `json:"is_open_source"`
	IsProxy              bit                   `json:"is_proxy"`
	IsMintable           bit                   `json:"is_mintable"`
	OwnerAddress         lenient[string]       `json:"owner_address"`
	CreatorAddress       text                  `json:"creator_address"`
	CanTakeBackOwnership bit                   `json:"can_take_back_ownership"`
	OwnerChangeBalance   bit                   `json:"owner_change_balance"`
	HiddenOwner          bit                   `json:"hidden_owner"`
	Selfdestruct         bit                   `json:"selfdestruct"`
	IsBlacklisted        bit                   `json:"is_blacklisted"`
	TransferPausable     bit                   `json:"transfer_pausable"`
	SlippageModifiable   bit                   `json:"slippage_modifiable"`
	CannotSellAll        bit                   `json:"cannot_sell_all"`
	IsInDex              bit                   `json:"is_in_dex"`
	TrustList            bit                   `json:"trust_list"`
	HolderCount          num                   `json:"holder_count"`
	Holders              lenient[[]gpHolder]   `json:"holders"`
	LPHolders            lenient[[]gpHolder]   `json:"lp_holders"`
	Dex                  lenient[[]gpDex]      `json:"dex"`
	IsInCex              lenient[gpCEXListing] `json:"is_in_cex"`
}

type gpDex struct {
	Pair text `json:"pair"`
	ID   text `json:"id"`
}

type gpCEXListing struct {
	Listed  bit               `json:"listed"`
	CexList lenient[[]string] `json:"cex_list"`
}

type gpAuthority struct {
	Status    bit `json:"status"`
	Authority lenient[[]struct {
		Address text `json:"address"`
	}] `json:"authority"`
}

type gpSolana struct {
	Metadata lenient[struct {
		Name   text `json:"name"`
		Symbol text `json:"symbol"`
	}] `json:"metadata"`
	Mintable        lenient[gpAuthority] `json:"mintable"`
	Freezable       lenient[gpAuthority] `json:"freezable"`
	Closable        lenient[gpAuthority] `json:"closable"`
	MetadataMutable lenient[gpAuthority] `json:"metadata_mutable"`
	BalanceMutable  lenient[gpAuthority] `json:"balance_mutable_authority"`
	NonTransferable bit                  `json:"non_transferable"`
	TrustedToken    bit                  `json:"trusted_token"`
	HolderCount     num                  `json:"holder_count"`
	Holders         lenient[[]gpHolder]  `json:"holders"`
	LPHolders       lenient[[]gpHolder]  `json:"lp_holders"`
	Dex             lenient[[]gpDex]     `json:"dex"`
}

// holder is one listed holder, normalised: share is a fraction, valid is false for an
// impossible share.
type holder struct {
	address string
	share   float64
	valid   bool
	locked  bool
	tag     string
}

// goPlusToken is GoPlus's token security: the contract's flags, its taxes, its holders, and
// the wallets behind it (creator, owner), which goPlusAddress then looks up.
type goPlusToken struct{}

func (goPlusToken) Name() string { return token.SourceGoPlus }
func (goPlusToken) API() api     { return apiGoPlus }

func (goPlusToken) Covers(chain string) bool { return isEVM(chain) || chain == solanaSlug }

func (goPlusToken) Ask(k *known, cfg *Config) ask { return k.onChain(cfg.SecurityTTL) }

// Fetch asks GoPlus about the token on its EVM chain, or on Solana.
func (goPlusToken) Fetch(ctx context.Context, call caller, k *known) (*part, *failure) {
	addr := k.addr
	path := "/api/v1/solana/token_security?contract_addresses=" + url.QueryEscape(addr.Value)
	pageChain := solanaSlug
	if addr.Chain == contract.ChainEVM {
		path = "/api/v1/token_security/" + url.PathEscape(k.evm.id) +
			"?contract_addresses=" + url.QueryEscape(strings.ToLower(addr.Value))
		pageChain = k.evm.id
	}
	var body goPlusBody
	if f := call.c.goPlusGet(ctx, call, path, &body); f != nil {
		return nil, f
	}
	raw, ok := goPlusEntry(body.Result.v, addr)
	if !ok {
		return nil, fail(token.ReasonNotFound, "%s: address not in result", token.SourceGoPlus)
	}
	decode := decodeGoPlusEVM
	if addr.Chain == contract.ChainSolana {
		decode = decodeGoPlusSolana
	}
	p, f := decode(raw)
	if f != nil {
		return nil, f
	}
	p.page = goPlusPage(pageChain, addr.Value)
	return p, nil
}

// goPlusGet sends a GET to GoPlus (with the access token, when there is an app key) and
// checks GoPlus's own code, which arrives with HTTP 200.
func (c *Client) goPlusGet(ctx context.Context, call caller, path string, body *goPlusBody) *failure {
	r := request{api: call.api, url: call.base + path}
	if token := c.goPlusToken(ctx); token != "" {
		r.header = http.Header{"Authorization": {token}}
	}
	if f := c.getJSON(ctx, r, body); f != nil {
		return f
	}
	return c.goPlusCode(body.Code)
}

// goPlusCode maps GoPlus's own code, which arrives with HTTP 200.
func (c *Client) goPlusCode(code num) *failure {
	if !code.ok {
		return fail(token.ReasonInvalidResponse, "%s: no code", token.SourceGoPlus)
	}
	switch int(code.v) {
	case goPlusOK:
		return nil
	case goPlusPreparing:
		return fail(token.ReasonPreparing, "%s: code 2", token.SourceGoPlus)
	case goPlusRateLimited:
		c.pause(apiGoPlus, 0) // GoPlus says it on HTTP 200, with no Retry-After
		return fail(token.ReasonRateLimited, "%s: code 4029", token.SourceGoPlus)
	case goPlusBadAddress, goPlusChainUnknown, goPlusNotContract, goPlusNoContract:
		return fail(token.ReasonNotFound, "%s: code %v", token.SourceGoPlus, code.v)
	case goPlusInvalidToken, goPlusTokenNotFound, goPlusAppKeyUnknown, goPlusSignatureExpiry, goPlusSignatureWrong:
		c.dropGoPlusToken()
		return fail(token.ReasonRefused, "%s: code %v", token.SourceGoPlus, code.v)
	case goPlusServerError:
		return fail(token.ReasonServerError, "%s: code 5000", token.SourceGoPlus)
	}
	return fail(token.ReasonInvalidResponse, "%s: code %v", token.SourceGoPlus, code.v)
}

// goPlusEntry finds addr's entry: GoPlus keys EVM results by the lowercased address.
func goPlusEntry(result map[string]json.RawMessage, addr contract.Address) (json.RawMessage, bool) {
	if raw, ok := result[addr.Value]; ok {
		return raw, true
	}
	if addr.Chain == contract.ChainEVM {
		raw, ok := result[strings.ToLower(addr.Value)]
		return raw, ok
	}
	return nil, false
}

func decodeGoPlusEVM(raw json.RawMessage) (*part, *failure) {
	var g gpEVM
	if err := json.Unmarshal(raw, &g); err != nil {
		return nil, fail(token.ReasonInvalidResponse, "%s: entry: %w", token.SourceGoPlus, err)
	}
	r := &part{
		name:   cleanText(string(g.TokenName), maxNameRunes),
		symbol: cleanText(string(g.TokenSymbol), maxSymbolRunes),
		contract: &token.Contract{
			Honeypot:         g.IsHoneypot.ptr(),
			OpenSource:       g.IsOpenSource.ptr(),
			Proxy:            g.IsProxy.ptr(),
			Mintable:         g.IsMintable.ptr(),
			Owner:            ownerOf(&g),
			HiddenOwner:      g.HiddenOwner.ptr(),
			SelfDestruct:     g.Selfdestruct.ptr(),
			Blacklist:        g.IsBlacklisted.ptr(),
			TransferPausable: g.TransferPausable.ptr(),
			TaxModifiable:    g.SlippageModifiable.ptr(),
			CannotSellAll:    g.CannotSellAll.ptr(),
			InDEX:            g.IsInDex.ptr(),
			Trusted:          onlyTrue(g.TrustList),
		},
		taxes:       taxOf(token.SourceGoPlus, 100, g.BuyTax, g.SellTax, g.TransferTax),
		holderCount: count(g.HolderCount),
		holders:     holdersOf(g.Holders.v, contract.ChainEVM),
		lpHolders:   holdersOf(g.LPHolders.v, contract.ChainEVM),
		pools:       poolsOf(g.Dex.v),
	}
	r.wallets = walletsOf(string(g.CreatorAddress), r.contract.Owner)
	if g.IsInCex.ok {
		r.contract.ListedOnCEX = g.IsInCex.v.Listed.ptr()
		r.contract.CEXs = cleanExchanges(g.IsInCex.v.CexList.v)
	}
	return r, nil
}

func decodeGoPlusSolana(raw json.RawMessage) (*part, *failure) {
	var g gpSolana
	if err := json.Unmarshal(raw, &g); err != nil {
		return nil, fail(token.ReasonInvalidResponse, "%s: entry: %w", token.SourceGoPlus, err)
	}
	mintable, mintBy := authority(g.Mintable)
	freezable, freezeBy := authority(g.Freezable)
	closable, _ := authority(g.Closable)
	mutable, _ := authority(g.MetadataMutable)
	balance, _ := authority(g.BalanceMutable)
	return &part{
		name:   cleanText(string(g.Metadata.v.Name), maxNameRunes),
		symbol: cleanText(string(g.Metadata.v.Symbol), maxSymbolRunes),
		contract: &token.Contract{
			Mintable: mintable, MintAuthorities: mintBy,
			Freezable: freezable, FreezeAuthorities: freezeBy,
			Closable: closable, MetadataMutable: mutable, BalanceMutable: balance,
			NonTransferable: g.NonTransferable.ptr(),
			Trusted:         onlyTrue(g.TrustedToken),
		},
		holderCount: count(g.HolderCount),
		holders:     holdersOf(g.Holders.v, contract.ChainSolana),
		lpHolders:   holdersOf(g.LPHolders.v, contract.ChainSolana),
		pools:       poolsOf(g.Dex.v),
	}, nil
}

// authority reads a Solana {status, authority[]} object: whether the power is active, and who
// holds it (valid addresses only).
func authority(a lenient[gpAuthority]) (*bool, []string) {
	if !a.ok {
		return nil, nil
	}
	var who []string
	for _, x := range a.v.Authority.v {
		if s := cleanAddress(string(x.Address), contract.ChainSolana); s != "" && len(who) < maxListItems {
			who = append(who, s)
		}
	}
	return a.v.Status.ptr(), who
}

// ownerOf reads the owner: owner_address missing means unknown; the zero or a burn address
// means renounced; an empty string means GoPlus found no owner, which it says can also mean it
// could not find one, so it is left unknown.
func ownerOf(g *gpEVM) *token.Owner {
	o := token.Owner{
		CanTakeBackOwnership: g.CanTakeBackOwnership.ptr(),
		CanChangeBalances:    g.OwnerChangeBalance.ptr(),
	}
	if g.OwnerAddress.ok {
		switch a := g.OwnerAddress.v; {
		case isBurn(a):
			o.Renounced = ptr(true)
		default:
			if o.Address = cleanAddress(a, contract.ChainEVM); o.Address != "" {
				o.Renounced = ptr(false)
			}
		}
	}
	if o == (token.Owner{}) {
		return nil
	}
	return &o
}

// walletsOf lists the wallets behind an EVM contract worth looking up: its creator, and its
// owner unless ownership is renounced. An address used twice gets both roles.
func walletsOf(creator string, owner *token.Owner) []token.Wallet {
	var out []token.Wallet
	add := func(addr, role string) {
		if addr = cleanAddress(addr, contract.ChainEVM); addr == "" || isBurn(addr) {
			return
		}
		addr = strings.ToLower(addr)
		for i := range out {
			if out[i].Address == addr {
				out[i].Roles = append(out[i].Roles, role)
				return
			}
		}
		out = append(out, token.Wallet{Address: addr, Roles: []string{role}})
	}
	add(creator, token.RoleCreator)
	if owner != nil {
		add(owner.Address, token.RoleOwner)
	}
	return out
}

func count(n num) *int64 {
	if !n.ok || n.v < 0 {
		return nil
	}
	return ptr(int64(n.v))
}

func onlyTrue(b bit) *bool {
	if b.ok && b.v {
		return ptr(true)
	}
	return nil
}

func holdersOf(list []gpHolder, chain contract.Chain) []holder {
	var out []holder
	for _, h := range list {
		addr := string(h.Address)
		if chain == contract.ChainSolana && h.Account != "" {
			addr = string(h.Account)
		}
		share := h.Percent.v
		out = append(out, holder{
			address: addr,
			share:   share,
			valid:   h.Percent.ok && share >= 0 && share <= 1,
			locked:  h.IsLocked.ok && h.IsLocked.v,
			tag:     string(h.Tag),
		})
	}
	return out
}

func poolsOf(list []gpDex) []string {
	var out []string
	for _, d := range list {
		for _, s := range []text{d.Pair, d.ID} {
			if s != "" {
				out = append(out, string(s))
			}
		}
	}
	return out
}

// Burn addresses: holding there is holding nowhere.
var burnAddresses = map[string]bool{
	"0x0000000000000000000000000000000000000000":  true,
	"0x000000000000000000000000000000000000dead":  true,
	"0xdead000000000000000042069420694206942069":  true,
	"1nc1nerator11111111111111111111111111111111": true,
	"11111111111111111111111111111111":            true,
}

func isBurn(addr string) bool {
	if strings.HasPrefix(addr, "0x") || strings.HasPrefix(addr, "0X") {
		addr = strings.ToLower(addr)
	}
	return burnAddresses[addr]
}

// poolTag recognises GoPlus's public tags for pools, pairs, lockers and burn addresses.
var poolTag = lazyRegexp(`(?i)pool|pair|swap|uniswap|pancake|sushi|raydium|orca|meteora|pump|lock|burn|null|dead|amm|liquidity`)
