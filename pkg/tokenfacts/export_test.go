package tokenfacts

import (
	"encoding/json"
	"time"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// CleanText exposes the sanitiser to the external tests, which check it on more inputs than
// the fixtures hold.
var CleanText = cleanText

// MaxMagnitude is the bound on every number the facts hold.
const MaxMagnitude = maxMagnitude

// AssembleBodies assembles the facts of a Solana mint from a DexScreener /token-pairs body and
// a GeckoTerminal daily OHLCV body, as the client does, without a network: the fuzz target.
func AssembleBodies(mint string, dexJSON, gtJSON []byte, now time.Time) token.Facts {
	addr := contract.Address{Chain: contract.ChainSolana, Value: mint}
	b := newAssembly(now, addr)
	var pairs lenient[[]dexPair]
	_ = json.Unmarshal(dexJSON, &pairs)
	if p, f := pickPair(pairs.v, addr, now); f == nil {
		b.parts = append(b.parts, stamped{source: token.SourceDexScreener, at: now, part: p})
	}
	var gt gtBody
	if json.Unmarshal(gtJSON, &gt) == nil {
		if points, volumes := candles(gt.Data.v.Attributes.v.OHLCV.v, now); len(points) > 0 {
			b.parts = append(b.parts, stamped{source: SourceGeckoTerminal, at: now, part: &part{history: historyOf(points, volumes, "day", now)}})
		}
	}
	return b.facts()
}
