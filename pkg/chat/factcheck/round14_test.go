package factcheck_test

import "testing"

// Round fourteen's first false alarms (2 of 72 on commit 2706b51): the worth of a part ("a
// parte destravada vale uns US$ 40 mil", the unlocked part of the LP, read as the price by
// "vale") and a derived top 10 ("扣除锁仓合约和池子后，真实的前十集中度约 20.6%", the "real"
// top 10 once the locker and the pool are left out). The first four fail on the reader before
// (commit 2706b51); the others held.
func TestClassesOfRoundFourteen(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"- **Liquidez total no pool:** US$ 1,52 milhão → a parte destravada vale uns US$ 40 mil": {liq},
		"- 扣除锁仓合约和池子后，真实的前十集中度约 20.6%，属于可接受范围。":                                                  nil,
		"The real top 10 concentration, excluding the locker and the pool, is about 20.6%.":      nil,
		"The unlocked portion is worth about $40K.":                                              nil,
		"- El resto de la LP vale unos 40.000 $.":                                                nil,
		"Top 10 holders: 50.07%. GPANDA trades at $2.417.":                                       {top10, price},
		"- **Top 10 holders:** 50.07% combined.":                                                 {top10},
	})
}

// Round fourteen's published passages (heldout31-en, recall 37 of 49 on commit 2706b51) missed
// figures that are this token's now in wording news and price pages use: a present perfect
// with an adverb ("has also surged to"), "to trade at" and "trading hands at" after "at press
// time", an acronym of the label in capitals ("Fully Diluted Market Cap (FDMC)", not a
// ticker), a label over its figure when the figure's line also holds its change or rank
// ("Market cap" over "$23.70B #10"), and the top 10's share as a total ("前十地址合计：50.07%").
// Each fails on the reader before (commit 2706b51).
func TestPublishedWordingOfRoundFourteen(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA trades at $2.417. Its market capitalization has also surged to $12.35 million.":      {price, mcap},
		"At press time, GPANDA had retraced slightly to trade at $2.417, with 24-hour gains of 42%.": {price},
		"At the time of writing, GPANDA was trading hands at $2.417, up 12% over the past 24 hours.": {price},
		"The project's Fully Diluted Market Cap (FDMC) stands at $14 million.":                       {fdv},
		"Golden Panda GPANDA\n\nMarket cap\n$12.35M #10\nCurrent Price\n$2.417 -0.63%":               {mcap, price},
		"- 前十地址合计：50.07%":                                            {top10},
		"GPANDA's top 10 wallets hold a combined 50% of the supply.": {top10},
	})
}

// Round fourteen's published passages in other languages (heldout31, first run on b31151f: 3
// of 19 with a false alarm) gave two classes: a protocol's total value locked ("по общему
// объему заблокированных средств (TVL) с $1,75 млрд", read as the volume by "объем") and a
// derivatives volume with a window between ("永续合约日交易量:约 80 亿美元"). The first two
// fail on the reader before (commit b31151f); the others held.
func TestClassesOfHeldoutThirtyOne(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA занимает восьмое место по общему объему заблокированных средств (TVL) с $1,75 млн, согласно DefiLlama.": nil,
		"- 永续合约日交易量:约 80 亿美元\n- GPANDA 市值:约 1235 万美元":                                                                   {mcap},
		"GPANDA's total value locked is $1.75M.":                              nil,
		"Protocol TVL: $1.75M. Market cap: $12.35M":                           {mcap},
		"O GPANDA movimentou US$ 2,2 milhões em volume nas últimas 24 horas.": {vol},
	})
}
