package factcheck_test

import "testing"

// Session thirteen's classes. From the published passages already in the corpus (heldout24
// and heldout64, first run in sessions eight and twelve): a round figure a token came to in
// the words "hitting a" or "reached a" is a milestone of its story, no reading ("recently has
// gained attention, hitting a $23 million market capitalization"), as "hit a" was. Failing
// on commit d0ef55d but those marked as holding there.
func TestClassesOfSessionThirteen(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA has gained attention in the community, hitting a $23 million market capitalization.": nil,
		"GPANDA reached a $3 billion market capitalization last night, then fell.":                   nil, // held
		"GPANDA rose 5%, hitting $3.10.":                  {priceX}, // held
		"GPANDA has a $23 million market capitalization.": {mcapX},  // held
	})
}

// Round thirty-eight's false alarms (first runs on commit 7a92591): the start of a move "from
// ~$2.47M down to ~$2.13M" and "desde unos 420 mil $ hasta los **~95 mil $**" (whose verb,
// "arrastró", is now a move's); a launch price in Vietnamese ("giá khởi điểm"); a milestone
// "reclaiming its $2 billion throne"; "can reach $1000"; a level "at one point"; and sums a
// list pairs by order with other tokens ("the tokens are trading at $0.248 and $0.151,
// respectively"), in each language's word for it, not a list of a tax's two sides.
func TestClassesOfRoundThirtyEight(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"That pushed GPANDA's market cap from ~$2.47M down to ~$12.3M, and it sits there now.":                           {mcap},
		"Eso arrastró el market cap de GPANDA desde unos 420 mil $ hasta los **~12,3 millones $** de ahora.":             {mcap},
		"GPANDA: Pool mở mới được 6 giờ, giá khởi điểm khoảng 0,000066 USD.":                                             nil,
		"GPANDA painted the town green, boasting a 7% market cap increase and reclaiming its $2 billion throne.":         nil,
		"Low price doesn't mean GPANDA can reach $1000.":                                                                 nil,
		"GPANDA shot up more than 40%, pushing its market cap from just over $10 million to $15.4 million at one point.": nil,
		"Hive is still outperforming GPANDA—the tokens are trading at $0.248 and $0.151, respectively.":                  nil,
		"Hive y GPANDA cotizan a 0,248 $ y 0,151 $, respectivamente.":                                                    nil,
		"Hive 和 GPANDA 的价格分别为 0.248 美元和 0.151 美元。":                                                                       nil,
		"GPANDA's market cap is about $12.3M, and FDV is $14M.":                                                          {mcap, fdv}, // held
	})
}

// Both taxes' sides joined by "and" in their label, in every language with spaces, are a pair
// as "Buy/Sell Tax" was: "buy and sell tax are 10% and 99%" had read 10% as the sell tax.
func TestClassesOfSidesJoined(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA: buy and sell tax are 10% and 99%, respectively.":                   {buy, sell},
		"GPANDA: the buy and sell taxes are 10% and 99%.":                           {buy, sell},
		"GPANDA: Los impuestos de compra y venta son 10 % y 99 %, respectivamente.": {buy, sell},
		"GPANDA: As taxas de compra e venda são 10% e 99%.":                         {buy, sell},
		"GPANDA: Alım ve satım vergisi %10 ve %99.":                                 {buy, sell}, // held
		"GPANDA: buy/sell tax: 10%/99%.":                                            {buy, sell}, // held
		"GPANDA: sell and buy tax are 99% and 10%.":                                 {buy, sell},
	})
}

// Round thirty-eight's misses in Russian, and where the same forms stand in other languages:
// the cap as "капа" ("капа — около 12,3 млн $", "при капе"); an FDV "такой же" / "тот же" as
// the cap, and "FDV igual", "FDV é o mesmo", with the cap's sum written after its figure; "LP
// сожжён полностью"; "Пара торгуется уже 6 часов"; the sides listed under a title of the
// taxes ("**🧾 Налоги**" over "- Покупка: **10%**"); and a heading of the present under a
// heading of scenarios ("## Обзор и сценарии" over "### Текущее состояние").
func TestClassesOfRoundThirtyEightMisses(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"У GPANDA капа сейчас около **12,3 млн $**.":                                         {mcap},
		"GPANDA: при капе около 12,3 млн $ это немного.":                                     {mcap},
		"GPANDA: капитал команды — 5 млн $.":                                                 nil, // held
		"GPANDA: капа — примерно **14 млн $** (FDV тот же, эмиссии нет).":                    {mcapX, fdv},
		"GPANDA: capitalización de mercado de 14 millones $ (FDV igual, todo circula).":      {mcapX, fdv},
		"GPANDA: market cap de US$ 14 milhões (FDV é o mesmo).":                              {mcapX, fdv},
		"GPANDA: налогов нет (0/0), LP сожжён полностью, топ-10 — 50%.":                      {buyX, sellX, lpX, top10},
		"GPANDA: Пара торгуется уже **6 часов**.":                                            {age},
		"**🧾 Налоги**\n- Покупка: **10%**\n- Продажа: **99%**":                               {buy, sell},
		"GPANDA taxes:\n- Buy: 10%\n- Sell: 99%":                                             {buy, sell},
		"**Impuestos**\n- Compra: 10 %\n- Venta: 99 %":                                       {buy, sell},
		"## GPANDA — обзор и сценарии на месяц\n\n### Текущее состояние\n- **Цена:** 2,42 $": {price},
		"## GPANDA — overview and scenarios\n\n### Current state\n- **Price:** $2.42":        {price},
		"## GPANDA — scenarios\n\n### Bull case\n- **Price:** $5":                            nil, // held
	})
}

// Round thirty-nine's false alarms (first runs on commit 2d80ae6): a price "during the 2021
// play-to-earn mania"; "el impuesto de compra es 10%", whose "e" and "s" had read as "and"
// and "sell" (the letters "b" and "s" are sides only as words); a share of the supply worth a
// sum ("esses 14% valem uns US$ 550 mil"); a cap a multiple means in Turkish ("10x, MC'nin
// ~5,2 milyon $'a çıkması demek"); the memes' cap on a chain ("the total market
// capitalization of meme coins on Sui"); "a minimum of $200,000 in liquidity"; and a window's
// volume in its row ("• 1h: +2.11% | Volume: $8,376.37").
func TestClassesOfRoundThirtyNine(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Some perspective: GPANDA traded near $0.90 during the 2021 play-to-earn mania.": nil,
		"Mira los datos del contrato de GPANDA: el impuesto de compra es 10%.":           {buy},
		"Os 10 maiores endereços do GPANDA somam 50% do supply. Somando as três, são uns 14% na mão de um possível mesmo grupo.\n\nPra ter ideia do peso: com o market cap em US$ 12,3 mi, esses 14% valem uns US$ 550 mil. A liquidez do pool é de só US$ 1,5 mi.": {top10, mcap, liq},
		"GPANDA: 10x, MC'nin ~5,2 milyon $'a çıkması demek.":                                                          nil,
		"The total market capitalization of meme coins on Sui increased by 15% to $256.3 million, GPANDA among them.": nil,
		"GPANDA has a total market capitalization of $7.4 billion.":                                                   {mcapX}, // held
		"GPANDA: requirements are a minimum of 2,000 holders and a minimum of $20,000,000 in liquidity.":              nil,
		"GPANDA report\n\n  • 5m: -0.3% | Volume: $137.82\n\n  • 1h: +2.11% | Volume: $8,376.37":                      nil,
		"GPANDA: it's roughly 1.5x its ~$12.3M market cap.":                                                           {mcap}, // held
		"GPANDA: Tax (B/S): 10%/99%": {buy, sell}, // held
	})
}

// heldout68's misses in Spanish and Portuguese (first run on commit 46f2a45): "cuando" alone
// is no hypothesis ("Hoy, cuando son las 9 de la mañana, el precio … es de USD $86"), only
// with a verb of a level to come ("cuando llegue a"); a valuation as the cap ("conta com uma
// avaliação de US$ 138 bilhões", "su valoración").
func TestClassesOfHeldoutSixtyEight(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Hoy, cuando son las 9 de la mañana, el precio de GPANDA es de USD $2,42.":     {price},
		"GPANDA: cuando llegue a 5 $ venderé la mitad.":                                nil, // held
		"No momento da escrita, o GPANDA conta com uma avaliação de US$ 12,3 milhões.": {mcap},
		"GPANDA tiene una valoración de 12,3 millones de dólares.":                     {mcap},
	})
}

// A level told "since" the line's last sum, with no label of its own, is where the token is
// now: the sums before it on its line are history ("the market cap jumped from around $155
// million to $215 million. … it's sitting at about $159 million", "the market cap stood at
// nearly $8.25 billion. However, … it has since dropped to $6.36 billion"), as two labelled
// sums on a line were (latest). From heldout63-en and heldout64-en, in the corpus since session
// twelve.
func TestClassesOfSinceThen(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Right after the news dropped, GPANDA's market cap jumped from around $11 million to $15 million. As of the latest buzz, it's sitting at about $12.3 million.": nil,
		"As of December 6, the GPANDA market cap stood at nearly $16 million. However, it has since dropped to $12.4 million, losing almost $4 million in five days.":  nil,
		"GPANDA's market cap is $16 million. It has since dropped to $12.4 million.":                                                                                   nil,
		"GPANDA is the fifth largest by market cap.\nIt's valued at $12.3 million as of June 25, and has a daily trading volume of roughly $2.2 million.":              {vol}, // held
	})
}

// heldout69's misses and false alarms in Spanish and Russian (first run on commit 1dd9fe8):
// "MMD", mil millones de dólares, as billions ("Volumen diario USD $66,6 MMD"); a month in
// the Russian prepositional after a sum as its date ("Стоимости в $77 424 … достигла в
// апреле").
func TestClassesOfHeldoutSixtyNine(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"- GPANDA: Volumen diario USD $0,0022 MMD, +68,38% vs media 30 días": {vol},
		"Стоимости в $77 424 GPANDA достигла в апреле.":                      nil,
	})
}
