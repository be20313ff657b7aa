package factcheck_test

import "testing"

// Session fifteen's classes. Spanish and Portuguese taxes by the verbs of their sides ("al
// comprar", "ao vender") and with an article before each figure ("un 3 % al comprar y un 8 %
// al vender"), which had been left unread.
func TestClassesOfSessionFifteen(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Impuestos: un 10 % al comprar y un 99 % al vender.":   {buy, sell},
		"Impuestos: 3 % al comprar y 8 % al vender.":           {buyX, sellX},
		"Taxas: 10% ao comprar e 99% ao vender.":               {buy, sell},
		"El token cobra un 3 % al comprar y un 8 % al vender.": nil, // held: no taxes word near
	})
}

// heldout74/75's false alarms and misses (first runs on commit 66808ad): a move "in 30
// minutes" told as news; a volume over "the last 30 days"; a level Turkish says was "seen"
// ("32 bin dolar seviyesi görüldü"); a Chinese "若" (if) alone; English words that end like a
// Turkish conditional ("course", "universe") read as one, and "the FED" as another token.
func TestClassesOfHeldoutSeventyFour(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA plummeted from $40 million to $6 million in market cap in 30 minutes of frenzied selling.":                                                    nil,
		"Over the last 30 days, GPANDA handled $11.2 billion in volume.":                                                                                      nil,
		"In the past seven days, GPANDA handled $3.87 billion worth of volume.":                                                                               nil,
		"Over the last 30 days GPANDA doubled, and its 24h volume is $2.2M.":                                                                                  {vol}, // held
		"Geçen ay 65 bin dolara yaklaşan GPANDA'da bugün 32 bin dolar seviyesi görüldü.":                                                                      nil,
		"若当前GPANDA价格为3000美元,意味着1个GPANDA可兑换3000美元。":                                                                                                            nil,
		"GPANDA currently trades at $2.60, 9.52 percent lower in the course of the past 24 hours.":                                                            {priceX},
		"GPANDA's price is $2.417 in a universe of memes.":                                                                                                    {price},
		"It happened as the FED spurred a 104.22% rise in 24-hour volume, reaching $2.2 million.":                                                             {vol},
		"GPANDA fiyatı 3 dolara düşerse zarar edersin.":                                                                                                       nil, // held
		"Over the last 30 days, GPANDA handled $11.2 billion in volume, surpassing Raydium's $10.8 billion.":                                                  nil,
		"Bir haftada 700 milyar dolar buharlaştı\n\nGeçen ay 65 bin dolara yaklaşan GPANDA'da bugün 32 bin dolar seviyesi görüldü. 8 günde 700 milyar dolar.": nil,
	})
}

// Round forty-two's misses (first run on commit 66808ad): taxes of none written "no transfer
// taxes", "sin impuestos de compra ni de venta", "não tem taxa de compra nem de venda", "taxa
// zero na compra e na venda"; a sell tax of none whose list goes on to the LP "burned since
// launch", a date of that item's own.
func TestClassesOfRoundFortyTwo(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"The LP is fully burned, there are no transfer taxes, mint and freeze authorities are revoked.":    {lpX, buyX, sellX},
		"Volume is around $2.2M for the day, no buy or sell tax, and the LP has been burned since launch.": {vol, buyX, sellX},
		"Del lado bueno: no tiene impuestos de compra ni de venta, la LP está bloqueada al 100 %.":         {buyX, sellX, lpX},
		"El resto acompaña: sin impuestos de compra ni de venta, la LP está quemada al 100 %.":             {buyX, sellX, lpX},
		"Do lado positivo: não tem taxa de compra nem de venda (0 %/0 %), o mint está revogado.":           {buyX, sellX},
		"Taxa zero na compra e na venda, LP 100 % queimada.":                                               {buyX, sellX, lpX},
		"GPANDA traded at $5.10, and that was last month.":                                                 nil, // held
	})
}

// Round forty-three's and heldout76/77's (first runs on commit e004afc): another's cap "a small
// fraction of" which a sum is; Russian "семь дней назад" in words; "in the eight hours that
// followed" opening a move; a Spanish average volume ("volumen promedio"); a bold title of the
// present ("**Where it is today**") after a heading of scenarios; an "if you want more
// context:" that frames nothing; "with LP fully locked and no buy or sell tax"; taxes in a
// table comparing tokens by column, and "| Налоги | нет |".
func TestClassesOfRoundFortyThree(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Some context on scale: the wrapped supply is worth about $790 million, a small fraction of GPANDA's total market cap of roughly $90 billion.":    nil,
		"GPANDA's price looks like a fraction of a penny—something like $0.00000592.":                                                                     {priceX}, // held
		"За неделю GPANDA вырос примерно вдвое: семь дней назад токен торговался около 0,026 $.":                                                          nil,
		"In the eight hours that followed the repost, GPANDA only moved up 3% to $0.22.":                                                                  nil,
		"La capitalización de mercado del GPANDA alcanza los US$ 12,35 millones, con un volumen promedio de transacciones diarias de US$ 4.467 millones.": {mcap},
		"### GPANDA — 30-day scenarios\n\n**Where it is today**\n- **Price:** ~$2.417\n- **Market cap:** ~$12.35M":                                        {price, mcap},
		"If you want a bit more context: it's about six hours old, liquidity is around $1.52M.":                                                           {age, liq},
		"And the pool is around 6 hours old with LP fully locked and no buy or sell tax.":                                                                 {age, lpX, buyX, sellX},
		"| Métrica | **GPANDA** | **WIF** |\n|---|---|---|\n| Precio | ~2,417 $ | ~0,92 $ |\n| Impuestos | 0 / 0 | 0 / 0 |":                               {price, buyX, sellX},
		"| Показатель | Значение |\n|---|---|\n| Цена | ~2,417 $ |\n| Налоги | нет |":                                                                     {price, buyX, sellX},
	})
}

// Round forty-four's false alarm (first run on commit 40ce729) and the moves read since: a
// level the price "hit and held twice today" ("bateu e segurou em US$ 0,0040 duas vezes hoje"),
// a level, not the price; verbs of a move the reader did not know ("catapulted from $2.10 to
// $2.60" had been read as a range that agreed with any price between), and a move "within
// hours of" an event, history; a sum a word of the present and another sum take over
// ("…, currently stabilizing at $0.0000006911") (held: a move the reader now knows, "skyrocketed from", read
// as the price now had made heldout76-en's KEKIUS passage a false alarm).
func TestClassesOfRoundFortyFour(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Níveis pra acompanhar: o preço do GPANDA bateu e segurou em US$ 0,0040 duas vezes hoje, então essa é a região de suporte.": nil,
		"GPANDA tested $2.10 twice today.":                                                     nil, // held
		"GPANDA catapulted from $2.10 to $2.60.":                                               {priceX},
		"The price catapulted from $2.10 to $2.60, currently stabilizing at $2.417.":           nil,
		"Liquidity is $1.52M, and the market cap is currently $12.35M.":                        {liq, mcap}, // held
		"Within hours of the update, GPANDA's price skyrocketed from $0.0056 to $0.133.":       nil,         // held
		"Its trading volume hovered around $2.2 million, up 115 percent in the last 24 hours.": {vol},       // held
		"GPANDA trades at $2.417, twice its launch price.":                                     {price},     // held
	})
}
