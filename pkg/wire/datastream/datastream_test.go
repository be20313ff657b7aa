package datastream_test

import (
	"bytes"
	"errors"
	"math"
	"net/http/httptest"
	"testing"

	"github.com/chatsvc/chat/pkg/wire/datastream"
)

func TestLinesExactBytes(t *testing.T) {
	tests := map[string]struct {
		write func(w *datastream.Writer) error
		want  string
	}{
		"text": {
			write: func(w *datastream.Writer) error { return w.Text("Hello") },
			want:  "data: 0:\"Hello\"\n\n",
		},
		"text with newlines, quotes and markup is escaped JSON": {
			write: func(w *datastream.Writer) error { return w.Text("a\n\n\"b\" <i>&</i>\r\n") },
			want:  "data: 0:\"a\\n\\n\\\"b\\\" <i>&</i>\\r\\n\"\n\n",
		},
		"empty text writes nothing": {
			write: func(w *datastream.Writer) error { return w.Text("") },
			want:  "",
		},
		"finish minimal": {
			write: func(w *datastream.Writer) error {
				return w.Finish(datastream.Metadata{FinishReason: "stop"})
			},
			want: "data: d:{\"finishReason\":\"stop\",\"usage\":{\"promptTokens\":0,\"completionTokens\":0,\"reasoningTokens\":0,\"totalTokens\":0},\"sources\":[]}\n\n",
		},
		"finish full": {
			write: func(w *datastream.Writer) error {
				return w.Finish(datastream.Metadata{
					FinishReason:      "length",
					Usage:             datastream.Usage{PromptTokens: 3, CompletionTokens: 5, ReasoningTokens: 2, TotalTokens: 10},
					Sources:           []datastream.Source{{URL: "https://a.example/x?a=1&b=2", Title: "A"}},
					SearchQueries:     []string{"q"},
					SearchSuggestions: "<div>s</div>",
				})
			},
			want: "data: d:{\"finishReason\":\"length\",\"usage\":{\"promptTokens\":3,\"completionTokens\":5,\"reasoningTokens\":2,\"totalTokens\":10}," +
				"\"sources\":[{\"url\":\"https://a.example/x?a=1&b=2\",\"title\":\"A\"}],\"searchQueries\":[\"q\"]," +
				"\"searchSuggestions\":\"<div>s</div>\"}\n\n",
		},
		"finish whose facts JSON cannot carry still goes out, without them": {
			write: func(w *datastream.Writer) error {
				return w.Finish(datastream.Metadata{
					FinishReason: "stop",
					Tokens:       []map[string]float64{{"change_24h_percent": math.Inf(1)}},
					FactChecks:   []map[string]float64{{"value": math.NaN()}},
				})
			},
			want: "data: d:{\"finishReason\":\"stop\",\"usage\":{\"promptTokens\":0,\"completionTokens\":0,\"reasoningTokens\":0,\"totalTokens\":0},\"sources\":[]}\n\n",
		},
		"finish with figures left unchecked": {
			write: func(w *datastream.Writer) error {
				return w.Finish(datastream.Metadata{FinishReason: "stop", FactChecks: []string{}, FactChecksUnchecked: 12})
			},
			want: "data: d:{\"finishReason\":\"stop\",\"usage\":{\"promptTokens\":0,\"completionTokens\":0,\"reasoningTokens\":0,\"totalTokens\":0},\"sources\":[],\"factChecks\":[],\"factChecksUnchecked\":12}\n\n",
		},
		"error": {
			write: func(w *datastream.Writer) error { return w.Error("Time limit reached") },
			want:  "data: e:\"Time limit reached\"\n\n",
		},
		"unicode line separators are escaped": {
			write: func(w *datastream.Writer) error { return w.Text("x\u2028y") },
			want:  "data: 0:\"x\\u2028y\"\n\n",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := tc.write(datastream.NewWriter(&buf)); err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestExactlyOneTerminalLine(t *testing.T) {
	var buf bytes.Buffer
	w := datastream.NewWriter(&buf)
	if err := w.Text("a"); err != nil {
		t.Fatal(err)
	}
	if err := w.Finish(datastream.Metadata{FinishReason: "stop"}); err != nil {
		t.Fatal(err)
	}
	if !w.Terminated() {
		t.Error("Terminated() = false after Finish")
	}
	if err := w.Error("late"); !errors.Is(err, datastream.ErrTerminated) {
		t.Errorf("Error after Finish: err = %v, want ErrTerminated", err)
	}
	if err := w.Text("late"); !errors.Is(err, datastream.ErrTerminated) {
		t.Errorf("Text after Finish: err = %v, want ErrTerminated", err)
	}
	want := "data: 0:\"a\"\n\ndata: d:{\"finishReason\":\"stop\",\"usage\":{\"promptTokens\":0,\"completionTokens\":0,\"reasoningTokens\":0,\"totalTokens\":0},\"sources\":[]}\n\n"
	if buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}

func TestStartSetsHeadersAndFlushes(t *testing.T) {
	rec := httptest.NewRecorder()
	w := datastream.Start(rec)
	if err := w.Text("x"); err != nil {
		t.Fatal(err)
	}
	if rec.Code != 200 {
		t.Errorf("status = %d", rec.Code)
	}
	for k, v := range map[string]string{"Content-Type": "text/event-stream", "Cache-Control": "no-cache"} {
		if got := rec.Header().Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	if !rec.Flushed {
		t.Error("the line was not flushed")
	}
}
