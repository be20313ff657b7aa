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

// Heldout48's first false alarms in other languages (on commit 5b1ffda): a volume another
// project "led the list with in January" ("liderou a lista em janeiro com US$ 26,2 bilhões"),
// and a cap a move reached "after" an event ("sau khi He Yi tương tác, … tăng từ 2,5 triệu đô la
// Mỹ lên 27 triệu"). A month with "em"/"en" and "sau khi" are history; "preço atual" and
// "precio actual" are the present's words. Failing on commit 5b1ffda but those marked as
// holding there.
func TestMonthsAndEventsAreHistory(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"O GPANDA liderou a lista em janeiro com US$ 26,2 milhões em volume negociado.":                         nil,
		"GPANDA marcó su máximo en marzo; el volumen es de 2,2 millones de dólares al precio actual de 2,41 $.": {vol, price}, // held; guards the month rule
		"Sau khi He Yi tương tác, vốn hóa của GPANDA đã tăng từ 2,5 triệu đô la Mỹ lên 27 triệu đô la Mỹ.":      nil,
		"Vốn hóa của GPANDA hiện là 12,3 triệu USD.":                                                            {mcap}, // held
	})
}

// Heldout48-en's misses of a price page's price under its title with a blank line between
// ("Cosmos Hub ATOM", "", "$1.61"). Failing on commit 7321441.
func TestTitleBlankLinePrice(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Golden Panda GPANDA\n\n$2.417\n▲ +0.8% 24h": {price},
		"GPANDA\n\nMarket Cap\n\n$12.3M":             {mcap},
	})
}

// Heldout50-en's false alarm the reader caused (on commit 8eebe18): a cap whose label stands
// between it and "would" ("what a $100 billion market cap would mean for Cardano"); a figure
// "current" before it stays a claim. Failing on commit 8eebe18 but those marked as holding
// there.
func TestLabelBeforeWould(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"To understand what a $100 million market cap would mean for GPANDA, consider its supply.": nil,
		"A 10x from GPANDA's current ~$12.3M market cap would make it a ~$123M token.":             {mcap}, // held
	})
}

// Heldout50's misses in Portuguese and Spanish of a price after the verb "costs" ("O GPANDA
// custa US$ 2,41", "GPANDA cuesta 2,41 $"), which English has read since its first session.
// Failing on commit 002d31b.
func TestCostsVerbInPortugueseAndSpanish(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"O GPANDA custa US$ 2,41 neste momento.": {price},
		"GPANDA cuesta 2,41 $ ahora mismo.":      {price},
	})
}
