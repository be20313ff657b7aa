package factcheck_test

import "testing"

// Heldout44 and heldout45's first false alarms that the reader, not the page or its annotator,
// caused (on commit a140772): an FDV whose label ends in "market value" read as the market
// cap ("Current fully diluted market value: US$3.2 billion"), a market cap that "would put"
// the token in the top 50, and a volume "six hours post-launch". The rules, each failing on
// commit a140772 but those marked as holding there; of two labels that end at the same place
// the longer wins, which also reads "完全稀释市值" as the FDV, not the market cap.
func TestClassesOfHeldoutFortyFour(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Current fully diluted market value: US$14 million":                                       {fdv},
		"Market value: $12.3M":                                                                    {mcap}, // held
		"GPANDA 市值约 1234.6 万美元，完全稀释市值 1400 万美元。":                                                  {mcap, fdv},
		"A market cap of $11.5B would put GPANDA in the top 50.":                                  nil,
		"A 10x from GPANDA's current ~$12.3M market cap would make it a ~$123M token.":            {mcap}, // held
		"Approximately six hours post-launch, the trading volume of GPANDA reached $470 million.": nil,
		"Two days after its launch, GPANDA's volume reached $470 million.":                        nil,
		"GPANDA trades at $2.417 with $2.2M in 24h volume.":                                       {price, vol}, // held
	})
}

// Heldout44's misses of a 24-hour volume a move with no size ended at ("the 24-hour volume
// soared to $1.68 billion"), which is history without its window ("surged to $4.6 billion"),
// and the chat answers' same form in other languages. Failing on commit dd5d0c7 but those
// marked as holding there (the prices after "custa" and "cuesta" are read since the commit
// after 002d31b).
func TestVolumeWindowEndsNow(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA's 24-hour trading volume soared to $2.2 million, up 577%.":              {vol},
		"GPANDA's volume soared to $2.2 million.":                                       nil, // held
		"GPANDA стоит 2,41 $. Объём за сутки упал до 2,2 млн $.":                        {price, vol},
		"GPANDA có giá 2,41 USD. Khối lượng 24h đã tăng lên 2,2 triệu USD.":             {price, vol},
		"O GPANDA custa US$ 2,41. O volume de 24h caiu para US$ 2,2 milhões.":           {price, vol},
		"GPANDA cuesta 2,41 $. El volumen de 24 horas subió a 2,2 millones de dólares.": {price, vol},
		"GPANDA cuesta 2,41 $. El volumen subió a 2,2 millones de dólares.":             {price}, // held
	})
}
