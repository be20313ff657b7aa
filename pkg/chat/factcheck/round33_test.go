package factcheck_test

import "testing"

// Round thirty-three and heldout56/57's first false alarms the reader caused (on commit
// 9578091): a volume in "Millions" read without its scale ("$ 786.08 Millions"), a peak's
// valuation ("the largest market valuation of $7.46 billion"), a launch day's volume ("reaching
// approximately $485.42 million on launch day"), a session's volume and an hourly average
// ("3.68 million during the 03:00-04:00 session surpassed the twenty-four-hour average of 2.32
// million"), an amount to buy after a colon in Russian ("с ликвидностью проблем нет: 500 $ вы
// купите и продадите"), and a Russian card's age in days and hours ("8 д 19 ч"). Failing on
// commit 9578091 but those marked as holding there.
func TestClassesOfRoundThirtyThree(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA 24 hour trading volume is $ 2.20 Millions.":                                                                                 {vol},
		"GPANDA even exhibited the largest market valuation of $7.46 billion when it hit the all-time high.":                                nil,
		"GPANDA trading volumes were robust, with global trading volume reaching approximately $485.42 million on launch day.":              nil,
		"GPANDA volume acceleration to 3.68 million during the 03:00-04:00 session surpassed the twenty-four-hour average of 2.32 million.": nil,
		"Суточный объём торгов GPANDA — порядка 2,2 млн $, так что с ликвидностью проблем нет: 500 $ вы купите и продадите без заметного проскальзывания.": {vol},
		"GPANDA\nВозраст пары: 1 д 6 ч": {ageX},
		"GPANDA\nВозраст пары: 6 ч":     {age}, // held
	})
}

// Round thirty-four and heldout58/59's first false alarms the reader caused (on commit
// 51d9863): a position's worth ("a position the chart says is worth $3,000"), the price a
// token "commenced trading at", and a target in Chinese ("要实现1美元的价格"). Failing on commit
// 51d9863 but those marked as holding there.
func TestClassesOfRoundThirtyFour(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA: you'd receive about $2,700 for a position the chart says is worth $3,000.": nil,
		"The GPANDA token's price is worth $2.42 now.":                                      {price}, // held
		"GPANDA commenced trading at $6.70, achieving a peak of $8.80 on Bitfinex.":         nil,
		"GPANDA 要实现1美元的价格,面临最直接的障碍是其巨大的流通量。":                                                nil,
	})
}
