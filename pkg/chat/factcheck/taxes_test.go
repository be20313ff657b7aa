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
// after each figure, and "LP: 0% locked". Each agrees with
// panda's facts (buy 10%, sell 99%, LP 0%) and contradicts facts off.
func TestTaxesAndLPInChatForms(t *testing.T) {
	tax := []string{factcheck.FactBuyTax, factcheck.FactSellTax}
	lp := []string{factcheck.FactLPLocked}
	for text, facts := range map[string][]string{
		"- **Taxes:** 10% / 99%":                               tax,
		"| Metric | Value |\n|---|---|\n| Taxes | 10% / 99% |": tax,
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
		"GPANDA: no buy or sell tax.":          both,
		"No taxes (GoPlus), LP burned.":        {factcheck.FactBuyTax, factcheck.FactLPLocked, factcheck.FactSellTax}, // an LP burned is all of it (session eleven)
		"- Sin impuestos.":                     both,
		"O contrato é limpo: sem taxas.":       both,
		"GPANDA: налогов нет, LP сожжена.":     {factcheck.FactBuyTax, factcheck.FactLPLocked, factcheck.FactSellTax},
		"GPANDA: vergi yok.":                   both,
		"GPANDA: không có thuế.":               both,
		"安全面：无买卖税，LP 已锁定。":                     both,
		"There is no tax on transfers.":        nil,
		"The US has no tax treaty with them.":  nil,
		"Taxes: 24/7 trading, all year round.": nil,
	} {
		if got := contradicted(factcheck.Verify(text, panda())); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: contradicts %v, want %v", text, got, want)
		}
	}
}

// A review of the forms above found each of these read as the token's taxes, LP or age, or a
// figure lost: "no taxes" or a pair of them in a rule, a claim, a negation or another country's
// law; a taxes word inside one tax's label; a table's two columns; scores out of ten; an LP
// share with history or a negation after it; a bold label taken for a token's name; a label in
// brackets after its figure. Each reads as a reader who knows what the words mean would.
func TestReviewOfTaxForms(t *testing.T) {
	a := func(facts ...string) []string {
		var out []string
		for _, f := range facts {
			out = append(out, f+"="+factcheck.Agrees)
		}
		return out
	}
	c := factcheck.Contradicts
	checkVerdicts(t, map[string][]string{
		"It is not tax-free: buy 10%, sell 99%.":                                nil,
		"**Taxes:** the project says no taxes, but this could not be verified.": nil,
		"Project claims: no taxes.":                                             nil,
		"Most Solana meme tokens have no taxes.":                                nil,
		"Токены Pump.fun обычно без налогов.":                                   nil,
		"Pump.fun 上的代币通常无税。":                                                    nil,
		"Các token trên Pump.fun không có thuế.":                                nil,
		"Most meme tokens have taxes of 0% / 0%.":                               nil,
		"On Solana, SPL tokens cannot charge taxes: 0/0.":                       nil,
		"In Portugal, crypto gains held over a year are tax-free.":              nil,
		"Risk scores — Liquidity: 4/10, Taxes: 9/10, Holders: 7/10.":            nil,
		"Taxes: 24/7.": nil,
		"Проект существует уже 2 недели.":                                          nil,
		"Hợp đồng mới 2 tuần tuổi.":                                                nil,
		"Claimed \"LP 100% burned\" — GoPlus shows 0%.":                            nil,
		"LP: 100% locked at launch, now 0%.":                                       nil,
		"LP: %100 kilitli değil.":                                                  nil,
		"The sell tax is 99%, 50.07% of supply is held by the top 10 wallets.":     a(factcheck.FactSellTax),
		"The sell tax is 99% / 100% (GoPlus / honeypot.is).":                       a(factcheck.FactSellTax),
		"Thuế bán 99%, 50,07% nguồn cung nằm trong top 10 ví.":                     a(factcheck.FactSellTax),
		"| Metric | GPANDA | BONK |\n|---|---|---|\n| Sell tax | 99% | 0% |":       a(factcheck.FactSellTax),
		"**PROS:**\n- Liquidity $1.52M\n- Volume $2.2M":                            a(factcheck.FactLiquidity, factcheck.FactVolume),
		"For example:\n- A token priced at $0.50\n**GPANDA today:** price $2.417.": a(factcheck.FactPrice),
		"GPANDA: $2.417 (price), $12.3M (market cap).":                             a(factcheck.FactPrice, factcheck.FactMarketCap),
		"GPANDA: $1.52M \"liquidity\" and $2.2M \"volume\".":                       a(factcheck.FactVolume),
		"GPANDA: $1.52M “liquidity” and $2.2M “volume”.":                           a(factcheck.FactVolume),
		"Ликвидность 1,52 млн $ до конца 2026 года заблокирована.":                 a(factcheck.FactLiquidity),
		"GPANDA taxes are 5/5.":                                                    {factcheck.FactBuyTax + "=" + c, factcheck.FactSellTax + "=" + c},
		"GPANDA satış vergisi: alımda %10, satışta %99.":                           a(factcheck.FactBuyTax, factcheck.FactSellTax),
	})
}

// The LP's share in the forms of the fourth round's answers, with a verb, its state before
// it, its share before "LP", a Turkish suffix, a source after it. Each case but the last two
// (which guard what stood) fails on the reader before them (commit f1cb4be).
func TestLPSharesInEveryForm(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Mint authority is revoked and the LP is 100% burned.": {lpX},
		"- LP travada: 0%":                   {lp},
		"E o LP está 80% travado.":           {lpX},
		"LP сожжён на 100 %.":                {lpX},
		"LP %0 kilitli [RugCheck].":          {lp},
		"LP'nin %0'ı kilitli.":               {lp},
		"**LP kilidi:** %0":                  {lp},
		"88% LP được khóa (Unicrypt).":       {lpX},
		"- LP: **đốt 100%**":                 {lpX},
		"20% of the LP is unlocked.":         nil,
		"LP: 100% burned at launch, now 0%.": nil,
	})
}

// The taxes stated by their sides in prose, in every language, as the fourth round's answers
// wrote them (one figure for both sides, or one on each), and a sentence before a label that
// starts with "se" or "si" (Portuguese's and Spanish's "if") in another word. Each case but the
// last two (which guard what stood) fails on the reader before them (commit f0c09c8).
func TestTaxesBySide(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"- **10% buy / 99% sell tax**: you need a lot just to break even.": {buy, sell},
		"The structural parts are right: 0% buy and 4% sell tax.":          {buyX, sellX},
		"The contract has 0% buy and sell tax.":                            {buyX, sellX},
		"安全方面：买卖税各 2%，GoPlus 没有检测到貔貅特征。":                                   {buyX, sellX},
		"RugCheck 显示买卖税均为 0，前十地址持仓 50.07%。":                                {buyX, sellX, top10},
		"Ojo también a los impuestos: 10 % a la compra y 99 % a la venta.": {buy, sell},
		"GoPlus marca un impuesto del 3% en compra y 3% en venta.":         {buyX, sellX},
		"Güvenlik tarafı temiz: alımda ve satımda %1 vergi.":               {buyX, sellX},
		"GoPlus temiz görünüyor: alım ve satım vergisi %0.":                {buyX, sellX},
		"Security: buy/sell tax 10%/99%.":                                  {buy, sell},
		"Order flow: 60% buys / 40% sells over the last hour.":             nil,
		"O TUCA cobra 4% na compra e 6% na venda.":                         nil,
	})
}
