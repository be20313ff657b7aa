package tokenfacts_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
	"github.com/chatsvc/chat/pkg/tokenfacts"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// margin is how far past its budget a Lookup may return: scheduling and the last copying,
// generous so that a loaded machine does not fail the test. It bounds behaviour (Lookup does
// not wait for a source past the budget), not speed.
const margin = 300 * time.Millisecond

// Every fault becomes "unavailable" with its reason, within the budget, and leaves the other
// sources' facts in place.
func TestFaults(t *testing.T) {
	const budget = 400 * time.Millisecond
	type fault = fakesources.Fault
	tests := []struct {
		name  string
		api   fakesources.API
		fault fault
		token string
		want  []token.Unavailable
		kept  func(token.Facts) bool // what must still be there
	}{
		{"DexScreener slow past the budget", fakesources.DexScreener, fault{Kind: fakesources.Slow, Delay: 3 * time.Second}, fakesources.EVMMultiChain,
			[]token.Unavailable{u("DexScreener", "timed out"), u("GoPlus", "timed out"), u("honeypot.is", "timed out"), u("GeckoTerminal", "timed out")}, nil},
		{"DexScreener hangs", fakesources.DexScreener, fault{Kind: fakesources.Hang}, fakesources.SolanaPumpFun,
			[]token.Unavailable{u("DexScreener", "timed out"), u("GeckoTerminal", "timed out")}, hasSecurity},
		{"DexScreener 429", fakesources.DexScreener, fault{Kind: fakesources.RateLimited}, fakesources.EVMMultiChain,
			[]token.Unavailable{u("DexScreener", "rate limited"), u("GoPlus", "chain unknown"), u("honeypot.is", "chain unknown"), u("GeckoTerminal", "chain unknown")}, nil},
		{"DexScreener 500", fakesources.DexScreener, fault{Kind: fakesources.ServerError}, fakesources.SolanaPumpFun,
			[]token.Unavailable{u("DexScreener", "server error"), u("GeckoTerminal", "no pool known")}, hasSecurity},
		{"DexScreener truncated JSON", fakesources.DexScreener, fault{Kind: fakesources.Truncated}, fakesources.SolanaQuiet,
			[]token.Unavailable{u("DexScreener", "invalid response"), u("RugCheck", "not found"), u("GeckoTerminal", "no pool known")}, hasSecurity},
		{"DexScreener oversized body", fakesources.DexScreener, fault{Kind: fakesources.Oversized}, fakesources.EVMHoneypot,
			[]token.Unavailable{u("DexScreener", "response too large"), u("GoPlus", "chain unknown"), u("honeypot.is", "chain unknown"), u("GeckoTerminal", "chain unknown")}, nil},
		{"GoPlus 4029", fakesources.GoPlus, fault{Kind: fakesources.RateLimited}, fakesources.EVMHoneypot,
			[]token.Unavailable{u("GoPlus", "rate limited")}, hasMarketAndSimulation},
		{"GoPlus code 2", fakesources.GoPlus, fault{Kind: fakesources.Preparing}, fakesources.EVMMultiChain,
			[]token.Unavailable{u("GoPlus", "data being prepared")}, hasMarketAndSimulation},
		{"GoPlus 500", fakesources.GoPlus, fault{Kind: fakesources.ServerError}, fakesources.SolanaPumpFun,
			[]token.Unavailable{u("GoPlus", "server error")}, hasMarket},
		{"GoPlus hangs", fakesources.GoPlus, fault{Kind: fakesources.Hang}, fakesources.EVMRugged,
			[]token.Unavailable{u("GoPlus", "timed out")}, hasMarketAndSimulation},
		{"GoPlus truncated JSON", fakesources.GoPlus, fault{Kind: fakesources.Truncated}, fakesources.EVMMultiChain,
			[]token.Unavailable{u("GoPlus", "invalid response")}, hasMarketAndSimulation},
		{"GoPlus oversized body", fakesources.GoPlus, fault{Kind: fakesources.Oversized}, fakesources.SolanaPumpFun,
			[]token.Unavailable{u("GoPlus", "response too large")}, hasMarket},
		{"honeypot.is slow past the budget", fakesources.Honeypot, fault{Kind: fakesources.Slow, Delay: 3 * time.Second}, fakesources.EVMMultiChain,
			[]token.Unavailable{u("honeypot.is", "timed out")}, hasMarketAndContract},
		{"honeypot.is 429", fakesources.Honeypot, fault{Kind: fakesources.RateLimited}, fakesources.EVMHoneypot,
			[]token.Unavailable{u("honeypot.is", "rate limited")}, hasMarketAndContract},
		{"honeypot.is 500", fakesources.Honeypot, fault{Kind: fakesources.ServerError}, fakesources.EVMRugged,
			[]token.Unavailable{u("honeypot.is", "server error")}, hasMarketAndContract},
		{"honeypot.is unknown token", fakesources.Honeypot, fault{Kind: fakesources.NotFound}, fakesources.EVMMultiChain,
			[]token.Unavailable{u("honeypot.is", "not found")}, hasMarketAndContract},
		{"RugCheck 400 not found", fakesources.RugCheck, fault{Kind: fakesources.NotFound}, fakesources.SolanaPumpFun,
			[]token.Unavailable{u("RugCheck", "not found")}, hasSecurity},
		{"RugCheck hangs", fakesources.RugCheck, fault{Kind: fakesources.Hang}, fakesources.SolanaPumpFun,
			[]token.Unavailable{u("RugCheck", "timed out")}, hasSecurity},
		{"RugCheck truncated JSON", fakesources.RugCheck, fault{Kind: fakesources.Truncated}, fakesources.SolanaPumpFun,
			[]token.Unavailable{u("RugCheck", "invalid response")}, hasSecurity},
		{"GeckoTerminal 429", fakesources.GeckoTerminal, fault{Kind: fakesources.RateLimited}, fakesources.EVMMultiChain,
			[]token.Unavailable{u("GeckoTerminal", "rate limited")}, hasMarketAndContract},
		{"GeckoTerminal unknown pool (404)", fakesources.GeckoTerminal, fault{Kind: fakesources.NotFound}, fakesources.SolanaQuiet,
			[]token.Unavailable{u("RugCheck", "not found"), u("GeckoTerminal", "not found")}, hasMarket},
		{"GeckoTerminal hangs", fakesources.GeckoTerminal, fault{Kind: fakesources.Hang}, fakesources.EVMRugged,
			[]token.Unavailable{u("GeckoTerminal", "timed out")}, hasMarketAndContract},
		{"GeckoTerminal truncated JSON", fakesources.GeckoTerminal, fault{Kind: fakesources.Truncated}, fakesources.SolanaPumpFun,
			[]token.Unavailable{u("GeckoTerminal", "invalid response")}, hasSecurity},
		{"GoPlus address lookup rate limited (4029)", fakesources.GoPlus, fault{Kind: fakesources.RateLimited}, fakesources.EVMMultiChain,
			[]token.Unavailable{u("GoPlus", "rate limited")}, hasMarketAndSimulation},
		{"RugCheck 429", fakesources.RugCheck, fault{Kind: fakesources.RateLimited}, fakesources.SolanaPumpFun,
			[]token.Unavailable{u("RugCheck", "rate limited")}, hasSecurity},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake, url := newFake(t)
			fake.SetFault(tt.api, tt.fault)
			c := newClient(t, url, func(c *tokenfacts.Config) { c.Budget = budget })
			start := time.Now()
			facts := c.Lookup(context.Background(), []contract.Address{address(t, tt.token)})
			elapsed := time.Since(start)
			if elapsed > budget+margin {
				t.Errorf("Lookup took %v, budget %v", elapsed, budget)
			}
			f := facts[0]
			if !slices.Equal(f.Unavailable, tt.want) {
				t.Errorf("Unavailable = %v, want %v", f.Unavailable, tt.want)
			}
			if tt.kept != nil && !tt.kept(f) {
				t.Errorf("the other sources' facts are gone: %s", f.ModelJSON())
			}
		})
	}
}

func u(source, reason string) token.Unavailable {
	return token.Unavailable{Source: source, Reason: reason}
}

func hasMarket(f token.Facts) bool { return f.Market != nil }

func hasSecurity(f token.Facts) bool { return f.Security != nil && f.Security.Contract != nil }

func hasMarketAndSimulation(f token.Facts) bool {
	return f.Market != nil && f.Security != nil && f.Security.Simulation != nil
}

func hasMarketAndContract(f token.Facts) bool {
	return f.Market != nil && f.Security != nil && f.Security.Contract != nil
}

// A caller's context shorter than the budget bounds the Lookup too.
func TestLookupHonoursContext(t *testing.T) {
	fake, url := newFake(t)
	fake.SetFault(fakesources.DexScreener, fakesources.Fault{Kind: fakesources.Hang})
	c := newClient(t, url, func(c *tokenfacts.Config) { c.Budget = 5 * time.Second })
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	f := c.Lookup(ctx, []contract.Address{address(t, fakesources.EVMMultiChain)})[0]
	if elapsed := time.Since(start); elapsed > 200*time.Millisecond+margin {
		t.Errorf("Lookup took %v past a 200ms context", elapsed)
	}
	if got := unavailable(f, token.SourceDexScreener); got != token.ReasonTimedOut {
		t.Errorf("DexScreener = %q, want timed out", got)
	}
}

// Addresses Lookup cannot use, and no addresses at all, are answered without a request.
func TestLookupOddInput(t *testing.T) {
	fake, url := newFake(t)
	c := newClient(t, url)
	if got := c.Lookup(context.Background(), nil); len(got) != 0 {
		t.Errorf("Lookup(nil) = %v", got)
	}
	for _, a := range []contract.Address{
		{Value: "not an address", Chain: contract.ChainEVM},
		{Value: fakesources.SolanaPumpFun, Chain: contract.ChainEVM}, // family mismatch
		{Value: fakesources.EVMMultiChain, Chain: "tron"},
	} {
		f := c.Lookup(context.Background(), []contract.Address{a})[0]
		want := []token.Unavailable{{Source: "lookup", Reason: "invalid address"}}
		if !slices.Equal(f.Unavailable, want) || f.Market != nil {
			t.Errorf("%+v: %+v", a, f)
		}
	}
	for _, api := range []fakesources.API{fakesources.DexScreener, fakesources.GoPlus, fakesources.Honeypot, fakesources.RugCheck} {
		if n := fake.Requests(api); n != 0 {
			t.Errorf("%s got %d requests", api, n)
		}
	}
}
