package httpapi_test

import (
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/httpapi"
)

// The provider's search sources pass to no client unless their links are http(s), and their
// titles reach every client as plain text (no markup, control or bidi characters).
func TestOnlySafeLinksReachAnyClient(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("See the sources."), fakeprovider.Grounded("", "STOP", []fakeprovider.Web{
			{URI: "javascript:alert(1)", Title: "click"},
			{URI: "data:text/html,<script>alert(1)</script>", Title: "data"},
			{URI: "//evil.example/x", Title: "scheme-relative"},
			{URI: "https://user:pw@evil.example/", Title: "credentials"},
			{URI: "https://dexscreener.com/bsc/0xabc", Title: "<b>Golden</b> \u202eAdnap\u202c\x07 <img src=x onerror=alert(1)>Panda"},
		}, nil, "", 0, 0))
	})
	wantOne := func(t *testing.T, proto string, urls, titles []string) {
		t.Helper()
		if len(urls) != 1 || urls[0] != "https://dexscreener.com/bsc/0xabc" {
			t.Errorf("%s: source links %q, want only the https one", proto, urls)
		}
		if len(titles) == 1 && titles[0] != "Golden Adnap Panda" {
			t.Errorf("%s: title %q, want plain text", proto, titles[0])
		}
	}

	s := teststack.ReadStream(t, st.Ask(t, "q").Body)
	var urls, titles []string
	for _, src := range s.Metadata(t)["sources"].([]any) {
		m := src.(map[string]any)
		urls, titles = append(urls, m["url"].(string)), append(titles, m["title"].(string))
	}
	wantOne(t, "d:", urls, titles)

	resp := st.Post(t, `{"messages":[{"id":"u1","role":"user","parts":[{"type":"text","text":"q"}]}]}`)
	b, _ := io.ReadAll(resp.Body)
	urls, titles = nil, nil
	for line := range strings.Lines(string(b)) {
		var c struct{ Type, URL, Title string }
		if json.Unmarshal([]byte(strings.TrimPrefix(strings.TrimSpace(line), "data: ")), &c) == nil && c.Type == "source-url" {
			urls, titles = append(urls, c.URL), append(titles, c.Title)
		}
	}
	wantOne(t, "UI message stream", urls, titles)

	resp = st.PostTo(t, "/v1/chat/completions", `{"model":"`+httpapi.ModelID+`","messages":[{"role":"user","content":"q"}]}`)
	b, _ = io.ReadAll(resp.Body)
	var c struct {
		Choices []struct {
			Message struct {
				Annotations []struct {
					URLCitation struct{ URL, Title string } `json:"url_citation"`
				}
			}
		}
	}
	if err := json.Unmarshal(b, &c); err != nil || len(c.Choices) != 1 {
		t.Fatalf("completion %s: %v", b, err)
	}
	urls, titles = nil, nil
	for _, a := range c.Choices[0].Message.Annotations {
		urls, titles = append(urls, a.URLCitation.URL), append(titles, a.URLCitation.Title)
	}
	wantOne(t, "Chat Completions", urls, titles)
	if strings.Contains(string(b), "javascript:") || strings.Contains(string(b), "data:text") {
		t.Errorf("the completion carries an unsafe link: %s", b)
	}
}
