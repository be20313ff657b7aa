package factcheck_test

import "testing"

// Heldout48 and heldout49's first false alarms the reader caused (on commit 4d1bf3e): the level
// a price "more than doubled from", a cap "just north of $4 billion" read as its value, a cap
// "below a $15 million" read as its value, and "created 14 minutes after" another token read
// as the pair's age. Failing on commit 4d1bf3e but those marked as holding there.
func TestClassesOfHeldoutFortyEight(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Since the announcement, the GPANDA price has more than doubled from $73.": nil,
		"The market valuation of GPANDA now sits just north of $40 million.":       nil,
		"The market valuation of GPANDA now sits just north of $10 million.":       {mcap},
		"GPANDA finished the weekend below a $5 million market cap.":               nil,
		"GPANDA was created 14 minutes after the largest Solana token.":            nil,
		"GPANDA was created 6 hours ago.":                                          {age}, // held
	})
}
