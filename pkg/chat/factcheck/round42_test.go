package factcheck_test

import "testing"

// Session fifteen's classes. Spanish and Portuguese taxes by the verbs of their sides ("al
// comprar", "ao vender") and with an article before each figure ("un 3 % al comprar y un 8 %
// al vender"), which had been left unread.
func TestClassesOfSessionFifteen(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Impuestos: un 10 % al comprar y un 99 % al vender.":   {buy, sell},
		"Impuestos: 3 % al comprar y 8 % al vender.":           {buyX, sellX},
		"Taxas: 10% ao comprar e 99% ao vender.":               {buy, sell},
		"El token cobra un 3 % al comprar y un 8 % al vender.": nil, // held: no taxes word near
	})
}
