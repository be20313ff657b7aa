package factcheck_test

import "testing"

// Round twenty-three's first false alarms (2 of 72 on commit 861e1f5) and heldout40-en's (2 of
// 20), the classes among them: the liquidity as "a pool holding" its sum after the word "price"
// ("the price is set by a pool holding only ~$312K"), a first day's volume ("ilk günkü ~4
// milyon $'lık hacmin çok altında"), a protocol's cumulative volume with words between
// ("Cumulative DEX Aggregator Volume$10.359b"), and a milestone "nearing a $1 billion market
// cap", and a part of the total in brackets after its figure ("DEX Volume$6.24m(38.63% of
// total)", "(38,6% del total)"). The rest were figures their annotators left out (a volume stated as "$83.12
// million" and "nearly $100 million"). Each
// fails on commit 861e1f5 (the part of a total on 8911cab) but those marked as holding there.
func TestClassesOfRoundTwentyThree(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA shows a market cap of about $12.35M, but that number is just price × supply, and the price is set by a pool holding only ~$1.52M.": {mcap, liq},
		"24 saatlik hacim ~2,2 milyon $; ilgi hâlâ canlı ama ilk günkü ~4 milyon $'lık hacmin çok altında.":                                        {vol}, // held (the volume now agrees)
		"Cumulative DEX Aggregator Volume$10.359b\nMarket Cap$12.35m":                                                                              {mcap},
		"GPANDA is now nearing a $1 billion market cap.":                                                                                           nil,
		"GPANDA's market cap is $12.35M.":                                                                                                          {mcap}, // held
	})
}
