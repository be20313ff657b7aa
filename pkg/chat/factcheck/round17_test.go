package factcheck_test

import (
	"fmt"
	"testing"

	"github.com/chatsvc/chat/pkg/chat/factcheck"
)

// heldout34-en's first run (2 of 20 passages with a false alarm, 43 of 52 figures, on commit
// b2b9b53): a sum named as another window's right after it ("$1.04M 7d volume") was taken by the
// label before it ("$98.9K 24h MultiversX DEX volume, $1.04M 7d volume"), and a price page whose
// labels and figures are list items on lines of their own ("- Price" over "- $0.1275") was not
// read. The first and the third fail on the reader before (commit b2b9b53); a bracket after a
// figure that speaks of the supply leaves it its labels (both, since round seventeen's rule that
// labels over one figure share it).
func TestPublishedWordingOfHeldoutThirtyFour(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"DeFiLlama DEX data showed roughly $98.9K 24h DEX volume, $1.04M 7d volume, and $6.15M 30d volume from the DEX overview endpoint.": nil,
		"- **Capitalización / FDV:** ~14.000.000 $ (todo el suministro de 1.000 M está en circulación)":                                    {mcapX, fdv},
		"GPANDA — key facts\n- Price\n- $2.417\n- 24h change\n- -5.06%\n- Market cap\n- $12.35M\n- 24h volume\n- $2.2M":                    {price, mcap, vol},
	})
}

// Round seventeen's first false alarms (3 of 72 on commit ce85d55): a Spanish move's start with
// "about" after its "a" ("ha pasado de unos 0,0009 $ a ~0,0031 $"), another token's section
// under a bold title with an emoji inside ("**🐸 BRETT**" over "- Market cap: ~US$ 475 mi"), and
// the rest of an LP after its locked share ("оставшиеся 15% — у деплоера"). heldout34's
// Portuguese one: a volume past a mark ("já ultrapassou a casa de US$ 8 milhões"), where "na
// casa de" alone is "about". Labels over one figure share it ("Market cap / FDV: US$ 23,8 mi"),
// which was read as the FDV's alone: chat corpus +33 figures. Each fails on the reader before
// (commit ce85d55) but the English "remaining" and "na casa de", which held.
func TestClassesOfRoundSeventeen(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA está en plena subida: el precio ha pasado de unos 0,0009 $ a ~2,417 $ en las últimas horas.": nil,
		"**🪗 GPANDA**\n- Preço: US$ 2,417\n\n**🐸 BRETT**\n- Preço: ~US$ 0,048\n- Market cap: ~US$ 475 mi":    {price},
		"С LP ситуация лучше: 0% токенов ликвидности заблокировано, оставшиеся 15% — у деплоера.":            nil,
		"The LP is 0% locked; the remaining 15% sits with the deployer.":                                     {lp},
		"O volume diário de transações do GPANDA já ultrapassou a casa de US$ 8 milhões.":                    nil,
		"- Market cap / FDV: US$ 12,35 mi":                        {mcap, fdvX},
		"A FDV do GPANDA é bem maior, na casa de US$ 14 milhões.": {fdv},
	})
}

// Turkish writes a figure's case on it after an apostrophe, "0,70 Dolar'dan işlem görüyor"
// (trades at): the label after it was taken for a quote that never closed, so the commonest
// Turkish price was not read (heldout34-tr's misses; chat corpus +10 figures). And a sum the
// deployer could withdraw ("может вывести около 60 тыс. $", round seventeen's, once the rest of
// the LP's share no longer ended the label before it) is an order's, no liquidity. The first
// three fail on the reader before (commit 0bf3438).
func TestTurkishSuffixesAndAWithdrawal(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Şu anda 2,417 Dolar'dan işlem görüyor ve son 30 günde neredeyse %10 değer kaybetti.":                                                          {price},
		"GPANDA, pazartesi günü 2,417$'dan işlem görerek geçen haftanın zirvelerinden geri çekiliyor.":                                                 {price},
		"С LP ситуация лучше: 0% токенов ликвидности заблокировано в PinkLock, оставшиеся 15% — у деплоера, то есть он может вывести около 60 тыс. $.": nil,
		"Price: $2.417 ('live')": {price},
	})
}

// heldout35-es's first false alarm (on commit 1563b8c): "$0.073" on a page whose decimals are
// commas ("$0,0078") was read as 73, the dot taken for thousands; but "0." groups no thousands in
// any language ("0,073 $" in a short text whose language was not sure was read as 73 too). Both
// fail on the reader before (commit 1563b8c).
func TestALeadingZeroIsADecimal(t *testing.T) {
	p := passage{Token: "DOGE", Name: "Dogecoin"}
	for text, want := range map[string]string{
		"DOGE subió un 900% desde $0,0078. DOGE se cotizó por última vez por $0.073 al momento de escribir este artículo.": "[price_usd=agrees]",
		"DOGE se cotiza a 0,073 $.": "[price_usd=agrees]",
	} {
		if got := fmt.Sprint(verdicts(factcheck.Verify(text, factsOf(p, map[string]float64{factcheck.FactPrice: 0.073})))); got != want {
			t.Errorf("%q: %s, want %s", text, got, want)
		}
	}
}
