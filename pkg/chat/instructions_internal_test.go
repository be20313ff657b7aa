package chat

import (
	"context"
	"testing"
	"unsafe"

	"github.com/chatsvc/chat/pkg/chat/prompt"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// A block whose facts' pages do not fit in the room left gives up those pages (the facts
// stay), and its explorer and DEX pages take what room there is.
func TestFitDropsTheFactsPagesThatDoNotFit(t *testing.T) {
	block := func() contractBlock {
		return contractBlock{
			cc: prompt.ContractContext{Pages: []string{"https://etherscan.io/token/x", "https://dexscreener.com/x", "https://honeypot.is/x"}},
			facts: &token.Facts{Sources: []token.Source{
				{Name: "GoPlus", URL: "https://gopluslabs.io/x"}, {Name: "honeypot.is", URL: "https://honeypot.is/x"}}},
		}
	}
	b := block()
	if room := b.fit(6); room != 1 || b.factsURLs() != 2 || len(b.cc.Pages) != 3 {
		t.Errorf("fit(6) = %d with %d facts pages and %d pages, want 1, 2, 3", room, b.factsURLs(), len(b.cc.Pages))
	}
	b = block()
	if room := b.fit(1); room != 0 || b.factsURLs() != 0 || len(b.cc.Pages) != 1 || b.facts.Sources[0].Name != "GoPlus" {
		t.Errorf("fit(1) = %d with %d facts pages and pages %v, want 0, none, the first page", room, b.factsURLs(), b.cc.Pages)
	}
}

// Without server-made context the instruction is the fixed prompt itself, not a copy of it:
// every request holds the same 5 KB.
func TestInstructWithoutContextSharesThePrompt(t *testing.T) {
	system := prompt.System()
	for _, conv := range []Conversation{
		{Messages: []Message{{Role: RoleUser, Content: "what is a rug pull? https://example.com/a"}}},
		{Messages: []Message{{Role: RoleUser, Content: "hello"}}, Context: identifyTokens(context.Background(), nil, []Message{{Role: RoleUser, Content: "hello"}})},
	} {
		in := Instruct(system, conv, 20)
		if in.System != system || unsafe.StringData(in.System) != unsafe.StringData(system) {
			t.Errorf("Instruct(%q).System is not the fixed prompt itself", conv.Messages[0].Content)
		}
	}
}
