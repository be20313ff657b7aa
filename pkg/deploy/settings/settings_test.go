package settings_test

import (
	"encoding/json"
	"testing"

	"github.com/chatsvc/chat/pkg/deploy/settings"
)

// The page reads these exact field names; a deployment's file has no demo field, the local
// server's always has one.
func TestPageJSON(t *testing.T) {
	no, yes := false, true
	tests := map[string]struct {
		page settings.Page
		want string
	}{
		"deployed": {settings.Page{CooldownSeconds: 50}, `{"apiUrl":"","cooldownSeconds":50}`},
		"local":    {settings.Page{CooldownSeconds: 20, Demo: &no}, `{"apiUrl":"","cooldownSeconds":20,"demo":false}`},
		"demo":     {settings.Page{APIURL: "https://x.example", CooldownSeconds: 10, Demo: &yes}, `{"apiUrl":"https://x.example","cooldownSeconds":10,"demo":true}`},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			b, err := json.Marshal(tt.page)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Errorf("json = %s, want %s", b, tt.want)
			}
		})
	}
}

func TestIsOpenAIPath(t *testing.T) {
	for p, want := range map[string]bool{"/v1": true, "/v1/chat/completions": true, "/v1/": true, "/v10": false, "/v": false, "/api/chat": false, "": false} {
		if got := settings.IsOpenAIPath(p); got != want {
			t.Errorf("IsOpenAIPath(%q) = %v, want %v", p, got, want)
		}
	}
}
