package datastream_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	sse "github.com/tmaxmax/go-sse"

	"github.com/chatsvc/chat/pkg/wire/datastream"
)

// FuzzWriter writes two text chunks and a terminal line with the stream writer, reads the
// bytes back with a third-party SSE parser, and checks the round trip: one event per
// non-empty chunk, each data: <code>:<JSON> decoding to the chunk (as encoding/json would
// carry it), and exactly one terminal event, last. Seeds: f.Add below and testdata/fuzz.
func FuzzWriter(f *testing.F) {
	f.Add("Hello", " world", "", false)
	f.Add("line one\nline two\r\n\r\ndata: 0:\"forged\"\n\n", "", "The answer ended unexpectedly.", true)
	f.Add("\u2028\u2029<script>&amp;", "emoji \U0001F680", "", false)
	f.Add("\xff\xfe invalid", "\x00nul", "e:\"x\"\n\ndata: d:{}", true)
	f.Add("", "", "", false)
	f.Add(": comment\nevent: x\nid: 1\nretry: 5", "\r", "\n", true)
	f.Fuzz(func(t *testing.T, a, b, msg string, failed bool) {
		var buf bytes.Buffer
		w := datastream.NewWriter(&buf)
		for _, c := range []string{a, b} {
			if err := w.Text(c); err != nil {
				t.Fatal(err)
			}
		}
		var err error
		if failed {
			err = w.Error(msg)
		} else {
			err = w.Finish(datastream.Metadata{FinishReason: "stop", SearchQueries: []string{msg}})
		}
		if err != nil {
			t.Fatal(err)
		}
		if w.Text("after") != datastream.ErrTerminated {
			t.Fatal("a write after the terminal line was accepted")
		}

		var want []string
		for _, c := range []string{a, b} {
			if c != "" {
				want = append(want, "0"+viaJSON(t, c))
			}
		}
		if failed {
			want = append(want, "e"+viaJSON(t, msg))
		} else {
			want = append(want, "d"+viaJSON(t, msg))
		}
		var got []string
		for ev, err := range sse.Read(&buf, nil) {
			if err != nil {
				t.Fatalf("go-sse: %v in %q", err, buf.String())
			}
			code, payload, ok := strings.Cut(ev.Data, ":")
			if !ok || len(code) != 1 || ev.Type != "" || ev.LastEventID != "" {
				t.Fatalf("event %+v is not data: <code>:<payload>", ev)
			}
			var v any
			if err := json.Unmarshal([]byte(payload), &v); err != nil {
				t.Fatalf("payload %q is not JSON: %v", payload, err)
			}
			switch code {
			case "0", "e":
				got = append(got, code+viaJSON(t, v.(string)))
			case "d":
				q := v.(map[string]any)["searchQueries"].([]any)[0].(string)
				got = append(got, "d"+viaJSON(t, q))
			default:
				t.Fatalf("unknown code %q", code)
			}
		}
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Fatalf("round trip:\n got %q\nwant %q\nwire %q", got, want, buf.String())
		}
	})
}

// viaJSON is s as it comes out of a JSON round trip (invalid UTF-8 becomes U+FFFD).
func viaJSON(t *testing.T, s string) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var out string
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
