package sse_test

import (
	"bytes"
	"net/http/httptest"
	"testing"

	"github.com/chatsvc/chat/pkg/wire/sse"
)

func TestEventsExactBytesAndFlushed(t *testing.T) {
	rec := httptest.NewRecorder()
	sse.StartHeaders(rec.Header())
	w := sse.NewWriter(rec)
	if err := w.JSON("0:", "a <b> & \u2028"); err != nil {
		t.Fatal(err)
	}
	if !rec.Flushed {
		t.Error("the event was not flushed")
	}
	if err := w.Data("[DONE]"); err != nil {
		t.Fatal(err)
	}
	if got, want := rec.Body.String(), "data: 0:\"a <b> & \\u2028\"\n\ndata: [DONE]\n\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if rec.Header().Get("Content-Type") != "text/event-stream" || rec.Header().Get("X-Accel-Buffering") != "no" || rec.Header().Get("Cache-Control") != "no-cache" {
		t.Errorf("headers %v", rec.Header())
	}
	var buf bytes.Buffer
	if err := sse.NewWriter(&buf).JSON("", func() {}); err == nil || buf.Len() != 0 {
		t.Errorf("unencodable value: %v, wrote %q", err, buf.String())
	}
}
