package factcheck_test

import "testing"

// Round forty-five's and heldout80's false alarms and misses (first runs on commit 9552453):
// a Turkish count's word ("2 token") read inside a bracket after a price ("$2.417 (token
// standard)"); a Portuguese and Spanish launch price ("lançado há … a um preço de"); a
// Turkish opening's price ("açıldığında"); Spanish sums pulled out of the pools ("quitar … 90
// millones"); a Vietnamese table whose rating column ("Đánh giá") holds the word for price,
// which read its value column ("Giá trị", value) as the price; "tổng giá trị" (total value)
// read as a price; an "if you need a figure for reference" that frames nothing.
func TestClassesOfRoundFortyFive(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA trades at $2.417 (token standard), with liquidity of $1.52M.":                                                            {price, liq},
		"GPANDA cotiza a $2,417 (token SPL estándar), con liquidez de $1,52M.":                                                           {price, liq},
		"O token foi lançado a um preço de US$ 0,35.":                                                                                    nil,
		"Histórico: o token foi lançado há uns 196 dias (é a idade do par) a um preço de mais ou menos US$ 0,35.":                        {ageX},
		"El token fue lanzado hace 20 días a un precio de 0,35 $.":                                                                       nil,
		"Kısa bir bağlam: Raydium'da açıldığında fiyat 0,0009 $ civarındaydı, yani 8 katına yakın çıktı.":                                nil,
		"Los dueños de los fondos de liquidez decidieron quitar de forma repentina 90 millones de dólares.":                              nil,
		"| Chỉ số | Giá trị | Đánh giá |\n|---|---|---|\n| Giá | 2,417 USD | — |\n| Vốn hóa | ~12,35 triệu USD | Micro-cap |":            {price, mcap},
		"| Chỉ số | Giá trị | Đánh giá |\n|---|---|---|\n| Vốn hóa | 1,56 triệu USD | Micro-cap |\n| Thanh khoản | 112 nghìn USD | Ổn |": {mcapX, liqX},
		"Khối lượng 24h là tổng giá trị mua bán trong 24 giờ qua, hiện khoảng 760 nghìn USD.":                                            nil,
		"Nếu cần một con số để tham chiếu, giá hiện tại của GPANDA là khoảng 2,417 USD.":                                                 {price},
		"Si necesitas una cifra de referencia, el precio de GPANDA ronda los 2,417 $.":                                                   {price},
		"Se precisar de um número, o preço do GPANDA está em US$ 2,417.":                                                                 {price}, // held
		"Если нужна одна цифра, цена GPANDA — около 2,417 $.":                                                                            {price},
		"如果需要一个参考数字，GPANDA 当前价格约 2.417 美元。":                                                                                              {price},
		"Bir referans rakam gerekiyorsa, GPANDA fiyatı 2,417 $ civarında.":                                                               {price},
		"Fiyat 0,0009 $ civarındaydı.": {priceX}, // held: "at the time of writing it was"
		"Giá của GPANDA là 2,417 USD.": {price},  // held
	})
}

// A level the price is coming near is no price now, in each language as in English ("is
// approaching the $2.10 level"): heldout71-tr's "0,47 dolar seviyesine yaklaşmış durumda"
// showed it, and Russian's longer words ("превысила уровень 2,10 $") had passed the 32 bytes
// looked at for a milestone.
func TestApproachedLevels(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA price is approaching the $2.10 level, which coincides with support.":           nil, // held
		"GPANDA fiyatı, azalan kanalın içine düşerek 2,10 dolar seviyesine yaklaşmış durumda.": nil,
		"GPANDA fiyatı 2,10 dolar seviyesine yaklaşıyor.":                                      nil,
		"El precio de GPANDA se acerca a los 2,10 $.":                                          nil,
		"O preço do GPANDA se aproxima de US$ 2,10.":                                           nil,
		"Цена GPANDA приближается к уровню 2,10 $.":                                            nil,
		"Цена GPANDA превысила уровень 2,10 $.":                                                nil,
		"GPANDA 价格正在接近 2.10 美元。":                                                               nil,
		"Giá GPANDA đang tiến gần mức 2,10 USD.":                                               nil,
		"El precio de GPANDA ronda los 2,10 $.":                                                {priceX}, // held
	})
}

// Round forty-five's misses: Russian "ликва" (liquidity, as Russian channels write it); a
// price right after the name and "now" ("GPANDA is now around $2.417", "梅花（MEIHUA）现在大约
// 0.347美元", "está ahorita en", Brazilian "tá em"); and, so that a price after "is now" stays
// a price, a sum "below its ATH" or "away from" it is no price.
func TestClassesOfRoundFortyFiveMisses(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"• Ликва: 1,52 млн $ ⚠️": {liq},
		"У GPANDA капа сейчас около 12,35 млн $, и ликва примерно 1,52 млн $.": {mcap, liq},
		"Ликва у GPANDA — около 1,1 млн $.":                                    {liqX},
		"GPANDA is now around $2.417.":                                         {price},
		"GPANDA is currently ~$3.10.":                                          {priceX},
		"熊猫（GPANDA）现在大约2.417美元。":                                               {price},
		"GPANDA现在约3.10美元。":                                                     {priceX},
		"GPANDA está ahorita en 2,417 US$.":                                    {price},
		"O GPANDA tá em US$ 3,10, com market cap de US$ 12,35 milhões.":        {priceX, mcap},
		"The price is now $0.50 below its ATH.":                                nil,
		"The price is $0.50 away from its ATH.":                                nil,
		"GPANDA is now $1 off the high.":                                       nil, // held
		"GPANDA is now 3x from launch.":                                        nil, // held
	})
}

// Round forty-six's and heldout82/83's (first runs on commit a74b6a8): a Chinese table of
// launch day, peak and now ("| 指标 | 上线首日 | 历史高点 | 现在 |"), whose launch-day column
// took "上线" for the pair's age and made the table one of labels, so that the peak's column
// was read; sums "netted" by "draining liquidity"; and misses: Turkish "PD" (piyasa değeri)
// and "şu an" (now) after yesterday's level, Brazilian "pra" (to) ending a move, Chinese
// "24h量"; English keys of bots' output ("price_usd: $2.417"), "at current levels around",
// "trading on <a venue> at".
func TestClassesOfRoundFortySix(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"| 指标 | 上线首日 | 历史高点 | 现在 |\n|---|---|---|---|\n| 价格 | 0.0000021 美元 | 4.12 美元 | 2.417 美元 |\n| 市值 | 约 88 万美元 | 约 1730 万美元 | 约 1235 万美元 |": {price, mcap},
		"Insiders exploited the situation, draining liquidity from the token and netting an alarming $107 million in just three hours.":         nil,
		"The devs pulled all the liquidity, about $1.5M, on Friday.":                                             nil,
		"GPANDA dün bu saatlerde 0,0009 $ civarındaydı, şu an 2,417 $ seviyesinde — yani kabaca iki kat.":        {price},
		"💎 PD: 12,35 milyon $ | FDV: 14 milyon $":                                                                {mcap, fdv},
		"O GPANDA caiu de US$ 3,90 pra US$ 3,10.":                                                                {priceX},
		"💧 流动性 152万 | 24h量 220万":                                                                                 {liq, vol},
		"price_usd: $2.417\nmarket_cap_usd: $12.35M\nliquidity_usd: $1.1M\nfdv_usd: $14M\nvolume_24h_usd: $2.2M": {price, mcap, liqX, fdv, vol},
		"We deployed stables for 1,400 GPANDA tokens (at current levels around $2.417, a ~$3.4k allocation).":    {price},
		"GPANDA is currently trading on the Solana launchpad pump.fun at approximately $3.10.":                   {priceX},
		"| Metric | Launch day | ATH | Now |\n|---|---|---|---|\n| Price | $0.0000021 | $4.12 | $2.417 |":        {price}, // held
	})
}

// Round forty-seven's and heldout84/85's false alarms (first runs on commit 21b1766): a
// Vietnamese table of launch, peak and now whose launch column ("Lúc ra mắt") named the pair's
// age, as 上线首日 had (a column of "now" makes a table's columns times); a scenario's title
// with its own sum ("**Scenarios if you put in $50:**"); "the $1.5M market cap area" a level;
// a Spanish bound "a partir de un 10 %"; Russian "в первые 10–15 минут после запуска"; a
// market cap "of the Sui meme coin system" or "of TON ecosystem tokens", "BNB Chain's" volume,
// a "close price", "an ambitious $5 billion market capitalization", "aiming for that $5 billion
// market cap"; and "como referencia" (for
// reference) before a Spanish bound, a rule.
func TestClassesOfRoundFortySeven(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"| Chỉ số | Lúc ra mắt | ATH | Hiện tại |\n|---|---|---|---|\n| Giá | 0,000012 $ | 0,00064 $ | 2,417 $ |\n| Vốn hóa | 12 nghìn $ | 640 nghìn $ | 12,35 triệu $ |": {price, mcap},
		"**Scenarios if you put in $50:**\n- Good: x10 → $500\n- Average: top holders sell, price -60% → $20\n- Bad: LP pulled → $0":                                      nil,
		"**Kịch bản nếu bạn vào 50 $:**\n- Tốt: x10 → 500 $\n- Trung bình: top holder xả dần, giá -60% → 20 $":                                                            nil,
		"Whether it finds a floor is another question — the $1.5M market cap area was where it consolidated before the first run.":                                        nil,
		"Mi regla es que a partir de un 10 % de impuesto de venta ya es bandera roja.":                                                                                    nil,
		"Откуда взялись 25%: в первые 10–15 минут после запуска в контракте стоял антиснайперский налог (25% на покупку и продажу).":                                      nil,
		"The total market capitalization of the Sui meme coin system has reached $182 million, up 10% in just one week.":                                                  nil,
		"The market capitalization of TON ecosystem tokens continues to decline, with trading volumes dropping over 27% to $675 million.":                                 nil,
		"As GPANDA gained popularity, BNB Chain’s 24-hour trading volume soared to $1.6 billion, exceeding Ethereum.":                                                     nil,
		"As of May 26, 2025, its close price stood at a mere $0.0000207198, a stark contrast to its 52-week high.":                                                        nil,
		"GPANDA's team has strategies in place to achieve an ambitious $5 billion market capitalization.":                                                                 nil,
		"Los 10 mayores holders concentran el 46,3 % del suministro. Como referencia, a partir de un 30 % en el top 10 yo ya hablaría de concentración alta.":             {top10X},
		"As of Wednesday at 09:23 UTC, Chain’s GPANDA token is trading at USD 2.417.":                                                                                     {price}, // held
		"The vision is a meme that can support the Tron ecosystem, aiming for that $5 billion market cap.":                                                                nil,
		"**Where it is today:**\n- Price: $3.10": {priceX}, // held
		"The market cap of GPANDA is $12.35M.":   {mcap},   // held
	})
}
