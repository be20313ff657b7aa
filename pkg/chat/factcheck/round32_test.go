package factcheck_test

import "testing"

// Round thirty-two and heldout54/55's first false alarms the reader caused (on commit c3d75f1):
// the level a move started at when its end is "the current range of" ("puxou o preço de ~US$
// 0,00061 para a faixa atual de US$ 0,00018"), "in the same 24 hr" read as the pair's age, a
// cap within four days of creation (创建后的短短 4 天内), a morning's touch ("Esta mañana …
// tocó"), a cap's gain ("recebeu aproximadamente US$ 500 milhões"), a level "for a long time"
// (Долгое время), "above the psychological mark of $1 billion", and another token's table
// under its title ("<!-- Token A: Solar (SXP) -->"). Failing on commit c3d75f1 but those
// marked as holding there.
func TestClassesOfRoundThirtyTwo(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"The dev sold, which pulled the GPANDA price from $3.10 to the current range of $2.42.":                {price},
		"A carteira do dev vendeu, e isso puxou o preço do GPANDA de US$ 3,10 para a faixa atual de US$ 2,42.": nil,
		"A liquidez do GPANDA é de apenas US$ 1,52 milhão para um market cap de US$ 12,3 milhões.":             {liq, mcap}, // held
		"GPANDA got listed on Revolut & Upbit in the same 24 hr.":                                              nil,
		"在创建后的短短 4 天内,GPANDA 市值从 0 飙升至 2.7 亿美金。":                                                               nil,
		"GPANDA 池子创建 6 小时,市值 1235 万美元。":                                                                        {age, mcap}, // held
		"Esta mañana, la cotización de GPANDA tocó los 3,00 $.":                                                nil,
		"O valor de mercado do GPANDA recebeu aproximadamente US$ 500 milhões no período, subindo 11,8%.":      nil,
		"Долгое время GPANDA торговался немного выше уровня $0,20.":                                            nil,
		"GPANDA market capitalization surged well above the psychological mark of $1 billion.":                 nil,
		"GPANDA crossed the $12 million mark; its market cap is $12.3M.":                                       {mcap}, // held
		"Date: August 17, 2025\n<!-- Token A: Solar (SXP) -->\nCurrent Price | $0.1846 |":                      nil,
		"Solar (SXP)\nCurrent Price | $0.1846 |\n\nGolden Panda (GPANDA)\nMarket Cap | $12.3M |":               {mcap},
		"Golden Panda (GPANDA)\nRank: 20\n$ 2.42\nFiyat (BTC)\nɃ0.00007\nPiyasa değeri\n$ 12.3 M":              {mcap}, // a label\'s currency in brackets is no other token\'s title
	})
}

// Round thirty-two's misses of a figure a contrast sets apart from a date after it: "the price
// is now about $2.42, while at this time yesterday it was $3.10", "giá hiện khoảng 2,42 USD,
// trong khi cùng giờ này hôm qua là 3,10 USD". Failing on commit c3d75f1.
func TestContrastEndsTheDate(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA fell hard today: the price is now about $2.42, while at this time yesterday it was $3.10.":   {price},
		"GPANDA hôm nay giảm khá sâu: giá hiện khoảng 2,42 USD, trong khi cùng giờ này hôm qua là 3,10 USD.": {price},
		"GPANDA price hit $3.10 yesterday.": nil, // held
	})
}

// Heldout54-en's price widget read with its labels shifted (on commit 0204c65): "Market cap:
// $394.03 M Vol. 24h: $210.73 M" read the cap as the volume the label after it names. A label
// and its colon right before a figure are its own. Failing on commit 0204c65 but those marked
// as holding there.
func TestColonLabelBeforeWins(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"The Golden Panda meme coin GPANDA $2.42 24h volatility: 40.6% Market cap: $12.3 M Vol. 24h: $2.2 M has taken the crypto world by storm.": {price, mcap, vol},
		"GPANDA thuế bán 24% (thuế mua 8%).":       {sellX, buyX}, // held
		"GPANDA: $2.2M volume, $12.3M market cap.": {vol, mcap},   // held
	})
}
