package tokenfacts

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// GeckoTerminal (keyless; 30 calls a minute per IP for the whole API, data cached about a
// minute) gives the price history of the token's most liquid pool, the one DexScreener named:
// GET /api/v2/networks/{network}/pools/{pool}/ohlcv/{day|hour}?aggregate=1&limit=N with
// Accept: application/json;version=20230302. data.attributes.ohlcv_list is newest first, rows
// [unix seconds, open, high, low, close, volume] as JSON numbers (e-notation for small
// values); intervals without trades are skipped; meta may be absent. A 429 is
// {"status":{"error_code":429,...}}, a 404 {"errors":[{"status":"404","title":"Not Found"}]}.

// SourceGeckoTerminal names the price history's source.
const SourceGeckoTerminal = "GeckoTerminal"

var apiGeckoTerminal = api{"geckoterminal", SourceGeckoTerminal, "https://api.geckoterminal.com"}

// geckoTerminalNetworks maps Token.Chain slugs to GeckoTerminal's network ids.
var geckoTerminalNetworks = map[string]string{
	"ethereum": "eth", "bsc": "bsc", "base": "base", "arbitrum": "arbitrum",
	"polygon": "polygon_pos", solanaSlug: "solana",
}

// The two series: daily candles for 30 days and a day to compare with, or hourly candles for
// a pair younger than youngPair.
const (
	dailyCandles  = 31
	hourlyCandles = 72
	youngPair     = 72 * time.Hour
)

// geckoTerminal is the price-history source.
type geckoTerminal struct{}

func (geckoTerminal) Name() string { return SourceGeckoTerminal }
func (geckoTerminal) API() api     { return apiGeckoTerminal }

func (geckoTerminal) Covers(chain string) bool {
	_, ok := geckoTerminalNetworks[chain]
	return ok
}

func (geckoTerminal) Ask(k *known, cfg *Config) ask {
	if q, ok := k.needChain(); !ok {
		return q
	}
	if k.pool == "" {
		return k.after(token.SourceDexScreener, token.ReasonNoPool)
	}
	return ask{Key: geckoTerminalNetworks[k.chain] + "|" + k.poolID() + "|" + interval(k, cfg.Now()), TTL: cfg.HistoryTTL}
}

// interval is "hour" for a pair younger than youngPair, else "day".
func interval(k *known, now time.Time) string {
	if k.pairCreatedAt != nil && now.Sub(*k.pairCreatedAt) < youngPair {
		return "hour"
	}
	return "day"
}

type gtBody struct {
	Data lenient[struct {
		Attributes lenient[struct {
			OHLCV lenient[[]lenient[[]num]] `json:"ohlcv_list"`
		}] `json:"attributes"`
	}] `json:"data"`
}

func (geckoTerminal) Fetch(ctx context.Context, call caller, k *known) (*part, *failure) {
	network := geckoTerminalNetworks[k.chain]
	iv := interval(k, call.c.cfg.Now())
	limit := dailyCandles
	if iv == "hour" {
		limit = hourlyCandles
	}
	path := "/api/v2/networks/" + url.PathEscape(network) + "/pools/" + url.PathEscape(k.pool) +
		"/ohlcv/" + iv + "?aggregate=1&limit=" + strconv.Itoa(limit) + "&currency=usd"
	var body gtBody
	r := request{api: call.api, url: call.base + path, header: http.Header{"Accept": {"application/json;version=20230302"}}}
	if f := call.c.getJSON(ctx, r, &body); f != nil {
		return nil, f
	}
	points, volumes := candles(body.Data.v.Attributes.v.OHLCV.v, call.c.cfg.Now())
	if len(points) == 0 {
		return nil, fail(token.ReasonNotFound, "%s: no candles", SourceGeckoTerminal)
	}
	h := historyOf(points, volumes, iv, call.c.cfg.Now())
	// The pool's page is in the history for the card, not in Facts.Sources: the model's
	// context holds at most prompt.MaxPages URLs per address, which the other sources fill.
	h.URL = "https://www.geckoterminal.com/" + url.PathEscape(network) + "/pools/" + url.PathEscape(k.pool)
	return &part{history: h}, nil
}

// candles reads the rows into points, oldest first: a row needs a time between 2019 and
// tomorrow and a finite, non-negative close; a row that repeats a time is dropped. volumes
// are the rows' volumes (-1 when unknown), in the points' order.
func candles(rows []lenient[[]num], now time.Time) ([]token.Point, []float64) {
	type row struct {
		p token.Point
		v float64
	}
	var list []row
	earliest, latest := time.Date(2019, 1, 1, 0, 0, 0, 0, time.UTC).Unix(), now.Add(24*time.Hour).Unix()
	for _, r := range rows {
		c := r.v
		if len(c) < 5 || !c[0].ok || !c[4].ok || c[4].v < 0 {
			continue
		}
		t := int64(c[0].v)
		if t < earliest || t > latest {
			continue
		}
		v := -1.0
		if len(c) > 5 && c[5].ok && c[5].v >= 0 {
			v = c[5].v
		}
		list = append(list, row{token.Point{Time: t, Close: token.USD(c[4].v)}, v})
	}
	slices.SortStableFunc(list, func(a, b row) int { return int(a.p.Time - b.p.Time) })
	list = slices.CompactFunc(list, func(a, b row) bool { return a.p.Time == b.p.Time })
	points, volumes := make([]token.Point, len(list)), make([]float64, len(list))
	for i, r := range list {
		points[i], volumes[i] = r.p, r.v
	}
	return points, volumes
}

// historyOf computes the figures of a series (oldest first, at least one point) read at now.
func historyOf(points []token.Point, volumes []float64, iv string, now time.Time) *token.History {
	last := points[len(points)-1]
	h := &token.History{Interval: iv, Points: points}
	if first := points[0]; len(points) > 1 && first.Close > 0 {
		h.ChangePercent = derived((float64(last.Close)/float64(first.Close)-1)*100, 2)
	}
	h.Change7dPercent = changeSince(points, 7*24*time.Hour)
	h.Change30dPercent = changeSince(points, 30*24*time.Hour)
	h.LastDayChangePercent = changeSince(points, 24*time.Hour)
	hi, lo := points[0], points[0]
	for _, p := range points {
		if p.Close > hi.Close {
			hi = p
		}
		if p.Close < lo.Close {
			lo = p
		}
	}
	h.High30dUSD, h.HighAt, h.Low30dUSD, h.LowAt = ptr(hi.Close), hi.Time, ptr(lo.Close), lo.Time
	if hi.Close > 0 {
		h.DrawdownPercent = derived((1-float64(last.Close)/float64(hi.Close))*100, 2)
	}
	if iv == "day" {
		// The newest daily candle is today's, still trading: its volume is a part of a day's.
		if last.Time+int64(24*time.Hour/time.Second) > now.Unix() {
			volumes = volumes[:len(volumes)-1]
		}
		h.LastDayVolumeVsAverage = volumeRatio(volumes)
	}
	return h
}

// changeSince is the change in percent from the latest close at or before d before the last
// point to the last point, or nil when the series does not reach that far back.
func changeSince(points []token.Point, d time.Duration) *float64 {
	last := points[len(points)-1]
	target := last.Time - int64(d/time.Second)
	i, found := slices.BinarySearchFunc(points, target, func(p token.Point, t int64) int { return int(p.Time - t) })
	if !found {
		i--
	}
	if i < 0 || i == len(points)-1 || points[i].Close <= 0 {
		return nil
	}
	return derived((float64(last.Close)/float64(points[i].Close)-1)*100, 2)
}

// volumeRatio is the last complete day's volume over the average of the days before it, or
// nil.
func volumeRatio(volumes []float64) *float64 {
	if len(volumes) < 2 || volumes[len(volumes)-1] < 0 {
		return nil
	}
	var sum float64
	n := 0
	for _, v := range volumes[:len(volumes)-1] {
		if v >= 0 {
			sum += v
			n++
		}
	}
	if n == 0 || sum == 0 {
		return nil
	}
	return derived(volumes[len(volumes)-1]/(sum/float64(n)), 2)
}

// steepDrawdown is the fall from the 30-day high worth a warning: a rug's cliff or a long
// bleed.
const steepDrawdown = 80

// historyFindings warns of a price far below its high.
func historyFindings(h *token.History, add addFunc) {
	if h == nil || h.DrawdownPercent == nil || *h.DrawdownPercent < steepDrawdown {
		return
	}
	span := "30 days"
	if h.Interval == "hour" {
		span = "its first days"
	}
	add(token.SeverityWarning, h.Source, "Down "+pct(*h.DrawdownPercent)+"% from its high",
		"The price is %s%% below its highest close of the last %s.", pct(*h.DrawdownPercent), span)
}
