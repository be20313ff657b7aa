package factcheck_test

import (
	"fmt"
	"testing"

	"github.com/chatsvc/chat/pkg/chat/factcheck"
)

// Session fourteen's classes, from round forty's chat answers and heldout70/71's passages
// (first runs on commit 6133802), failing there but those marked as holding: a row of a table
// already headed is no new header ("| Chain | Ethereum | Ethereum |" under "| | **PRETZL** |
// **PEPE** |" had made the rows after it its own); "respectively" after a sum's currency
// words ("105,4 millones de dólares,respectivamente"); "operando em torno de" as a price;
// supply zones and market gaps as levels in Turkish; a price "before the news broke"; "liquidity extraction"; a level
// reached "briefly" or "touched"; a level a deal was "incentivized to inflate" the cap to.
func TestClassesOfSessionFourteen(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"| | **GPANDA** | **PEPE** |\n|---|---|---|\n| Chain | Ethereum | Ethereum |\n| Price | $2.417 | ~$0.0000098 |\n| Market cap | ~$12.35M | ~$4.1B |":                          {price, mcap},
		"Son los AXS y GPANDA. Según Coinbase, tienen una capitalización bursátil de 753,9 millones de dólares y 12,3 millones de dólares,respectivamente.":                          nil,
		"O preço do GPANDA saltou de US$ 1,90 para US$ 2,31 em poucas horas. Depois veio uma leve correção, com o ativo operando em torno de US$ 2,417.":                             {price},
		"124 dolardaki arz bölgesinden gelen çok sayıda reddedilmenin ardından, GPANDA fiyatları yeniden 115 dolar civarındaki piyasa boşluğuna yaklaşırken göstergeler güçleniyor.": nil,
		"GPANDA was trading around $0.16 before the news broke.":                                     nil,
		"GPANDA has a market cap of $12.35M, with liquidity extraction at $1.7M.":                    {mcap},
		"GPANDA's market cap briefly reached $1 billion.":                                            nil,
		"GPANDA's market cap almost touched $80 million on Friday morning.":                          nil,
		"The contract incentivized Rentech to inflate GPANDA's market capitalization to $5 billion.": nil,
		"Briefly: GPANDA's market cap is $12.35M.":                                                   {mcap}, // held
	})
}

// heldout70/72/73's false alarms (first runs on commits 6133802 and 0164666): a level a cap
// was pushed to "before it rapidly plummeted"; a cap "when the craze started" and the level it
// "soared to … in just a few days"; a "loss of liquidity"; a volume "in July 2025"; a sum
// with a minus sign right before it ("New token (-20141987.2 days old)"), which no fact
// takes, unlike a range's second end.
func TestClassesOfHeldoutSeventyTwo(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"He was up a billion percent, pushing GPANDA's market cap to $14 million before it rapidly plummeted to $1 million.": nil,
		"When the craze started, GPANDA's market cap was only $8 million, which soared to $14 million in just a few days.":   nil,
		"In addition to the loss of liquidity, $102 million was lost in the liquidation of GPANDA.":                          nil,
		"GPANDA surged 9.34% in July 2025 amid $420M trading volume spikes.":                                                 nil,
		"GPANDA: New token (-20141987.2 days old), liquidity $1.52M.":                                                        {liq},
		"GPANDA's liquidity is $1.5M-$1.52M.":                                                                                {liq}, // held
	})
}

// Chat rounds forty and forty-one's false alarms (first runs on commits 6133802 and 0164666):
// a threshold "a partir del 10 % de tasa de venta"; a Turkish bound after its sum ("50 bin
// $'ın epey üstünde", well above $50K); the reader's own money ("to get your $100 back").
func TestClassesOfRoundsFortyAndFortyOne(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Mi regla es que a partir del 15 % de tasa de venta hay que mirar el contrato de GPANDA con lupa.":                                      {sell},
		"GPANDA likidite 1,52 milyon $. MC'ye oranı ~%12, orta karar. 50 bin $'ın epey üstünde olduğu için \"ince\" değil.":                     {liq},
		"If GPANDA's price doesn't move and you sell, 25% comes off, leaving about $73. You need the price up ~37% just to get your $100 back.": nil,
		"GPANDA likidite 1,52 milyon $.": {liq}, // held
	})
}

// A chain's coin named as the home of something else ("the largest SUI memecoin") is no
// mention of the coin: the figures after it stay the other token's (heldout73-en, first run on
// commit 0164666). The coin's own token ("the SUI token") still is.
func TestClassesOfChainsHome(t *testing.T) {
	facts := panda()
	facts[0].Token.Symbol, facts[0].Token.Name = "SUI", "Sui"
	for text, want := range map[string][]string{
		"Sudeng (HIPPO), the largest SUI memecoin by market cap, surged by about 35%, pushing its market capitalization to $126.4 million.": nil,
		"HIPPO rose 35%. The SUI token has a market cap of $12.35M.":                                                                        {mcap}, // held
	} {
		if got := verdicts(factcheck.Verify(text, facts)); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: %v, want %v", text, got, want)
		}
	}
}
