package gemini

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
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
		t.Errorf("GetBody after the body was sent = %v, want errBodySent", err)
	}
	if req.GetBody == nil {
		t.Error("the caller's request was changed")
	}
}

// Until the body has been read to its end, the transport can make it again as often as it
// needs (a request refused by a stale connection before any of it was written, then re-sent),
// also after closing it; once one copy was read whole, the bytes are let go.
func TestSendOnceBodyCanBeMadeAgainUntilSent(t *testing.T) {
	const payload = "0123456789"
	req, _ := http.NewRequest(http.MethodPost, "http://upstream.invalid/", bytes.NewBufferString(payload))
	r := sendOnce(req)
	if err := r.Body.Close(); err != nil { // the transport gives up on the first connection
		t.Fatal(err)
	}
	for i := range 2 {
		body, err := r.GetBody()
		if err != nil {
			t.Fatalf("GetBody %d before the body was sent: %v", i+1, err)
		}
		if i == 0 {
			body.Close()
			continue
		}
		if b, _ := io.ReadAll(body); string(b) != payload {
			t.Errorf("body made again = %q, want %q", b, payload)
		}
	}
	if _, err := r.GetBody(); !errors.Is(err, errBodySent) {
		t.Errorf("GetBody after a copy was read whole = %v, want errBodySent", err)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
