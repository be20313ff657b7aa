package chat_test

import (
	"context"
	"testing"

	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
)

func addr(t *testing.T, s string) *contract.Address {
	t.Helper()
	a, err := contract.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return &a
}

// The server-made context tells the conversation's addresses apart once: an EVM address in
// another letter case is the same address; the most recent first, each at the latest
// message that carried it; facts for the most recent three; the answer's sources are the
// model's, then the facts' pages, each once.
func TestServerContext(t *testing.T) {
	usdc := "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"
	msgs := []chat.Message{
		{Role: chat.RoleUser, Contract: addr(t, usdc)},
		{Role: chat.RoleAssistant},
		{Role: chat.RoleUser, Contract: addr(t, "So11111111111111111111111111111111111111112")},
		{Role: chat.RoleAssistant},
		{Role: chat.RoleUser, Contract: addr(t, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")},
		{Role: chat.RoleUser, Contract: addr(t, "0xdac17f958d2ee523a2206206994597c13d831ec7")},
		{Role: chat.RoleUser, Contract: addr(t, "0x5a3e6a77ba2f983ec0d371ea3b475f8bc0811ad5")},
	}
	prepare := func(msgs []chat.Message) *chat.ServerContext {
		return chat.NewAssistant(nil, nil, nil, chat.Traits{}).Prepare(context.Background(), chat.Conversation{Messages: msgs}).Context
	}
	sc := prepare(msgs)
	var got []int
	for _, c := range sc.Contracts {
		got = append(got, c.Message)
	}
	if len(got) != 4 || got[0] != 7 || got[1] != 6 || got[2] != 5 || got[3] != 3 {
		t.Fatalf("contracts at messages %v, want 7 6 5 3 (USDC once, at its latest message)", got)
	}
	if fa := sc.FactAddresses(); len(fa) != chat.MaxFactAddresses || !fa[2].Equal(*addr(t, usdc)) {
		t.Errorf("fact addresses = %v, want the three most recent", fa)
	}
	sc.Facts = []token.Facts{{Token: token.Token{Address: usdc, Symbol: "USDC"},
		Sources: []token.Source{{Name: "DexScreener", URL: "https://dexscreener.com/ethereum/x"}, {Name: "GoPlus", URL: "https://model.example/a"}}}}
	if f := sc.FactsOf(*addr(t, "0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48")); f == nil || f.Token.Symbol != "USDC" {
		t.Errorf("facts of USDC in capitals = %v", f)
	}
	model := []chat.Source{{URL: "https://model.example/a", Title: "A"}}
	src := sc.Sources(model)
	if len(src) != 2 || src[1].Title != "DexScreener: USDC" || len(model) != 1 {
		t.Errorf("sources = %v (model's %v), want the model's then DexScreener's page once, the model's list untouched", src, model)
	}
	if prepare(msgs[1:2]) != nil {
		t.Error("a conversation without addresses has a context")
	}
}
