package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/httpapi"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

func turns(texts ...string) string {
	var msgs []map[string]string
	for i, s := range texts {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		msgs = append(msgs, map[string]string{"role": role, "content": s})
	}
	b, _ := json.Marshal(map[string]any{"messages": msgs})
	return string(b)
}

// tokensOf is d:'s tokens: each token's address and how it was identified.
func tokensOf(t *testing.T, m map[string]any) (addrs []string, ids []map[string]any) {
	t.Helper()
	list, _ := m["tokens"].([]any)
	for _, x := range list {
		f := x.(map[string]any)
		addrs = append(addrs, f["token"].(map[string]any)["address"].(string))
		id, _ := f["identified"].(map[string]any)
		ids = append(ids, id)
	}
	return addrs, ids
}

// A token named in the question's own words reaches the model with its facts, and d: says how
// it was found: a plain address, links, a cashtag, a ticker and a name, in English, Spanish
// and Chinese.
func TestTokensNamedInTheQuestion(t *testing.T) {
	st, _ := tokenStack(t, 2*time.Second)
	one := 3 // QHB's copycats
	for name, tt := range map[string]struct {
		question, wantAddr, wantBy, wantText string
		wantAlternatives                     *int
	}{
		"an address in the sentence": {"Is " + fakesources.EVMHoneypot + " safe to hold?", fakesources.EVMHoneypot, "address", fakesources.EVMHoneypot, nil},
		"an explorer link":           {"https://bscscan.com/token/" + fakesources.EVMHoneypot + " legit?", fakesources.EVMHoneypot, "link", "https://bscscan.com/token/" + fakesources.EVMHoneypot, nil},
		"a DexScreener pair link": {"https://dexscreener.com/bsc/0x2b3C4d5E6f708192A3b4C5d6E7f8091a2B3c4D5e is it a honeypot?", fakesources.EVMHoneypot, "link",
			"https://dexscreener.com/bsc/0x2b3C4d5E6f708192A3b4C5d6E7f8091a2B3c4D5e", nil},
		"a pump.fun link":     {"thoughts on https://pump.fun/coin/" + fakesources.SolanaPumpFun, fakesources.SolanaPumpFun, "link", "https://pump.fun/coin/" + fakesources.SolanaPumpFun, nil},
		"a cashtag":           {"Is $QHB legit?", fakesources.SolanaQuiet, "search", "$QHB", &one},
		"a ticker in Spanish": {"¿Es QHB una buena inversión?", fakesources.SolanaQuiet, "search", "QHB", &one},
		"a ticker in Chinese": {"QHB值得买吗？", fakesources.SolanaQuiet, "search", "QHB", &one},
		"a name":              {"What do you make of the Quiet Harbor token?", fakesources.SolanaQuiet, "search", "Quiet Harbor token", nil},
	} {
		t.Run(name, func(t *testing.T) {
			resp := st.Post(t, turns(tt.question))
			m := teststack.ReadStream(t, resp.Body).Metadata(t)
			addrs, ids := tokensOf(t, m)
			if len(addrs) != 1 || !strings.EqualFold(addrs[0], tt.wantAddr) {
				t.Fatalf("tokens %v, want %s", addrs, tt.wantAddr)
			}
			if ids[0]["by"] != tt.wantBy || ids[0]["text"] != tt.wantText {
				t.Errorf("identified %v, want by %s from %q", ids[0], tt.wantBy, tt.wantText)
			}
			if tt.wantAlternatives != nil && ids[0]["alternatives"] != float64(*tt.wantAlternatives) {
				t.Errorf("alternatives %v, want %d", ids[0]["alternatives"], *tt.wantAlternatives)
			}
			req := st.Upstream.Answered()[len(st.Upstream.Answered())-1]
			if _, block := serverContext(t, req); len(block.ContractAddresses) != 1 || !strings.EqualFold(block.ContractAddresses[0].Address, tt.wantAddr) ||
				block.ContractAddresses[0].Facts == nil {
				t.Errorf("the model did not get the token's facts: %+v", block.ContractAddresses)
			}
		})
	}
}

// A ticker shared by tokens of comparable depth picks none: d: and the model get the
// candidates; no facts are read for a guess.
func TestLookAlikesAreCandidatesNotAGuess(t *testing.T) {
	st, _ := tokenStack(t, 2*time.Second)
	resp := st.Post(t, turns("Should I buy BOLT?"))
	m := teststack.ReadStream(t, resp.Body).Metadata(t)
	if addrs, _ := tokensOf(t, m); len(addrs) != 0 {
		t.Errorf("a token was guessed: %v", addrs)
	}
	cands, _ := m["tokenCandidates"].([]any)
	if len(cands) != 1 {
		t.Fatalf("tokenCandidates = %v, want one list", m["tokenCandidates"])
	}
	c := cands[0].(map[string]any)
	list := c["candidates"].([]any)
	if c["query"] != "BOLT" || len(list) != 3 {
		t.Fatalf("candidates %v, want BOLT's three", c)
	}
	for _, x := range list {
		for _, k := range []string{"address", "chain", "liquidity_usd", "url"} {
			if _, ok := x.(map[string]any)[k]; !ok {
				t.Errorf("a candidate lacks %s: %v", k, x)
			}
		}
	}
	sys := st.Upstream.Answered()[0].Body.SystemInstruction.Parts[0].Text
	if !strings.Contains(sys, `"tokenCandidates"`) || !strings.Contains(sys, fakesources.BoltSolana) {
		t.Error("the model is not told of the candidates")
	}
}

// A follow-up keeps the token the conversation named before; Chat Completions, which has no
// address field, finds it too.
func TestFollowUpKeepsTheToken(t *testing.T) {
	st, _ := tokenStack(t, 2*time.Second)
	body := turns("Is $QHB legit?", "It looks thin.", "and who holds most of it?")
	resp := st.Post(t, body)
	if addrs, _ := tokensOf(t, teststack.ReadStream(t, resp.Body).Metadata(t)); len(addrs) != 1 || addrs[0] != fakesources.SolanaQuiet {
		t.Errorf("follow-up tokens %v, want %s", addrs, fakesources.SolanaQuiet)
	}
	oa := fmt.Sprintf(`{"model":%q,"messages":[{"role":"user","content":"Is $QHB legit?"}]}`, httpapi.ModelID)
	resp = st.PostTo(t, "/v1/chat/completions", oa)
	resp.Body.Close()
	reqs := st.Upstream.Answered()
	if _, block := serverContext(t, reqs[len(reqs)-1]); len(block.ContractAddresses) != 1 || block.ContractAddresses[0].Address != fakesources.SolanaQuiet {
		t.Errorf("Chat Completions: the model got %+v", block.ContractAddresses)
	}
}

// General questions make no search; two questions about one ticker make one.
func TestSearchesAreFewAndCached(t *testing.T) {
	st, fake := tokenStack(t, 2*time.Second)
	for _, q := range []string{"What is a rug pull?", "DYOR: how do I read the TVL and the FDV?"} {
		resp := st.Post(t, turns(q))
		teststack.ReadStream(t, resp.Body).Terminal(t)
	}
	if n := fake.Searches("rug") + fake.Searches("DYOR") + fake.Searches("TVL"); n != 0 {
		t.Errorf("general questions made %d searches", n)
	}
	for range 2 {
		resp := st.Post(t, turns("Is $QHB legit?"))
		teststack.ReadStream(t, resp.Body).Terminal(t)
	}
	if n := fake.Searches("QHB"); n != 1 {
		t.Errorf("two questions about $QHB made %d searches, want 1", n)
	}
}
