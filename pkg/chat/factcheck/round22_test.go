package factcheck_test

import "testing"

// Round twenty-two's one first false alarm (1 of 72 on commit 8ee66fe) and heldout39's (2 of 20
// in English, 1 of 16 in the other languages), the classes among them: a level a relative clause
// says the cap reached ("O market cap, que chegou perto de US$ 2,1 milhões, hoje está em torno
// de US$ 614 mil") and another instrument named as the clause's subject ("The trust now boasts
// a $66 million market cap", of the Grayscale Zcash Trust), in every language. The rest were
// figures their annotators left out (a pair's turnover, a price "在1.6美元区间"). Each fails on
// commit 8ee66fe but those marked as holding there.
func TestClassesOfRoundTwentyTwo(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"O market cap do GPANDA, que chegou perto de US$ 21 milhões, hoje está em US$ 12,35 milhões.":                     nil,
		"GPANDA jumped 36% to $2.417. The GPANDA Trust has been climbing. The trust now boasts a $66 million market cap.": {price},
		"GPANDA's market cap is $12.35M.": {mcap}, // held
	})
}
