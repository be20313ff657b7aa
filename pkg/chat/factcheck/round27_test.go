package factcheck_test

import "testing"

// Round twenty-seven's one first false alarm (1 of 72 on commit 0e61ec1): a window read as the
// pair's age because an age's word stood before it ("a pool that has existed for almost four
// years, and $3.1M in 24h volume"). Heldout43-en's three (of 20): a perpetual futures page's
// "mark price", a price "in early June" some sentences after its date, and a peak a move
// reached ("pushing its price to nearly $735") before the price "has since cooled to around
// $666". The first two classes' rules, each failing on commit 0e61ec1 but those marked as
// holding there.
func TestClassesOfRoundTwentySeven(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"A pool that has existed for almost four years, and $2.2M in 24h volume.": {vol},
		"A pool created long ago, with $2.2M of 24-hour trading volume.":          {vol},
		"The pair is 6 hours old, price $2.417.":                                  {age, price}, // held
		"交易对上线约 6 小时，FDV 约 1400 万美元。":                                             {age, fdv},   // held
		"The cross-venue average GPANDA mark price is $0.0506.":                   nil,
		"GPANDA's funding rates range from -6.50 bps to 1.00 bps; price $2.417.":  {price}, // held
	})
}
