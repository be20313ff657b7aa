package factcheck_test

import "testing"

// Round eighteen's one first false alarm (1 of 72 on commit 11d7d1d): a norm stated as a
// standard ("o padrão saudável é LP 100% queimada"). heldout35-en's (5 of 20): a quarter's close
// ("closing the quarter at around $5.29") and a day told relative to the one before ("The
// following day, its volume jumped again to $1.49 billion"); its others were a scenario's
// sections ("The Nickel … Market Cap: $624M"), a garbled page and a creation date's age its
// annotator left out. Each fails on the reader before (commit 11d7d1d) but the last, which held.
func TestClassesOfRoundEighteen(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Em tokens de Solana, o padrão saudável é LP 100% queimada — quando isso não acontece, o risco é alto.":     nil,
		"On Solana the healthy standard is LP 100% burned.":                                                         nil,
		"GPANDA token price also fell slightly, closing the quarter at around $5.29.":                               nil,
		"On November 9 volume jumped to $496 million. The following day, its volume jumped again to $1.49 billion.": nil,
		"GPANDA trades at $2.417 today.": {price},
	})
}
