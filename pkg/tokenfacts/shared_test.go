package tokenfacts_test

import (
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/dynalite"
	"github.com/chatsvc/chat/pkg/chat/token"
	"github.com/chatsvc/chat/pkg/state"
	"github.com/chatsvc/chat/pkg/tokenfacts"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

var sharedAPIs = []fakesources.API{fakesources.DexScreener, fakesources.GoPlus, fakesources.GoPlusAddress,
	fakesources.Honeypot, fakesources.RugCheck, fakesources.GeckoTerminal}

// settled counts each fake API's requests once they stop changing (a fetch's follow-ups run
// on after Lookup returns).
func settled(t *testing.T, fake *fakesources.Server) map[fakesources.API]int64 {
	t.Helper()
	var last map[fakesources.API]int64
	for range 50 {
		now := map[fakesources.API]int64{}
		for _, a := range sharedAPIs {
			now[a] = fake.Requests(a)
		}
		if last != nil && equal(now, last) {
			return now
		}
		last = now
		time.Sleep(40 * time.Millisecond)
	}
	return last
}

func equal(a, b map[fakesources.API]int64) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return len(a) == len(b)
}

// instances are two clients, as on two instances, sharing one DynamoDB table (dynalite).
func instances(t *testing.T, url string) (a, b *tokenfacts.Client) {
	t.Helper()
	d := dynalite.Start(t)
	table := d.Table(t, "facts")
	client := func() *tokenfacts.Client {
		return newClient(t, url, func(c *tokenfacts.Config) { c.Shared = state.NewShared(table, state.Options{}) })
	}
	return client(), client()
}

// TestSharedFactsReadOnce: a token one instance read is read by the other from the table,
// not from the APIs, and the facts are the same.
func TestSharedFactsReadOnce(t *testing.T) {
	fake, url := newFake(t)
	a, b := instances(t, url)
	fa := lookupOne(t, a, fakesources.EVMMultiChain)
	once := settled(t, fake)
	if once[fakesources.DexScreener] == 0 || once[fakesources.GoPlus] == 0 {
		t.Fatalf("the first instance called no API: %v", once)
	}
	fb := lookupOne(t, b, fakesources.EVMMultiChain)
	if twice := settled(t, fake); !equal(twice, once) {
		t.Errorf("API calls after a second instance read the same token: %v; want those of the first alone, %v", twice, once)
	}
	ja, _ := json.Marshal(fa)
	jb, _ := json.Marshal(fb)
	if string(ja) != string(jb) {
		t.Errorf("the second instance's facts differ from the first's:\n%s\n%s", ja, jb)
	}
}

// TestSharedPauseHonoured: a 429 one instance got pauses the API for the other too.
func TestSharedPauseHonoured(t *testing.T) {
	fake, url := newFake(t)
	fake.SetFault(fakesources.GeckoTerminal, fakesources.Fault{Kind: fakesources.RateLimited, RetryAfter: time.Minute})
	a, b := instances(t, url)
	fa := lookupOne(t, a, fakesources.EVMMultiChain)
	if got := unavailable(fa, tokenfacts.SourceGeckoTerminal); got != token.ReasonRateLimited {
		t.Fatalf("first instance: GeckoTerminal unavailable = %q; want %q", got, token.ReasonRateLimited)
	}
	before := settled(t, fake)[fakesources.GeckoTerminal]
	fb := lookupOne(t, b, fakesources.EVMMultiChain)
	if n := settled(t, fake)[fakesources.GeckoTerminal] - before; n != 0 {
		t.Errorf("the second instance called the paused API %d times; want 0", n)
	}
	if got := unavailable(fb, tokenfacts.SourceGeckoTerminal); got != token.ReasonRateLimited {
		t.Errorf("second instance: GeckoTerminal unavailable = %q; want %q", got, token.ReasonRateLimited)
	}
}

// TestSharedFailureEndsTheWait: when the instance that claimed a reading gets an error
// status, the instances waiting for it fail as it did instead of waiting out the claim and
// calling the API again.
func TestSharedFailureEndsTheWait(t *testing.T) {
	fake, url := newFake(t)
	fake.SetFault(fakesources.DexScreener, fakesources.Fault{Kind: fakesources.ServerError})
	table := dynalite.Start(t).Table(t, "failed")
	var clients []*tokenfacts.Client
	for range 3 {
		clients = append(clients, newClient(t, url, func(c *tokenfacts.Config) { c.Shared = state.NewShared(table, state.Options{}) }))
	}
	var wg sync.WaitGroup
	reasons := make([]string, len(clients))
	for i, c := range clients {
		wg.Go(func() { reasons[i] = unavailable(lookupOne(t, c, fakesources.EVMMultiChain), token.SourceDexScreener) })
	}
	wg.Wait()
	if n := settled(t, fake)[fakesources.DexScreener]; n != 1 {
		t.Errorf("DexScreener answering 500: %d calls for three instances asking at once; want 1", n)
	}
	for i, r := range reasons {
		if r != token.ReasonServerError {
			t.Errorf("instance %d: DexScreener unavailable = %q; want %q", i, r, token.ReasonServerError)
		}
	}
}

// TestSharedFactsBurstReadOnce: three instances asked about a new token at the same instant
// call each API once between them: one claims the reading, the others wait for its answer.
func TestSharedFactsBurstReadOnce(t *testing.T) {
	fake, url := newFake(t)
	for _, a := range sharedAPIs {
		fake.SetFault(a, fakesources.Fault{Kind: fakesources.Slow, Delay: 100 * time.Millisecond})
	}
	table := dynalite.Start(t).Table(t, "burst")
	var clients []*tokenfacts.Client
	for range 3 {
		clients = append(clients, newClient(t, url, func(c *tokenfacts.Config) { c.Shared = state.NewShared(table, state.Options{}) }))
	}
	var wg sync.WaitGroup
	for _, c := range clients {
		wg.Go(func() { lookupOne(t, c, fakesources.EVMMultiChain) })
	}
	wg.Wait()
	got := settled(t, fake)
	for _, a := range []fakesources.API{fakesources.DexScreener, fakesources.GoPlus, fakesources.Honeypot} {
		if got[a] != 1 {
			t.Errorf("%s: %d calls for three instances asking at once; want 1", a, got[a])
		}
	}
}
