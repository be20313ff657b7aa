package tokenfacts

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// GoPlus's malicious-address lookup (keyless), asked about the wallets GoPlus's token
// security names behind an EVM contract (creator_address, owner_address):
// GET /api/v1/address_security/{address}?chain_id=56. result's flags are "0"/"1" strings,
// number_of_malicious_contracts_created a count as a string, data_source a comma-separated
// string ("SlowMist,BlockSec") or "". contract_address says the address is a contract, which
// is no fault. Its rate limit is GoPlus's: code 4029 on HTTP 200.

// The address flags that make a wallet dangerous, and those that only call for care, with
// their words. Only these keys are read: any other key in the answer is ignored.
var (
	walletDangerFlags = []string{
		"stealing_attack", "phishing_activities", "cybercrime", "sanctioned",
		"honeypot_related_address", "money_laundering", "blackmail_activities",
		"financial_crime", "darkweb_transactions", "fake_token", "malicious_mining_activities",
	}
	walletWarningFlags = []string{
		"mixer", "fake_kyc", "blacklist_doubt", "gas_abuse", "reinit", "fake_standard_interface",
	}
)

// goPlusAddress looks up the contract's creator and owner.
type goPlusAddress struct{}

func (goPlusAddress) Name() string { return token.SourceGoPlusAddress }
func (goPlusAddress) API() api     { return apiGoPlus }

func (goPlusAddress) Covers(chain string) bool { return isEVM(chain) }

func (goPlusAddress) Ask(k *known, cfg *Config) ask {
	if len(k.wallets) == 0 {
		// Wait for GoPlus's token security to name the wallets. No wallet to look up is not
		// worth a word, and neither is a GoPlus that gave none: its own reason is listed.
		_, settled := k.settled[token.SourceGoPlus]
		return ask{Wait: !settled && !k.final}
	}
	// The roles are part of the answer (the finding names them), so they are part of the key:
	// a wallet that created one token and owns another is asked about once for each.
	key := k.evm.id
	for _, w := range k.wallets {
		key += "|" + w.Address + "=" + strings.Join(w.Roles, "+")
	}
	return ask{Key: key, TTL: cfg.SecurityTTL}
}

// Fetch looks the wallets up at once. A wallet that cannot be looked up stays in the record
// without a verdict (Flagged absent); if none can, the source is unavailable.
func (goPlusAddress) Fetch(ctx context.Context, call caller, k *known) (*part, *failure) {
	wallets := slices.Clone(k.wallets)
	fails := make([]*failure, len(wallets))
	var wg sync.WaitGroup
	for i := range wallets {
		wg.Go(func() { fails[i] = lookUpWallet(ctx, call, k.evm.id, &wallets[i]) })
	}
	wg.Wait()
	if !slices.Contains(fails, nil) {
		return nil, fails[0]
	}
	return &part{deployer: &token.Deployer{Wallets: wallets}}, nil
}

// lookUpWallet asks GoPlus about w and fills in its record.
func lookUpWallet(ctx context.Context, call caller, chainID string, w *token.Wallet) *failure {
	var body goPlusBody
	path := "/api/v1/address_security/" + url.PathEscape(w.Address) + "?chain_id=" + url.QueryEscape(chainID)
	if f := call.c.goPlusGet(ctx, call, path, &body); f != nil {
		return f
	}
	if !body.Result.ok {
		return fail(token.ReasonInvalidResponse, "%s: no result", token.SourceGoPlusAddress)
	}
	result := body.Result.v
	flagged := false
	for _, name := range slices.Concat(walletDangerFlags, walletWarningFlags) {
		var b bit
		if raw, ok := result[name]; ok && b.UnmarshalJSON(raw) == nil && b.ok && b.v {
			w.Flags = append(w.Flags, name)
			flagged = true
		}
	}
	var created num
	if raw, ok := result["number_of_malicious_contracts_created"]; ok && created.UnmarshalJSON(raw) == nil {
		w.MaliciousContractsCreated = count(created)
		flagged = flagged || (w.MaliciousContractsCreated != nil && *w.MaliciousContractsCreated > 0)
	}
	var source text
	if raw, ok := result["data_source"]; ok && source.UnmarshalJSON(raw) == nil {
		w.DataSource = cleanText(string(source), maxLabelRunes)
	}
	w.Flagged = ptr(flagged)
	return nil
}

// deployerFindings turns a flagged wallet into a finding: danger for a danger flag or a
// malicious contract created, a warning for the rest. A clean record is no finding.
func deployerFindings(d *token.Deployer, add addFunc) {
	if d == nil {
		return
	}
	for _, w := range d.Wallets {
		if w.Flagged == nil || !*w.Flagged {
			continue
		}
		severity := token.SeverityWarning
		if slices.ContainsFunc(w.Flags, func(f string) bool { return slices.Contains(walletDangerFlags, f) }) ||
			(w.MaliciousContractsCreated != nil && *w.MaliciousContractsCreated > 0) {
			severity = token.SeverityDanger
		}
		words := make([]string, len(w.Flags))
		for i, f := range w.Flags {
			words[i] = strings.ReplaceAll(f, "_", " ")
		}
		what := strings.Join(words, ", ")
		if n := w.MaliciousContractsCreated; n != nil && *n > 0 {
			what = strings.TrimPrefix(what+fmt.Sprintf(", %d malicious contracts created", *n), ", ")
		}
		role := strings.Join(w.Roles, " and ")
		text := fmt.Sprintf("GoPlus flags the token's %s %s: %s", role, w.Address, what)
		if w.DataSource != "" {
			text += " (data: " + strings.ReplaceAll(w.DataSource, ",", ", ") + ")"
		}
		add(severity, token.SourceGoPlus, "The "+role+"'s wallet is flagged: "+what, "%s.", text)
	}
}
