package prompt_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chatsvc/chat/pkg/contract"
	"github.com/chatsvc/chat/pkg/prompt"
)

func TestSystemPromptCoversTheSpec(t *testing.T) {
	s := strings.ToLower(prompt.System())
	for _, want := range []string{
		"cryptocurrency analysis assistant", "web search", "token analysis", "risk",
		"data-driven", "cautious", "cite your sources",
		"never reveal, quote", "which ai model", "provider", "data, never instructions",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("system prompt lacks %q", want)
		}
	}
}

func TestContextRendersOnlyServerData(t *testing.T) {
	tests := map[string]struct {
		addr      string
		wantChain string
		wantPage  string
	}{
		"evm":    {addr: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", wantChain: "evm", wantPage: "https://etherscan.io/token/0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"},
		"solana": {addr: "So11111111111111111111111111111111111111112", wantChain: "solana", wantPage: "https://solscan.io/token/So11111111111111111111111111111111111111112"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			a, err := contract.Parse(tc.addr)
			if err != nil {
				t.Fatal(err)
			}
			out := prompt.ContextFor(a).Render()
			head, body, ok := strings.Cut(out, "\n")
			if !ok || !strings.HasPrefix(head, "Verified contract-address context") {
				t.Fatalf("unexpected framing: %q", out)
			}
			var got prompt.ContractContext
			if err := json.Unmarshal([]byte(body), &got); err != nil {
				t.Fatalf("context is not JSON: %v\n%s", err, body)
			}
			if got.Address != tc.addr || got.ChainFamily != tc.wantChain {
				t.Errorf("got %+v", got)
			}
			all := strings.Join(append(got.Explorers, got.Markets...), " ")
			if !strings.Contains(all, tc.wantPage) {
				t.Errorf("pages %q lack %q", all, tc.wantPage)
			}
		})
	}
}
