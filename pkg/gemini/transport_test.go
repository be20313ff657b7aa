package gemini

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
	"google.golang.org/genai"
)

// The event limit counts the bytes since the last blank line (CRs aside) whatever the
// reads' boundaries: its line-by-line scan agrees with a byte-by-byte count on random
// streams of text, LFs and CRs cut at random places.
func TestEventScanAgreesWithByteCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var stream []byte
		for range rng.IntN(60) {
			stream = append(stream, "ab\n\r"[rng.IntN(4)])
		}
		var want eventLimitedBody
		for _, c := range stream {
			switch c {
			case '\n':
				if want.newline {
					want.run = 0
				}
				want.newline = true
			case '\r':
			default:
				want.newline = false
			}
			want.run++
		}
		var got eventLimitedBody
		for p := stream; len(p) > 0; {
			n := 1 + rng.IntN(len(p))
			got.scan(p[:n])
			p = p[n:]
		}
		if got.run != want.run || got.newline != want.newline {
			t.Fatalf("%q: run %d newline %v, want %d %v", stream, got.run, got.newline, want.run, want.newline)
		}
	}
}

// An event over MaxEventBytes ends the body with ErrEventTooLarge; events under it pass.
func TestEventLimit(t *testing.T) {
	body := func(s string) *eventLimitedBody {
		return &eventLimitedBody{ReadCloser: io.NopCloser(strings.NewReader(s))}
	}
	ok := strings.Repeat("data: "+strings.Repeat("x", 1<<20)+"\r\n\r\n", 8)
	if _, err := io.ReadAll(body(ok)); err != nil {
		t.Errorf("8 events of 1 MiB: %v", err)
	}
	big := "data: " + strings.Repeat("x", MaxEventBytes) + "\n\n"
	b := body(big + "data: {}\n\n")
	if _, err := io.ReadAll(b); !errors.Is(err, ErrEventTooLarge) {
		t.Errorf("one event over the limit: %v, want ErrEventTooLarge", err)
	}
	if n, err := b.Read(make([]byte, 10)); n != 0 || !errors.Is(err, ErrEventTooLarge) {
		t.Errorf("a read after the cut = %d, %v; want 0, ErrEventTooLarge", n, err)
	}
}

// The request body reaches the upstream whole, and the request the transport holds while the
// answer streams no longer holds it: its Body is spent and GetBody says it was sent.
func TestSendOnceSendsTheBodyAndLetsGo(t *testing.T) {
	const payload = `{"contents":[{"parts":[{"text":"hello"}]}]}`
	var got []byte
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, _ = io.ReadAll(r.Body)
	}))
	defer up.Close()
	var sent *http.Request
	rt := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		sent = r
		return http.DefaultTransport.RoundTrip(r)
	})
	req, _ := http.NewRequest(http.MethodPost, up.URL, bytes.NewBufferString(payload))
	resp, err := eventLimit{base: rt}.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if string(got) != payload {
		t.Errorf("upstream got %q, want %q", got, payload)
	}
	if sent == req || sent.Body.(*onceBody).rc != nil {
		t.Errorf("the request sent still holds its body (same request: %v)", sent == req)
	}
	if _, err := sent.GetBody(); !errors.Is(err, errBodySent) {
		t.Errorf("GetBody after the response = %v, want errBodySent", err)
	}
	if req.GetBody == nil {
		t.Error("the caller's request was changed")
	}
}

// Until the transport has returned the response, it can make the body again as often as it
// needs (a request refused before or after its body went out, then re-sent), also after
// reading or closing a copy; after that, GetBody fails and the bytes are let go.
func TestSendOnceBodyCanBeMadeAgainUntilDone(t *testing.T) {
	const payload = "0123456789"
	req, _ := http.NewRequest(http.MethodPost, "http://upstream.invalid/", bytes.NewBufferString(payload))
	r, done := sendOnce(req)
	if b, _ := io.ReadAll(r.Body); string(b) != payload {
		t.Fatalf("body = %q, want %q", b, payload)
	}
	for i := range 2 {
		body, err := r.GetBody()
		if err != nil {
			t.Fatalf("GetBody %d before done: %v", i+1, err)
		}
		if b, _ := io.ReadAll(body); string(b) != payload {
			t.Errorf("body made again = %q, want %q", b, payload)
		}
		body.Close()
	}
	done()
	if _, err := r.GetBody(); !errors.Is(err, errBodySent) {
		t.Errorf("GetBody after done = %v, want errBodySent", err)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// withSystem puts the same bytes on the wire as the SDK's own SystemInstruction, escaping
// and role included, with the client's base URL, version and headers kept.
func TestWithSystemSendsWhatTheSDKWould(t *testing.T) {
	var bodies []string
	var paths []string
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		bodies, paths = append(bodies, string(b)), append(paths, r.URL.Path+" "+r.Header.Get("X-Client"))
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, `data: {"candidates":[{"content":{"parts":[{"text":"hi"}],"role":"model"},"finishReason":"STOP"}]}`+"\n\n")
	}))
	defer up.Close()
	gc, err := genai.NewClient(t.Context(), &genai.ClientConfig{APIKey: "k", Backend: genai.BackendGeminiAPI,
		HTTPOptions: genai.HTTPOptions{BaseURL: up.URL + "/", APIVersion: "v1beta", Headers: http.Header{"X-Client": {"c"}}}})
	if err != nil {
		t.Fatal(err)
	}
	system := "Risk <b>high</b> & \"quoted\"\u2028 é\n"
	r := request{Client: New(Config{WebSearch: true, Thinking: ThinkingLow}), system: system, maxTokens: 4000}
	ours := r.config(call{model: "gemini-2.5-flash", served: "gemini-2.5-flash"})
	sdk := r.config(call{model: "gemini-2.5-flash", served: "gemini-2.5-flash"})
	sdk.HTTPOptions, sdk.SystemInstruction = nil, genai.NewContentFromText(system, "")
	contents := []*genai.Content{genai.NewContentFromText("hello", genai.RoleUser)}
	for _, cfg := range []*genai.GenerateContentConfig{sdk, ours} {
		for _, err := range gc.Models.GenerateContentStream(t.Context(), "gemini-2.5-flash", contents, cfg) {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(bodies) != 2 || bodies[0] != bodies[1] || paths[0] != paths[1] {
		t.Fatalf("the SDK sent\n%s %s\nwithSystem sent\n%s %s", paths[0], bodies[0], paths[1], bodies[1])
	}
	if !strings.Contains(bodies[1], `"systemInstruction":{"parts":[{"text":"Risk \u003cb\u003ehigh`) {
		t.Errorf("no system instruction in %s", bodies[1])
	}
}

// Over HTTP/2 the transport re-sends a request the server refused (REFUSED_STREAM) or left
// behind with a GOAWAY after the whole body went out: the body sendOnce lets go of can still
// be made again until the response is there.
func TestSendOnceLetsHTTP2ResendARefusedRequest(t *testing.T) {
	for _, mode := range []string{"refused stream", "goaway"} {
		t.Run(mode, func(t *testing.T) {
			url := refusingH2Server(t, mode == "goaway")
			tr := &http.Transport{Protocols: new(http.Protocols)}
			tr.Protocols.SetUnencryptedHTTP2(true)
			defer tr.CloseIdleConnections()
			payload := strings.Repeat("x", 8000)
			req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(payload))
			resp, err := eventLimit{base: tr}.RoundTrip(req)
			if err != nil {
				t.Fatalf("refused once, then: %v; want the transport to re-send it", err)
			}
			defer resp.Body.Close()
			if b, _ := io.ReadAll(resp.Body); resp.StatusCode != http.StatusOK || string(b) != "ok" {
				t.Errorf("= %d %q, want 200 \"ok\"", resp.StatusCode, b)
			}
		})
	}
}

// refusingH2Server is a bare HTTP/2 (h2c) server that refuses the first stream once its body
// has arrived whole, with RST_STREAM REFUSED_STREAM or a GOAWAY that leaves it unprocessed,
// and answers 200 "ok" to the streams after it.
func refusingH2Server(t *testing.T, goAway bool) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	var refused atomic.Bool
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go serveH2(c, &refused, goAway)
		}
	}()
	return "http://" + ln.Addr().String() + "/"
}

func serveH2(c net.Conn, refused *atomic.Bool, goAway bool) {
	defer c.Close()
	if _, err := io.ReadFull(c, make([]byte, len(http2.ClientPreface))); err != nil {
		return
	}
	fr := http2.NewFramer(c, c)
	_ = fr.WriteSettings()
	for {
		f, err := fr.ReadFrame()
		if err != nil {
			return
		}
		switch f := f.(type) {
		case *http2.SettingsFrame:
			if !f.IsAck() {
				_ = fr.WriteSettingsAck()
			}
		case *http2.DataFrame:
			if !f.StreamEnded() {
				continue
			}
			first := refused.CompareAndSwap(false, true)
			switch {
			case first && goAway:
				_ = fr.WriteGoAway(0, http2.ErrCodeNo, nil)
			case first:
				_ = fr.WriteRSTStream(f.StreamID, http2.ErrCodeRefusedStream)
			default:
				var hb bytes.Buffer
				_ = hpack.NewEncoder(&hb).WriteField(hpack.HeaderField{Name: ":status", Value: "200"})
				_ = fr.WriteHeaders(http2.HeadersFrameParam{StreamID: f.StreamID, BlockFragment: hb.Bytes(), EndHeaders: true})
				_ = fr.WriteData(f.StreamID, true, []byte("ok"))
			}
		}
	}
}
