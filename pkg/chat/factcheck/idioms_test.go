package factcheck_test

import "testing"

// An "if" that only turns the eye to a view ("if we look at …") makes no hypothesis, in every
// language; a real one still does. Well-known coins named in running text, not as tickers
// ("Bonk's", "BabyDoge"), speak of themselves, not of the token. Each case but the last two
// (which guard what stood) fails on the reader before them (commit 6f660e5).
func TestLooksAndNames(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"If we look at GPANDA, it trades at $2.42 with a market cap of $12.3M.":                                           {price, mcap},
		"If you look at the chart, GPANDA trades at $2.42, and if it falls to $1 the cap is $5M.":                         {price},
		"Если смотреть на GPANDA (BNB Chain), то сейчас он торгуется около 2,42 $ при капитализации примерно 12,3 млн $.": {price, mcap},
		"Si miramos GPANDA, cotiza a 2,42 $ con una capitalización de 12,3 M$.":                                           {price, mcap},
		"GPANDA grafiğine bakacak olursak fiyat 2,42 dolar, piyasa değeri 12,3 milyon dolar.":                             {price, mcap},
		"如果看 GPANDA，价格 2.42 美元，市值 1230 万美元。":                                                                              {price, mcap},
		"Nếu nhìn vào GPANDA, giá hiện tại là 2,42 USD.":                                                                  {price},
		// "ё" in a label: "разводнённая".
		"Полностью разводнённая оценка GPANDA — около 4 млрд $.": {fdvX},
		// Another coin by its name leads the sentence.
		"GPANDA trades at $2.42. BabyDoge is far smaller: price about $0.0000000016, market cap ~$240M.": {price},
		"BabyDoge заметно меньше: цена около 0,0000000016 $, капитализация ~240 млн $.":                  nil,
		"Popcat trades at $0.42 while GPANDA sits at $3.10.":                                             {priceX},
		"For scale, Bitcoin Cash trades at $480.":                                                        nil,
	})
}
