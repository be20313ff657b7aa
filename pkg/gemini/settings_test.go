package gemini_test

import (
	"slices"
	"testing"

	"github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/gemini"
)

// The stage table checks MODEL and THINKING against pkg/deploy/settings' lists, which link nothing
// of the service: they must be exactly what the adapter resolves and parses.
func TestSettingsModelNames(t *testing.T) {
	if got, want := settings.ModelNames(), gemini.ModelNames(); !slices.Equal(got, want) {
		t.Errorf("settings.ModelNames() = %v, the adapter knows %v", got, want)
	}
	for _, name := range settings.ModelNames() {
		m, err := gemini.ResolveModel(name)
		if err != nil {
			t.Errorf("ResolveModel(%q): %v", name, err)
			continue
		}
		if m.Name != name || m.ID == name {
			t.Errorf("ResolveModel(%q) = %+v, want the specification name mapped to a provider model", name, m)
		}
	}
}

func TestSettingsThinkingNames(t *testing.T) {
	names := settings.ThinkingNames()
	if len(names) != int(gemini.ThinkingHigh)+1 {
		t.Fatalf("settings.ThinkingNames() = %v, want one per level from off to high", names)
	}
	for i, name := range names {
		th, err := gemini.ParseThinking(name)
		if err != nil || th != gemini.Thinking(i) || th.String() != name {
			t.Errorf("ParseThinking(%q) = %v, %v; want level %d spelled %q", name, th, err, i, name)
		}
	}
	for name, want := range map[string]gemini.Thinking{"off": gemini.ThinkingOff, "low": gemini.ThinkingLow, "medium": gemini.ThinkingMedium, "high": gemini.ThinkingHigh} {
		if got, err := gemini.ParseThinking(name); err != nil || got != want {
			t.Errorf("ParseThinking(%q) = %v, %v; want %v", name, got, err, want)
		}
	}
}
