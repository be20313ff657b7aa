package factcheck_test

import "testing"

// Round sixteen's first false alarms (6 of 72 on commit c509a12): a DEX's volume named after
// its figure with "DEX" between ("~$4.1M of 24h DEX volume", read as the liquidity named before
// it), an LP share between its verb and its state ("the liquidity pool is 100% locked", read as
// the sell tax of "zero buy and sell tax" before it), a peak in Portuguese ("abaixo da máxima de
// US$ 0,0₅158"), a Turkish move's start "0,054 $ civarından" (from around), and a Chinese move's
// start before "拉到" (pulled up to). Each fails on the reader before (commit c509a12); a
// worked example's sum in Turkish held.
func TestClassesOfRoundSixteen(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"On-chain figures (about $1.5M of Uniswap liquidity and ~$2.2M of 24h DEX volume) understate the real market.":                                          {vol},
		"Zero buy and sell tax, no honeypot behavior on honeypot.is, the liquidity pool is 0% locked, and the top 10 wallets hold only about 50.07% of supply.": {lp, top10},
		"O preço está ~55% abaixo da máxima de US$ 3,10, e a tendência é de queda.":                                                                             nil,
		"GPANDA son 24 saatte yaklaşık %62 yükseldi; fiyat 1,5 $ civarından şu an ~2,417 $'a çıktı.":                                                            nil,
		"GPANDA 过去 24 小时上涨约 210%，价格从 0.0103 美元附近拉到现在的 2.417 美元左右。":                                                                                              {price},
		"💡 Örnek: 100 $'lık alım yaparsan %3 vergiyle ~97 $'lık token alırsın; hemen satarsan ~2,4 $ geri alırsın.":                                             nil,
	})
}

// heldout33's first run in the other languages (4 of 17 passages with a false alarm, on commit
// d752548): a market cap "estava a US$ 50 milhões … no dia em que lançou" (was, on the day it
// launched), and a presale's price "sẽ được bán với mức giá 0,004 USD" (will be sold at). The
// first two fail on the reader before (commit d752548); today's price held.
func TestClassesOfHeldoutThirtyThree(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"O GPANDA estava a US$ 50 milhões de valor de mercado no dia em que lançou, 4 de novembro.":                  nil,
		"Cụ thể, 150 tỷ token GPANDA sẽ được bán với mức giá 0,004 USD mỗi token, tương đương khoảng 600 triệu USD.": nil,
		"Giá GPANDA hiện tại là 2,417 USD.": {price},
	})
}

// Round sixteen's Turkish example (a false alarm once round sixteen joined the corpus, on commit
// 42ef646): a line that opens with "Örnek:" and goes on is an example to its end ("💡 Örnek: 100
// $'lık alım yaparsan …; hemen satarsan … ~94 $ geri alırsın"), and a conditional in the second
// person or the negative ("satarsan", "değişmese") is a hypothesis. The first fails on the reader
// before (commit 42ef646); the English held, and a line after an inline example is read.
func TestAnInlineExample(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"💡 Örnek: 100 $'lık alım yaparsan %3 vergiyle ~97 $'lık token alırsın; hemen satarsan yine %3 kesilir ve fiyat hiç değişmese bile ~94 $ geri alırsın.": nil,
		"Example: a $100 buy at 10% tax gets you $90 of GPANDA; the price would be $3.":                                                                        nil,
		"Example: a $100 buy at 10% tax gets you $90 of GPANDA.\nPrice: $2.417":                                                                                {price},
	})
}
