package uistream_test

import (
	"bytes"
	"errors"
	"io"
	"math"
	"net/http/httptest"
	"testing"

	"github.com/chatsvc/chat/pkg/wire/uistream"
)

func TestStreamExactBytes(t *testing.T) {
	tests := map[string]struct {
		write func(w *uistream.Writer) error
		want  string
	}{
		"text, sources, finish with metadata": {
			write: func(w *uistream.Writer) error {
				return errors.Join(w.Begin(), w.Text("Hello "), w.Text("\"world\" <b>&</b>\n"), w.Finish(uistream.Finish{
					Reason:   "stop",
					Sources:  []uistream.Source{{URL: "https://a.example/x?a=1&b=2", Title: "A"}, {URL: "https://b.example/"}},
					Metadata: map[string]any{"usage": map[string]int{"totalTokens": 3}},
				}))
			},
			want: "data: {\"type\":\"start\"}\n\n" +
				"data: {\"type\":\"text-start\",\"id\":\"text-1\"}\n\n" +
				"data: {\"type\":\"text-delta\",\"id\":\"text-1\",\"delta\":\"Hello \"}\n\n" +
				"data: {\"type\":\"text-delta\",\"id\":\"text-1\",\"delta\":\"\\\"world\\\" <b>&</b>\\n\"}\n\n" +
				"data: {\"type\":\"text-end\",\"id\":\"text-1\"}\n\n" +
				"data: {\"type\":\"source-url\",\"sourceId\":\"source-1\",\"url\":\"https://a.example/x?a=1&b=2\",\"title\":\"A\"}\n\n" +
				"data: {\"type\":\"source-url\",\"sourceId\":\"source-2\",\"url\":\"https://b.example/\"}\n\n" +
				"data: {\"type\":\"finish\",\"finishReason\":\"stop\",\"messageMetadata\":{\"usage\":{\"totalTokens\":3}}}\n\n" +
				"data: [DONE]\n\n",
		},
		"finish without text opens no text part": {
			write: func(w *uistream.Writer) error { return w.Finish(uistream.Finish{}) },
			want:  "data: {\"type\":\"finish\"}\n\ndata: [DONE]\n\n",
		},
		"a data part JSON cannot carry is left out, the finish is not": {
			write: func(w *uistream.Writer) error {
				return w.Finish(uistream.Finish{Reason: "stop", Data: []uistream.DataPart{
					{Name: "fact-check", ID: "bad", Data: map[string]float64{"value": math.Inf(-1)}},
					{Name: "fact-check", ID: "good", Data: map[string]float64{"value": 1}},
				}})
			},
			want: "data: {\"type\":\"data-fact-check\",\"id\":\"good\",\"data\":{\"value\":1}}\n\n" +
				"data: {\"type\":\"finish\",\"finishReason\":\"stop\"}\n\ndata: [DONE]\n\n",
		},
		"error mid-text closes the text part first": {
			write: func(w *uistream.Writer) error {
				return errors.Join(w.Text("par"), w.Error("The answer was cut off."))
			},
			want: "data: {\"type\":\"text-start\",\"id\":\"text-1\"}\n\n" +
				"data: {\"type\":\"text-delta\",\"id\":\"text-1\",\"delta\":\"par\"}\n\n" +
				"data: {\"type\":\"text-end\",\"id\":\"text-1\"}\n\n" +
				"data: {\"type\":\"error\",\"errorText\":\"The answer was cut off.\"}\n\n" +
				"data: [DONE]\n\n",
		},
		"empty text writes nothing": {
			write: func(w *uistream.Writer) error { return w.Text("") },
			want:  "",
		},
		"unicode line separators are escaped": {
			write: func(w *uistream.Writer) error { return w.Text("x\u2028y") },
			want:  "data: {\"type\":\"text-start\",\"id\":\"text-1\"}\n\ndata: {\"type\":\"text-delta\",\"id\":\"text-1\",\"delta\":\"x\\u2028y\"}\n\n",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := tc.write(uistream.NewWriter(&buf)); err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); got != tc.want {
				t.Errorf("bytes:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestOneTerminalEvent(t *testing.T) {
	var buf bytes.Buffer
	w := uistream.NewWriter(&buf)
	if err := w.Error("x"); err != nil {
		t.Fatal(err)
	}
	if !w.Terminated() {
		t.Error("not terminated after the error")
	}
	n := buf.Len()
	for _, err := range []error{w.Text("more"), w.Finish(uistream.Finish{}), w.Error("again")} {
		if !errors.Is(err, uistream.ErrTerminated) {
			t.Errorf("write after the end: %v, want ErrTerminated", err)
		}
	}
	if buf.Len() != n {
		t.Errorf("bytes after the end: %q", buf.String()[n:])
	}
}

func TestStartHeaders(t *testing.T) {
	rec := httptest.NewRecorder()
	if _, err := uistream.Start(rec); err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{"Content-Type": "text/event-stream", "X-Vercel-Ai-Ui-Message-Stream": "v1", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"} {
		if got := rec.Header().Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	if rec.Code != 200 || rec.Body.String() != "data: {\"type\":\"start\"}\n\n" || !rec.Flushed {
		t.Errorf("start: %d %q flushed=%v", rec.Code, rec.Body.String(), rec.Flushed)
	}
}

// BenchmarkWriterText is the encoder's cost per text-delta chunk: one typical model chunk
// (about 60 bytes of Markdown with a newline and a quote) to io.Discard.
func BenchmarkWriterText(b *testing.B) {
	const chunk = "**ETH** trades near $3,000 today.\nSources say \"volatile\" & <thin>."
	w := uistream.NewWriter(io.Discard)
	b.ReportAllocs()
	b.SetBytes(int64(len(chunk)))
	for b.Loop() {
		if err := w.Text(chunk); err != nil {
			b.Fatal(err)
		}
	}
}
