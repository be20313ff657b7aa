package factcheck_test

import (
	"testing"

	"github.com/chatsvc/chat/pkg/chat/factcheck"
)

// Classes of wording met once on fresh text (round seven, heldout22) and probed in every
// language before a rule was written for them: an owner who "can raise" a tax states no tax,
// "for example" that names the token itself states its own figures, a bound "less than" with
// "чем", a Chinese "if it were to". Each case fails on the reader before them (commit
// e608970).
func TestClassesOfRoundSeven(t *testing.T) {
	mc := factcheck.FactMarketCap + "=" + factcheck.Agrees
	checkVerdicts(t, map[string][]string{
		"The owner can raise the sell tax to 25%.":                                                              nil,
		"El owner puede subir el impuesto de venta al 25 %.":                                                    nil,
		"O dono pode aumentar a taxa de venda para 25%.":                                                        nil,
		"Владелец может поднять налог на продажу до 25 %.":                                                      nil,
		"Sahip satış vergisini %25'e yükseltebilir.":                                                            nil,
		"项目方可以把卖出税调到 25%。":                                                                                      nil,
		"GPANDA, por ejemplo, cuenta con una capitalización de mercado cercana a los 12,3 millones de dólares.": {mc},
		"For example, GPANDA has a market cap of $12.3M.":                                                       {mc},
		"Рыночная капитализация GPANDA сократилась до менее чем 20 миллионов долларов.":                         {mc},
		"若要达到 1 万美元的单价，GPANDA 的 FDV 将飙升。":                                                                       nil,
	})
}
