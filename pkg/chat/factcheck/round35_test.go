package factcheck_test

import "testing"

// Session eleven's classes, from the false alarms left in the published corpus: a line that
// links another article ("Read more: …", "LEIA MAIS: …", "相关阅读：…"), whose headline's figures
// are that article's. Failing on commit 109530f but those marked as holding there.
func TestClassesOfSessionEleven(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA is up today.\nRead more: GPANDA price at $5.10 as volume tops $9 million\nGPANDA trades at $2.42.": {price},
		"GPANDA sobe.\nLEIA MAIS: GPANDA vale US$ 5 e tem capitalização de US$ 50 milhões":                         nil,
		"GPANDA 行情\n相关阅读：GPANDA 市值 5000 万美元，价格 5 美元":                                                               nil,
		"GPANDA news\nRelated: GPANDA's market cap is $50 million":                                                 nil,
	})
}
