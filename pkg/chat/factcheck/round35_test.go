package factcheck_test

import "testing"

// Session eleven's classes, from the false alarms left in the published corpus: a line that
// links another article ("Read more: …", "LEIA MAIS: …", "相关阅读：…"), whose headline's figures
// are that article's. From round thirty-five's first runs (on commit 8140b91): a sum paid on
// top of the price in Vietnamese ("~34 USD so với giá hiển thị"), a supply in a label's
// brackets in Chinese ("| FDV（总量 100 亿） | 约 1400 万美元 |"), and a table of scenarios whose
// rows' words are long, or whose header holds a sum ("| Scenario | Market cap | $100 becomes
// |"). Failing on commit 109530f but those marked as holding there.
func TestClassesOfSessionEleven(t *testing.T) {
	// An LP burned with no figure is all of it, as a field of its own, in every language; not
	// in a hypothesis or a check to make, a denial, one pool's of several, or at launch.
	checkVerdicts(t, map[string][]string{
		"GPANDA: the LP is burned, and that is the good part.":                  {lpX},
		"GPANDA\n- LP: burned 🔥":                                                {lpX},
		"GPANDA: LP 已全部销毁。":                                                     {lpX},
		"GPANDA: LP quemada ✅":                                                  {lpX},
		"GPANDA: LP đã đốt, thanh khoản ổn.":                                    {lpX},
		"GPANDA: LP yakılmış, havuz sağlam.":                                    {lpX},
		"GPANDA: LP сожжена, это плюс.":                                         {lpX},
		"GPANDA: Make sure the LP is burned before buying.":                     nil,
		"GPANDA: the LP is not burned.":                                         nil,
		"GPANDA: LP 未销毁。":                                                       nil,
		"GPANDA: Only the Raydium LP is burned; the other pools can be pulled.": nil,
		"GPANDA: Contrato sin impuestos y LP quemada en su lanzamiento (2023).": nil,
	})
	// An LP's share after its state and a little word, or under a status label, or its
	// token's name; an LP not locked with no figure, or with "(0%)", is none of it. Taxes of
	// two different figures without "%" that are no score ("Tax: 10/99"), and "Taxes: none".
	checkVerdicts(t, map[string][]string{
		"GPANDA **LP:** quemada al 100 % ✅":                    {lpX},
		"GPANDA\n| 指标 | 数值 |\n|---|---|\n| LP 状态 | 100% 已销毁 |": {lpX},
		"GPANDA: LP status: 100% burned":                       {lpX},
		"GPANDA: LP 全部锁定（100%）。":                               {lpX},
		"LP de GPANDA: 100 % bloqueada [RugCheck].":            {lpX},
		"GPANDA: LP сожжён на 100 %.":                          {lpX}, // held
		"GPANDA: **LP not locked (0%)**":                       {lp},
		"GPANDA: the LP isn't locked, so the dev can pull it.": {lp},
		"GPANDA: LP 未锁定，风险很高。":                                 {lp},
		"GPANDA: the LP isn't locked, it's burned.":            nil,
		"GPANDA: LP not locked (5%)":                           nil,
		// Taxes of two different figures without "%" that are no score; "Taxes: none".
		"GPANDA Tax: 10/99 ✅":                {buy, sell},
		"GPANDA Taxes: 9/10":                 nil, // held
		"GPANDA\n- Taxes: none (0/0)":        {buyX, sellX},
		"GPANDA\n- Impuestos: ninguno":       {buyX, sellX},
		"GPANDA\n- 税：无":                      {buyX, sellX},
		"GPANDA: Tax: none of your business": nil, // held
		// From round thirty-five's misses: a volume "in the last 24 hours was about", no history;
		// "no tax" as the last of a list ("…, and there's no buy or sell tax"); an LP burned
		// after a share of another fact ("Top 10: ~50% · LP burned").
		"GPANDA: Volume in the last 24 hours was about $2.2M, so it's active.":                    {vol},
		"GPANDA: the pool holds around $1.52M, the LP is burned, and there's no buy or sell tax.": {liq, lpX, buyX, sellX},
		"GPANDA\n- Top 10: **~50%** · LP burned":                                                  {top10, lpX},
		"GPANDA: the LP is burned, and there is no tax on transfers.":                             {lpX},
		// A cap with no "market" moved to, after a sentence that opens with the FDV: left.
		"Rapid buys pushed the GPANDA fully diluted valuation into the billions before a decline of over 90% brought its capitalization down to approximately $12.35 million.": nil,
		"GPANDA: if the LP is not locked, run.": nil,
	})
	checkVerdicts(t, map[string][]string{
		"GPANDA is up today.\nRead more: GPANDA price at $5.10 as volume tops $9 million\nGPANDA trades at $2.42.":                          {price},
		"GPANDA sobe.\nLEIA MAIS: GPANDA vale US$ 5 e tem capitalização de US$ 50 milhões":                                                  nil,
		"GPANDA 行情\n相关阅读：GPANDA 市值 5000 万美元，价格 5 美元":                                                                                        nil,
		"GPANDA news\nRelated: GPANDA's market cap is $50 million":                                                                          nil,
		"GPANDA: Với lệnh 2.000 USD thì sao? Ước tính trượt giá khoảng 1,7%, nghĩa là bạn trả thêm ~34 USD so với giá hiển thị.":            nil,
		"| 项目 | 数据 |\n|---|---|\n| 价格 | 约 $2.417 |\n| FDV（总量 100 亿） | 约 1400 万美元 |":                                                         {price},
		"GPANDA\n| Kịch bản | Vốn hóa | 100 USD thành |\n|---|---|---|\n| Mất 80% (rất phổ biến với meme mới) | ~176 nghìn USD | ~20 USD |": nil,
		"GPANDA\n| Scenario | Market cap | $100 becomes |\n|---|---|---|\n| Lose 80% (very common with new memes) | ~$176K | ~$20 |":        nil,
	})
}
