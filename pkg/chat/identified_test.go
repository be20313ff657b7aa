package chat_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// finder is a TokenFinder of fixed answers that counts its calls.
type finder struct {
	mu       sync.Mutex
	searches []string
	results  map[string][]token.Candidate // by lower-case query
	pairs    map[string]token.Candidate   // by chain/pair
}

var _ chat.TokenFinder = (*finder)(nil)

func (f *finder) Search(_ context.Context, q string) ([]token.Candidate, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.searches = append(f.searches, q)
	return f.results[strings.ToLower(q)], nil
}

func (f *finder) Pair(_ context.Context, chain, pair string) (token.Candidate, bool, error) {
	c, ok := f.pairs[chain+"/"+pair]
	return c, ok, nil
}

// facts is a TokenFacts that knows every address and says which it was asked.
type facts struct{ asked [][]contract.Address }

func (f *facts) Lookup(_ context.Context, addrs []contract.Address) []token.Facts {
	f.asked = append(f.asked, addrs)
	out := make([]token.Facts, len(addrs))
	for i, a := range addrs {
		out[i] = token.Facts{Token: token.Token{Address: a.Value}}
	}
	return out
}

const (
	cakeAddr = "0x0e09fabb73bd3ade0a17ecc321fd13a19e81ce82"
	copycat  = "0x1111111111111111111111111111111111111111"
	pepeA    = "0x2222222222222222222222222222222222222222"
	pepeB    = "0x3333333333333333333333333333333333333333"
	wifMint  = "EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm"
	pairAddr = "0x0ed7e52944161450477ee417de9cd3a859b14fd0"
)

func newFinder() *finder {
	return &finder{
		results: map[string][]token.Candidate{
			"cake": {
				{Address: cakeAddr, Chain: "bsc", Symbol: "CAKE", Name: "PancakeSwap Token", LiquidityUSD: 4e7},
				{Address: copycat, Chain: "base", Symbol: "CAKE", Name: "Cake Inu", LiquidityUSD: 900},
			},
			"pepe2": {
				{Address: pepeA, Chain: "ethereum", Symbol: "PEPE2", Name: "Pepe 2.0", LiquidityUSD: 200_000},
				{Address: pepeB, Chain: "bsc", Symbol: "PEPE2", Name: "Pepe Two", LiquidityUSD: 150_000},
			},
		},
		pairs: map[string]token.Candidate{"bsc/" + pairAddr: {Address: cakeAddr, Chain: "bsc", Symbol: "CAKE"}},
	}
}

func user(s string) chat.Message { return chat.Message{Role: chat.RoleUser, Content: s} }

func prepare(t *testing.T, f *finder, msgs ...chat.Message) (*chat.ServerContext, *facts, chat.Conversation) {
	t.Helper()
	fa := &facts{}
	conv := chat.NewAssistant(nil, fa, f, chat.Traits{}).Prepare(context.Background(), chat.Conversation{Messages: msgs})
	return conv.Context, fa, conv
}

func TestPrepareIdentifiesTokens(t *testing.T) {
	for name, tt := range map[string]struct {
		msgs      []chat.Message
		wantAddrs []string // the facts' addresses, in order
		wantBy    []string
		wantCands int // candidate lists
	}{
		"a cashtag picks the deep one": {[]chat.Message{user("Is $CAKE legit?")}, []string{cakeAddr}, []string{token.BySearch}, 0},
		"a pair link resolves to its base token": {[]chat.Message{user("https://dexscreener.com/bsc/" + pairAddr)},
			[]string{cakeAddr}, []string{token.ByLink}, 0},
		"an address in the text": {[]chat.Message{user("is " + wifMint + " ok?")}, []string{wifMint}, []string{token.ByAddress}, 0},
		"look-alikes pick none":  {[]chat.Message{user("Should I buy PEPE2?")}, nil, nil, 1},
		"a follow-up keeps the earlier token": {[]chat.Message{
			user("Is $CAKE legit?"), {Role: chat.RoleAssistant, Content: "It is PancakeSwap's token."}, user("and who holds most of it?")},
			[]string{cakeAddr}, []string{token.BySearch}, 0},
		"the latest named comes first": {[]chat.Message{
			user("Is $CAKE legit?"), {Role: chat.RoleAssistant, Content: "ok"}, user("and " + wifMint + "?")},
			[]string{wifMint, cakeAddr}, []string{token.ByAddress, token.BySearch}, 0},
		"candidates only for the latest question": {[]chat.Message{
			user("Should I buy PEPE2?"), {Role: chat.RoleAssistant, Content: "Which one?"}, user("the one at " + pepeA)},
			[]string{pepeA}, []string{token.ByAddress}, 0},
		"a general question makes no context": {[]chat.Message{user("What is a rug pull?")}, nil, nil, 0},
		"the assistant's words are not the user's": {[]chat.Message{
			user("hi"), {Role: chat.RoleAssistant, Content: "Try $CAKE"}, user("thanks")}, nil, nil, 0},
	} {
		t.Run(name, func(t *testing.T) {
			sc, _, conv := prepare(t, newFinder(), tt.msgs...)
			var addrs, by []string
			for _, f := range sc.FactsList() {
				addrs = append(addrs, f.Token.Address)
				if f.Identified == nil {
					t.Fatalf("facts of %s say nothing of how it was found", f.Token.Address)
				}
				by = append(by, f.Identified.By)
			}
			if strings.Join(addrs, ",") != strings.Join(tt.wantAddrs, ",") || strings.Join(by, ",") != strings.Join(tt.wantBy, ",") {
				t.Errorf("facts %v by %v, want %v by %v", addrs, by, tt.wantAddrs, tt.wantBy)
			}
			var cands int
			if sc != nil {
				cands = len(sc.Candidates)
			}
			if cands != tt.wantCands {
				t.Errorf("%d candidate lists, want %d", cands, tt.wantCands)
			}
			if tt.wantCands > 0 && !strings.Contains(conv.Instructions.System, `"tokenCandidates"`) {
				t.Error("the model is not told of the candidates")
			}
		})
	}
}

// A search that picked a token counts the copycats for the caller and names them to the
// model, without the caller's own words.
func TestSearchNamesTheCopycats(t *testing.T) {
	sc, _, conv := prepare(t, newFinder(), user("Is $CAKE legit?"))
	id := sc.FactsList()[0].Identified
	if id.Text != "$CAKE" || id.Alternatives == nil || *id.Alternatives != 1 {
		t.Fatalf("identified %+v, want $CAKE with 1 alternative", id)
	}
	sys := conv.Instructions.System
	if !strings.Contains(sys, `"copycats"`) || !strings.Contains(sys, copycat) || strings.Contains(sys, `"text": "$CAKE"`) {
		t.Errorf("the model's context does not name the copycat, or quotes the caller:\n%s", sys[len(sys)-800:])
	}
}

// A general question makes no search; a ticker that is an acronym neither.
func TestGeneralQuestionsMakeNoSearch(t *testing.T) {
	f := newFinder()
	prepare(t, f, user("What is a rug pull? DYOR and check the TVL."))
	if len(f.searches) != 0 {
		t.Errorf("searched %v", f.searches)
	}
}
