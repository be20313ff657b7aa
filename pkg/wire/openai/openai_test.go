package openai_test

import (
	"bytes"
	"errors"
	"io"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chatsvc/chat/pkg/wire/openai"
)

var created = time.Unix(1764000000, 0)

func TestStreamExactBytes(t *testing.T) {
	usage := &openai.Usage{PromptTokens: 10, CompletionTokens: 7, TotalTokens: 17, CompletionTokensDetails: &openai.CompletionTokensDetails{ReasoningTokens: 4}}
	head := `{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1764000000,"model":"m","choices":[`
	tests := map[string]struct {
		includeUsage bool
		write        func(w *openai.StreamWriter) error
		want         string
	}{
		"role, content, finish with citations": {
			write: func(w *openai.StreamWriter) error {
				return errors.Join(w.Begin(), w.Text("Hi \"x\" <b>&</b>\n"), w.Text(""),
					w.Finish("stop", []openai.Annotation{openai.Citation("https://a.example/?a=1&b=2", "A", 0, 9)}, usage))
			},
			want: "data: " + head + `{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}` + "\n\n" +
				"data: " + head + `{"index":0,"delta":{"content":"Hi \"x\" <b>&</b>\n"},"finish_reason":null}]}` + "\n\n" +
				"data: " + head + `{"index":0,"delta":{"annotations":[{"type":"url_citation","url_citation":{"url":"https://a.example/?a=1&b=2","title":"A","start_index":0,"end_index":9}}]},"finish_reason":"stop"}]}` + "\n\n" +
				"data: [DONE]\n\n",
		},
		"include_usage: usage null on each chunk, then the usage chunk": {
			includeUsage: true,
			write: func(w *openai.StreamWriter) error {
				return errors.Join(w.Begin(), w.Finish("length", nil, usage))
			},
			want: "data: " + head + `{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}],"usage":null}` + "\n\n" +
				"data: " + head + `{"index":0,"delta":{},"finish_reason":"length"}],"usage":null}` + "\n\n" +
				"data: " + head + `],"usage":{"prompt_tokens":10,"completion_tokens":7,"total_tokens":17,"completion_tokens_details":{"reasoning_tokens":4}}}` + "\n\n" +
				"data: [DONE]\n\n",
		},
		"error mid-stream": {
			write: func(w *openai.StreamWriter) error {
				code := "upstream_error"
				return errors.Join(w.Text("par"), w.Error(openai.Error{Message: "failed", Type: "server_error", Code: &code}))
			},
			want: "data: " + head + `{"index":0,"delta":{"content":"par"},"finish_reason":null}]}` + "\n\n" +
				`data: {"error":{"message":"failed","type":"server_error","param":null,"code":"upstream_error"}}` + "\n\n" +
				"data: [DONE]\n\n",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := tc.write(openai.NewStreamWriter(&buf, "chatcmpl-1", "m", created, tc.includeUsage)); err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); got != tc.want {
				t.Errorf("bytes:\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestOneTerminalEvent(t *testing.T) {
	var buf bytes.Buffer
	w := openai.NewStreamWriter(&buf, "c", "m", created, false)
	if err := w.Finish("stop", nil, nil); err != nil {
		t.Fatal(err)
	}
	n := buf.Len()
	for _, err := range []error{w.Text("more"), w.Finish("stop", nil, nil), w.Error(openai.Error{Message: "x"})} {
		if !errors.Is(err, openai.ErrTerminated) {
			t.Errorf("write after the end: %v, want ErrTerminated", err)
		}
	}
	if buf.Len() != n || !w.Terminated() {
		t.Errorf("bytes after the end: %q", buf.String()[n:])
	}
}

func TestCompletionAndErrorBodies(t *testing.T) {
	rec := httptest.NewRecorder()
	openai.WriteJSON(rec, openai.NewCompletion("chatcmpl-1", "m", created, "Hi", "stop", nil,
		&openai.Usage{PromptTokens: 1, CompletionTokens: 2, TotalTokens: 3}))
	want := `{"id":"chatcmpl-1","object":"chat.completion","created":1764000000,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"Hi","refusal":null,"annotations":[]},"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":2,"total_tokens":3}}` + "\n"
	if rec.Body.String() != want || rec.Code != 200 || rec.Header().Get("Content-Type") != "application/json" {
		t.Errorf("completion %d %s:\n got %s\nwant %s", rec.Code, rec.Header(), rec.Body, want)
	}

	rec = httptest.NewRecorder()
	param, code := "messages[0].role", "rate_limit_exceeded"
	openai.WriteError(rec, 429, openai.Error{Message: "slow down", Type: "requests", Param: &param, Code: &code}, 6500*time.Millisecond, true)
	want = `{"error":{"message":"slow down","type":"requests","param":"messages[0].role","code":"rate_limit_exceeded"}}` + "\n"
	if rec.Code != 429 || rec.Body.String() != want || rec.Header().Get("Retry-After") != "7" || rec.Header().Get("X-Should-Retry") != "" {
		t.Errorf("error %d %v:\n got %s\nwant %s", rec.Code, rec.Header(), rec.Body, want)
	}

	rec = httptest.NewRecorder()
	openai.WriteError(rec, 504, openai.Error{Message: "late", Type: "server_error"}, 0, false)
	if rec.Body.String() != `{"error":{"message":"late","type":"server_error","param":null,"code":null}}`+"\n" ||
		rec.Header().Get("X-Should-Retry") != "false" || rec.Header().Get("Retry-After") != "" {
		t.Errorf("no-retry error %v %s", rec.Header(), rec.Body)
	}

	rec = httptest.NewRecorder()
	openai.WriteJSON(rec, openai.ModelList{Object: "list", Data: []openai.Model{openai.NewModel("a", created, "o")}})
	if want := `{"object":"list","data":[{"id":"a","object":"model","created":1764000000,"owned_by":"o"}]}` + "\n"; rec.Body.String() != want {
		t.Errorf("models:\n got %s\nwant %s", rec.Body, want)
	}
}

// BenchmarkStreamText is the encoder's cost per content chunk: one typical model chunk (about
// 60 bytes of Markdown with a newline and a quote) to io.Discard.
func BenchmarkStreamText(b *testing.B) {
	const chunk = "**ETH** trades near $3,000 today.\nSources say \"volatile\" & <thin>."
	w := openai.NewStreamWriter(io.Discard, "chatcmpl-0123456789abcdef", "crypto-analyst", created, true)
	b.ReportAllocs()
	b.SetBytes(int64(len(chunk)))
	for b.Loop() {
		if err := w.Text(chunk); err != nil {
			b.Fatal(err)
		}
	}
}
