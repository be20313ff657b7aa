package fakesources

import (
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// GeckoTerminal's OHLCV answer, as recorded (testdata/README.md): rows
// [unix seconds, open, high, low, close, volume] as JSON numbers, newest first, e-notation for
// small values (encoding/json writes 1.2e-06 as the API does), intervals without trades
// skipped (null in the fixture), meta left out as the API sometimes does. Its 429 and 404
// bodies are the recorded ones, not JSON:API errors for the first.

// GeckoTerminal is the price history's API.
const GeckoTerminal API = "geckoterminal"

func init() {
	plugins = append(plugins, plugin{
		api: GeckoTerminal,
		route: func(s *Server) {
			s.mux.HandleFunc("GET /api/v2/networks/{network}/pools/{pool}/ohlcv/{timeframe}", s.geckoTerminal)
		},
		rateLimited: geckoTerminalRateLimited,
	})
}

// geckoFixtures are testdata/geckoterminal.json: the pools' series by "network|pool".
var geckoFixtures = sync.OnceValue(func() (f map[string]geckoSeries) {
	load("testdata/geckoterminal.json", &f)
	return f
})

const (
	geckoTerminalRateLimited = `{"status":{"error_code":429,"error_message":"You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits."}}`
	geckoTerminalNotFound    = `{"errors":[{"status":"404","title":"Not Found"}]}`
)

// geckoSeries is a pool's fixture: closes oldest first by interval ("day", "hour"; null for an
// interval without trades, which the answer skips), and the volume of an ordinary interval.
type geckoSeries struct {
	Day    []*float64 `json:"day"`
	Hour   []*float64 `json:"hour"`
	Volume float64    `json:"volume"`
}

// geckoTerminal is /api/v2/networks/{network}/pools/{pool}/ohlcv/{timeframe}.
func (s *Server) geckoTerminal(w http.ResponseWriter, r *http.Request) {
	network, pool, frame := r.PathValue("network"), r.PathValue("pool"), r.PathValue("timeframe")
	s.count(GeckoTerminal, pool)
	series, ok := geckoFixtures()[network+"|"+norm(pool)]
	step := map[string]time.Duration{"day": 24 * time.Hour, "hour": time.Hour}[frame]
	if !ok || step == 0 || s.fault(GeckoTerminal).Kind == NotFound {
		s.reply(w, r, GeckoTerminal, http.StatusNotFound, json.RawMessage(geckoTerminalNotFound))
		return
	}
	closes := series.Day
	if frame == "hour" {
		closes = series.Hour
	}
	limit, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || limit <= 0 || limit > 1000 {
		limit = 100
	}
	s.reply(w, r, GeckoTerminal, http.StatusOK, map[string]any{
		"data": map[string]any{
			"id": "d2a8f4c1-6a3e-4f0b-9c55-0e1f7a3b2c9d", "type": "ohlcv_request_response",
			"attributes": map[string]any{"ohlcv_list": s.rows(closes, step, series.Volume, limit)},
		},
	})
}

// rows are the candles, newest first: the last close is the current interval's, which starts
// at the clock (the fixtures' or, live, the real one) truncated to the step. Numbers are
// written as the recorded answers write them: whole seconds, and e-notation below 1e-4
// ("1.613691542742065e-05").
func (s *Server) rows(closes []*float64, step time.Duration, volume float64, limit int) []json.RawMessage {
	now := fixtureNow
	if s.live {
		now = time.Now()
	}
	start := now.UTC().Truncate(step)
	rows := []json.RawMessage{}
	for i := len(closes) - 1; i >= 0 && len(rows) < limit; i-- {
		c := closes[i]
		if c == nil {
			continue
		}
		open := *c
		if i > 0 && closes[i-1] != nil {
			open = *closes[i-1]
		}
		t := start.Add(-time.Duration(len(closes)-1-i) * step)
		row := strconv.FormatInt(t.Unix(), 10)
		// A close near the largest float (the overflow fixture) keeps its high a JSON number.
		high := min(max(open, *c)*1.02, math.MaxFloat64)
		for _, v := range []float64{open, high, min(open, *c) * 0.98, *c, volume * (1 + float64(i%5)/10)} {
			row += "," + number(v)
		}
		rows = append(rows, json.RawMessage("["+row+"]"))
	}
	return rows
}

// number writes v as the recorded answers do: e-notation below 1e-4, plain decimals above.
func number(v float64) string {
	if v != 0 && math.Abs(v) < 1e-4 {
		return strconv.FormatFloat(v, 'e', -1, 64)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
