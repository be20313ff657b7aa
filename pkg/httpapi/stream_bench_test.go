package httpapi_test

import (
	"context"
	"iter"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/httpapi"
)

// chunkModel answers with n text chunks and a finish.
type chunkModel struct {
	n    int
	text string
}

func (m chunkModel) Stream(context.Context, string, chat.Conversation) iter.Seq2[chat.Event, error] {
	return func(yield func(chat.Event, error) bool) {
		for range m.n {
			if !yield(chat.Event{Text: m.text}, nil) {
				return
			}
		}
		yield(chat.Event{Finish: &chat.Finish{Reason: chat.FinishStop}}, nil)
	}
}

// discardWriter is an http.ResponseWriter and http.Flusher that drops the body.
type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *discardWriter) WriteHeader(int)             {}
func (w *discardWriter) Flush()                      {}

// BenchmarkHandlerChunk is the handler's own cost per forwarded chunk (model event to wire
// event, flush included), without the network or the provider SDK, in each protocol: one
// request of b.N chunks. ns/op and allocs/op are per chunk.
func BenchmarkHandlerChunk(b *testing.B) {
	for _, p := range []struct{ name, path, body string }{
		{"datastream", httpapi.Path, `{"messages":[{"role":"user","content":"hi"}]}`},
		{"ui-message-stream", httpapi.Path, `{"messages":[{"role":"user","parts":[{"type":"text","text":"hi"}]}]}`},
		{"chat-completions", "/v1/chat/completions", `{"model":"crypto-analyst","stream":true,"messages":[{"role":"user","content":"hi"}]}`},
	} {
		b.Run(p.name, func(b *testing.B) {
			h := httpapi.NewHandler(httpapi.Options{
				Model:  chunkModel{n: b.N, text: "**ETH** trades near $3,000 today.\nSources say \"volatile\"."},
				APIKey: func() string { return "k" },
			})
			req := httptest.NewRequest(http.MethodPost, p.path, strings.NewReader(p.body))
			w := &discardWriter{h: http.Header{}}
			b.ReportAllocs()
			b.ResetTimer()
			h.ServeHTTP(w, req)
		})
	}
}
