package tokenfacts_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/testclock"
	"github.com/chatsvc/chat/pkg/chat/token"
	"github.com/chatsvc/chat/pkg/tokenfacts"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// Every DexScreener fault becomes a short *FindError within the budget, for Search and Pair.
func TestFinderFaults(t *testing.T) {
	const budget = 300 * time.Millisecond
	type fault = fakesources.Fault
	tests := []struct {
		name   string
		fault  fault
		reason string
	}{
		{"429", fault{Kind: fakesources.RateLimited}, token.ReasonRateLimited},
		{"500", fault{Kind: fakesources.ServerError}, token.ReasonServerError},
		{"503", fault{Kind: fakesources.Preparing}, token.ReasonServerError},
		{"truncated JSON", fault{Kind: fakesources.Truncated}, token.ReasonInvalidResponse},
		{"oversized body", fault{Kind: fakesources.Oversized}, token.ReasonTooLarge},
		{"hangs", fault{Kind: fakesources.Hang}, token.ReasonTimedOut},
		{"slow past the budget", fault{Kind: fakesources.Slow, Delay: 3 * time.Second}, token.ReasonTimedOut},
	}
	finders := []struct {
		name string
		call func(*tokenfacts.Client) error
	}{
		{"Search", func(c *tokenfacts.Client) error {
			_, err := c.Search(context.Background(), fakesources.TickerAmbiguous)
			return err
		}},
		{"Pair", func(c *tokenfacts.Client) error {
			_, _, err := c.Pair(context.Background(), "solana", "Ee2Mj4EU3gvsodKgae5t6ayPZ2FKsWMv2P8ksZLNjAX4")
			return err
		}},
	}
	for _, tt := range tests {
		for _, f := range finders {
			t.Run(f.name+" "+tt.name, func(t *testing.T) {
				fake, url := newFake(t)
				fake.SetFault(fakesources.DexScreener, tt.fault)
				c := newClient(t, url, func(cfg *tokenfacts.Config) { cfg.Budget = budget })
				start := time.Now()
				err := f.call(c)
				if took := time.Since(start); took > budget+margin {
					t.Errorf("took %v, budget %v", took, budget)
				}
				checkReason(t, err, tt.reason)
				if len(err.Error()) > 40 {
					t.Errorf("error %q is not short", err)
				}
			})
		}
	}
}

// The caller's deadline bounds a search when it is sooner than the budget.
func TestSearchCallerDeadline(t *testing.T) {
	fake, url := newFake(t)
	fake.SetFault(fakesources.DexScreener, fakesources.Fault{Kind: fakesources.Hang})
	c := newClient(t, url, func(cfg *tokenfacts.Config) { cfg.Budget = 5 * time.Second })
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := c.Search(ctx, fakesources.TickerClear)
	if took := time.Since(start); took > 100*time.Millisecond+margin {
		t.Errorf("took %v, the caller gave 100ms", took)
	}
	checkReason(t, err, token.ReasonTimedOut)
}

// A 429 pauses the whole DexScreener API: the search, the pairs and the facts lookup answer
// "rate limited" at once without asking it, whichever of them was limited.
func TestFinderRateLimitPausesDexScreener(t *testing.T) {
	limit := []struct {
		name string
		call func(*tokenfacts.Client)
	}{
		{"search limited", func(c *tokenfacts.Client) { _, _ = c.Search(context.Background(), "LTC3") }},
		{"pair limited", func(c *tokenfacts.Client) {
			_, _, _ = c.Pair(context.Background(), "bsc", "0x2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e")
		}},
		{"lookup limited", func(c *tokenfacts.Client) { lookupOne(t, c, fakesources.EVMRugged) }},
	}
	for _, l := range limit {
		t.Run(l.name, func(t *testing.T) {
			fake, url := newFake(t)
			c := newClient(t, url)
			fake.SetFault(fakesources.DexScreener, fakesources.Fault{Kind: fakesources.RateLimited, RetryAfter: 30 * time.Second})
			l.call(c)
			fake.SetFault(fakesources.DexScreener, fakesources.Fault{})
			before := fake.Requests(fakesources.DexScreener)

			_, err := c.Search(context.Background(), fakesources.TickerClear)
			checkReason(t, err, token.ReasonRateLimited)
			_, _, err = c.Pair(context.Background(), "solana", "Ee2Mj4EU3gvsodKgae5t6ayPZ2FKsWMv2P8ksZLNjAX4")
			checkReason(t, err, token.ReasonRateLimited)
			if got := unavailable(lookupOne(t, c, fakesources.EVMMultiChain), token.SourceDexScreener); got != token.ReasonRateLimited {
				t.Errorf("lookup: DexScreener %q, want %q", got, token.ReasonRateLimited)
			}
			if n := fake.Requests(fakesources.DexScreener) - before; n != 0 {
				t.Errorf("%d requests to DexScreener while paused", n)
			}
		})
	}
}

// TOKEN_FACTS_DEXSCREENER=off switches the finder off with it: nothing is asked.
func TestFinderOff(t *testing.T) {
	fake, url := newFake(t)
	c := newClient(t, url, func(cfg *tokenfacts.Config) {
		cfg.Sources["dexscreener"] = tokenfacts.SourceConfig{BaseURL: url, Off: true}
	})
	_, err := c.Search(context.Background(), fakesources.TickerClear)
	checkReason(t, err, tokenfacts.ReasonOff)
	_, found, err := c.Pair(context.Background(), "solana", "Ee2Mj4EU3gvsodKgae5t6ayPZ2FKsWMv2P8ksZLNjAX4")
	checkReason(t, err, tokenfacts.ReasonOff)
	if found {
		t.Error("found a pair with DexScreener off")
	}
	if n := fake.Requests(fakesources.DexScreener); n != 0 {
		t.Errorf("%d requests to DexScreener while off", n)
	}
}

// Answers are cached per query without letter case or $, and per pair, for MarketTTL;
// concurrent callers share one request; a failure is kept briefly.
func TestFinderCache(t *testing.T) {
	fake, url := newFake(t)
	clk := testclock.New(fakesources.Now())
	c := newClient(t, url, func(cfg *tokenfacts.Config) { cfg.Now = clk.Now; cfg.MarketTTL = time.Minute })
	ctx := context.Background()
	steps := []struct {
		name     string
		do       func() error
		advance  time.Duration
		requests int64 // DexScreener requests so far
	}{
		{"$QHB", func() error { _, err := c.Search(ctx, "$QHB"); return err }, 0, 1},
		{"qhb: cached", func() error { _, err := c.Search(ctx, "qhb"); return err }, 0, 1},
		{" Qhb  after 59 s: cached", func() error { _, err := c.Search(ctx, " Qhb "); return err }, 59 * time.Second, 1},
		{"QHB after the TTL", func() error { _, err := c.Search(ctx, "QHB"); return err }, 2 * time.Second, 2},
		{"pair", func() error {
			_, _, err := c.Pair(ctx, "ethereum", "0x1F2e3D4c5B6a79880716253443526170A9b8C7d6")
			return err
		}, 0, 3},
		{"pair in lower case: cached", func() error {
			_, _, err := c.Pair(ctx, "Ethereum", "0x1f2e3d4c5b6a79880716253443526170a9b8c7d6")
			return err
		}, 0, 3},
		{"unknown pair", func() error {
			_, _, err := c.Pair(ctx, "base", "0x1F2e3D4c5B6a79880716253443526170A9b8C7d6")
			return err
		}, 0, 4},
		{"unknown pair: cached", func() error {
			_, _, err := c.Pair(ctx, "base", "0x1F2e3D4c5B6a79880716253443526170A9b8C7d6")
			return err
		}, 0, 4},
	}
	for _, s := range steps {
		clk.Advance(s.advance)
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if n := fake.Requests(fakesources.DexScreener); n != s.requests {
			t.Fatalf("%s: %d requests, want %d", s.name, n, s.requests)
		}
	}
	if n := fake.Searches("qhb"); n != 2 {
		t.Errorf("searches for qhb = %d, want 2", n)
	}

	// A failure is kept for seconds: asked again at once, it is not retried; soon, it is.
	fake.SetFault(fakesources.DexScreener, fakesources.Fault{Kind: fakesources.ServerError})
	_, err := c.Search(ctx, fakesources.TickerAmbiguous)
	checkReason(t, err, token.ReasonServerError)
	fake.SetFault(fakesources.DexScreener, fakesources.Fault{})
	_, err = c.Search(ctx, fakesources.TickerAmbiguous)
	checkReason(t, err, token.ReasonServerError)
	clk.Advance(20 * time.Second)
	if got, err := c.Search(ctx, fakesources.TickerAmbiguous); err != nil || len(got) != 3 {
		t.Errorf("after the failure expired: %d candidates, %v; want 3", len(got), err)
	}
}

// Concurrent searches of one query share one request.
func TestSearchSingleFlight(t *testing.T) {
	fake, url := newFake(t)
	fake.SetFault(fakesources.DexScreener, fakesources.Fault{Kind: fakesources.Slow, Delay: 100 * time.Millisecond})
	c := newClient(t, url)
	queries := []string{"BOLT", "$bolt", " Bolt", "BOLT", "bolt", "$BOLT", "BOLT", "bOLT"}
	var wg sync.WaitGroup
	for _, q := range queries {
		wg.Go(func() {
			got, err := c.Search(context.Background(), q)
			if err != nil || len(got) != 3 {
				t.Errorf("Search(%q) = %d candidates, %v; want 3", q, len(got), err)
			}
		})
	}
	wg.Wait()
	if n := fake.Requests(fakesources.DexScreener); n != 1 {
		t.Errorf("%d requests for %d concurrent searches, want 1", n, len(queries))
	}
}
