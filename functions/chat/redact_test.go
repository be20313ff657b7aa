package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
)

// A provider, or a proxy at AIPROVIDER_BASE_URL, that quotes the key in its errors must not
// put the key in the log: neither in the request line's cause nor in any other line.
func TestTheKeyNeverReachesTheLog(t *testing.T) {
	const key = "AIzaSyD-quoted-by-a-proxy-0123456789"
	up := fakeprovider.NewServer(func(r fakeprovider.Request) fakeprovider.Reply {
		switch r.LastUserText() {
		case "bad key":
			return fakeprovider.Error(400, "INVALID_ARGUMENT", "API key not valid: "+r.APIKey+". Please pass a valid API key.")
		case "proxy":
			return fakeprovider.Reply{Status: 502, Body: "upstream refused key=" + r.APIKey}
		}
		return fakeprovider.Stream(0, fakeprovider.Text("Hi."), fakeprovider.MidStreamError(500, "INTERNAL", "failed for "+r.APIKey))
	})
	defer up.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url, logs, done := startLocal(t, ctx, map[string]string{
		"AIPROVIDER_BASE_URL":              up.BaseURL(),
		"AIPROVIDER_GENERATIVE_AI_API_KEY": key,
		"LOG_LEVEL":                        "debug",
		"MODEL":                            "gemini-flash-latest",
		"MODEL_FALLBACKS":                  "none",
	})
	for _, q := range []string{"bad key", "proxy", "mid-stream"} {
		resp, err := http.Post(url+"/api/chat", "application/json", strings.NewReader(`{"messages":[{"role":"user","content":"`+q+`"}]}`))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if strings.Contains(string(b), key) {
			t.Errorf("%s: the response holds the key: %s", q, b)
		}
	}
	lines := logs.WaitRequestLog(t, 3)
	cancel()
	<-done
	out := logs.String()
	if strings.Contains(out, key) {
		t.Errorf("the log holds the key:\n%s", out)
	}
	redacted := 0
	for _, l := range lines {
		if strings.Contains(l["cause"].(string), "[REDACTED]") {
			redacted++
		}
	}
	if redacted != 3 {
		t.Errorf("%d request lines show the redacted key in their cause, want 3:\n%s", redacted, out)
	}
}
