package tokenfacts_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/tokenfacts"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// Facts of a two-hour-old pump.fun token, as the page and the stream receive them; the model
// receives the same without pair_url (ModelJSON).
func ExampleClient_Lookup() {
	fake := fakesources.New()
	srv := httptest.NewServer(fake)
	defer func() { fake.Close(); srv.Close() }()

	cfg := fakesources.Config(srv.URL)
	cfg.Now = fakesources.Now
	client := tokenfacts.New(cfg)

	mint, _ := contract.Parse(fakesources.SolanaPumpFun)
	facts := client.Lookup(context.Background(), []contract.Address{mint})
	out, _ := json.MarshalIndent(facts[0], "", "  ")
	fmt.Println(string(out))
	// Output:
	// {
	//   "token": {
	//     "address": "CeVxLxHsfSLaJ7t7onpDv9qqQkRcoVP9CCW51PUxfKiD",
	//     "chain": "solana",
	//     "name": "Moon Frog",
	//     "symbol": "MFROG"
	//   },
	//   "verdict": {
	//     "severity": "danger",
	//     "summary": "Low Liquidity (RugCheck); New pair: 2.0 hours old (DexScreener); Mutable metadata (RugCheck)"
	//   },
	//   "market": {
	//     "source": "DexScreener",
	//     "as_of": "2026-03-01T12:00:00Z",
	//     "change_1h_percent": 38.1,
	//     "volume_24h_usd": 18450.22,
	//     "market_cap_usd": 9120,
	//     "fdv_usd": 9120,
	//     "pair_created_at": "2026-03-01T10:00:00Z",
	//     "pair_age_hours": 2,
	//     "dex": "pumpfun",
	//     "pair_url": "https://dexscreener.com/solana/ee2mj4eu3gvsodkgae5t6aypz2fkswmv2p8kszlnjax4",
	//     "pairs_found": 1,
	//     "price_usd": 0.00000912
	//   },
	//   "history": {
	//     "source": "GeckoTerminal",
	//     "as_of": "2026-03-01T12:00:00Z",
	//     "interval": "hour",
	//     "url": "https://www.geckoterminal.com/solana/pools/Ee2Mj4EU3gvsodKgae5t6ayPZ2FKsWMv2P8ksZLNjAX4",
	//     "points": [
	//       {
	//         "time": 1772359200,
	//         "close": 0.00000311
	//       },
	//       {
	//         "time": 1772362800,
	//         "close": 0.00000662
	//       },
	//       {
	//         "time": 1772366400,
	//         "close": 0.00000912
	//       }
	//     ],
	//     "change_percent": 193.25,
	//     "high_30d_usd": 0.00000912,
	//     "high_at": 1772366400,
	//     "low_30d_usd": 0.00000311,
	//     "low_at": 1772359200,
	//     "drawdown_percent": 0
	//   },
	//   "security": {
	//     "contract": {
	//       "source": "GoPlus",
	//       "as_of": "2026-03-01T12:00:00Z",
	//       "mintable": false,
	//       "freezable": false,
	//       "metadata_mutable": true,
	//       "closable": false,
	//       "balance_mutable": false,
	//       "non_transferable": false
	//     },
	//     "holders": {
	//       "source": "GoPlus",
	//       "as_of": "2026-03-01T12:00:00Z",
	//       "count": 311,
	//       "top10_percent": 6.3,
	//       "excluded": 1
	//     },
	//     "rugcheck": {
	//       "source": "RugCheck",
	//       "as_of": "2026-03-01T12:00:00Z",
	//       "score": 2091,
	//       "score_normalised": 29,
	//       "risks": [
	//         {
	//           "name": "Low Liquidity",
	//           "level": "danger",
	//           "value": "$0.41"
	//         },
	//         {
	//           "name": "Mutable metadata",
	//           "level": "warn"
	//         }
	//       ],
	//       "lp_locked_percent": 0
	//     }
	//   },
	//   "findings": [
	//     {
	//       "severity": "danger",
	//       "text": "RugCheck: Low Liquidity ($0.41).",
	//       "source": "RugCheck"
	//     },
	//     {
	//       "severity": "warning",
	//       "text": "The pair is very new: created 2.0 hours ago.",
	//       "source": "DexScreener"
	//     },
	//     {
	//       "severity": "warning",
	//       "text": "RugCheck: Mutable metadata.",
	//       "source": "RugCheck"
	//     },
	//     {
	//       "severity": "info",
	//       "text": "No pool liquidity is reported: the pair still trades on a pump.fun bonding curve.",
	//       "source": "DexScreener"
	//     },
	//     {
	//       "severity": "info",
	//       "text": "The token's metadata (name, symbol, image) can still be changed.",
	//       "source": "GoPlus"
	//     }
	//   ],
	//   "sources": [
	//     {
	//       "name": "DexScreener",
	//       "url": "https://dexscreener.com/solana/ee2mj4eu3gvsodkgae5t6aypz2fkswmv2p8kszlnjax4"
	//     },
	//     {
	//       "name": "GoPlus",
	//       "url": "https://gopluslabs.io/token-security/solana/CeVxLxHsfSLaJ7t7onpDv9qqQkRcoVP9CCW51PUxfKiD"
	//     },
	//     {
	//       "name": "RugCheck",
	//       "url": "https://rugcheck.xyz/tokens/CeVxLxHsfSLaJ7t7onpDv9qqQkRcoVP9CCW51PUxfKiD"
	//     }
	//   ]
	// }
}
