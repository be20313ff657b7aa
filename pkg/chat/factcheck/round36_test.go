package factcheck_test

import "testing"

// Session twelve's classes. From round thirty-five's misses (text already in the corpus): an
// LP "fully locked" with no figure is all of it, in every language, as "the LP is burned" is;
// not one pool's share, a wish ("至少等 LP 全部锁定") or a denial. Failing on commit c18f001
// but those marked as holding there. From round thirty-six's first runs (on commit 6eb2e49),
// in TestClassesOfRoundThirtySix.
func TestClassesOfSessionTwelve(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA: there's no tax, the LP is fully locked, and it has traded for months.": {buyX, sellX, lpX},
		"GPANDA\n- LP: fully locked ✅":                                                  {lpX},
		"GPANDA: La LP está totalmente bloqueada.":                                      {lpX},
		"GPANDA: A LP está totalmente travada.":                                         {lpX},
		"GPANDA: LP полностью заблокирован.":                                            {lpX},
		"GPANDA: LP tamamen kilitli.":                                                   {lpX},
		"GPANDA: LP đã khóa toàn bộ.":                                                   {lpX},
		"GPANDA: LP 已全部锁定。":                                                             {lpX},
		"GPANDA: 建议先观望，至少等 LP 全部锁定、卖税降下来再说。":                                            nil, // held
		"GPANDA: the LP is not fully locked.":                                           nil, // held
		"GPANDA: make sure the LP is fully locked before you buy.":                      nil, // held
	})
}

// Round thirty-six's false alarms: a figure cited to another data site, which differs by
// minutes and pools, is held as "about" ("GeckoTerminal 显示流动性 19.8 万美元"); a supply in
// coins under an FDV's label ("45.000 millones de ADA", "84 млн монет"); a time ago in words
// in Turkish ("bir hafta önce"); a sell in Chinese with no other word ("卖 1000 美元冲击约
// 2%"), and a sum worked out "按现在的池子算"; in Vietnamese a count of tokens worth a sum,
// "trên mức" as a bound and one exchange's volume ("của mỗi sàn"). Also a Turkish "satım
// vergisi", and a sentence whose first words are rewritten still starts a sentence ("Bir
// hafta önce … civarındaydı. Alım ve satım vergisi %3'er").
func TestClassesOfRoundThirtySix(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA：不同平台的数字略有出入：GeckoTerminal 显示流动性 145 万美元。":                              {liq},
		"GPANDA: GeckoTerminal shows liquidity of $1.45M, a little under what we see.": {liq},
		"GPANDA: liquidity of $1.45M.": {liqX}, // held
		"GPANDA: La FDV usa el suministro máximo, 45.000 millones de GPANDA, así que es mayor.":                              nil,
		"GPANDA: La liquidez es de 1,52 millones de USD.":                                                                    {liq}, // held
		"GPANDA: Есть ещё FDV — оценка с учётом максимальной эмиссии в 84 млн монет.":                                        nil,
		"GPANDA: Likidite bir hafta önce ~71 bin $'dı; bu düşüş havuzun çekilmesinden değil.":                                nil,
		"GPANDA: 卖出 1 万美元，价格大约会被砸下 17%；卖 1000 美元冲击约 2%。":                                                                     nil,
		"GPANDA: 剩下的 28% 还在部署者钱包里，按现在的池子算大约 5.7 万美元。":                                                                        nil,
		"GPANDA: Lượng token mở khóa mỗi tháng, tính theo giá hiện tại, trị giá khoảng 255 nghìn USD.":                       nil,
		"Ví này gom GPANDA trong ngày 08/04 - thời điểm giá GPANDA còn giao dịch trên mức 6 USD.":                            nil,
		"Bitfinex và Bithumb là hai sàn giao dịch GPANDA hàng đầu với khối lượng giao dịch 24h của mỗi sàn khoảng 2 tỷ USD.": nil,
		"GPANDA: Alım vergisi %10, satım vergisi %99.":                                                                       {buy, sell},
		"GPANDA: Bir hafta önce fiyat 0,017 $ civarındaydı. Alım ve satım vergisi %3'er — BSC'de normal sayılır.":            {buyX, sellX},
	})
	// Round thirty-six's misses: one figure with the words of both sides after it ("0% each
	// way", "0% tax both ways"), a tax's "zero", "no tax" as a statement of its own ("there's
	// no tax, so …") or with both sides after it; not a rule or a hypothesis. Alternatives are
	// no claim ("$30 or $40"), nor what a price would have "to be".
	checkVerdicts(t, map[string][]string{
		"GPANDA: no mint function, and no buy or sell tax — 0% each way, so you won't get clipped.": {buyX, sellX},
		"GPANDA: Credit where due: 0% tax both ways, mint revoked.":                                 {buyX, sellX},
		"GPANDA: The LP is burned, taxes are zero on both sides, and it is five days old.":          {lpX, buyX, sellX, ageX},
		"GPANDA: There's no tax on either side.":                                                    {buyX, sellX},
		"GPANDA: Nothing's changed: LP is still burned and there's no tax, so this looks normal.":   {lpX, buyX, sellX},
		"GPANDA: The sell tax reads 99%. The buy tax is zero, so anyone can get in.":                {sell, buyX},
		"GPANDA: La LP está quemada y no hay impuestos.":                                            {lpX, buyX, sellX},
		"GPANDA: Most tokens on Base have no tax on either side.":                                   nil, // held
		"GPANDA: If there's no tax, great.":                                                         nil, // held
		"For the price of $GPANDA to be $30 or $40, the market cap should be 3T or 4T.":             nil,
		"GPANDA price: $30 or $40, depending on the source.":                                        nil,
	})
	// A small count spelled out before a unit of time is read as digits ("about six hours
	// old", "seis horas"), but not a time ago, a window or one its digits follow.
	checkVerdicts(t, map[string][]string{
		"GPANDA: the LP isn't locked at all, and the pair is about six hours old.": {lp, age},
		"GPANDA: El par tiene seis horas.":                                         {age},
		"GPANDA: The pair is only two days old.":                                   {ageX},
		"GPANDA launched just two days ago on 18 November.":                        nil,     // held
		"GPANDA has dropped 24% in just four hours, trading at $2.417.":            {price}, // held
		"GPANDA: el par tiene menos de dos días (41 horas).":                       {ageX},  // held
	})
}

// Round thirty-seven's false alarms (first runs on commit 0c6c765): a cap a move ended at
// before another word of a move ("before retracing to $940 million"); in Turkish an example
// ("Örneğin … 100 $ girdiysen şu an pozisyon ~40 $") and a threshold after its label ("50
// bin $ likidite eşiğini"); in Chinese a target "所谓百倍" and the cap it would take.
func TestClassesOfRoundThirtySeven(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA reached a market cap of $2.7 billion before retracing to $12.35 million.":                                        nil,
		"GPANDA: Örneğin 0,000146'dan 100 $ girdiysen şu an pozisyon ~40 $, satış vergisi ve fiyat etkisiyle eline ~38 $ geçer.": nil,
		"GPANDA: 所谓\"百倍\"，对应的市值是 3470 万美元，几乎不可能实现。":                                                                              nil,
		"GPANDA: 50 bin $ likidite eşiğini rahat geçiyor, ama büyük pozisyon için sığ.":                                          nil,
		"GPANDA: Likidite 1,52 milyon $, 50 bin $ eşiğinin üstünde.":                                                             {liq}, // held
	})
}

// Round thirty-six's misses, three times in one round: an FDV told as the market cap's twin
// ("FDV the same", "FDV: same as MC", "FDV identical") is the cap's figure before it; not a
// rule that goes on ("FDV is the same for most memecoins").
func TestClassesOfFDVAsCap(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA\n- **Market cap:** ~$12.35M (FDV the same — all 1B tokens are circulating)": {mcap, fdvX},
		"GPANDA\n- **MC:** $12.35M\n- **FDV:** same as MC":                                  {mcap, fdvX},
		"GPANDA\n* **Market cap:** ~$12.35M (FDV identical, 10B supply)":                    {mcap, fdvX},
		"GPANDA: Market cap $12.35M. FDV is the same for most memecoins.":                   {mcap}, // held
	})
}
