package factcheck_test

import "testing"

// Round twenty-one and heldout38 raised no false alarm on their first runs (0 of 72 on commit
// eabc570, 0 of 20 and 0 of 16 on 89ee467); their misses gave these: a glossary line whose " = "
// explains its figure ("**MC: $1.2M** = market cap, i.e. price × circulating supply") is no
// computation; a bound that holds ("Its top 10 is above 40%") no longer hides a figure
// that contradicts (it states no value); another coin named as such ("Slerf, another meme coin
// …, has seen its market value soar to $612 million") is not the token; and a range's low end
// takes its high end's scale ("$490 – $520 million" runs from 490 million, not from $490). A
// price "near" or "around" right after the token's name ("With ICX near $0.0239") was read for
// a while and taken back: the name is as often an object ("accumulating GPANDA around $1.90",
// "buying GPANDA near $2.20"); the cases that guard it, and "is at around", held throughout.
// Each fails on commit 89ee467 but those marked as holding there.
func TestClassesOfRoundTwentyOne(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"- **MC: $12.35M** = market cap, i.e. price × circulating supply.":                                       {mcap},
		"- **Liq: $1.52M** = dollars sitting in the trading pool.":                                               {liq},
		"Vốn hóa thị trường = giá × nguồn cung lưu hành.\n\n➡️ Vốn hóa thị trường = $570 tỷ":                     nil, // held
		"Top 10: 20%. Its top 10 is above 40%.":                                                                  {top10X, top10},
		"GPANDA fell today. Slerf, another meme coin on Solana, has seen its market value soar to $612 million.": nil,
		"Market cap: roughly $490 – $520 million.":                                                               nil,
		"With GPANDA near $2.417, Golden Panda carries a market capitalization of $12.35M.":                      {mcap},        // held
		"GPANDA is at around $2.417 now, a market cap of roughly $12.35M.":                                       {price, mcap}, // held
		"Accumulating GPANDA around $1.90 was the plan last week.":                                               nil,           // held
		"Market cap: roughly $12 – $13 million.":                                                                 {mcap},        // held
	})
}
