package tokenfacts_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/testclock"
	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
	"github.com/chatsvc/chat/pkg/tokenfacts"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

var apis = []fakesources.API{fakesources.DexScreener, fakesources.GoPlus, fakesources.Honeypot, fakesources.RugCheck,
	fakesources.GeckoTerminal, fakesources.GoPlusAddress}

// The APIs' short names in the wanted request counts.
const (
	dex = fakesources.DexScreener
	gp  = fakesources.GoPlus
	hp  = fakesources.Honeypot
	rc  = fakesources.RugCheck
	gt  = fakesources.GeckoTerminal
	gpa = fakesources.GoPlusAddress
)

func requests(fake *fakesources.Server) map[fakesources.API]int64 {
	out := map[fakesources.API]int64{}
	for _, api := range apis {
		out[api] = fake.Requests(api)
	}
	return out
}

func wantRequests(t *testing.T, fake *fakesources.Server, want map[fakesources.API]int64) {
	t.Helper()
	for _, api := range apis {
		if got := fake.Requests(api); got != want[api] {
			t.Errorf("%s: %d requests, want %d", api, got, want[api])
		}
	}
}

// A warm cache answers without a request, also after a failure's shorter lifetime has passed.
func TestCacheHit(t *testing.T) {
	tests := []struct {
		name  string
		token string
		first map[fakesources.API]int64
	}{
		{"EVM", fakesources.EVMMultiChain, map[fakesources.API]int64{dex: 1, gp: 1, hp: 1, gt: 1, gpa: 1}},
		{"Solana", fakesources.SolanaPumpFun, map[fakesources.API]int64{dex: 1, gp: 1, rc: 1, gt: 1}},
		// "Not found" is an answer too, and is cached like one: for the market's lifetime,
		// not a failure's.
		{"unknown to everyone", fakesources.EVMUnlisted, map[fakesources.API]int64{fakesources.DexScreener: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, url := newFake(t)
			clk := testclock.New(fakesources.Now())
			c := newClient(t, url, func(c *tokenfacts.Config) { c.Now = clk.Now })
			first := lookupOne(t, c, tt.token)
			wantRequests(t, fake, tt.first)
			clk.Advance(30 * time.Second) // past a failure's 15 s, within the market's minute
			second := lookupOne(t, c, tt.token)
			wantRequests(t, fake, tt.first)
			if string(first.ModelJSON()) != string(second.ModelJSON()) {
				t.Errorf("cached facts differ:\n%s\n%s", first.ModelJSON(), second.ModelJSON())
			}
		})
	}
}

// Market answers expire after MarketTTL, history after HistoryTTL, security answers after
// SecurityTTL.
func TestCacheExpiry(t *testing.T) {
	fake, url := newFake(t)
	clk := testclock.New(fakesources.Now())
	c := newClient(t, url, func(c *tokenfacts.Config) { c.Now = clk.Now })
	lookupOne(t, c, fakesources.EVMMultiChain)
	clk.Advance(2 * time.Minute)
	f := lookupOne(t, c, fakesources.EVMMultiChain)
	wantRequests(t, fake, map[fakesources.API]int64{dex: 2, gp: 1, hp: 1, gt: 1, gpa: 1})
	// The age is read at lookup time, not frozen in the cache.
	eqFloat(t, "pair age", f.Market.PairAgeHours, 20101.8)
	clk.Advance(9 * time.Minute)
	lookupOne(t, c, fakesources.EVMMultiChain)
	wantRequests(t, fake, map[fakesources.API]int64{dex: 3, gp: 2, hp: 2, gt: 2, gpa: 2})
}

// A failure is remembered briefly (a rate-limited source is not hammered), then retried.
func TestFailureRetried(t *testing.T) {
	fake, url := newFake(t)
	clk := testclock.New(fakesources.Now())
	c := newClient(t, url, func(c *tokenfacts.Config) { c.Now = clk.Now })
	fake.SetFault(fakesources.RugCheck, fakesources.Fault{Kind: fakesources.ServerError})
	lookupOne(t, c, fakesources.SolanaPumpFun)
	fake.SetFault(fakesources.RugCheck, fakesources.Fault{})
	f := lookupOne(t, c, fakesources.SolanaPumpFun)
	if got := unavailable(f, token.SourceRugCheck); got != token.ReasonServerError || fake.Requests(fakesources.RugCheck) != 1 {
		t.Errorf("RugCheck asked again at once (%d requests, %q)", fake.Requests(fakesources.RugCheck), got)
	}
	clk.Advance(20 * time.Second)
	f = lookupOne(t, c, fakesources.SolanaPumpFun)
	if f.Security.RugCheck == nil || fake.Requests(fakesources.RugCheck) != 2 {
		t.Errorf("RugCheck not retried after the failure expired: %v", f.Unavailable)
	}
}

// Twenty questions about one token at once cost one request per source.
func TestInFlightCollapse(t *testing.T) {
	for _, tok := range []string{fakesources.EVMHoneypot, fakesources.SolanaPumpFun} {
		t.Run(tok, func(t *testing.T) {
			fake, url := newFake(t)
			for _, api := range apis {
				fake.SetFault(api, fakesources.Fault{Kind: fakesources.Slow, Delay: 100 * time.Millisecond})
			}
			c := newClient(t, url)
			addrs := []contract.Address{address(t, tok)}
			var wg sync.WaitGroup
			facts := make([]token.Facts, 20)
			for i := range facts {
				wg.Go(func() { facts[i] = c.Lookup(context.Background(), addrs)[0] })
			}
			wg.Wait()
			for i, f := range facts {
				if f.Market == nil || f.Security == nil || len(f.Unavailable) != 0 {
					t.Errorf("caller %d: %s", i, f.ModelJSON())
				}
			}
			want := map[fakesources.API]int64{dex: 1, gp: 1, hp: 1, gt: 1, gpa: 1}
			if !strings.HasPrefix(tok, "0x") {
				want = map[fakesources.API]int64{dex: 1, gp: 1, rc: 1, gt: 1}
			}
			wantRequests(t, fake, want)
		})
	}
}

// A fetch that outlives one caller's budget completes in the background, the security fetches
// it leads to included, and the next question gets it all without asking again.
func TestBackgroundFill(t *testing.T) {
	fake, url := newFake(t)
	fake.SetFault(fakesources.DexScreener, fakesources.Fault{Kind: fakesources.Slow, Delay: 400 * time.Millisecond})
	c := newClient(t, url, func(c *tokenfacts.Config) { c.Budget = 150 * time.Millisecond })
	first := lookupOne(t, c, fakesources.EVMMultiChain)
	if got := unavailable(first, token.SourceDexScreener); got != token.ReasonTimedOut {
		t.Fatalf("first lookup: DexScreener %q, want timed out", got)
	}
	deadline := time.Now().Add(5 * time.Second)
	for fake.Requests(gp) == 0 || fake.Requests(hp) == 0 || fake.Requests(gt) == 0 || fake.Requests(gpa) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the background fetch never reached the sources that wait for DexScreener: %v", requests(fake))
		}
		time.Sleep(10 * time.Millisecond)
	}
	second := lookupOne(t, c, fakesources.EVMMultiChain)
	if second.Market == nil || second.Security == nil || len(second.Unavailable) != 0 {
		t.Errorf("second lookup: %s", second.ModelJSON())
	}
	wantRequests(t, fake, map[fakesources.API]int64{dex: 1, gp: 1, hp: 1, gt: 1, gpa: 1})
}

// At most three distinct addresses are looked up; EVM duplicates differ only in case.
func TestAtMostThreeAddresses(t *testing.T) {
	fake, url := newFake(t)
	c := newClient(t, url)
	in := []contract.Address{
		address(t, fakesources.EVMMultiChain),
		address(t, strings.ToUpper(fakesources.EVMMultiChain)), // the same token, hex in upper case
		address(t, fakesources.EVMHoneypot),
		address(t, fakesources.SolanaQuiet),
		address(t, fakesources.SolanaPumpFun),
	}
	facts := c.Lookup(context.Background(), in)
	var got []string
	for _, f := range facts {
		got = append(got, f.Token.Address)
	}
	want := []string{fakesources.EVMMultiChain, fakesources.EVMHoneypot, fakesources.SolanaQuiet}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("looked up %v, want %v", got, want)
	}
	if n := fake.RequestsFor(fakesources.DexScreener, fakesources.SolanaPumpFun); n != 0 {
		t.Errorf("the fourth distinct address was requested %d times", n)
	}
}

// The cache is bounded: the oldest answers go first.
func TestCacheBounded(t *testing.T) {
	fake, url := newFake(t)
	c := newClient(t, url, func(c *tokenfacts.Config) { c.CacheEntries = 5 })
	lookupOne(t, c, fakesources.EVMMultiChain) // five entries: one per source that answers
	lookupOne(t, c, fakesources.EVMHoneypot)   // five more: the first five are evicted
	lookupOne(t, c, fakesources.EVMMultiChain)
	if n := fake.RequestsFor(fakesources.DexScreener, fakesources.EVMMultiChain); n != 2 {
		t.Errorf("DexScreener asked %d times about the evicted token, want 2", n)
	}
	lookupOne(t, c, fakesources.EVMMultiChain)
	if n := fake.RequestsFor(fakesources.DexScreener, fakesources.EVMMultiChain); n != 2 {
		t.Errorf("DexScreener asked %d times about the cached token, want 2", n)
	}
}

// With an app key, GoPlus is asked with the access token it exchanged for it, once.
func TestGoPlusAppKey(t *testing.T) {
	tests := []struct {
		name        string
		key, secret string
		want        string // GoPlus's reason in Unavailable, "" for facts
		tokens      int64
	}{
		{"with the key", fakesources.AppKey, fakesources.AppSecret, "", 1},
		{"keyless", "", "", token.ReasonRefused, 0},
		{"wrong secret falls back to keyless", fakesources.AppKey, "wrong", token.ReasonRefused, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, url := newFake(t)
			fake.RequireAuth(true)
			c := newClient(t, url, func(c *tokenfacts.Config) { c.GoPlusAppKey, c.GoPlusAppSecret = tt.key, tt.secret })
			facts := c.Lookup(context.Background(), []contract.Address{
				address(t, fakesources.EVMMultiChain), address(t, fakesources.SolanaPumpFun),
			})
			for _, f := range facts {
				if got := unavailable(f, token.SourceGoPlus); got != tt.want {
					t.Errorf("%s: GoPlus %q, want %q", f.Token.Address, got, tt.want)
				}
			}
			if n := fake.RequestsFor(fakesources.GoPlus, "token"); n != tt.tokens {
				t.Errorf("%d token requests, want %d", n, tt.tokens)
			}
		})
	}
}

// An access token GoPlus no longer takes is dropped: the next lookup asks for a new one.
func TestGoPlusExpiredTokenIsRenewed(t *testing.T) {
	fake, url := newFake(t)
	fake.RequireAuth(true)
	c := newClient(t, url, func(c *tokenfacts.Config) {
		c.GoPlusAppKey, c.GoPlusAppSecret = fakesources.AppKey, fakesources.AppSecret
	})
	lookupOne(t, c, fakesources.EVMMultiChain)
	fake.ExpireToken()
	if got := unavailable(lookupOne(t, c, fakesources.EVMHoneypot), token.SourceGoPlus); got != token.ReasonRefused {
		t.Errorf("GoPlus with the expired token: %q, want %q", got, token.ReasonRefused)
	}
	if got := unavailable(lookupOne(t, c, fakesources.SolanaPumpFun), token.SourceGoPlus); got != "" {
		t.Errorf("GoPlus after renewing: %q, want facts", got)
	}
	if n := fake.RequestsFor(fakesources.GoPlus, "token"); n != 2 {
		t.Errorf("%d token requests, want 2: the expired token is dropped and a new one asked for", n)
	}
}

// BenchmarkLookupWarm measures a lookup answered wholly from the cache: three tokens, nine
// cached answers, no network.
func BenchmarkLookupWarm(b *testing.B) {
	_, url := newFake(b)
	c := newClient(b, url)
	addrs := []contract.Address{
		address(b, fakesources.EVMMultiChain), address(b, fakesources.EVMHoneypot), address(b, fakesources.SolanaPumpFun),
	}
	ctx := context.Background()
	c.Lookup(ctx, addrs)
	b.ReportAllocs()
	for b.Loop() {
		c.Lookup(ctx, addrs)
	}
}
