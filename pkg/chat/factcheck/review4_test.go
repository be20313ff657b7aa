package factcheck_test

import "testing"

// A review of round four's rules (a helper, report only, probing the reader before and after
// them) found inputs made worse: "if we look at" taken for no hypothesis where it starts one,
// a header that only starts with a word of now taken for the column of now, section titles
// taken for other tokens' cards, hearsay words in common phrases ("对你来说", "Постоянная",
// "Nhóm … ghi"), coins' names that are common words ("Immutable"), a peak's word in an aside
// after a figure, and "costs you" (the price's own label) taken for a trade's cost. Each case
// fails on the reader before the mends (commit 8df7c7e).
func TestReviewOfRound4Rules(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		// Hypotheses after "if we look at": no reading.
		"如果按每枚 5 美元计算，GPANDA 的市值约为 2550 万美元。":                                                              nil,
		"Si vemos un rebote hasta 5 $, la capitalización de GPANDA rondaría los 25,5 M$.":                  nil,
		"Nếu xét mức giá 5 USD, vốn hóa của GPANDA sẽ vào khoảng 25,5 triệu USD.":                          nil,
		"Grafiğe bakacak olursak, GPANDA 5 dolara ulaşırsa piyasa değeri yaklaşık 25,5 milyon dolar olur.": nil,
		"If we look at a 10x from here, GPANDA at $24.17 would carry a market cap of about $123M.":         nil,
		// A header that starts with a word of now is no column of now.
		"| Metric | Value | Current status |\n|---|---|---|\n| Price | $2.42 | ok |": {price},
		// Sections, not other tokens' cards.
		"**Golden Panda (GPANDA)** — meme token on BSC\n**Mercado** — precio 2,42 $, capitalización 12,3 M$\n**Seguridad** — impuesto de venta 99 %": {price, mcap, sell},
		"**Golden Panda (GPANDA)** — meme token on BSC\n**Quick take** — GPANDA trades at $2.42 with a $12.3M market cap.":                           {price, mcap},
		// No hearsay.
		"对你来说最关键的是卖出税 99%，买入税 10%。":                                                    {sell, buy},
		"You mentioned a 5% tax — in fact the sell tax is 99% and the buy tax is 10%.": {sell, buy},
		"This card shows GPANDA's live data: price $2.42, market cap $12.3M.":          {price, mcap},
		"Сообщения в чате говорят о пампе, но цена GPANDA 2,42 $.":                     {price},
		"Постоянная ликвидность указывает на 1,52 млн $ в пуле.":                       {liq},
		"Nhóm 10 ví lớn nhất ghi nhận 50,07% nguồn cung.":                              {top10},
		// Common words, not coins.
		"- Immutable: yes\n- Sell tax: 99%":                                       {sell},
		"Immutable contract, ownership renounced at launch. Its sell tax is 99%.": {sell},
		// A peak in an aside after the figure, or before a distance from it.
		"Price: $2.42 (peak was $5.10 at launch)":                {price},
		"- Price: $2.42 (ATH — $5.10)":                           {price},
		"Цена: 2,42 $ (максимум дня — 2,80 $)":                   {price},
		"价格 2.42 美元 (高点为 5.1 美元)":                                {price},
		"较高点回落约 50%，价格 2.42 美元，市值 1230 万美元。":                     {price, mcap},
		"No topo da lista de holders, os 10 maiores têm 50,07%.": {top10},
		"One GPANDA costs you about $2.42 right now.":            {price},
	})
}
