package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/gemini"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// longAnswers are answers about the demo honeypot of about n bytes that state their figures in
// one clause: labelled ones, and bare ones ("$1 $1 …", the most figures per byte).
var longAnswers = map[string]func(n int) string{
	"labelled": func(n int) string {
		const part = "GPANDA trades at $0.0000052, and liquidity is $15.2K, and the sell tax is 99%, and the market cap is $7.3K, and "
		return strings.Repeat(part, n/len(part)+1) + "that is all."
	},
	"bare": func(n int) string { return "GPANDA: " + strings.Repeat("$1 ", n/3) },
}

// BenchmarkFactChecksHoldTheEnd is what the fact checks cost at the wire: the time from an
// answer's last text line to its d: line, for answers of 60 and 200 KB of figures in one clause
// streamed in 1 KB chunks through the real handler, about a token with facts (go test -run
// '^$' -bench FactChecksHoldTheEnd -benchtime 3x ./pkg/httpapi; the figure is ms-to-d).
func BenchmarkFactChecksHoldTheEnd(b *testing.B) {
	question := "[Contract Address: " + fakesources.EVMHoneypot + "]\n\nWhat does it trade at?"
	for _, shape := range []string{"labelled", "bare"} {
		for _, kb := range []int{60, 200} {
			text := longAnswers[shape](kb << 10)
			b.Run(fmt.Sprintf("%s/%dKB", shape, kb), func(b *testing.B) {
				st := longAnswerStack(b, text)
				var gap time.Duration
				for b.Loop() {
					s := teststack.ReadStream(b, st.Ask(b, question).Body)
					end := s.Terminal(b)
					if end.Code != 'd' || len(s.Lines) < 2 {
						b.Fatalf("the answer ended with %c:%.200s", end.Code, end.Payload)
					}
					gap += end.At.Sub(s.Lines[len(s.Lines)-2].At)
					if m := s.Metadata(b); len(s.Text()) < kb<<10 || m["factChecks"] == nil || m["factChecksUnchecked"] == nil {
						b.Fatalf("%d bytes of text, d: %.300s: want the whole answer, checked and counted", len(s.Text()), end.Payload)
					}
				}
				b.ReportMetric(float64(gap.Milliseconds())/float64(b.N), "ms-to-d")
			})
		}
	}
}

// longAnswerStack is the endpoint with token facts whose provider streams text in 1 KB chunks.
func longAnswerStack(b *testing.B, text string) *teststack.Stack {
	b.Helper()
	var chunks []fakeprovider.Chunk
	for len(text) > 0 {
		n := min(len(text), 1024)
		chunks, text = append(chunks, fakeprovider.Text(text[:n])), text[n:]
	}
	chunks = append(chunks, fakeprovider.Finish("STOP"))
	// Room for the whole answer: a model's longest output is 65,536 tokens.
	st, _ := tokenStackAnswering(b, 2*time.Second, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, chunks...)
	}, teststack.WithGemini(func(c *gemini.Config) { c.MaxTokens = 65536 }))
	return st
}
