package factcheck_test

import "testing"

// Round twenty-two's one first false alarm (1 of 72 on commit 8ee66fe) and heldout39's (2 of 20
// in English, 1 of 16 in the other languages), the classes among them: a level a relative clause
// says the cap reached ("O market cap, que chegou perto de US$ 2,1 milhões, hoje está em torno
// de US$ 614 mil") and another instrument named as the clause's subject ("The trust now boasts
// a $66 million market cap", of the Grayscale Zcash Trust), in every language. The rest were
// figures their annotators left out (a pair's turnover, a price "在1.6美元区间"). Their misses
// gave: a token's own "total market cap" ("ZEC’s total market cap now sits at roughly $2.93
// billion"; the whole market's keeps "the", "of" or "highest" before it) and European
// Portuguese "está a negociar a 0,418 $", and a table whose first row is a label and its
// value, no header ("Ethereum Name Service Price (24hr) | $13.59 (+1.83%) |" over "Market Cap |
// $374.22M"). Each fails on
// commit 8ee66fe but those marked as holding there.
func TestClassesOfRoundTwentyTwo(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"O market cap do GPANDA, que chegou perto de US$ 21 milhões, hoje está em US$ 12,35 milhões.":                     nil,
		"GPANDA jumped 36% to $2.417. The GPANDA Trust has been climbing. The trust now boasts a $66 million market cap.": {price},
		"GPANDA's market cap is $12.35M.": {mcap}, // held
		"The rally forced $2 million in short liquidations. GPANDA’s total market cap now sits at roughly $12.35 million.":              {mcap},
		"GPANDA trades at $2.417, while the total market cap of all cryptocurrencies fell to $2.23 trillion.":                           {price}, // held
		"In terms of total market cap, the dog series has the highest total market cap of memes, reaching 7.206 billion USD.":           nil,     // held
		"GPANDA Price (24hr) | $2.417 (+1.83%) |\n---|---|\nMarket Cap | $12.35M (+1.83%) |\nTrading Volume (24hr) | $2.2M (-32.06%) |": {price, mcap, vol},
		"GPANDA está a negociar a 2,417 $, com volatilidade controlada em 2,45 %.":                                                      {price},
	})
}
