package factcheck_test

import "testing"

// Session thirteen's classes. From the published passages already in the corpus (heldout24
// and heldout64, first run in sessions eight and twelve): a round figure a token came to in
// the words "hitting a" or "reached a" is a milestone of its story, no reading ("recently has
// gained attention, hitting a $23 million market capitalization"), as "hit a" was. Failing
// on commit d0ef55d but those marked as holding there.
func TestClassesOfSessionThirteen(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA has gained attention in the community, hitting a $23 million market capitalization.": nil,
		"GPANDA reached a $3 billion market capitalization last night, then fell.":                   nil, // held
		"GPANDA rose 5%, hitting $3.10.":                  {priceX}, // held
		"GPANDA has a $23 million market capitalization.": {mcapX},  // held
	})
}
