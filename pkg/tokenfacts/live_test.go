package tokenfacts_test

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/chatsvc/chat/pkg/contract"
	"github.com/chatsvc/chat/pkg/tokenfacts"
	"github.com/chatsvc/chat/pkg/tokenfacts/tokenfactstest"
)

// The demo's fake ages its pairs with the real clock: a pair two hours old at the fixtures'
// clock is two hours old now, and the facts say it is very new.
func TestLiveFakeAgesWithTheClock(t *testing.T) {
	fake := tokenfactstest.NewLive()
	srv := httptest.NewServer(fake)
	defer func() { fake.Close(); srv.Close() }()
	facts := tokenfacts.New(tokenfactstest.Config(srv.URL)).Lookup(context.Background(),
		[]contract.Address{{Value: tokenfactstest.SolanaPumpFun, Chain: contract.ChainSolana}})
	m := facts[0].Market
	if m == nil || m.PairAgeHours == nil || *m.PairAgeHours < 1.9 || *m.PairAgeHours > 2.1 {
		t.Fatalf("market %+v, want a pair about 2 hours old", m)
	}
}
