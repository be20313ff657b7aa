package factcheck_test

import (
	"slices"
	"testing"

	"github.com/chatsvc/chat/pkg/chat/factcheck"
)

// The readings a review of the rules for rounds 14-17 found wrong: each text names the figures
// that must contradict the facts (GPANDA's, panda()); any other "contradicts" is a false one,
// and a missing one a figure lost.
func TestReviewedReadings(t *testing.T) {
	const (
		price = factcheck.FactPrice
		liq   = factcheck.FactLiquidity
		mcap  = factcheck.FactMarketCap
		vol   = factcheck.FactVolume
		sell  = factcheck.FactSellTax
		age   = factcheck.FactPairAgeHrs
	)
	tests := []contradiction{
		// No price now: an entry, a distance, the start of a fall, a range's first end.
		{"Whales have been accumulating GPANDA around $1.90.", nil},
		{"Consider buying GPANDA near $2.20.", nil},
		{"A good entry for GPANDA is near $2.00.", nil},
		{"GPANDA está a 0,50 dólares de su máximo histórico.", nil},
		{"El precio de GPANDA cayó de 3,10 dólares a 2,42 dólares.", nil},
		{"El precio de GPANDA pasó de 1,80 dólares a 2,42 dólares.", nil},
		{"GPANDA price in 24h often $3.10-$2.90.", nil},
		{"B/S tax: 10% | 99%", nil},
		{"Buy/Sell Tax: 10% | 99%", nil},
		{"狗狗币今天上涨了 3%，交易很活跃。它的市值为200亿美元。", nil},
		// Figures now, followed by a word of "to" that starts no range or move.
		{"GPANDA liquidity: $3M, equal to 12% of the market cap.", []string{liq}},
		{"GPANDA liquidity: $3M (locked up to 2026).", []string{liq}},
		{"GPANDA volume: $5M, close to 2x the liquidity.", []string{vol}},
		{"GPANDA price: $3.10 according to 2 sources.", []string{price}},
		{"Ликвидность GPANDA — $5 млн, налоги до 10%.", []string{liq}},
		{"El volumen de GPANDA es de 5 millones de dólares, hasta 3 veces la liquidez.", []string{vol}},
		{"A liquidez do GPANDA é de US$ 3 milhões, para 2 pools.", []string{liq}},
		{"GPANDA 价格为3.10美元，交易量达到220万美元", []string{price}},
		// "It" that stands for no token, and a word in capitals that is none.
		{"PEPE and BONK rallied hard today. It's worth noting that the liquidity is only $3M.", []string{liq}},
		{"Bitcoin fell 3% today. It is important to note that the sell tax is 50%.", []string{sell}},
		{"HONEYPOT checks came back clean today. Its liquidity is $3M.", []string{liq}},
		// Our token again after a table's rows of others; a pair launched by its dev; a
		// price lower ("a la baja"); a heading that compares launch with now; "is currently at".
		{"| Token | Price |\n|---|---|\n| GPANDA | $2.417 |\n| PEPE | $0.00001 |\n\nThe market cap is $99M.", []string{mcap}},
		{"The pair was launched by the dev 20 hours ago.", []string{age}},
		{"GPANDA cotiza a la baja en 3,10 dólares.", []string{price}},
		{"## Price at launch vs now\n- Price now: $3.10", []string{price}},
		{"GPANDA is currently at $3.10.", []string{price}},
	}
	checkContradicted(t, tests)
}

// Read since round 16 and 17: coins named in Chinese and Russian are other tokens unless they
// are ours, or the chain ours lives on; a label alone on its line is the label of the figure
// alone on the next (a page's widget of key metrics); futures volume is no 24-hour volume.
func TestLocalNamesWidgetsAndFutures(t *testing.T) {
	tests := []contradiction{
		{"GPANDA 的市值为 1234 万美元。比特币价格为 9 万美元。", nil},
		{"GPANDA 的市值为 1234 万美元，比特币上涨至 9 万美元。", nil},
		{"Капитализация GPANDA — 12,3 млн долларов, а биткоина — 1,8 трлн долларов.", nil},
		{"作为以太坊生态的协议，GPANDA 的 24 小时交易量约为 520 万美元。", []string{factcheck.FactVolume}},
		{"Market Cap:\n$ 15.72K\n$ 15.72K$ 15.72K\nCurrent Price:\n$ 2.417", []string{factcheck.FactMarketCap}},
		{"Price\n2024 was a good year for GPANDA.", nil},
		{"Futures volume soared by 132% to $2.18 billion while GPANDA trades at $2.417.", nil},
		{"GPANDA 市值从 800 万美元增至 1230 万美元。", nil},
	}
	checkContradicted(t, tests)
	// Bitcoin named in Chinese is ours when the facts are Bitcoin's.
	btc := panda()
	btc[0].Token.Symbol, btc[0].Token.Name = "BTC", "Bitcoin"
	if got := verdicts(factcheck.Verify("比特币价格为 9 万美元。", btc)); len(got) != 1 || got[0] != priceX {
		t.Errorf("比特币 of Bitcoin's facts: %v, want its price read", got)
	}
}

// Read from round 19: a price history's table dated by a cell without letters, Traditional
// Chinese bounds (已超過), a level reached "in minutes", Vietnamese "có thời điểm" (at one
// point) and a price right after the token's name ("Pi hiện còn 0,13 USD"), an impermanent loss.
func TestRound19Readings(t *testing.T) {
	tests := []contradiction{
		{"| Ngày | Giá mở cửa | Giá đóng cửa |\n|---|---|---|\n| 2025-07-08 | $0.04111 | $0.04089 |", nil},
		{"截至當地時間18日下午2時30分,GPANDA 交易量已超過110億美元。", nil},
		{"La cotización de GPANDA pasó en minutos de cero a 4,7 dólares.", nil},
		{"Rạng sáng nay, giá GPANDA có thời điểm còn 60.000 USD, mức thấp nhất trong gần một năm.", nil},
		{"GPANDA hiện còn 0,13 USD, giảm gần 28%.", []string{factcheck.FactPrice}},
		{"GPANDA 的流动性池出现每小时$2700的无常损失。", nil},
		// A word of the present after one of history: the level now ("en la actualidad").
		{"El pasado 10 de marzo, GPANDA marcó sus máximos ATH en los 11,74 $ por token, mientras que en la actualidad el precio ha caído hasta los 3,74 $.", []string{factcheck.FactPrice}},
		{"Год назад GPANDA стоил $5, а на момент написания цена GPANDA — $3,10.", []string{factcheck.FactPrice}},
	}
	checkContradicted(t, tests)
}

// contradiction is a text and the facts of panda() it must contradict, no more.
type contradiction struct {
	text        string
	contradicts []string
}

// checkContradicted checks each text's contradicted facts, in any order.
func checkContradicted(t *testing.T, tests []contradiction) {
	t.Helper()
	for _, tt := range tests {
		got := contradicted(factcheck.Verify(tt.text, panda()))
		want := slices.Clone(tt.contradicts)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%q: contradicts %v, want %v", tt.text, got, want)
		}
	}
}

// Read from rounds 20 and 21: a sum in two parts ("10 bin 910 dolar"), a count before its
// cashtag, English "mil", a level within moments of launch, the future, a question, a Turkish
// hypothesis whose verb ends the clause, a comparison with 24 hours ago (no pair age), an
// initial market cap, Vietnamese highs and lows, Russian "перевалил за", perpetuals' volume.
func TestRounds20And21Readings(t *testing.T) {
	checkContradicted(t, []contradiction{
		{"Yazının yazıldığı dakikalar itibarıyla GPANDA değeri 10 bin 910 dolar seviyesinde seyrediyor.", []string{factcheck.FactPrice}},
		{"GPANDA fiyatı 2 bin 417 dolar.", []string{factcheck.FactPrice}},
		{"Total Supply: 1,000,000,000 $LIQ", nil},
		{"The market cap will be roughly ~37mil usd", nil},
		{"GPANDA achieved an astounding $500 million market cap within moments of its release.", nil},
		{"Can GPANDA reach $10?", nil},
		{"Pi’nin 10 dolara çıkabilmesi için piyasa değerinin 74 milyar dolara ulaşması gerekiyor.", nil},
		{"Este precio lo posiciona 0,52% respecto de su valor hace 24 horas.", nil},
		{"Hiện mỗi GPANDA giao dịch quanh mốc 2,417 USD, tăng 0,42% so 24 giờ trước.", nil},
		{"GPANDA is up 3% from 24 hours ago.", nil},
		{"The token was fair-launched on June 28, 2025, with an initial market cap of $100k.", nil},
		{"Trong 24 giờ qua, giá GPANDA thời điểm cao nhất đạt 63.717,6 USD.", nil},
		{"Курс GPANDA перевалил за $1000.", nil},
		{"| 永续合约成交额 | 1.65 亿美元 | +56.3% |", nil},
		// Still read: a pair's age, and a price that is no question.
		{"The pair was launched from Raydium 20 hours ago.", []string{factcheck.FactPairAgeHrs}},
		{"GPANDA trades at $3.10, or does it?", []string{factcheck.FactPrice}},
		{"GPANDA trades at $3.10. Will it hold?", []string{factcheck.FactPrice}},
	})
}

// A second review's findings: a question skips only its own part, in Chinese too; Vietnamese
// "tại thời điểm đó" and Turkish "Ocak 2025 itibarıyla" are no present; Turkish hypotheses by
// suffix; "$" before Chinese is no cashtag; "beklenmedik" is no hypothesis; "que" and 比 (of 比特币)
// compare nothing; a row's date only in its subject dates it; Spanish "mil" with decimal points.
func TestSecondReview(t *testing.T) {
	checkContradicted(t, []contradiction{
		{"GPANDA traded near $3.50 all week. With the price at $2.42 today, is it a buy?", nil},
		{"GPANDA价格为3.5美元吗？", nil},
		{"GPANDA từng đạt đỉnh, tại thời điểm đó giá là 5 USD.", nil},
		{"GPANDA tüm zamanların en yüksek seviyesini gördü ve Ocak 2025 itibarıyla fiyatı 5 dolardı.", nil},
		{"GPANDA'nın 10 dolara çıkabilmesi için piyasa değerinin 74 milyar dolara ulaşması lazım.", nil},
		{"GPANDA trades at $3.50, but is that sustainable?", []string{factcheck.FactPrice}},
		{"GPANDA cotiza a 5 dólares, ¿es caro?", []string{factcheck.FactPrice}},
		{"GPANDA стоит $5 — стоит ли покупать?", []string{factcheck.FactPrice}},
		{"Giá GPANDA là 5 USD, có nên mua không?", []string{factcheck.FactPrice}},
		{"Sell tax: 50% — honeypot?", []string{factcheck.FactSellTax}},
		{"价格：2.417$（实时）", nil},
		{"GPANDA的价格约为3.5$，还在上涨", []string{factcheck.FactPrice}},
		{"GPANDA beklenmedik şekilde 5 dolardan işlem görüyor.", []string{factcheck.FactPrice}},
		{"GPANDA es un token que fue creado hace 2 horas.", []string{factcheck.FactPairAgeHrs}},
		{"比特币生态的GPANDA交易对创建于2小时前。", []string{factcheck.FactPairAgeHrs}},
		{"| Token | Price | Market Cap | Last updated |\n|---|---|---|---|\n| GPANDA | $5 | $50M | 2026-12-02 |", []string{factcheck.FactPrice, factcheck.FactMarketCap}},
		{"| Token | Price | Holders |\n|---|---|---|\n| GPANDA | $5 | 2024 |", []string{factcheck.FactPrice}},
		{"La liquidez de GPANDA es de 15 mil dólares y el precio $2.41.", []string{factcheck.FactLiquidity}},
		{"Piyasa şartları zor, GPANDA fiyatı 5 dolar.", []string{factcheck.FactPrice}},
	})
}

// A sum in two parts, its thousands in any language's word for a thousand, is read whole
// ("2 nghìn 917 USD" is $2,917): its first part alone ("2 nghìn") would agree with a price of
// $2,417 to the thousand, and its second ($917) would be another figure.
func TestSumsInTwoParts(t *testing.T) {
	facts := panda()
	facts[0].Market.PriceUSD = ptr(2417.0)
	for text, stated := range map[string]string{
		"GPANDA fiyatı 2 bin 917 dolar.":               "2 bin 917 dolar",
		"El precio de GPANDA es de 2 mil 917 dólares.": "2 mil 917 dólares",
		"Giá GPANDA là 2 nghìn 917 USD.":               "2 nghìn 917 USD",
	} {
		got := factcheck.Verify(text, facts)
		if len(got) != 1 || got[0].Stated != stated || got[0].Verdict != factcheck.Contradicts {
			t.Errorf("%q: %+v, want %q read whole, contradicting $2,417", text, got, stated)
		}
	}
}
