package factcheck_test

import "testing"

// Round twenty-four's one first false alarm (1 of 72 on commit 255f37f): a first day's price in
// Chinese ("首日价格只有 0.0002 美元上下"). Heldout41's (1 of 38) was a volume its annotator left
// out as "nearly $45 million". With them, the round's commonest misses: one figure for both
// taxes in each language ("Los impuestos de compra y venta son del 0 %", "0 % de impuestos en
// compra y venta", "A taxa de compra e a de venda são de 0%", "Налог на покупку и продажу —
// 0%", "There is a 99% tax on buys and sells"), and a rewrite that opened a sentence in lower
// case, so that the sentence before it, with another token in it, swallowed it. Each fails on
// commit 255f37f but those marked as holding there.
func TestClassesOfRoundTwentyFour(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"这个币上线才 6 小时左右，首日价格只有 0.0002 美元上下，获利盘本身就很重。":                                        {age},
		"上线第一天价格只有 0.0002 美元。":                                                              nil,
		"Los impuestos de compra y venta son del 10 %.":                                     {buy, sellX},
		"El contrato está limpio: 0 % de impuestos en compra y venta, LP quemada al 100 %.": {buyX, sellX, lpX},
		"A taxa de compra e a de venda são de 99%.":                                         {buyX, sell},
		"Налог на покупку и продажу — по 10%.":                                              {buy, sellX},
		"Taxes on buys and sells are 10%.":                                                  {buy, sellX}, // held
		"There is a 99% tax on buys and sells.":                                             {buyX, sell},
		"Buy/sell taxes at 15%.":                                                            {buyX, sellX}, // held
		"B/S tax: 10% or 99%":                                                               nil,           // held
		"Это меньше, чем у CAKE, то есть проект небольшой, хотя не «микро». Налог на покупку и продажу — по 10%.": {buy, sellX},
		"It is far smaller than CAKE. No taxes.": {buyX, sellX},
		"Thuế mua/bán 10%/99%, LP được khóa 0%.": {buy, sell, lp}, // held
	})
}
