package factcheck_test

import "testing"

// Session twelve's classes. From round thirty-five's misses (text already in the corpus): an
// LP "fully locked" with no figure is all of it, in every language, as "the LP is burned" is;
// not one pool's share, a wish ("至少等 LP 全部锁定") or a denial. Failing on commit c18f001
// but those marked as holding there.
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
