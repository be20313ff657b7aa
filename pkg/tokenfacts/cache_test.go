package tokenfacts_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/testclock"
	"github.com/chatsvc/chat/pkg/contract"
	"github.com/chatsvc/chat/pkg/tokenfacts"
	"github.com/chatsvc/chat/pkg/tokenfacts/tokenfactstest"
)

var apis = []tokenfactstest.API{tokenfactstest.DexScreener, tokenfactstest.GoPlus, tokenfactstest.Honeypot, tokenfactstest.RugCheck}

func requests(fake *tokenfactstest.Server) map[tokenfactstest.API]int64 {
	out := map[tokenfactstest.API]int64{}
	for _, api := range apis {
		out[api] = fake.Requests(api)
	}
	return out
}

func wantRequests(t *testing.T, fake *tokenfactstest.Server, want map[tokenfactstest.API]int64) {
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
		first map[tokenfactstest.API]int64
	}{
		{"EVM", tokenfactstest.EVMMultiChain, map[tokenfactstest.API]int64{tokenfactstest.DexScreener: 1, tokenfactstest.GoPlus: 1, tokenfactstest.Honeypot: 1}},
		{"Solana", tokenfactstest.SolanaPumpFun, map[tokenfactstest.API]int64{tokenfactstest.DexScreener: 1, tokenfactstest.GoPlus: 1, tokenfactstest.RugCheck: 1}},
		// "Not found" is an answer too, and is cached like one: for the market's lifetime,
		// not a failure's.
		{"unknown to everyone", tokenfactstest.EVMUnlisted, map[tokenfactstest.API]int64{tokenfactstest.DexScreener: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, url := newFake(t)
			clk := testclock.New(tokenfactstest.Now())
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

// Market answers expire after MarketTTL, security answers after SecurityTTL.
func TestCacheExpiry(t *testing.T) {
	fake, url := newFake(t)
	clk := testclock.New(tokenfactstest.Now())
	c := newClient(t, url, func(c *tokenfacts.Config) { c.Now = clk.Now })
	lookupOne(t, c, tokenfactstest.EVMMultiChain)
	clk.Advance(2 * time.Minute)
	f := lookupOne(t, c, tokenfactstest.EVMMultiChain)
	wantRequests(t, fake, map[tokenfactstest.API]int64{tokenfactstest.DexScreener: 2, tokenfactstest.GoPlus: 1, tokenfactstest.Honeypot: 1})
	// The age is read at lookup time, not frozen in the cache.
	eqFloat(t, "pair age", f.Market.PairAgeHours, 20101.8)
	clk.Advance(9 * time.Minute)
	lookupOne(t, c, tokenfactstest.EVMMultiChain)
	wantRequests(t, fake, map[tokenfactstest.API]int64{tokenfactstest.DexScreener: 3, tokenfactstest.GoPlus: 2, tokenfactstest.Honeypot: 2})
}

// A failure is remembered briefly (a rate-limited source is not hammered), then retried.
func TestFailureRetried(t *testing.T) {
	fake, url := newFake(t)
	clk := testclock.New(tokenfactstest.Now())
	c := newClient(t, url, func(c *tokenfacts.Config) { c.Now = clk.Now })
	fake.SetFault(tokenfactstest.RugCheck, tokenfactstest.Fault{Kind: tokenfactstest.RateLimited})
	lookupOne(t, c, tokenfactstest.SolanaPumpFun)
	fake.SetFault(tokenfactstest.RugCheck, tokenfactstest.Fault{})
	f := lookupOne(t, c, tokenfactstest.SolanaPumpFun)
	if got := unavailable(f, tokenfacts.SourceRugCheck); got != tokenfacts.ReasonRateLimited || fake.Requests(tokenfactstest.RugCheck) != 1 {
		t.Errorf("RugCheck asked again at once (%d requests, %q)", fake.Requests(tokenfactstest.RugCheck), got)
	}
	clk.Advance(20 * time.Second)
	f = lookupOne(t, c, tokenfactstest.SolanaPumpFun)
	if f.Security.RugCheck == nil || fake.Requests(tokenfactstest.RugCheck) != 2 {
		t.Errorf("RugCheck not retried after the failure expired: %v", f.Unavailable)
	}
}

// Twenty questions about one token at once cost one request per source.
func TestInFlightCollapse(t *testing.T) {
	for _, token := range []string{tokenfactstest.EVMHoneypot, tokenfactstest.SolanaPumpFun} {
		t.Run(token, func(t *testing.T) {
			fake, url := newFake(t)
			for _, api := range apis {
				fake.SetFault(api, tokenfactstest.Fault{Kind: tokenfactstest.Slow, Delay: 100 * time.Millisecond})
			}
			c := newClient(t, url)
			addrs := []contract.Address{address(t, token)}
			var wg sync.WaitGroup
			facts := make([]tokenfacts.Facts, 20)
			for i := range facts {
				wg.Go(func() { facts[i] = c.Lookup(context.Background(), addrs)[0] })
			}
			wg.Wait()
			for i, f := range facts {
				if f.Market == nil || f.Security == nil || len(f.Unavailable) != 0 {
					t.Errorf("caller %d: %s", i, f.ModelJSON())
				}
			}
			want := map[tokenfactstest.API]int64{tokenfactstest.DexScreener: 1, tokenfactstest.GoPlus: 1, tokenfactstest.Honeypot: 1}
			if strings.HasPrefix(token, "0x") {
				want[tokenfactstest.RugCheck] = 0
			} else {
				want[tokenfactstest.Honeypot], want[tokenfactstest.RugCheck] = 0, 1
			}
			wantRequests(t, fake, want)
		})
	}
}

// A fetch that outlives one caller's budget completes in the background, the security fetches
// it leads to included, and the next question gets it all without asking again.
func TestBackgroundFill(t *testing.T) {
	fake, url := newFake(t)
	fake.SetFault(tokenfactstest.DexScreener, tokenfactstest.Fault{Kind: tokenfactstest.Slow, Delay: 400 * time.Millisecond})
	c := newClient(t, url, func(c *tokenfacts.Config) { c.Budget = 150 * time.Millisecond })
	first := lookupOne(t, c, tokenfactstest.EVMMultiChain)
	if got := unavailable(first, tokenfacts.SourceDexScreener); got != tokenfacts.ReasonTimedOut {
		t.Fatalf("first lookup: DexScreener %q, want timed out", got)
	}
	deadline := time.Now().Add(5 * time.Second)
	for fake.Requests(tokenfactstest.GoPlus) == 0 || fake.Requests(tokenfactstest.Honeypot) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the background fetch never reached GoPlus and honeypot.is: %v", requests(fake))
		}
		time.Sleep(10 * time.Millisecond)
	}
	second := lookupOne(t, c, tokenfactstest.EVMMultiChain)
	if second.Market == nil || second.Security == nil || len(second.Unavailable) != 0 {
		t.Errorf("second lookup: %s", second.ModelJSON())
	}
	wantRequests(t, fake, map[tokenfactstest.API]int64{tokenfactstest.DexScreener: 1, tokenfactstest.GoPlus: 1, tokenfactstest.Honeypot: 1})
}

// At most three distinct addresses are looked up; EVM duplicates differ only in case.
func TestAtMostThreeAddresses(t *testing.T) {
	fake, url := newFake(t)
	c := newClient(t, url)
	in := []contract.Address{
		address(t, tokenfactstest.EVMMultiChain),
		address(t, strings.ToUpper(tokenfactstest.EVMMultiChain)), // the same token, hex in upper case
		address(t, tokenfactstest.EVMHoneypot),
		address(t, tokenfactstest.SolanaQuiet),
		address(t, tokenfactstest.SolanaPumpFun),
	}
	facts := c.Lookup(context.Background(), in)
	var got []string
	for _, f := range facts {
		got = append(got, f.Token.Address)
	}
	want := []string{tokenfactstest.EVMMultiChain, tokenfactstest.EVMHoneypot, tokenfactstest.SolanaQuiet}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("looked up %v, want %v", got, want)
	}
	if n := fake.RequestsFor(tokenfactstest.DexScreener, tokenfactstest.SolanaPumpFun); n != 0 {
		t.Errorf("the fourth distinct address was requested %d times", n)
	}
}

// The cache is bounded: the oldest answers go first.
func TestCacheBounded(t *testing.T) {
	fake, url := newFake(t)
	c := newClient(t, url, func(c *tokenfacts.Config) { c.CacheEntries = 3 })
	lookupOne(t, c, tokenfactstest.EVMMultiChain) // three entries: DexScreener, GoPlus, honeypot.is
	lookupOne(t, c, tokenfactstest.EVMHoneypot)   // three more: the first three are evicted
	lookupOne(t, c, tokenfactstest.EVMMultiChain)
	if n := fake.RequestsFor(tokenfactstest.DexScreener, tokenfactstest.EVMMultiChain); n != 2 {
		t.Errorf("DexScreener asked %d times about the evicted token, want 2", n)
	}
	lookupOne(t, c, tokenfactstest.EVMMultiChain)
	if n := fake.RequestsFor(tokenfactstest.DexScreener, tokenfactstest.EVMMultiChain); n != 2 {
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
		{"with the key", tokenfactstest.AppKey, tokenfactstest.AppSecret, "", 1},
		{"keyless", "", "", tokenfacts.ReasonRefused, 0},
		{"wrong secret falls back to keyless", tokenfactstest.AppKey, "wrong", tokenfacts.ReasonRefused, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, url := newFake(t)
			fake.RequireAuth(true)
			c := newClient(t, url, func(c *tokenfacts.Config) { c.GoPlusAppKey, c.GoPlusAppSecret = tt.key, tt.secret })
			facts := c.Lookup(context.Background(), []contract.Address{
				address(t, tokenfactstest.EVMMultiChain), address(t, tokenfactstest.SolanaPumpFun),
			})
			for _, f := range facts {
				if got := unavailable(f, tokenfacts.SourceGoPlus); got != tt.want {
					t.Errorf("%s: GoPlus %q, want %q", f.Token.Address, got, tt.want)
				}
			}
			if n := fake.RequestsFor(tokenfactstest.GoPlus, "token"); n != tt.tokens {
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
		c.GoPlusAppKey, c.GoPlusAppSecret = tokenfactstest.AppKey, tokenfactstest.AppSecret
	})
	lookupOne(t, c, tokenfactstest.EVMMultiChain)
	fake.ExpireToken()
	if got := unavailable(lookupOne(t, c, tokenfactstest.EVMHoneypot), tokenfacts.SourceGoPlus); got != tokenfacts.ReasonRefused {
		t.Errorf("GoPlus with the expired token: %q, want %q", got, tokenfacts.ReasonRefused)
	}
	if got := unavailable(lookupOne(t, c, tokenfactstest.SolanaPumpFun), tokenfacts.SourceGoPlus); got != "" {
		t.Errorf("GoPlus after renewing: %q, want facts", got)
	}
	if n := fake.RequestsFor(tokenfactstest.GoPlus, "token"); n != 2 {
		t.Errorf("%d token requests, want 2: the expired token is dropped and a new one asked for", n)
	}
}

// BenchmarkLookupWarm measures a lookup answered wholly from the cache: three tokens, nine
// cached answers, no network.
func BenchmarkLookupWarm(b *testing.B) {
	_, url := newFake(b)
	c := newClient(b, url)
	addrs := []contract.Address{
		address(b, tokenfactstest.EVMMultiChain), address(b, tokenfactstest.EVMHoneypot), address(b, tokenfactstest.SolanaPumpFun),
	}
	ctx := context.Background()
	c.Lookup(ctx, addrs)
	b.ReportAllocs()
	for b.Loop() {
		c.Lookup(ctx, addrs)
	}
}
