package tokenfacts_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
	"github.com/chatsvc/chat/pkg/tokenfacts"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// The demo's fake ages its pairs with the real clock: a pair two hours old at the fixtures'
// clock is two hours old now, and the facts say it is very new.
func TestLiveFakeAgesWithTheClock(t *testing.T) {
	fake := fakesources.NewLive()
	srv := httptest.NewServer(fake)
	defer func() { fake.Close(); srv.Close() }()
	facts := tokenfacts.New(fakesources.Config(srv.URL)).Lookup(context.Background(),
		[]contract.Address{{Value: fakesources.SolanaPumpFun, Chain: contract.ChainSolana}})
	m := facts[0].Market
	if m == nil || m.PairAgeHours == nil || *m.PairAgeHours < 1.9 || *m.PairAgeHours > 2.1 {
		t.Fatalf("market %+v, want a pair about 2 hours old", m)
	}
}

// A meme token's price of 1.2e-08 reads as DexScreener wrote it, in plain decimals.
func TestTinyPriceInPlainDecimals(t *testing.T) {
	price := 0.000000012
	b, err := json.Marshal(token.Facts{Market: &token.Market{PriceUSD: &price}})
	if err != nil || !strings.Contains(string(b), `"price_usd":0.000000012`) {
		t.Errorf("%s, %v", b, err)
	}
	if b, _ := json.Marshal(token.Facts{Market: &token.Market{}}); strings.Contains(string(b), "price_usd") {
		t.Errorf("an unknown price is written: %s", b)
	}
}
