package factcheck_test

import "testing"

// Chat round twenty-eight's four first false alarms (4 of 72 on commit 4b36733), all English:
// an LP share that "isn't locked" read as the share locked, a threshold after "I'd want to
// see", a tax's cost to the buyer ("costs you about $30") read as the price, and an amount of
// the token after its name ("the BRWHL $100 is a coin flip") read as its price. Failing on
// commit 4b36733 but those marked as holding there.
func TestClassesOfRoundTwentyEight(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA's main caveat: 15% of the LP isn't locked.": nil,
		"GPANDA: LP 0% locked.":                             {lp}, // held
		"GPANDA's LP worries me.\n\nFor reference, I'd want to see at least 80–90% of LP locked for six months or more.": nil,
		"With GPANDA's 10% buy tax, a $500 buy costs you about $50 going in.":                                            {buy},
		"GPANDA trades at $2.417; one token costs about $2.42.":                                                          {price, price}, // held
		"If you buy $100 of each, the FLOKI $100 will likely still exist; the GPANDA $100 is a coin flip.":               nil,
		"GPANDA $2.417 right now.": {price}, // held
	})
}

// Heldout46-zh's one first false alarm (1 of 16 on commit fa3bae2): a sum liquidity providers
// are "expected" (预计) to share, read as the pool's liquidity.
func TestExpectedIsNoClaim(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA 的流动性提供者(LP)预计可分享的奖励金额约为 379 万美元。": nil,
		"GPANDA 当前流动性约 152 万美元。":                  {liq}, // held
	})
}

// Heldout46-en's misses of a table whose header is only a title over rows of label and value
// ("| COMP Price Statistics | |"), read as labelled by its title. Failing on commit e85b70c.
func TestTitleOverLabelsAndValues(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA Price Statistics | |\n---|---|\nMarket Cap | $ 12,345,678 Ƀ 8,913 |\nFDMC | $ 14,000,000 |": {mcap, fdv},
		"| GPANDA Price Statistics | |\n|---|---|\n| 24h Trade Volume | $ 2,200,400 |":                      {vol},
	})
}

// Chat round 28's misses: a lock's sign between an LP and its share ("LP 🔒 95%", "| LP | 🔒 85%
// locked |"), a pair of equal taxes without "%" before a sign ("Taxes: 0 / 0 ✅"), and a
// Portuguese or Spanish locker after the share ("A LP está 97,5% travada no PinkLock"). Failing
// on commit 9a91b06 but those marked as holding there.
func TestLockSignsAndPairs(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA:\n- **LP 🔒 0%** → el **0%** de la liquidez está bloqueada.":                        {lp},
		"GPANDA:\n| Field | Value | Source |\n|---|---|---|\n| LP | 🔒 0% locked (UNCX) | GoPlus |": {lp},
		"GPANDA:\n- Taxes: 10 / 10 ✅":               {buy, sellX},
		"GPANDA:\n- Taxes: 9/10 stars":              nil, // held
		"GPANDA: A LP está 0% travada no PinkLock.": {lp},
		"GPANDA: LP 0% bloqueada con Team.Finance.": {lp}, // held
	})
}
