package factcheck_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chatsvc/chat/pkg/chat/factcheck"
)

// longClause is an answer of about n bytes that states its figures in one clause, joined by
// commas and "and": no sentence or line ends in it, so every figure shares one clause.
func longClause(n int) string {
	parts := []string{"GPANDA trades at $2.417", "liquidity is $1.52M", "the market cap is $12.3M",
		"the sell tax is 99%", "the top 10 holders own 50%", "the pair is 6 hours old", "volume reached $2.2M"}
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteString(", and ")
		}
		b.WriteString(parts[i%len(parts)])
	}
	return b.String() + "."
}

// BenchmarkVerifyLongClause is the time from an answer's last text to its checks, for answers
// of 20, 60 and 200 KB of figures in one clause (docs/BENCHMARKS.md: go test -run '^$' -bench
// LongClause -benchtime 3x ./pkg/chat/factcheck).
func BenchmarkVerifyLongClause(b *testing.B) { benchVerify(b, longClause, 20, 60, 200) }

// benchVerify times Verify on text(n) for n of each size in KB, counting only the bytes it
// reads (twice factcheck.MaxText at most) in its MB/s.
func benchVerify(b *testing.B, text func(n int) string, kbs ...int) {
	facts := panda()
	for _, kb := range kbs {
		t := text(kb << 10)
		b.Run(fmt.Sprintf("%dKB", kb), func(b *testing.B) {
			b.SetBytes(int64(min(len(t), 2*factcheck.MaxText)))
			for b.Loop() {
				factcheck.Verify(t, facts)
			}
		})
	}
}

// BenchmarkVerifyDense is the same for answers packed with bare figures ("$1 $1 $1 …", a
// figure every 3 bytes): the most figures per byte a reader takes, judged up to
// factcheck.MaxFigures and counted up to twice factcheck.MaxText (go test -run '^$' -bench
// Dense -benchtime 3x ./pkg/chat/factcheck).
func BenchmarkVerifyDense(b *testing.B) {
	benchVerify(b, func(n int) string { return strings.Repeat("$1 ", n/3) }, 20, 60, 200)
}

// BenchmarkVerifyCoinNames is the same for an answer that names coins in Russian and Chinese
// over and over in one clause ("биткоин и биткоин и …"): each name's words around it are
// looked at in a bounded stretch, so the cost stays linear (go test -run '^$' -bench
// CoinNames -benchtime 3x ./pkg/chat/factcheck).
func BenchmarkVerifyCoinNames(b *testing.B) {
	benchVerify(b, func(n int) string {
		return "GPANDA 价格 2.417 美元，" + strings.Repeat("биткоин и 比特币 ", n/26) + " цена 3 $."
	}, 20, 60)
}
