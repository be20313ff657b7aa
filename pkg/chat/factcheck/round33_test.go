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
