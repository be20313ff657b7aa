package factcheck_test

import (
	"fmt"
	"testing"

	"github.com/chatsvc/chat/pkg/chat/factcheck"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// taxesOff are panda's facts with its taxes 40 points off and its LP 40% locked.
func taxesOff() []token.Facts {
	off := panda()
	h := *off[0].Security.Holders
	h.LPLockedPercent = ptr(40.0)
	off[0].Security = &token.Security{Taxes: []token.Tax{{Source: "GoPlus", BuyPercent: ptr(50.0), SellPercent: ptr(59.0)}}, Holders: &h}
	return off
}

// A pair of taxes and an LP's share are read in the forms chat answers write them in every
// language: under a generic "taxes" label, with markup or a table's cell between, with the side
// after each figure, without "%" ("taxes 10/99."), and "LP: 0% locked". Each agrees with
// panda's facts (buy 10%, sell 99%, LP 0%) and contradicts facts off.
func TestTaxesAndLPInChatForms(t *testing.T) {
	tax := []string{factcheck.FactBuyTax, factcheck.FactSellTax}
	lp := []string{factcheck.FactLPLocked}
	for text, facts := range map[string][]string{
		"- **Taxes:** 10% / 99%":                               tax,
		"| Metric | Value |\n|---|---|\n| Taxes | 10% / 99% |": tax,
		"GPANDA taxes are 10/99 and that is high.":             tax,
		"Impuestos: compra 10 % / venta 99 %":                  tax,
		"- Taxas: 10% compra / 99% venda":                      tax,
		"Налог: покупка 10% · продажа 99%":                     tax,
		"Vergi: %10 / %99":                                     tax,
		"Thuế mua/bán: 10% / 99%":                              tax,
		"买税/卖税：10% / 99%":                                      tax,
		"Sell/Buy Tax: 99% / 10%":                              tax,
		"LP: 0% locked":                                        lp,
		"| LP | 0 % bloqueada |":                               lp,
		"GPANDA：LP 0% 锁定":                                      lp,
	} {
		agreesAndContradicts(t, text, facts, taxesOff())
	}
}

// "No taxes" in every language says both taxes are 0%: it contradicts panda's 10% and 99%.
// "No tax treaty" and "no tax on transfers" say nothing of the token's taxes, nor do two
// figures that are no pair ("Taxes: 24/7 trading").
func TestNoTaxesIsZero(t *testing.T) {
	both := []string{factcheck.FactBuyTax, factcheck.FactSellTax}
	for text, want := range map[string][]string{
		"GPANDA has no buy or sell tax.":       both,
		"No taxes (GoPlus), LP burned.":        both,
		"- Sin impuestos.":                     both,
		"O contrato é limpo: sem taxas.":       both,
		"GPANDA: налогов нет, LP сожжена.":     both,
		"GPANDA: vergi yok.":                   both,
		"GPANDA không có thuế.":                both,
		"GPANDA 无买卖税，LP 已锁定。":                  both,
		"There is no tax on transfers.":        nil,
		"The US has no tax treaty with them.":  nil,
		"Taxes: 24/7 trading, all year round.": nil,
	} {
		if got := contradicted(factcheck.Verify(text, panda())); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: contradicts %v, want %v", text, got, want)
		}
	}
}
