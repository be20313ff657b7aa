package tokenfacts_test

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/pkg/tokenfacts"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// A pair and a pool that send numbers too large to mean anything: those facts are unknown,
// the sound ones stand, and the facts encode.
func TestOverflowingNumbersAreDropped(t *testing.T) {
	_, url := newFake(t)
	f := lookupOne(t, newClient(t, url), fakesources.EVMOverflow)
	m := f.Market
	if m == nil {
		t.Fatalf("no market; unavailable %v", f.Unavailable)
	}
	eqFloat(t, "price", m.PriceUSD, 0.0321)
	eqFloat(t, "liquidity", m.LiquidityUSD, 250000)
	eqFloat(t, "market cap", m.MarketCapUSD, 3210000)
	eqFloat(t, "1h change", m.Change1hPercent, 2.5)
	for name, v := range map[string]*float64{"24h change": m.Change24hPercent, "volume": m.Volume24hUSD, "fdv": m.FDVUSD} {
		if v != nil {
			t.Errorf("%s = %v, want unknown", name, *v)
		}
	}
	h := f.History
	if h == nil {
		t.Fatalf("no history; unavailable %v", f.Unavailable)
	}
	if len(h.Points) != 30 {
		t.Errorf("%d points, want 30 (the 1e308 close dropped)", len(h.Points))
	}
	if h.High30dUSD == nil || float64(*h.High30dUSD) > 1 {
		t.Errorf("30-day high = %v, want one of the sound closes", h.High30dUSD)
	}
	if _, err := json.Marshal(f); err != nil {
		t.Errorf("the facts do not encode: %v", err)
	}
}

const fuzzMint = "4VWrFKhyCcYjWXnh9MDYGexirQwGusKPck6MdiunPcQ7"

// jsonNumber writes v as an API might: a JSON number when JSON can carry it, else a string.
func jsonNumber(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.Quote(strconv.FormatFloat(v, 'g', -1, 64))
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// FuzzAssembleNumbers: whatever numbers the market and history APIs send, the assembled facts
// encode as JSON, hold only numbers within tokenfacts.MaxMagnitude, and keep every sound
// number they were sent.
func FuzzAssembleNumbers(f *testing.F) {
	seeds := [][6]float64{
		{0.0321, 2.5, -3.1, 250000, 3210000, 0.03},
		{0.0321, 2.5, 1e307, 250000, 3210000, 1e308},
		{1e308, 1e307, -1e307, 1e308, 1e300, 1e-300},
		{5e-324, math.MaxFloat64, -math.MaxFloat64, 0, 0, 5e-324},
		{math.Inf(1), math.NaN(), math.Inf(-1), math.NaN(), math.Inf(1), math.Inf(1)},
		{1e15, 1e15, -1e15, 1e15, 1e15, 1e15},
		{1.0000000000000002e15, 0, 0, 0, 0, 1e-15},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1], s[2], s[3], s[4], s[5])
	}
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, price, h1, h24, liquidity, mcap, oldClose float64) {
		dex := fmt.Sprintf(`[{"chainId":"solana","dexId":"raydium","pairAddress":"Pair1111111111111111111111111111111111111111",`+
			`"baseToken":{"address":%q,"name":"Fuzz","symbol":"FZ"},"priceUsd":%q,"liquidity":{"usd":%s},"volume":{"h24":%s},`+
			`"priceChange":{"h1":%s,"h24":%s},"fdv":%s,"marketCap":%s,"pairCreatedAt":1690000000000}]`,
			fuzzMint, strconv.FormatFloat(price, 'g', -1, 64), jsonNumber(liquidity), jsonNumber(mcap),
			jsonNumber(h1), jsonNumber(h24), jsonNumber(mcap*10), jsonNumber(mcap))
		var rows []string
		for i := range 31 {
			c := 0.03 + float64(i)/1e4
			if i == 3 {
				c = oldClose
			}
			if i == 30 {
				c = price
			}
			ts := now.Add(-time.Duration(30-i) * 24 * time.Hour).Unix()
			rows = append(rows, fmt.Sprintf("[%d,1,1,1,%s,%s]", ts, jsonNumber(c), jsonNumber(liquidity)))
		}
		gt := `{"data":{"attributes":{"ohlcv_list":[` + strings.Join(rows, ",") + `]}}}`

		facts := tokenfacts.AssembleBodies(fuzzMint, []byte(dex), []byte(gt), now)
		b, err := json.Marshal(facts)
		if err != nil {
			t.Fatalf("the facts do not encode: %v", err)
		}
		checkMagnitudes(t, b)
		m := facts.Market
		if m == nil {
			t.Fatalf("no market from a pair with the mint as its base token")
		}
		keeps := func(what string, got *float64, sent float64) {
			t.Helper()
			if sound(sent) && sent >= 0 && (got == nil || *got != sent) {
				t.Errorf("%s: sent %v, got %v", what, sent, got)
			}
			if !sound(sent) && got != nil {
				t.Errorf("%s: sent %v, got %v, want unknown", what, sent, *got)
			}
		}
		keeps("liquidity", m.LiquidityUSD, liquidity)
		keeps("market cap", m.MarketCapUSD, mcap)
		if (m.Change24hPercent != nil) != sound(h24) {
			t.Errorf("24h change: sent %v, got %v", h24, m.Change24hPercent)
		}
	})
}

func sound(v float64) bool {
	return !math.IsNaN(v) && !math.IsInf(v, 0) && math.Abs(v) <= tokenfacts.MaxMagnitude
}

// checkMagnitudes fails when the JSON holds a number past tokenfacts.MaxMagnitude.
func checkMagnitudes(t *testing.T, b []byte) {
	t.Helper()
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case json.Number:
			if f, err := x.Float64(); err != nil || !sound(f) {
				t.Errorf("unsound number %s in %s", x, b)
			}
		}
	}
	d := json.NewDecoder(strings.NewReader(string(b)))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("decode: %v", err)
	}
	walk(v)
}
