package httpapi_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/httpapi"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// misquoted is an answer about the demo's honeypot that misstates its price (DexScreener:
// $0.00000731), split across chunks in the middle of the figure, and states its liquidity
// and GoPlus's sell tax as they are.
var misquoted = []string{"GPANDA trades at $0.0000", "52 and has $15.2K in liquidity; ", "GoPlus reports a sell tax of 99%."}

func factCheckStack(t *testing.T) *teststack.Stack {
	t.Helper()
	st, _ := tokenStackAnswering(t, 2*time.Second, func(fakeprovider.Request) fakeprovider.Reply {
		var chunks []fakeprovider.Chunk
		for _, c := range misquoted {
			chunks = append(chunks, fakeprovider.Text(c))
		}
		return fakeprovider.Stream(0, append(chunks, fakeprovider.Finish("STOP"))...)
	})
	return st
}

type factCheck struct {
	Fact, Stated, Source, Verdict string
	Value                         float64
	AsOf                          time.Time `json:"as_of"`
}

// wantMisquote checks the three verdicts of the misquoted answer.
func wantMisquote(t *testing.T, protocol string, checks []factCheck) {
	t.Helper()
	want := map[string]factCheck{
		"price_usd":     {Fact: "price_usd", Stated: "$0.000052", Source: "DexScreener", Verdict: "contradicts", Value: 0.00000731},
		"liquidity_usd": {Fact: "liquidity_usd", Stated: "$15.2K", Source: "DexScreener", Verdict: "agrees"},
		"sell_tax":      {Fact: "sell_tax", Stated: "99%", Source: "GoPlus", Verdict: "agrees", Value: 99},
	}
	if len(checks) != len(want) {
		t.Fatalf("%s: %d checks %+v, want 3", protocol, len(checks), checks)
	}
	for _, c := range checks {
		w := want[c.Fact]
		if c.Stated != w.Stated || c.Source != w.Source || c.Verdict != w.Verdict || (w.Value != 0 && c.Value != w.Value) || c.AsOf.IsZero() {
			t.Errorf("%s: check %+v, want %+v with its time", protocol, c, w)
		}
	}
}

// A figure that contradicts the facts is reported in every protocol, with the figure as
// stated, the data's value, its source and time, while the answer's text stays the model's.
func TestFactChecksInEveryProtocol(t *testing.T) {
	st := factCheckStack(t)
	question := "[Contract Address: " + fakesources.EVMHoneypot + "]\n\nWhat does it trade at?"
	text := strings.Join(misquoted, "")

	t.Run("data stream", func(t *testing.T) {
		resp := st.Ask(t, question)
		s := teststack.ReadStream(t, resp.Body)
		if s.Text() != text {
			t.Errorf("text = %q, want the model's own", s.Text())
		}
		raw, _ := json.Marshal(s.Metadata(t)["factChecks"])
		var checks []factCheck
		if err := json.Unmarshal(raw, &checks); err != nil {
			t.Fatal(err)
		}
		wantMisquote(t, "d:", checks)
	})

	t.Run("UI message stream", func(t *testing.T) {
		body, _ := json.Marshal(map[string]any{"messages": []any{map[string]any{"id": "u1", "role": "user",
			"parts": []any{map[string]any{"type": "text", "text": question}}}}})
		resp := st.Post(t, string(body))
		b, _ := io.ReadAll(resp.Body)
		var checks []factCheck
		var last string
		for line := range strings.Lines(string(b)) {
			data, ok := strings.CutPrefix(strings.TrimSpace(line), "data: ")
			if !ok || data == "[DONE]" {
				continue
			}
			var c struct {
				Type string          `json:"type"`
				Data json.RawMessage `json:"data"`
			}
			_ = json.Unmarshal([]byte(data), &c)
			if c.Type == "data-fact-check" {
				_ = json.Unmarshal(c.Data, &checks)
			}
			if c.Type == "finish" && last != "data-fact-check" {
				t.Errorf("the finish follows %s, want the data-fact-check part", last)
			}
			last = c.Type
		}
		wantMisquote(t, "data-fact-check", checks)
	})

	for _, stream := range []bool{true, false} {
		name := map[bool]string{true: "Chat Completions stream", false: "Chat Completions"}[stream]
		t.Run(name, func(t *testing.T) {
			body, _ := json.Marshal(map[string]any{"model": httpapi.ModelID, "stream": stream,
				"messages": []any{map[string]string{"role": "user", "content": question}}})
			resp := st.PostTo(t, "/v1/chat/completions", string(body))
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d", resp.StatusCode)
			}
			b, _ := io.ReadAll(resp.Body)
			var checks []factCheck
			for line := range strings.Lines(string(b)) {
				data := strings.TrimPrefix(strings.TrimSpace(line), "data: ")
				var c struct {
					FactChecks []factCheck `json:"fact_checks"`
				}
				if json.Unmarshal([]byte(data), &c) == nil && c.FactChecks != nil {
					checks = c.FactChecks
				}
			}
			wantMisquote(t, name, checks)
		})
	}
}
