package factcheck

import (
	"sync"
	"time"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// The time limit of AuditWithin: when it ends, and whether it has passed.

// deadlineAfter is the time within from now, or the zero time (no limit) when within is 0. The
// reader's patterns are compiled before its clock starts.
func deadlineAfter(within time.Duration) time.Time {
	if within <= 0 {
		return time.Time{}
	}
	warm.Do(func() { Audit(warmText, warmFacts()) }) // the first answer's time is not the patterns'
	return time.Now().Add(within)
}

// late reports whether deadline, when there is one, has passed.
func late(deadline time.Time) bool { return !deadline.IsZero() && time.Now().After(deadline) }

// warm compiles the reader's patterns, the first time a caller sets a time limit, before its
// clock starts: the first answer after a cold start would spend some 40 ms of its time on
// them (ten times that under the race detector).
var warm sync.Once

// warmText is an answer that sets every kind of reader to work: labels, a table, taxes, a
// range, history and other languages' numbers.
const warmText = "GPANDA trades at $0.52 (market cap $1.2M, FDV 1,5 млн $), liquidity 12,4 тыс. $ " +
	"between $1 and $2; it hit $9 last week.\n| Token | Price | MC |\n|---|---|---|\n| GPANDA | $0.5 | $1M |\n" +
	"Taxes 5/5, LP 100% burned, top 10 holders 41,2 %, pair 6 hours old, 24h volume 120 万美元, 3 tỷ đồng."

// warmFacts are facts for warmText's token.
func warmFacts() []token.Facts {
	v := 1.0
	return []token.Facts{{Token: token.Token{Symbol: "GPANDA", Address: "0x0000000000000000000000000000000000000001"},
		Market: &token.Market{Source: "warm", PriceUSD: &v}}}
}
