package factcheck_test

import "testing"

// Round twenty-five had no first false alarm (0 of 72 on commit 00dfaed); heldout42-en's one
// (1 of 20) was a volume its annotator left out for want of a window, and heldout42's other
// languages' (3 of 17) a volume the same, a market cap "gần 100 triệu USD" after a statement,
// and a generic coin's price: "Uma criptomoeda negociada a $400 não diz nada …". With that
// example, the commonest misses of round 25: a card's "Age 9h", a pair that "đã tồn tại ~225
// ngày" or "交易对已运行约 179 天", and a table's "| LP travada | 0% |". Each fails on commit
// 0319930 but those marked as holding there.
func TestClassesOfRoundTwentyFive(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Uma criptomoeda negociada a $400 não diz nada sobre o seu potencial sem a sua capitalização de mercado.": nil,
		"Una criptomoneda que cotiza a 400 $ no dice nada sin su capitalización.":                                 nil,
		"A coin trading at $400 says nothing about its potential. GPANDA trades at $2.417.":                       {price}, // held
		"GPANDA is a token trading at $2.417.":                                                                    {price}, // held
		"**⏱ Age 6h** → fresh pair.":                                                                              {age},
		"- Age 9h":                                                                                                {ageX},
		"- Cặp đã tồn tại ~30 giờ":                                                                                {ageX},
		"前十地址合计持有 50.07%。交易对已运行约 6 小时，买卖税均为 10%。":                                                                 {top10, age, buy, sellX},
		"| Métrica | Valor |\n|---|---|\n| LP travada | 10% |":                                                    {lpX},
		"Average holding time is 9 hours.":                                                                        nil, // held
	})
}
