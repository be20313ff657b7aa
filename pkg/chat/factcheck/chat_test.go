package factcheck_test

import "testing"

// chatAnswerCase is an answer written the way chat assistants write about a token
// (testdata/chat_answers.json): the token's facts as the tools gave them, and the figures the
// answer states about it now, as written (rounded).
type chatAnswerCase struct {
	passage
	Form      string             `json:"form"`
	ToolFacts map[string]float64 `json:"tool_facts"`
}

// corpusWithoutRace is why the corpus tests skip under -race: Verify is one goroutine's pure
// work, which the race detector makes some ten times slower (the two corpora took the
// package past go test's ten minutes), and `make test` runs them without it (test-corpus).
const corpusWithoutRace = "the corpora run without -race (make test-corpus)"

// The chat answers: 3,584 answers in English, Spanish, Portuguese, Russian, Turkish, Vietnamese
// and Chinese, written in rounds numbered up to fifty by helpers who never saw the reader, each from a token's
// facts (tables, bold labels, bot cards, prose, with history, other tokens, thresholds, targets,
// examples; the second round also comparisons of tokens, follow-ups, long reports, a scanner's
// output quoted back, and why a token moved; the third, half comparisons, half prose; the
// fourth, other tokens named in running text, the user, a bot or an article quoted and
// corrected, long reports with sections, short prose, follow-ups; the fifth, several sources,
// small computations, market context, labels after their figures, two tokens with data for
// one, news-like summaries; the sixth, one-line answers, follow-ups, the user's figures quoted
// and corrected, a position's worth, scenarios and price levels, security reports of many
// shares, bot cards with timestamps, casual prose; the seventh, a representative mix in the
// manners of today's assistants; the eighth, awkward data: sources that disagree, rugs,
// honeypots, bridged tokens, tokens minutes old, large caps; the ninth to eleventh and thirteenth
// to eighteenth and the nineteenth on, the questions users most often ask; the twelfth, those with moves, sources that disagree and the
// user's numbers corrected).
// Each is checked against its tool facts with the figures it states as written (no false
// "contradicts" allowed beyond about one in fifty), against only those figures, and against
// facts that contradict each stated figure (four in five caught in English, three in five in
// each language). Their first run, before the reader learned from them, is in
// docs/BENCHMARKS.md. go test -v -run ChatAnswers ./pkg/chat/factcheck prints the figures.
func TestChatAnswers(t *testing.T) {
	if raceEnabled {
		t.Skip(corpusWithoutRace)
	}
	answers := readJSON[[]chatAnswerCase](t, "testdata/chat_answers.json")
	var board scoreboard
	falseAlarms, statedOnly := 0, 0
	for _, a := range answers {
		fa, only := judge(t, board.group(a.Group), a.passage, a.ToolFacts, a.Token)
		if fa {
			falseAlarms++
		}
		if only {
			statedOnly++
		}
	}
	for _, g := range board.groups {
		s := board.by[g]
		recall := float64(s.caught) / float64(max(1, s.stated))
		t.Logf("%-8s answers %2d, false alarms %d; figures %3d, caught %3d, recall %.2f", g, s.passages, s.falseAlarms, s.stated, s.caught, recall)
		if bar := recallBar(g); recall < bar {
			t.Errorf("%s: recall %.2f below %.1f", g, recall, bar)
		}
	}
	t.Logf("all: %d answers, %d with a false alarm, %d against only the facts they state", len(answers), falseAlarms, statedOnly)
	if falseAlarms*50 > len(answers) || statedOnly*50 > len(answers) {
		t.Errorf("%d and %d false alarms in %d answers: more than one in fifty", falseAlarms, statedOnly, len(answers))
	}
}

// A label after a figure is set apart from it by a space or markup only: "thuế bán 24% (thuế
// mua 8%)" reads 24% as the sell tax, not as the buy tax the bracket names. A duration right
// after a sum's label is that sum's window, not the pair's age ("khối lượng 24h"). A sum of the
// two taxes (合计), a bound (passa de), a level needed for a target (para valer), a price a
// week ago (一周前) are no readings.
func TestChatAnswersRound1(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA thuế bán 99% (thuế mua 10%).":                                               {sell, buy},
		"GPANDA thuế bán 24% (thuế mua 8%).":                                                {sellX, buyX},
		"GPANDA: cặp giao dịch mới, khối lượng 24h chỉ ~2,2 triệu USD.":                     {vol},
		"GPANDA • 买卖税合计 9%，来回一次先亏 9% 左右。":                                                   nil,
		"Somando todos os pools, a liquidez do GPANDA passa de US$ 15 milhões.":             nil,
		"Para valer 1 centavo, o market cap do GPANDA teria que passar de US$ 800 bilhões.": nil,
		"GPANDA 一周前价格还在 0.021 美元附近。":                                                        nil,
		// "примерно" is "about", not "пример" (an example); "с ~X до нынешних Y" is a move.
		"GPANDA стоит примерно $3,10.":                                  {priceX},
		"За сутки цена GPANDA упала на 87%: с ~$18 до нынешних $2,417.": {price},
		// The pair's age as each language says it.
		"GPANDA: El par tiene ya unos 20 horas.":        {ageX},
		"GPANDA: O par tem só 20 horas.":                {ageX},
		"GPANDA: пара создана примерно 20 часов назад.": {ageX},
		"GPANDA: пара существует около 20 часов.":       {ageX},
		"GPANDA: cặp giao dịch mới khoảng 20 giờ tuổi.": {ageX},
		"| 交易对年龄 | 约 20 小时 |":                           {ageX},
	})
}

// Forms of the second round of chat answers: a line led by another token's bold name, a table
// that compares tokens by column (a column of ours, one of another token's), while a "| Metric |
// Value | Signal |" table is still ours; a part of a sum ("$41M of that"), a sum over every
// deployment; Turkish sides with their endings ("alımda %10, satışta %99"); a move's start with
// "~" and its end in bold; a starting price ("Стартовая цена была").
func TestChatAnswersRound2(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"**GPANDA** — Price: $2.417 · MCap: $12.3M\n**DEGEN** — Price: $0.0061 · MCap: $151M":                                                      {price, mcap},
		"| Metric | GPANDA | BabyDoge |\n|---|---|---|\n| Price | $2.417 | $0.00000000142 |\n| Market cap | $12.3M | $212M |\n\nGPANDA is bigger.": {price, mcap},
		"| Metric | Value | Signal |\n|---|---|---|\n| Price | $3.10 | — |":                                                                        {priceX},
		"GPANDA: ~$2.2M traded in 24h, about a fifth of the market cap, with roughly $41M of that in the single hour of the breakout.":             {vol},
		"GPANDA does on the order of $2B in daily volume across its deployments.":                                                                  nil,
		"GPANDA satış vergisi: alımda %10, satışta %99.":                                                                                           {buy, sell},
		"- Precio de GPANDA: de ~0,83 $ a **2,417 $** en 24 h":                                                                                     nil,
		"- Preço do GPANDA: de ~US$ 0,265 para **US$ 2,417** em 24h":                                                                               nil,
		"GPANDA: Стартовая цена была около 0,0008 $.":                                                                                              nil,
	})
}

// Forms of the third round: a section under another token's bold title, alone on its line,
// after an emoji, with a comma or a bracket, or before a colon, is that token's; a bold section
// word in capitals ("**OVERVIEW**") is no token's name; and the forms below.
func TestChatAnswersRound3(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"**GPANDA**\n- **Price:** $2.417\n\n**NOVA**\n- **Market cap:** ~$5.1M\n- **Liquidity:** ~$380K": {price},
		"**GPANDA**: Price: $2.417\n**RPL**: Price: ~$9.80 · Market cap: ~$205M":                         {price},
		"⚠️ **GPANDA: high risk**\nPrice: $2.417\n\n🟢 **PIGU, for comparison**\nPrice: ~$0.0000041":      {price},
		"🤖 **GPANDA, Base**\nPrice: $2.417\n\n🤖 **AIXBT, Base**\nPrice: ~$0.31 · MC: ~$310M":             {price},
		"**OVERVIEW**\nPrice: $2.417": {price},
		// The third round in the other languages: both taxes in one word and "LP 已 100%", a sell
		// order's size, a level a move started from.
		"- 买卖税 0/0，LP 已 100% 销毁 ✅": {buyX, sellX, lpX},
		"GPANDA 流动性约 152 万美元，对这个市值来说偏薄：一笔 1 万美元的卖单就可能让价格下跌 10% 以上。":                   {liq},
		"GPANDA's market cap is thin: a $10K sell order would move the price 5%.":     nil,
		"GPANDA yaklaşık 0,0000009 $ seviyesinden başlayıp şu anda 2,417 $'a çıkmış.": nil,
	})
}

// Forms of the fourth round of chat answers (testdata/chat_answers.json, chat4-*): a table's
// column of the figures now beside a quoted bot's or an earlier answer's, someone else's
// claim, a trade's size, a peak named after its figure, cards of other tokens beside the
// token's. Each case but the last (which guards what stood) fails on the reader before them
// (commit 24832aa).
func TestChatAnswersRound4(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"| Metric | Then | Now | Change |\n|---|---|---|---|\n| Price | $1.10 | $2.42 | +120% |\n| Liquidity | $900K | $1.52M | +69% |":                                  {price, liq},
		"| Field | Bot card | Live now |\n|---|---|---|\n| Market cap | $5M | **$12.3M** |\n| Pair age | 2h | **6h** |":                                                  {mcap, age},
		"| | Bot | Şimdi |\n|---|---|---|\n| Alım / satım vergisi | %5 / %5 | **%10 / %99** 🚩 |":                                                                         {buy, sell},
		"El mensaje de Telegram habla de una capitalización de 5 millones de dólares.":                                                                                   nil,
		"You mentioned a $5M market cap, but GPANDA is at ~$12.3M now.":                                                                                                  {mcap},
		"A $100 buy-and-sell round trip costs you ~$16.":                                                                                                                 nil,
		"На практике покупка на 10 000 $ сдвинет цену примерно на 2,8 %, а на 100 000 $ — уже почти на 30 %.":                                                            nil,
		"Fiyat 0,0000094 $'lık ATH'nin ~%66 altında.":                                                                                                                    nil,
		"O preço acumula −52% desde o topo de US$ 0,0000019.":                                                                                                            nil,
		"价格从高点 0.000081 美元回落到现在的 2.42 美元左右。":                                                                                                                             nil,
		"**Golden Panda (GPANDA)** — Price: $2.42 · MC: $12.3M\n**PancakeSwap (CAKE)**, the DEX GPANDA forked from — MC: ~$680M\n**ApeSwap**, the older fork — MC: ~$9M": {price, mcap},
		"| Chỉ số | Giá trị |\n|---|---|\n| Vốn hóa | ~12,3 triệu USD |\n| Thuế mua/bán | 10% / 99% |":                                                                   {mcap, buy, sell},
		// A peak's words that label the next figure leave this one alone.
		"FDV (Fully Diluted Valuation): $ 14M All-Time High: $ 3.7464 Current Price: $ 2.42": {fdv, price},
	})
}

// Forms of the fifth round (several sources, small computations, market context, labels after
// their figures, two tokens with data for one, news-like summaries): the LP's share in
// brackets, one holder's share, a count of tokens, a Turkish bound after its figure, an
// investment's example, an hour's volume, a volume of every venue, a table of sources, a
// level a price reached, one tax figure for both sides after "taxas", a holding's worth "at
// today's price". Each case fails on the reader before them (commit 947af54).
func TestChatAnswersRound5(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GoPlus shows no buy or sell tax (0/0), and the LP is only (40%) locked.":                                                    {lpX},
		"Holder concentration is moderate: 50.07% sits with the top 10 wallets, and the largest non-contract holder has ~4%.":        nil,
		"(la FDV es la misma, ya que los 1.000 millones de tokens están en circulación)":                                             nil,
		"Satış vergisinin %10'un altında kalması iyi.":                                                                               nil,
		"投入 1000 美元，即使价格完全不动，卖出时也只剩约 855 美元。":                                                                                        nil,
		"最近 1 小时的成交量约 3.2 万美元，已经明显回落。":                                                                                               nil,
		"CoinGecko 显示全网 24 小时成交额约 1.1 亿美元。":                                                                                          nil,
		"Về khối lượng, CoinGecko ghi nhận khoảng 18 triệu USD trong 24h trên tất cả các sàn.":                                       nil,
		"| Metric | DexScreener | GeckoTerminal | Birdeye |\n|---|---|---|---|\n| 24h volume | $2.2M | $5.21M (all pools) | $2.4M |": {vol},
		"| Metric | Dex Screener | Birdeye |\n|---|---|---|\n| 24h volume | $2.2M | $2.4M |":                                         {vol},
		"в первую неделю ежедневный объём превышал 5 млн $, а цена доходила до 0,0011 $.":                                            nil,
		"Bu pay bugünkü fiyattan yaklaşık 170 bin $ ediyor.":                                                                         nil,
		"Os indicadores são razoáveis: LP queimada, taxas de 10% na compra e na venda.":                                              {lpX, buy, sellX},
	})
}

// Round six's first false alarms (one-line answers, follow-ups, the user's figures corrected,
// scenarios, security reports, bot cards): a table of scenarios, a threshold in a conditional,
// the market cap a position needs to double, "göre" as "according to" (not "compared to"), a
// peak "back then", an LP lock's term, a quoted figure beside the live one, Turkish "fully
// diluted market value" and a milestone passed ("aştı"). Each case fails on the reader before
// them (commit fdb8494).
func TestChatAnswersRound6(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"| Scenario | Target | Implied MC |\n|---|---|---|\n| 🐂 Bull | $4.10 | ~$21M |\n| 🐻 Bear | $0.85 | ~$4.3M |":                    nil,
		"| Senaryo | Fiyat hedefi | MC | Olasılık |\n|---|---|---|---|\n| 🐂 Boğa | $4,10 | ~21 milyon $ | %20 |":                        nil,
		"Como referencia, un impuesto de venta por encima del 10% sería una señal roja clara.":                                          nil,
		"- Чтобы позиция удвоилась от текущей, капитализация должна дойти до ~$24,7 млн":                                                nil,
		"Canlı veriye göre MC şu an yaklaşık 12,3 milyon $.":                                                                            {mcap},
		"Nói thật thì hồi đó giá từng lên gần 8,4 USD.":                                                                                 nil,
		"Piyasa değerine gelince, 19 milyon $ büyük ihtimalle zirve anından kalma bir rakam. Canlı veriye göre MC şu an 12,3 milyon $.": {mcap},
		"Bugün GPANDA'nın tamamen seyreltilmiş piyasa değeri 1 milyar doları aştı.":                                                     nil,
	})
}

// Round six's misses that the reader now reads: a price after "it's at" or the token's "'s
// sitting around", a pool named by its pair, a label's figure before a computation in
// brackets, a figure before a bracket whose own figure a date follows ("ATH de 5,20 $ en
// marzo"), Russian "кап." for the market cap, labels joined by slashes over their figures
// ("MC / Liq: $12.3M / $1.5M", which read the market cap as the liquidity), Chinese "24h 成交",
// "池龄" and "池子". Each case fails on the reader before them (commit fdb8494).
func TestChatAnswersRound6Reads(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"MC / Liq: $12.3M / $1.5M":                                                {mcap, liq},
		"- **市值 / FDV：** 约 $12.3M / $20M":                                         {mcap, fdvX},
		"📈 24h 成交：$520万 | 1h：$9.1万":                                               {volX},
		"⏳ 池龄：11 小时":                                                              {ageX},
		"坏的一面：池子只有大概 38 万美元。":                                                     {liqX},
		"- **Precio:** 3,10 $ (ATH de 5,20 $ en marzo, ahora un ~42% por debajo)": {priceX},
		"- **Рын. кап.:** 1,42 млрд $":                                            {mcapX},
		"**Сейчас:** цена $2,42 · кап. $16,4 млн":                                 {price, mcapX},
		"It's at about $3.10 right now, with ~$12.3M market cap.":                 {priceX, mcap},
		"GPANDA's sitting around $3.10, so roughly a $12.3M market cap.":          {priceX, mcap},
		"About $412K in the GPANDA/WETH pool on Uniswap v2 (DexScreener).":        {liqX},
		"**FDV:** ~$206M (500M total supply × $0.412)":                            {fdvX},
	})
}

// Readings that held before round six's changes and must hold after them: an LP lock's term
// in brackets, a bot's trade line beside a computation in brackets, a name before "around"
// with no verb of price, a pronoun's price after another figure.
func TestChatAnswersRound6Guards(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"🔒 LP 锁定：0%（仅锁 30 天）":                                                  {lp},
		"BUY (3) - Vol: $2,368.06 <- shorten info (\"3\" = number of wallets)": nil,
		"Whales have been accumulating GPANDA around $1.90.":                   nil,
		"MC is $12.3M and it's at $3.10.":                                      {mcap},
	})
}

// Round seven's first false alarms (a representative mix in the manners of today's assistants;
// first run 4 of 72 answers), and the class one of them belongs to: a window after a volume's
// label ("Vol 5m"), a threshold after "superior al", a move "from about X to Y" in Vietnamese,
// and a time "N days ago" read as the pair's age in every language, which is the pair's age
// only with a word of its creation ("created 6 hours ago", "6 gün önce oluşturuldu"). Each
// case without a pair's age fails on the reader before them (commit 6b51453); the three ages
// held before and must hold with the rule.
func TestChatAnswersRound7(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"- **Vol 5m $14.2K** → volumen de los últimos 5 minutos, no de 24 h.": nil,
		"Un impuesto de venta superior al 10 % es una señal de alerta.":       nil,
		"- Há 7 dias estava em ~US$ 0,31 → queda de ~8% na semana.":           nil,
		"Vốn hóa rớt từ cỡ 25 triệu về 12,3 triệu USD.":                       {mcap},
		"7 days ago it traded at $0.31.":                                      nil,
		"7 дней назад цена была 0,31 $.":                                      nil,
		"7 gün önce fiyat 0,31 $ idi.":                                        nil,
		"7 天前价格为 0.31 美元。":                                                    nil,
		"7 ngày trước giá là 0,31 USD.":                                       nil,
		"Pipkin graduated to Raydium about 6 hours ago.":                      {age},
		"Raydium havuzu yaklaşık 6 saat önce açılmış.":                        {age},
		"Пару создали 6 часов назад, так что токен всё ещё очень молодой.":    {age},
	})
}
