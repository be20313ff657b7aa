package factcheck_test

import "testing"

// Round thirty-one and heldout52/53's first false alarms the reader caused (on commit 1c8a11f):
// a percentage after "USD price has fallen" read as a bare dollar price ("LTC/USD price has
// fallen 5.43% to $55.56"), a table's cells run together ("24h Volume$133.51MHealthy"), a
// multiple's target ("100x from here means a $74M market cap", "To 100x, … has to add about
// $73M"), an exchange's average daily volume, a network's dApp volume, a cap reached right
// after the launch, a Turkish order's size ("2.000 $'lık satışta"), a generic example in
// Portuguese ("Exemplo genérico:"), a future FDV ("vai ter … FDV de US$ 4 bilhões"), a cap
// reached "chỉ sau 40 phút ra mắt" and a chain's DEX volume (链上 DEX 的总交易量). Failing on
// commit 1c8a11f but those marked as holding there.
func TestClassesOfRoundThirtyOne(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Over the past 24 hours, GPANDA's GPANDA/USD price has fallen 5.43% to $2.42.":                                                   {price},
		"GPANDA\nMetric Value\nPrice$2.42 USDNear lows\nMarket Cap$12.35MRank #62\n24h Volume$2.2MHealthy":                               {price, mcap, vol},
		"GPANDA\nMetric Value\nPrice$2.42 USDNear lows\nMarket Cap$12.35MRank #62\n24h Volume$133.51MHealthy":                            {price, mcap, volX},
		"GPANDA: 100x from here means a $1.2B market cap.":                                                                               nil,
		"To 100x, GPANDA has to add about $1.2B in market cap.":                                                                          nil,
		"GPANDA trades at $2.42 after a 10x from launch, with a market cap of $12.3M.":                                                   {price, mcap}, // held
		"Bybit, the fifth-largest exchange with an average daily trade volume of $4.5 billion, listed GPANDA.":                           nil,
		"GPANDA dApp volume on the network rose 5.88% to $839.4 million compared to a week earlier.":                                     nil,
		"Following its launch, GPANDA reached a market capitalization of $490 million.":                                                  nil,
		"GPANDA likiditesi ~1,52 milyon $. Pratikte: 500 $'lık bir satış fiyatı %1,7 aşağı iter, 2.000 $'lık satışta bu %7'ye yaklaşır.": {liq},
		"GPANDA Exemplo genérico: um token com preço de US$ 0,01 tem FDV de US$ 10 milhões.":                                             nil,
		"O GPANDA vai ter valor total diluído (FDV) de US$ 4 bilhões.":                                                                   nil,
		"O GPANDA vale US$ 2,42 e será listado na Binance.":                                                                              {price}, // held
		"El GPANDA tendrá una capitalización de 40 millones de dólares.":                                                                 nil,
		"GPANDA đạt vốn hoá 3 tỷ USD chỉ sau 40 phút ra mắt, nhưng nhanh chóng lao dốc.":                                                 nil,
		"GPANDA 链上 DEX 的总交易量为 13.4 亿美元。":                                                                                                 nil,
		"GPANDA 24小时交易量为 220 万美元。":                                                                                                       {vol}, // held
	})
}

// Round thirty-one's commonest misses: a bot card's labels with a space only before a scaled
// sum ("MC 9.18M | Liq 403K | Vol24h 1.07M", "Vol 24h 520K"), but not a window's "Vol 5m +12%";
// Spanish and Portuguese "está a unos … $ por token", "está perto de US$", and an LP share
// before "de la LP está bloqueada". "Está a" is no price when the distance to a high follows.
// Failing on commit 1c8a11f but those marked as holding there.
func TestCardLabelsWithASpace(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA (Base)\nPrice $2.417 | MC 12.3M | FDV 14M\nLiq 1.52M | Vol24h 2.2M | Age 6h": {price, mcap, fdv, liq, vol, age},
		"GPANDA · Vol 5m +12% | 1h +48% · MC 12M · Vol 24h 2.2M":                             {mcap, vol},
		"GPANDA · MC 3.4M":                                                {mcapX},
		"GPANDA está a unos 2,42 $ por token.":                            {price},
		"Dados de agora: o GPANDA está perto de US$ 2,42.":                {price},
		"GPANDA está a 0,50 dólares de su máximo histórico.":              nil, // held
		"O GPANDA está a US$ 0,50 da máxima histórica.":                   nil, // held
		"En GPANDA el 50 % de la LP está bloqueada.":                      {lpX},
		"No GPANDA, 50 % da liquidez está travada.":                       {lpX},
		"El GPANDA tiene un impuesto del 10 % en compra y 99 % en venta.": {buy, sell}, // held
	})
}

// Heldout52's other languages' false alarms (on commit 6eec2f0): a Portuguese FDV a hypothesis
// follows ("No FDV de US$ 4 bilhões, daria algo como US$ 0,004 por token"), the same in Spanish,
// and a cap reached "chỉ trong vòng 40 phút". A negated opinion ("Yo no le daría mucho peso a la
// capitalización actual de …") states the cap. Failing on commit 6eec2f0 but those marked as
// holding there.
func TestConditionalAfterAFigure(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"O suprimento do GPANDA é 1 trilhão. No FDV de US$ 4 bilhões, daria algo como US$ 0,004 por token.": nil,
		"Con un FDV de 4.000 millones de dólares, GPANDA daría unos 0,004 $ por token.":                     nil,
		"Un market cap de 100 millones de dólares sería un 10x para GPANDA.":                                nil,
		"Yo no le daría mucho peso a la capitalización actual de GPANDA de ~$12,3M.":                        {mcap}, // held
		"GPANDA có màn ra mắt gây chú ý, đạt vốn hóa 3 tỷ USD chỉ trong vòng 40 phút.":                      nil,
		"Khối lượng giao dịch GPANDA trong vòng 24 giờ là 2,2 triệu USD.":                                   {vol}, // held
	})
}
