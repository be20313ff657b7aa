package factcheck_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/chatsvc/chat/pkg/chat/factcheck"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// verdicts is "fact=verdict" for each check, in order.
func verdicts(checks []factcheck.Check) []string {
	var out []string
	for _, c := range checks {
		out = append(out, c.Fact+"="+c.Verdict)
	}
	return out
}

// The misreadings issue 33 found on published text: each figure is read with its own label and
// as a whole, or left unchecked; none is a false "contradicts".
func TestPrecisionOnPublishedWordings(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"a range holding the value", "The market cap is approximately between $12M and $13M.", []string{mcap}},
		{"a range read whole, not as its low end", "Market cap: roughly $11M–$13M.", []string{mcap}},
		{"a range outside the value is no contradiction", "The market cap is between $260M and $356M.", nil},
		{"a bound the value misses is no contradiction", "Liquidity of over $5M and a market cap of $12.3M.", []string{mcap}},
		{"a range's end alone is not read", "Sell tax: 95-100%.", nil},
		{"history: surged to", "GPANDA surged to $4.6 billion in market cap in just a few hours.", nil},
		{"another token's FDV", "Current BONK FDV for comparison: ~$2.9 B", nil},
		{"another ticker's market cap", "Market cap $12.3M, while WIF's market cap is $2.1B.", []string{mcap}},
		{"labels after bold figures, dot-separated", "**$12.3M** market cap · **$1.52M** liquidity", []string{mcap, liq}},
		{"labels after bold figures, swapped", "**$1.52M** market cap · **$12.3M** liquidity", []string{mcapX, liqX}},
		{"a label after a figure is not the next one's", "$12.3M market cap, $1.52M in liquidity", []string{mcap, liq}},
		{"24-hour volume is no pair age", "24-hour volume: $2.2M", []string{vol}},
		{"a price days ago is history", "Price 7 days ago: $1.10", nil},
		{"a stablecoin's worth", "USDC is worth $1.00, and GPANDA trades at $2.42.", []string{price}},
		{"gas is no price", "A swap costs about $0.10 in gas.", nil},
		{"a rule's threshold", "A sell tax above 10% is a red flag.", nil},
		{"a table read by its header", "| Price | Liquidity | Market cap |\n|---|---|---|\n| $2.42 | $1.52M | $12.3M |", []string{price, liq, mcap}},
		{"a table's wrong cell", "| Token | Price | Liquidity |\n|---|---|---|\n| GPANDA | $3.10 | $1.52M |", []string{priceX, liq}},
		{"a price in markup", "Price: $**2.417**", []string{price}},
		{"words for amounts", "Market cap: 12.3 million, liquidity 1.52 million dollars.", []string{mcap, liq}},
		{"a count is no sum", "Market cap: $12.3M. It has 1.2 million holders.", []string{mcap}},
		{"the pair's age", "The pair was created 6 hours ago.", []string{age}},
		// Held out twice (heldout2-*), then read: the subject changes, a peak, a sentence in Cyrillic.
		// Round 14 and 15 (2026-11-27): forecasts in the plural, a wallet's age, a level right
		// after launch, "initially" and "when" in Portuguese, a price and FDV at issue in
		// traditional Chinese, a high "in history" after the figure in Vietnamese.
		{"forecasts and projections", "Price forecasts for 2025 range from conservative projections near $0.15 to optimistic targets between $0.39 and $0.47.", nil},
		{"a wallet's age", "Creator wallet is only 0.1 days old.", nil},
		{"pt: right after launch", "O valor de mercado do GPANDA disparou para US$43,6 milhões logo após o lançamento, mas desde então caiu 85%.", nil},
		{"pt: initially", "Inicialmente, uma memecoin é negociada exclusivamente na Pump.fun, com um valor de mercado de US$4.000.", nil},
		{"pt: when", "Quando a capitalização do token atinge US$60.000, a plataforma fecha automaticamente a negociação.", nil},
		{"zh: at issue", "公募價定為每枚$0.004,發行FDV為40億美元。", nil},
		{"vi: highest in history", "Ngày 14/5, giá memecoin GPANDA chạm mốc 0,00001119 USD, cao nhất trong lịch sử (ATH).", nil},
		{"a section of a bot's log at signal time", "### At Signal Time:\n- Price: $3.10\n- MCap: $189,085", nil},
		{"zh: the items under a line that says Example", "**範例**：\n- 當前比特幣價格：84,000 美元\n- 認購價格：80,000 美元左右", nil},
		{"an example's items end at a line that is none", "Example:\n- Price: $3.10\nNow GPANDA trades at $3.10.", []string{priceX}},
		{"zh: a funding round", "- **第一輪**: 4,000 萬 FDV 融 6.25%，成本 $0.04", nil},
		{"a seed round", "The seed round valued GPANDA at $4M FDV.", nil},
		{"another token named since ours", "GPANDA has a market cap of $12.3M while BONK sits at $2.84 billion.", []string{mcap}},
		{"another coin's volume after than", "Volume is $2.2M, much higher than the $335 million trading volume of Shiba Inu.", []string{vol}},
		{"a peak next to the price", "GPANDA peaked at $3.10 on Tuesday. Currently trading at $2.42, it is up 40%.", []string{price}},
		{"the chain is no other token", "The Solana meme token is trading at roughly $2.42 per unit.", []string{price}},
		{"a pair's quote is no other token", "The GPANDA/SOL pool holds $1.52M in liquidity.", []string{liq}},
		{"a Cyrillic sentence ends a label's reach", "Капитализация $12,3 млн. Объём торгов составил $2,2 млн.", []string{mcap, vol}},
		{"the level a move ended at", "GPANDA fell 18.81% to US$2.42 in the 24 hours to 7 p.m. on Monday.", []string{price}},
		{"a move's level that is history", "GPANDA rose 300% to $3.10 last month.", nil},
		{"a move's level in Spanish", "GPANDA ha perdido terreno, cayendo un 3,48% en las 24 horas anteriores a 2,42 dólares.", []string{price}},
		{"a move's level in Portuguese", "GPANDA caiu 10% em 24 horas, para cerca de US$ 2,42.", []string{price}},
		{"a move's level in Russian", "GPANDA упал на 5% до $2,42 за сутки.", []string{price}},
		{"a move's level in Vietnamese", "GPANDA tăng 5% lên 2,42 USD trong 24 giờ.", []string{price}},
		{"a wrong move's level", "GPANDA jumped 20% to $3.10 today.", []string{priceX}},
		{"a price after the ticker", "Golden Panda (GPANDA ~$2.42) and another coin rose 4%.", []string{price}},
		{"a scaled sum after the ticker is no price", "GPANDA $12.3M", nil},
		{"a change leaves its label to the sum", "The trading volume has been up 359% in the last 24 hours, reaching $2.2 million.", []string{vol}},
		{"a bare number in USD", "Price (USD): approximately 2.42", []string{price}},
		{"sums changing hands are volume", "Around $2.2M changes hands across exchanges in a typical 24-hour window.", []string{vol}},
		{"exchanging hands for is a price", "GPANDA is currently exchanging hands for $2.42.", []string{price}},
		{"a level in Turkish", "GPANDA, 2,42 dolar seviyesinde işlem görüyor.", []string{price}},
		{"a volume in Turkish", "GPANDA, son 24 saat içerisinde 2,2 milyon dolarlık ticari hacme ulaştı.", []string{vol}},
		{"a position's worth is no price", "A whale bought 1 trillion GPANDA worth $10 million.", nil},
		{"a day's high is no price", "The 24h high was $3.10, and GPANDA now trades at $2.42.", []string{price}},
		{"an age with its word before", "Age around 6 hours (new).", []string{age}},
		// Held out a third time (heldout3-*), then read.
		{"a date after a figure makes it history", "GPANDA's market cap surpassed $63 billion in September 2021.", nil},
		{"a milestone is no reading", "The rally pushed GPANDA past $1 trillion in market capitalization.", nil},
		{"a round mark is no reading", "The market cap exceeded the $2 billion mark a few days ago.", nil},
		{"a level left behind is superseded", "GPANDA jumped 12% to $3.10 and then settled at $2.42.", nil},
		{"a row of another token", "| Coin | Price |\n|---|---|\n| GPANDA | $2.42 |\n| ETH | $2,248 |", []string{price}},
		{"Argentine dollars", "GPANDA tiene un valor de mercado de u$s 12,3 millones.", []string{mcap}},
		{"a label glued to its sum", "Real Volume (24H)$2,200,400 / Market Cap$12,345,678", []string{vol, mcap}},
		{"a comma language's scale groups by the dot", "GPANDA tiene una capitalización de mercado de 12.300 millones de dólares.", []string{mcapX}},
		{"a Turkish move's level", "GPANDA son 24 saatte yüzde 7,53 artışla 2,42 dolara ulaştı.", []string{price}},
		{"a level left behind in the same line", "GPANDA упал на 94%, до $0,30. К 12:48 мск курс выровнялся до $2,42.", []string{price}},
		{"a wrong figure on its own line still counts", "Price: $3.10\nThe liquidity is $1.5M.", []string{priceX, liq}},
		{"of two values of one fact, one right, the other is left unchecked", "Price: $3.10\nThe price is $2.42.", []string{price}},
		{"cents", "One GPANDA is worth 242 cents now.", []string{price}},
		{"a change between a label and its sum", "El volumen de GPANDA se disparó un 230% en un solo día, alcanzando los u$s2,2 millones.", []string{vol}},
		{"a move from a peak to the level now", "From its all-time high of $3.10, GPANDA fell 6.5% to $2.42.", []string{price}},
		{"a move from a peak, in Chinese", "GPANDA 从历史高点 3.10 美元下跌近 6.5%,至 2.42 美元左右。", []string{price}},
		{"volume since launch is no 24-hour volume", "GPANDA has seen $9M in volume since its launch.", nil},
		{"several times another's market cap", "PEPE has nearly three times the market cap of GPANDA at $4.57 billion.", nil},
		{"closed at is history", "GPANDA closed at $3.10 on Friday.", nil},
		{"$0.00 says only below a cent", "The price hovers around $0.00 and the market cap is $12.3M.", []string{mcap}},
		{"a jump's level at the time is history", "GPANDA found its first big swing in December, a 227,000% jump at the time to $3.10.", nil},
		{"'vốn hoá', the other spelling", "Vốn hoá thị trường của GPANDA khoảng 12,3 triệu USD.", []string{mcap}},
		{"a gain's level", "GPANDA posted a 5.04% gain today, reaching $2.42.", []string{price}},
		{"a count between a share and its label", "持仓量排名前 10 的地址共持有约 430 亿枚 GPANDA,占总供应量的 50%。", []string{top10}},
		{"a Turkish price with its verb after", "GPANDA şu an 2,42 dolar civarında işlem görüyor.", []string{price}},
		{"a change's base is history, not what follows", "GPANDA is 2.5% down from its price 24 hours ago, although it has pulled in a 24-hour trading volume of $2.2M.", []string{vol}},
		{"a table without its outer pipes or separator", "Coin | Price | Market Cap |\nGPANDA | $2.42 | $12.3 million |", []string{price, mcap}},
		{"a price history's rows are history", "Date | Close | Market cap |\n---|---|---|\nFeb 20, 2025 | $3.10 | $99M |", nil},
		{"'Price: $x | Liquidity: $y' lines are no table", "Price: $2.42 | Liquidity: $1.52M\nMarket cap: $12.3M | Volume: $2.2M", []string{price, liq, mcap, vol}},
		{"a moving average is a level", "GPANDA trades at $2.42, below its 7-day SMA ($3.10).", []string{price}},
		{"a price cut to its whole dollars", "GPANDA is currently trading at $2, its lowest level this month.", []string{price}},
		{"a pair's base is a token", "GPANDA's market cap is $12.3M, and DOGE/USD has a market cap of $22.5 billion.", []string{mcap}},
		{"a date and 'was' make history", "On January 1, GPANDA's market cap was $9 million. As of this writing, the market cap is $12.3 million.", []string{mcap}},
		{"price levels smashed through are no readings", "Today, GPANDA smashed through both the $2.20 and $3.10 price levels.", nil},
		{"a market cap under a dollar is a price under another name", "GPANDA is commanding a valuation of $2.42.", nil},
		{"a worked calculation is no reading", "Market Cap = 1 billion × $0.0578 ≈ 57.8 million USD", nil},
		{"the highest price ever is history", "The highest price GPANDA has ever been was $3.10.", nil},
		{"a price mark broken", "GPANDA's price has broken the $3.10 price mark.", nil},
		{"a climb's start and its peak", "The price spike saw GPANDA climb from around $2.10 to as high as $3.10.", nil},
		{"a figure a year ago", "GPANDA's market cap stood at about $9 million one year ago.", nil},
		{"a price in millions is a total", "GPANDA se cotiza en US$ 561 millones.", nil},
		{"a reflexive 'se' is no 'if'", "GPANDA se cotiza a 2,42 dólares.", []string{price}},
		{"support is no reading", "Support sits at $2.10 and the price is $2.42.", nil},
		{"a sum with a plus is a lower bound", "Strong liquidity (~$9M+ on-chain)", nil},
		{"a sector's total before the label", "In the past 24 hours, the meme coin market cap rose by 1.7%, reaching $124 billion.", nil},
		{"a sum eclipsed is a milestone", "GPANDA's trading volume eclipsed $9 billion.", nil},
		{"scientific notation is read whole", "GPANDA Price: $2.417e+00 | Liquidity: $1.52e+06", []string{price, liq}},
		{"a wrong price in scientific notation", "GPANDA Price: $3.1e+00", []string{priceX}},
		{"a Vietnamese label alone sets the decimal comma", "GPANDA\nGiá: 2,417 USD", []string{price}},
		{"a table comparing tokens by column", "| Métrica | Bitcoin | Golden Panda |\n|---|---|---|\n| **Preço Atual** | ~$92.000 | ~$2,42 |\n| **Market Cap** | $1,8 trilhão | $12,3 milhões |", []string{price, mcap}},
		{"an acquisition price in Chinese is no price", "GPANDA 當前市場價格：2.42 美元/代幣\n收購價格：3.10 美元/代幣", []string{price}},
		{"full-width commas group thousands", "GPANDA 的 24 小时交易量为 2，200，400 美元。", []string{vol}},
		{"a monthly volume in Chinese", "GPANDA 的月交易量为 9.42 万美元。", nil},
		{"'current value' in Chinese is the price", "GPANDA，目前价值 2.42$。", []string{price}},
		{"an acronym starting a list item is no token", "GPANDA:\n- MVRV Z-score suggests room to grow\n- Price: $2.42", []string{price}},
		{"an 'if' in Chinese", "如果 GPANDA 710M FDV 的話,外部流通市值就是 $35M", nil},
		{"a futures price in Chinese is no price", "| 指標 | 數值 |\n|---|---|\n| 鏈上價格 | 2.42 USD |\n| 合約價格 | 3.10 USD |", []string{price}},
		{"a peak in Portuguese", "GPANDA alcançou o pico de capitalização de mercado de US$ 99 milhões.", nil},
		{"an all-time high in Russian", "Абсолютный максимум стоимости GPANDA зафиксирован на уровне $3,10.", nil},
		{"a move's start in Vietnamese (its end, read since commit bd9eb1a, is where it is now)", "Vốn hóa của GPANDA đã tăng từ khoảng 9 triệu USD lên khoảng 99 triệu USD.", []string{mcapX}},
		{"LP burnt after the liquidity's sum", "| Metric | Value |\n|---|---|\n| LP | $1.52M, burn 0% |", []string{liq, lp}},
		{"a heading that dates its section", "## GPANDA two months ago\n### Its market\n- Market cap: $99M\n## GPANDA today\n- Price: $2.42", []string{price}},
		{"a heading with a history word but no date is no dated section", "## Price and ATH\n- Price: $2.42", []string{price}},
		{"another pool's price beside the right one is left unchecked", "Price: $3.10 on Uniswap; price on PancakeSwap: $2.42", []string{price}},
		{"a label's figure stands when nothing states the fact rightly", "Price: $3.10 on Uniswap; liquidity on PancakeSwap: $1.5M", []string{priceX, liq}},
		{"a no-break space groups thousands", "Ликвидность: 1\u00a0523\u00a0055 $.", []string{liq}},
		{"a chain written in capitals is no other token", "GPANDA, a BASE meme coin, trades at $2.42.", []string{price}},
		{"'表现' is no return to the present", "GPANDA 此前价格表现为 $9.00。", nil},
		{"a hashtag is no heading", "#GPANDA hit an all-time high last week\nPrice: $2.42", []string{price}},
		{"a heading that dates its section in Chinese", "## 團隊成員的買入分析(2個月前)\nGPANDA 流通市值只有 4 億美金。", nil},
		{"traditional Chinese labels", "GPANDA 流動性：152.3萬美元，賣出稅 99%", []string{liq, sell}},
		{"a bound before a sum written after US", "GPANDA amassed a market cap of over US $12b.", nil},
		{"an address in a list item is no token", "1. `E4SXU6SE...cLSvtq3V` - 1.98%\n\n- Market Cap: $12,345,679", []string{mcap}},
		{"a list item naming ours beside another keeps ours", "- ETH/GPANDA pool\n- Liquidity: $1.52M", []string{liq}},
		{"a list item's token is the subject of its lines", "1. **wSOL** - $206,484,263\n   - Price: $1.66e+02 | Liquidity: $45,700,689\n2. **GPANDA** - $240,746\n   - Price: $2.42 | Liquidity: $1.52M", []string{price, liq}},
		{"a table's history column and another token's row", "| Project | Token | Price | Market Cap | ATH | 24h % |\n|---|---|---|---|---|---|\n| Golden Panda | GPANDA | $2.42 | $12.3M | $5.07 | +7.8% |\n| Bittensor | TAO | $185.00 | $1.78B | $757.60 | +7.3% |", []string{price, mcap}},
		{"a table's Current column is the price", "| Token | ATH | Current |\n|---|---|---|\n| GPANDA | $5.07 | $2.42 |", []string{price}},
		{"a move's start after 'from trading at'", "In late January, GPANDA increased by over 218% from trading at around $1.10 to a high of $3.10 on February 6th.", nil},
		{"a level expected is a forecast", "A near-term price adjustment down to $3.10 is expected.", nil},
		{"'as low as' in Spanish is history", "GPANDA perdió dos tercios de su valor, cotizando intradía tan bajo como 17 dólares.", nil},
		{"an initial price in Portuguese is history", "GPANDA estreou com um preço inicial de 7,4 dólares.", nil},
		{"a bare number after the price label", "| Metric | Value |\n|---|---|\n| Price | 2.417 |", []string{price}},
		{"a bare number in another unit is no dollar price", "Price: 0.0012 SOL", nil},
		{"community support is no support level", "With strong community support, GPANDA trades at $2.42.", []string{price}},
		{"'24/7' after taxes is no pair of taxes", "Taxes: 24/7 trading, and the price is $2.42.", []string{price}},
		{"a volume over another window", "24h Volume: $2.2M | 7d Volume: $95M", []string{vol}},
		{"an average volume", "GPANDA has an average daily trading volume of $9 million.", nil},
		{"a bold age label", "- **Age**: 0.25 days (Very new)", []string{age}},
		{"a price after the cashtag and 'at'", "Token: $GPANDA at $2.42, -2.49% 24h", []string{price}},
		{"'in under' in Vietnamese is history", "GPANDA xuất hiện, chưa đầy 24 tiếng vốn hóa đạt 27 tỷ USD.", nil},
		{"prose stating the fact rightly elsewhere is no contradiction", "GPANDA's price is $2.42. On its BSC pair it is priced at $3.10.", []string{price}},
		{"prose alone still contradicts", "On its BSC pair GPANDA is priced at $3.10.", []string{priceX}},
		{"a label's figure beside the right one in prose is left unchecked", "The price is $2.42.\n**Price:** $3.10", []string{price}},
		{"a scenario table's rows are hypotheses", "| Scenario | Target | Implied MC |\n|---|---|---|\n| Bull | $4.20 | ~$5.5B |\n| Bear | $1.10 | ~$2.2B |", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := verdicts(factcheck.Verify(tt.text, panda()))
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("%q: %v, want %v", tt.text, got, tt.want)
			}
		})
	}
}

// Subscript-zero prices are read whole: "$0.0₅123" is 0.00000123, not $0.0.
func TestSubscriptPrices(t *testing.T) {
	facts := []token.Facts{{Token: token.Token{Symbol: "TINY", Address: "So11111111111111111111111111111111111111112"},
		Market: &token.Market{Source: "DexScreener", AsOf: asOf, PriceUSD: ptr(0.00000123)}}}
	tests := map[string]string{
		"Price: $0.0₅123":          factcheck.Agrees,
		"Price: $0.0{5}123":        factcheck.Agrees,
		"The price is $0.00000123": factcheck.Agrees,
		"Price: $0.0₄123":          factcheck.Contradicts,
	}
	for text, want := range tests {
		c := factcheck.Verify(text, facts)
		if len(c) != 1 || c[0].Verdict != want {
			t.Errorf("%q: %+v, want one check that %s", text, c, want)
		}
	}
}

// The forms token-scanner bots write: a pair of taxes, "LP 🔥", sums without their "$" right
// after a label, a price after the ticker and a dash. Each is read as the facts it names, agreeing
// with the facts and contradicting facts four times off (taxes 40 points off).
func TestBotForms(t *testing.T) {
	off := panda()
	m, h := *off[0].Market, *off[0].Security.Holders
	m.PriceUSD, m.MarketCapUSD, m.LiquidityUSD = ptr(*m.PriceUSD*4), ptr(*m.MarketCapUSD*4), ptr(*m.LiquidityUSD*4)
	h.LPLockedPercent = ptr(40.0)
	off[0].Market, off[0].Security = &m, &token.Security{Taxes: []token.Tax{{Source: "GoPlus", BuyPercent: ptr(50.0), SellPercent: ptr(59.0)}}, Holders: &h}
	tax := []string{factcheck.FactBuyTax, factcheck.FactSellTax}
	tests := map[string][]string{
		"Buy/Sell Tax: 10% / 99%":                 tax,
		"Taxes: 10%/99%":                          tax,
		"Sell/Buy Tax: 99% / 10%":                 tax,
		"Tax (B/S): 10%/99%":                      tax,
		"Tax: B 10% | S 99%":                      tax,
		"LP 🔥 0%":                                 {factcheck.FactLPLocked},
		"🟢 GPANDA — $2.42\nMC: 12.3M\nLiq: 1.52M": {factcheck.FactPrice, factcheck.FactMarketCap, factcheck.FactLiquidity},
	}
	for text, facts := range tests {
		agreesAndContradicts(t, text, facts, off)
	}
}

// In a table with a column of tokens' names, a row that names none of the tokens with facts is
// another token's, even when its ticker is a common word ("AI"); a row naming ours is read.
func TestTableRowsOfOtherTokens(t *testing.T) {
	const table = "| Rank | Ticker | Name | Price (USD) | Market Cap |\n|---|---|---|---|---|\n"
	ours, theirs := "| 21 | GPANDA | Golden Panda | $3.10 | $12.3M |\n", "| 22 | AI | AI | $0.00010230 | $102,289 |\n"
	checkVerdicts(t, map[string][]string{
		table + ours + theirs: {priceX, mcap},
		table + theirs + ours: {priceX, mcap},
		table + theirs:        nil,
	})
}

// A sentence that starts with "It" after one that starts with another token's name speaks of
// that token; after ours, or after a sentence of a word or two ("Inc. PZZA."), of ours.
func TestAPronounKeepsTheLastSubject(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA is up 5%. Dogecoin, the biggest meme coin by market capitalization, rose just shy of 4%. It was the most traded meme token in the last 24 hours, with volumes hitting $1.35 billion.": nil,
		"Dogecoin rose 4%. It traded $1.3 billion. Its market cap is $20 billion. GPANDA has a market cap of $99M.":                                                                                   {mcapX},
		"Dogecoin rose 4%. GPANDA rose 5%. It trades at $3.10.":                                                               {priceX},
		"At its peak, GPANDA was worth more than Papa John's Inc. PZZA. It boasted a market capitalization of $12.3 million.": {mcap},
	})
}

// Forms read since round 14: a price right after the token's name and a verb of standing
// ("TURBO sits at $0.00553"), and one tax for both ("buy/sell taxes at 15%").
func TestPriceAfterNameAndBothTaxes(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"At the moment your eyes read this, GPANDA sits at $3.10 — still flaunting a hefty 23% gain.": {priceX},
		"GPANDA now sits at $2.417.":                                        {price},
		"GPANDA cotiza en 3,10 dólares.":                                    {priceX},
		"GPANDA liquidity sits at $1.5M.":                                   {liq},
		"The contract sets buy/sell taxes at 15%, which is unusually high.": {buyX, sellX},
		"B/S tax: 10%": {buy, sellX},
	})
}

// agreesAndContradicts checks that text's figures of facts, and only those, agree with panda's
// facts and contradict off's.
func agreesAndContradicts(t *testing.T, text string, facts []string, off []token.Facts) {
	t.Helper()
	var agree []string
	for _, f := range facts {
		agree = append(agree, f+"="+factcheck.Agrees)
	}
	if got := verdicts(factcheck.Verify(text, panda())); fmt.Sprint(got) != fmt.Sprint(agree) {
		t.Errorf("%q: %v, want %v", text, got, agree)
	}
	want := slices.Clone(facts)
	slices.Sort(want)
	if got := contradicted(factcheck.Verify(text, off)); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%q against facts off: contradicts %v, want %v", text, got, want)
	}
}

// checkVerdicts checks each text's verdicts against panda's facts, in the order the checks
// come, against the want it maps to.
func checkVerdicts(t *testing.T, cases map[string][]string) {
	t.Helper()
	for text, want := range cases {
		if got := verdicts(factcheck.Verify(text, panda())); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: %v, want %v", text, got, want)
		}
	}
}

// The verdicts checkVerdicts's cases want, as verdicts prints them: each fact agreeing, and
// contradicting (X).
const (
	price, priceX = factcheck.FactPrice + "=" + factcheck.Agrees, factcheck.FactPrice + "=" + factcheck.Contradicts
	liq, liqX     = factcheck.FactLiquidity + "=" + factcheck.Agrees, factcheck.FactLiquidity + "=" + factcheck.Contradicts
	mcap, mcapX   = factcheck.FactMarketCap + "=" + factcheck.Agrees, factcheck.FactMarketCap + "=" + factcheck.Contradicts
	fdv, fdvX     = factcheck.FactFDV + "=" + factcheck.Agrees, factcheck.FactFDV + "=" + factcheck.Contradicts
	vol, volX     = factcheck.FactVolume + "=" + factcheck.Agrees, factcheck.FactVolume + "=" + factcheck.Contradicts
	buy, buyX     = factcheck.FactBuyTax + "=" + factcheck.Agrees, factcheck.FactBuyTax + "=" + factcheck.Contradicts
	sell, sellX   = factcheck.FactSellTax + "=" + factcheck.Agrees, factcheck.FactSellTax + "=" + factcheck.Contradicts
	top10, top10X = factcheck.FactTop10 + "=" + factcheck.Agrees, factcheck.FactTop10 + "=" + factcheck.Contradicts
	lp, lpX       = factcheck.FactLPLocked + "=" + factcheck.Agrees, factcheck.FactLPLocked + "=" + factcheck.Contradicts
	age, ageX     = factcheck.FactPairAgeHrs + "=" + factcheck.Agrees, factcheck.FactPairAgeHrs + "=" + factcheck.Contradicts
)
