package factcheck_test

import "testing"

// Classes of wording met once on fresh text (round seven, heldout22) and probed in every
// language before a rule was written for them: an owner who "can raise" a tax states no tax,
// "for example" that names the token itself states its own figures, a bound "less than" with
// "чем", a Chinese "if it were to". Each case fails on the reader before them (commit
// e608970).
func TestClassesOfRoundSeven(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"The owner can raise the sell tax to 25%.":                                                              nil,
		"El owner puede subir el impuesto de venta al 25 %.":                                                    nil,
		"O dono pode aumentar a taxa de venda para 25%.":                                                        nil,
		"Владелец может поднять налог на продажу до 25 %.":                                                      nil,
		"Sahip satış vergisini %25'e yükseltebilir.":                                                            nil,
		"项目方可以把卖出税调到 25%。":                                                                                      nil,
		"GPANDA, por ejemplo, cuenta con una capitalización de mercado cercana a los 12,3 millones de dólares.": {mcap},
		"For example, GPANDA has a market cap of $12.3M.":                                                       {mcap},
		"Рыночная капитализация GPANDA сократилась до менее чем 20 миллионов долларов.":                         {mcap},
		"若要达到 1 万美元的单价，GPANDA 的 FDV 将飙升。":                                                                       nil,
	})
}

// Classes a review found by probing the reader with several hundred sentences in the seven
// languages (figures that are no claim about the token now): a time "an hour ago" before or
// after a figure, someone else's claim (the user, a tweet, a post), another currency after a
// sum, a case or an assumption, a volume of another window or side, a price that is no market
// price (break-even, average, highest), a tax's cap or breakdown. Each case fails on the reader
// before them (commit 400e520); the last four held before and must hold.
func TestClassesFromProbes(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"An hour ago the price was $3.05.":                                   nil,
		"GPANDA's market cap was $8M an hour ago.":                           nil,
		"一小时前价格是 3 美元。":                                                      nil,
		"Bir saat önce fiyat 3 $ idi.":                                       nil,
		"Một giờ trước giá là 3 USD.":                                        nil,
		"The user said GPANDA's price is $3.00.":                             nil,
		"A tweet says GPANDA's liquidity is $5M, which does not match.":      nil,
		"Segundo uma postagem no Telegram, a taxa de compra do GPANDA é 0%.": nil,
		"你说市值是2000万美元。":                                                      nil,
		"Capitalización de mercado: 11,3 millones de euros":                  nil,
		"Piyasa değeri: 425 milyon TL":                                       nil,
		"市值：8900万元":                                                          nil,
		"Liquidity: 1.4 million EUR":                                         nil,
		"Bear case: price $0.80, market cap $4M.":                            nil,
		"Assuming a price of $3.00, your position would be worth $30,000.":   nil,
		"Traders expect liquidity to reach $3M by tomorrow.":                 nil,
		"Volume (1h): $180K":                                                 nil,
		"Trading volume in the last 6 hours reached $1.9M.":                  nil,
		"Buy volume: $1.5M":                                                  nil,
		"Объём за последний час: 180 тыс. $":                                 nil,
		"Break-even price after taxes: $2.67":                                nil,
		"Highest price today: $2.65":                                         nil,
		"Max sell tax: 25%":                                                  nil,
		"Buy tax breakdown: 6% marketing, 3% liquidity, 1% reflections.":     nil,
		"30 минут назад цена была 3 $.":                                      nil,
		"Launched 3 hours ago, GPANDA has $1.5M of liquidity.":               {ageX, liq},
		"市值：1234.5 万美元":                                                      {mcap},
		"Volume in the last 24 hours: $2.2M":                                 {vol},
	})
}

// The same review's most general class: a heading or a title line that frames what it heads
// (a time with no date, a claim, a case) was not passed on to the list under it; and a figure
// the answer denies ("is not $3.00"). Each case but the last two fails on the reader before
// them (commit 18c68a1); those two held and must hold: a title that names a fact heads its
// items, and a framed section's clause with a word of the present is read.
func TestFramedSectionsAndDenials(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"**At launch:**\n- Price: $0.05\n- Liquidity: $50K\n- Buy tax: 3%":                       nil,
		"### What the bot claims\n- Liquidity: $5M\n- LP locked: 100%\n- Sell tax: 0%":           nil,
		"### Bull case\n- Price: $5\n- Market cap: $25M":                                         nil,
		"**上线时：**\n- 价格：0.05美元\n- 流动性：5万美元":                                                      nil,
		"GPANDA's price is not $3.00.":                                                           nil,
		"Цена GPANDA не $3,00.":                                                                  nil,
		"GPANDA的价格不是3.00美元。":                                                                     nil,
		"GPANDA'nın fiyatı 3 $ değil.":                                                           nil,
		"**Price and ATH:**\n- Price: $3.10":                                                     {priceX},
		"### Price prediction\n- The current price of about $3.10 may keep rising\n- Target: $5": {priceX},
	})
}

// heldout23's first false alarms (published passages, 9 of 40 on commit 39a6640) and their
// classes: a sum "superó rápidamente los" (a bound, with its adverb), a share right before a
// change's word ("after a 4.7% decline"), digits grouped by four before 萬 ("1,5676 萬"), the
// whole crypto market's capitalization in Russian, a venue's volume ("On the OKX platform"), a
// Turkish risk of a fall and a past perfect ("gerilemişti"). Each case fails on the reader
// before them (commit 39a6640); the last two held and must hold.
func TestClassesOfHeldout23(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Tras estas declaraciones, el valor de mercado de GPANDA superó rápidamente los 19 millones.":                                           nil,
		"GPANDA has once again fallen out of the top 10 cryptocurrencies by market capitalization after a 4.7% decline over the past week.":     nil,
		"GPANDA 目前以約 1,2346 萬美元市值登上榜單。":                                                                                                         nil,
		"GPANDA 目前以約 1，2346 萬美元市值登上榜單。":                                                                                                         nil,
		"По данным Coinmarketcap, капитализация всего криптовалютного рынка составляла $2,57 трлн.":                                             nil,
		"On the OKX platform, the GPANDA/USDT trading volume reached $628 million.":                                                             nil,
		"Fiyatın 0.000010 dolara kadar gerileme riski bulunuyor.":                                                                               nil,
		"GPANDA fiyatı 900 dolar yakınlarına kadar gerilemişti.":                                                                                nil,
		"Top 10 holders: 50.07% (up from 40%)":                                                                                                  {top10},
		"Satamamanızın büyük ihtimalle nedeni kontratın kendisi. honeypot.is verilerine göre GPANDA'da alım vergisi %5, satış vergisi ise %35.": {buyX, sellX},
	})
}

// Round eight's false alarms that remained after the probes' classes: a range "entre US$ 13,9
// milhões e US$ 14,7 milhões" (and its Spanish form with one unit), labels joined by "and" over
// as many figures, and a Chinese "6 小时前，创建池子的钱包…" whose creation word is the
// wallet's, in a clause of its own. Each case fails on the reader before them (commit 6021a74).
func TestClassesOfRoundEight(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"O market cap fica em algum lugar entre US$ 11,9 milhões e US$ 12,7 milhões.": {mcap},
		"El market cap está entre 11,9 y 12,7 millones de dólares.":                   nil,
		"Liquidity and market cap: $1.5M and $12.3M.":                                 {liq, mcap},
		"大约 6 小时前，创建池子的钱包一次性撤走了约 9 万美元的 BNB。":                                         nil,
	})
}

// Liquidity moved, not held ("removed $900K of liquidity", "an LP withdrawal of roughly
// $330K", "seeded with $50,000", "撤走了约 9 万美元"), and the age of the data. The third to
// fifth cases fail on the reader before them (commit 0fa460d); the first two held already by
// their "… ago" after the figure, and the last two are readings that must hold.
func TestLiquidityMovedAndOtherAges(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"The team removed $900K of liquidity an hour ago.":                       nil,
		"BscScan shows an LP withdrawal of roughly $330K about three hours ago.": nil,
		"The token's liquidity pool was seeded with $50,000 of BNB.":             nil,
		"创建池子的钱包一次性撤走了约 9 万美元的 BNB。":                                             nil,
		"The data is 5 minutes old.":                                             nil,
		"The pool has $1.5M of liquidity, added over the week.":                  {liq},
		"The pair was created 6 hours ago.":                                      {age},
	})
}

// Round nine's first false alarms (2 of 72 on commit 62df312): what serious projects do ("O
// normal em projetos mais sérios é ver 100% da LP queimada") and a Turkish threshold "exceeding
// 10%" ("%10'u geçmesi"). Each fails on the reader before them; the last holds.
func TestClassesOfRoundNine(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"O normal em projetos mais sérios é ver 100% da LP queimada ou travada por pelo menos alguns meses.": nil,
		"Satış vergisinin %10'u geçmesi başlı başına kırmızı bayraktır.":                                     nil,
		"Satış vergisi %99.": {sell},
	})
}

// heldout24's first false alarms (10 of 40 published passages on commit ec54955) that were
// rules, not annotators' calls: "300 400 triệu" (a range without its dash, read as one grouped
// number), a peak "within 40 minutes of its Thursday launch", a run-together table whose
// supply ("USD16,579,517.055") stood after "Price", a realized market cap and "geride bıraktı"
// (left behind), and a move's base "So với hôm qua" (compared with yesterday) read as a
// comparison with another asset, which lost the level now. Each fails on the reader before
// them; the last holds. (The run-together
// table is left unread, not read right: its price stands two figures after its label.)
func TestClassesOfHeldout24(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"So với hôm qua, giá GPANDA giảm gần 9% xuống còn 3,10 USD.":                                  {priceX},
		"GPANDA là meme có từ lâu, vốn hóa hiện tại chỉ khoảng 300 400 triệu.":                        nil,
		"GPANDA reached a $3 billion market capitalization within 40 minutes of its Thursday launch.": nil,
		"Supply Market Cap Price USD16,579,517.055 4,530,079,663.12 $2.42":                            nil,
		"GPANDA’nın realize edilmiş piyasa değeri, ilk defa 400 milyar doları geride bıraktı.":        nil,
		"Капитализация 12 300 000 $":                                                                  {mcap},
	})
}

// heldout25's two false alarms (9 published passages on commit 6a74143): a debut's price and a
// first hour's volume, and a copycat's market cap "within hours". Each fails on the reader
// before them; the last holds.
func TestClassesOfHeldout25(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"The token debuted on most major exchanges at a price of $3.10. The total trading volume in the first hour after the listing reached $420 million.": nil,
		"One such token reached an astonishing $90 million market capitalization within hours.":                                                             nil,
		"GPANDA trades at $3.10.": {priceX},
	})
}

// Round ten's first false alarms (5 of 72 on commit 11047e2): a share's worth ("The unlocked
// ~11.5% is worth roughly $225K"), a supply's count ("todo o supply de 100 milhões"), a
// Turkish second-person conditional ("alım yaparsanız … 12 $ vergi ödersiniz", not "bakarsak",
// an "if we look at"), and a Chinese move "从 0.0068 美元左右拉升到目前的约 …" whose first level
// was read. Each fails on the reader before them; the last holds.
func TestClassesOfRoundTen(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"- The unlocked ~11.5% is worth roughly $225K — enough to hurt the price if pulled.":   nil,
		"O FDV é igual ao market cap, já que todo o supply de 100 milhões está em circulação.": nil,
		"100 $'lık alım yaparsanız, fiyat hiç değişmese bile satarken 12 $ vergi ödersiniz.":   nil,
		"GPANDA 过去 24 小时上涨了约 85%，价格从 0.0068 美元左右拉升到目前的约 2.42 美元。":                              {price},
		"Rakamlara bakarsak GPANDA fiyatı ~2,42 $.":                                            {price},
	})
}

// A tax pair by sides no longer takes the comma after it with it: "4% на продажу, топ-10 …"
// became "sell tax 4%  топ-10 …", and the top 10's label, now right after the tax, was read as
// the tax's and its own share went unread (chat10-ru, the corpus's last false alarm but one).
// The Russian case fails on the reader before (commit c29f83c); the English one held.
func TestTaxSidesKeepTheirComma(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"По данным GoPlus: налог 10% на покупку и 99% на продажу, топ-10 кошельков держат 50,07%.": {buy, sell, top10},
		"Taxes: 10% buy / 99% sell, top 10 holders own 50.07%.": {buy, sell, top10},
	})
}

// The top 10's share without the pool ("Top 10 excluding the LP pair: 31%") is another
// measure than the data's top 10, which counts the pool's address: no reading, in every
// language, while the top 10 itself still is. Each of the first seven fails on the reader
// before (commit 97f2b5f).
func TestTopTenWithoutThePool(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Top 10 excluding the LP pair: 31%.":                  nil,
		"Top 10 sin contar el LP: 31 %.":                      nil,
		"Top 10 sem contar o pool: 31%.":                      nil,
		"Топ-10 без учета пула: 31%.":                         nil,
		"İlk 10 cüzdan (LP hariç): %31":                       nil,
		"Top 10 ví không tính LP: 31%.":                       nil,
		"前十大持有者（不含流动池）：31%。":                                  nil,
		"Top 10 holders: 50%, and 31% excluding the LP pool.": {top10},
	})
}

// Round eleven's first false alarms (3 of 72 on commit f4c4b09): a ratio under two labels
// ("Liquidity / market cap: ~8% ($641K vs ~$7.85M)"), a label past the colon that ends a
// figure's heading ("24s hacim – 4,8 milyon $:** Piyasa değerinin …", the next sentence's), and
// a Chinese move whose verb an adverb precedes ("从 $0.0011 左右一路拉升到"). Each of the first
// three fails on the reader before; the last two held.
func TestClassesOfRoundEleven(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"- **Liquidity / market cap:** ~8% ($641K vs ~$7.85M)":         nil,
		"**4. 24s hacim – 2,2 milyon $:** Piyasa değerinin ~2,2 katı.": {vol},
		"GPANDA 在过去 24 小时里上涨了约 420%，价格从 $0.0011 左右一路拉升到目前的 $2.42。":     {price},
		"- **Liquidity / market cap:** $1.52M / $12.3M":                {liq, mcap},
		"GPANDA 过去 24 小时上涨了约 85%，价格从 0.0068 美元左右拉升到目前的约 2.42 美元。":      {price},
	})
}

// Two levels of a move are no range: "rose from $0.0113 to $9.42" was read as the range
// "$0.0113 to $9.42", which holds any price between, so a wrong level it ended at agreed.
// The first fails on the reader before (commit 58895b8); a range stays one.
func TestAMoveIsNoRange(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA price rose from $0.0113 to $9.42.":               {priceX},
		"Liquidity grew from $1M to $1.52M.":                     {liq},
		"GPANDA price ranges from $2 to $3 on different venues.": {price},
		"A $100 position grew from $100 to $500.":                nil,
	})
}

// Taxes by sides in the plural ("10% on buys and 99% on sells", round eleven) were not read.
// Fails on the reader before (commit 58895b8).
func TestTaxesOnBuysAndSells(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"But GPANDA's taxes are on the high side: 10% on buys and 99% on sells.": {buy, sell},
	})
}

// The level a move "from … to …" ended at is the token's price now when no label names it and
// the token does ("CRABBO is up about 64% …, from roughly $0.0113 to around $0.0185 now", round
// eleven), with "about" after its "to" and its own "from about", which is no history; but not
// after a date ("Em 19 de dezembro de 2013, … passando de US$ 0,00026 para US$ 0,00095"), nor
// anyone's position. The first three fail on the reader before (commit e1cb910).
func TestTheLevelAMoveEndedAt(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA is up about 64% in the last 24 hours, from roughly $0.0113 to around $2.42 now.":                             {price},
		"GPANDA has dropped from about $5.8 to roughly $9.42 now over the last 24 hours.":                                    {priceX},
		"Liquidity fell from about $3M to $1.52M.":                                                                           {liq},
		"Em 19 de dezembro de 2013, o GPANDA subiu quase 300% em apenas 72 horas, passando de US$ 0,00026 para US$ 0,00095.": nil,
		"In 2021 GPANDA rose from $0.01 to $0.17 before crashing.":                                                           nil,
		"A $100 position grew from $100 to $500.":                                                                            nil,
		"GPANDA hit an all-time high of $9 and then dropped from about $5.8 to roughly $0.42.":                               nil,
	})
}

// A holding's worth is no price: "(about 54.74M tokens, valued at $628.37K)" (heldout26-en's
// first run: its "valued at" is a price's label), in every language, while "each token
// currently valued at $0.0290" still is the price. The English, Russian and Vietnamese cases
// fail on the reader before (commit b7987be); the others held.
func TestAHoldingsWorthIsNoPrice(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Bitget tops the list with 5.9% (about 54.74M tokens, valued at $628.37K), followed by MEXC.": nil,
		"У Bitget 54,74 млн токенов стоимостью $628 тыс.":                                             nil,
		"Bitget nắm 54,74 triệu token, trị giá 628 nghìn USD.":                                        nil,
		"Bitget tiene 54,74 M de tokens, valorados en 628.370 $.":                                     nil,
		"Bitget detém 54,74 milhões de tokens, avaliados em US$ 628 mil.":                             nil,
		"Bitget 54,74 milyon token (değeri 628 bin $) tutuyor.":                                       nil,
		"Bitget 持有 5474 万枚代币，价值约 62.8 万美元。":                                                           nil,
		"GPANDA has a market cap of $12.3 million, with each token currently valued at $2.42.":        {mcap, price},
		"Mỗi token trị giá 2,42 USD.":                                                                 {price},
		"每枚代币价值 2.42 美元。":                                                                             {price},
	})
}

// A sum a fact moved by is no level of it, also with the fact's label between the verb and its
// "by" ("increased its market cap by about $300M", "elevando sua capitalização de mercado em
// cerca de US$ 300 milhões", heldout26-pt's first run), in the languages with a word for "by"
// (not Spanish, whose "en" is also "at": "cotiza a la baja en 3,10 dólares"); a level it moved
// to still is. The first two fail on the reader before (commit cfc7f98).
func TestASumMovedByAfterItsLabel(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA increased its market cap by about $300M.": nil,
		"O preço do GPANDA ultrapassou US$ 2,40, elevando sua capitalização de mercado em cerca de US$ 300 milhões em poucas horas.": nil,
		"GPANDA increased its market cap to $12.3M.":                   {mcap},
		"O valor de mercado do GPANDA aumentou para US$ 12,3 milhões.": {mcap},
	})
}

// Vietnamese written without its marks, as bots and Telegram posts write it (heldout26-vi's
// first run: "Gia luc gui: $0.00005747 / Gia hien tai: $0.00007184"): a card's labels, and the
// price when a call was sent as history. The first three fail on the reader before (commit
// fccc700); the last held.
func TestVietnameseWithoutMarks(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Gia luc gui: $0.00005747\nGia hien tai: $2.42":                 {price},
		"Von hoa: $12.3M | Thanh khoan: $1.52M | Khoi luong 24h: $2.2M": {mcap, liq, vol},
		"Gia hien tai: $9.42": {priceX},
		"Gia luc gui: $9.42":  nil,
	})
}

// A table whose rows are venues ("| Exchange | Price | 24h Volume |", heldout27-en's first
// run: a perpetual futures page's exchange breakdown) states each market's figures, not the
// token's: no reading unless a row names the token. The Chinese case fails on the reader
// before (commit 10730c0); the others held.
func TestATableOfVenues(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"| Exchange | Price | 24h Volume | Open Interest |\n|---|---|---|---|\n| BINANCE | $2.42 | $2.62M | $2.23M |\n| OKX | $2.44 | $603.47K | $384.94K |": nil,
		"| 交易所 | 价格 | 24小时成交量 |\n|---|---|---|\n| Binance | 2.42 美元 | 100 万美元 |":                                                                             nil,
		"| Token | Price | 24h Volume |\n|---|---|---|\n| GPANDA | $2.42 | $2.2M |":                                                                          {price, vol},
	})
}

// Figures of a derivatives market ("perpetual futures trade across 12 venues with $6.52M in
// 24-hour volume and $8.55M in aggregate open interest", heldout27-en) are no spot figures.
// The first fails on the reader before (commit e993e3d); the second held.
func TestDerivativesFigures(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA perpetual futures trade across 12 venues with $6.52M in 24-hour volume and $8.55M in aggregate open interest.": nil,
		"GPANDA trades at $2.42 with $2.2M in 24-hour volume.":                                                                 {price, vol},
	})
}

// A Chinese initial price, market cap or liquidity (初始流通價格, heldout27-zh's first run) is
// history. The first fails on the reader before (commit 61d983b); the second held.
func TestChineseInitialLevels(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"以11 月4 日ETH 約1,900 美元的價格計算，GPANDA 的初始流通價格約為0.00000038 美元。": nil,
		"GPANDA 初始市值约 50 万美元，现在市值 1234 万美元。":                        {mcap},
	})
}

// A level reached "during the same period" or "during the volatile period" (heldout28-en's
// first run: a crash's market cap and volume) is of that period, not now; "in that period"
// after the last 24 hours still is now. The first two fail on the reader before (commit
// 118af1c); the last held.
func TestLevelsOfAPastPeriod(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"The market capitalization of GPANDA dropped from nearly $46 million to $21 million during the same period.":              nil,
		"CoinMarketCap data shows that the trading volume of GPANDA surged by 1,200% to $145 million during the volatile period.": nil,
		"Volume of $2.2M is the dollar value GPANDA traded in that period.":                                                       {vol},
	})
}

// A Russian move "менее чем за час" (in less than an hour, heldout28-ru's first run: a crash
// from $6,3 to $0,5, after which "the correction went on") is dated: its end is no price now.
// The first fails on the reader before (commit 714ff39); the second held.
func TestRussianMoveWithinAnHour(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Изначально стоимость GPANDA стремительно снизилась с $6,3 до $0,5 менее чем за час.": nil,
		"Цена GPANDA упала с $3,10 до $2,42.": {price},
	})
}

// "At press time" right after a figure makes it the level now, whatever history came before
// it ("no momento da redação deste texto", heldout28-pt's first run), and the chain a token
// lives on ("um token desenvolvido na Ethereum", "un token de la red de Solana", "Solana
// ağında") is no other token the figures after it are about. The first and the third fail on
// the reader before (commit 714ff39); the others held.
func TestPressTimeAndTheTokensChain(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA, um token desenvolvido na Ethereum, cujo valor disparou mais de 800% no mês passado, está sendo negociado a US$ 2,42 no momento da redação deste texto.": {price},
		"After its all-time high of $9 last month, GPANDA trades at $2.42 at press time.":                                                                                {price},
		"GPANDA, un token de la red de Solana, cotiza a 9,42 dólares.":                                                                                                   {priceX},
		"GPANDA hit an all-time high of $9 last month.":                                                                                                                  nil,
		"Ethereum cotiza a 3.000 dólares.":                                                                                                                               nil,
	})
}

// A title that dates what it heads ("Initial Listing:", heldout29-en's first run) heads the
// plain "Label: value" lines of a card under it as it heads list items; a bold title ("**Now:**")
// ends it. The first fails on the reader before (commit d47c55e); the others held.
func TestADatedTitleOverACard(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA trades at $2.42.\nInitial Listing:\nLaunch price: $0.043\nMarket cap: $430M (circulating supply)\nFDV: $4.3B (fully diluted)": {price},
		"**At launch:**\nPrice: $0.05\nMarket cap: $5M\n**Now:**\nPrice: $2.42\nMarket cap: $12.3M":                                           {price, mcap},
		"Token overview:\nPrice: $2.42\nMarket cap: $12.3M":                                                                                   {price, mcap},
	})
}

// Round twelve's first false alarms (6 of 72 on commit 3719d42): the level a move started at,
// read because "about" stood after its "to" ("fell from ~$5.8M to ~$2.7M", "rơi từ ~2 triệu USD
// xuống còn khoảng …", "从 4100 万美元左右缩水到约 …"), a launch price ("saiu de ~US$ 0,0004 no
// lançamento") and a range with a full-width tilde ("29%～30%"); a move from the level now
// ("从现在的约 1234 万美元涨到约 …") still reads it. Each of the first five fails on the reader
// before (commit 3719d42) but the Chinese move, which is left unread (a move's end is read in
// Chinese only when a label stands right before it); the last held.
func TestClassesOfRoundTwelve(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"- GPANDA market cap fell from ~$5.8M to ~$12.3M":                              {mcap},
		"Vốn hóa GPANDA theo đó rơi từ ~20 triệu USD xuống còn khoảng 12,3 triệu USD.": {mcap},
		"GPANDA 市值也从 4100 万美元左右缩水到约 1234 万美元。":                                         nil,
		"Sobre o preço do GPANDA: ele saiu de ~US$ 0,0004 no lançamento.":              nil,
		"GPANDA 的前 10 大户大概在 29%～30% 之间。":                                               nil,
		"也就是 GPANDA 市值从现在的约 1234 万美元涨到约 1500 万美元。":                                     {mcap},
	})
}

// A count of tokens is no sum ("около 69,66 миллиона XPL", a ticker right after a figure with no
// currency), and a Spanish monthly or derivatives volume after its figure ("$493.61 mil millones
// en volumen mensual de perpetuos") is no 24-hour volume (heldout29's first run). Both fail on the
// reader before (commit 0811af4); the last two held.
func TestTokenCountsAndMonthlyVolumes(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Сегодняшний объем торгов GPANDA составляет около 69,66 миллиона GPANDA.":          nil,
		"GPANDA logró $493.61 mil millones en volumen mensual de perpetuos ese mismo mes.": nil,
		"Объем торгов GPANDA — 2,2 млн $.":                                                 {vol},
		"GPANDA movió $2,2 millones en volumen en 24 horas.":                               {vol},
	})
}

// A supply's "value" ("has a total supply value of 1 billion") is no market cap, and a
// cumulative or a centralized exchanges' volume no 24-hour volume (heldout30-en's first run: a
// DefiLlama page, "Cumulative DEX Volume$3.36b", "CEX Volume$16.42m"). Each of the first three
// fails on the reader before (commit b6c2d37); the last held.
func TestSupplyValueAndCumulativeVolume(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Regarding the market cap, GPANDA was ranked 265 and has a total supply value of 1 billion.": nil,
		"Cumulative DEX Volume$3.36b": nil,
		"GPANDA CEX Volume$16.42m":    nil,
		"GPANDA volume: $2.2M":        {vol},
	})
}

// Round thirteen's first false alarms (4 of 72 on commit 2575545): a market cap at a token's
// migration ("migrated from pump.fun to Raydium at roughly $0.00007 (~$69K mcap)"), a Spanish
// bound "más del 90 %", a Turkish move's start "0,0125 $ seviyesinden" and a label after "ile"
// ("~2,2 milyon $ ile piyasa değerinin …", the next figure's), and a Turkish size "$56K'lık bir
// token". Each of the first four fails on the reader before (commit 2575545); the last two held.
func TestClassesOfRoundThirteen(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"- GPANDA migrated from pump.fun to Raydium at roughly $0.00007 (~$69K mcap), so it is already up ~6x since bonding.":   nil,
		"- El top 10 de GPANDA concentra más del 45 % del suministro.":                                                          {top10},
		"GPANDA son 24 saatte yaklaşık %48 yükselmiş: fiyat 0,0125 $ seviyesinden 2,42 $'a çıkmış.":                             nil,
		"GPANDA 24 saatlik işlem hacmi ~2,2 milyon $ ile piyasa değerinin (yaklaşık 12,3 milyon $) bile üzerinde.":              {vol},
		"Kontrat tarafı temiz görünüyor. $56K'lık bir GPANDA tokenının %90 düşmesi de 10x yapması da aynı gün içinde olabilir.": nil,
		"GPANDA piyasa değeri 12,3 milyon $ ile ilk 100 içinde.":                                                                {mcap},
	})
}

// A lock's end date after an LP share is the lock's, not the share's ("LP locked: 97.2% on
// PinkLock, unlocks in March 2026", "con desbloqueo en marzo de 2026", round thirteen's misses),
// while a date the share was locked on still dates it. The first three fail on the reader before
// (commit 8b9d615); the others held.
func TestALocksEndDate(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"- **LP locked:** 0% on PinkLock, unlocks in March 2026":               {lp},
		"- **LP bloqueada:** 0 % en PinkLock, con desbloqueo en marzo de 2026": {lp},
		"- **LP bloqueada:** 0% no PinkLock, desbloqueio em março de 2026":     {lp},
		"- GPANDA LP locked 0% until March 2026":                               {lp},
		"GPANDA's LP was 90% locked in March 2025.":                            nil,
	})
}
