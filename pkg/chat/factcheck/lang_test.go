package factcheck_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chatsvc/chat/pkg/chat/factcheck"
)

// Answers in the languages the assistant answers in: each language's number forms (decimal
// comma, thousands by dot or space, its words for thousands and millions) and labels, right
// figures agreeing and wrong ones contradicting.
func TestLanguages(t *testing.T) {
	const (
		ok  = factcheck.Agrees
		bad = factcheck.Contradicts
	)
	tests := []struct {
		lang, text string
		want       []string // fact=verdict
	}{
		{"es", "El precio actual es de $2,42 y la liquidez ronda los $1,52 millones.", []string{"price_usd=" + ok, "liquidity_usd=" + ok}},
		{"es", "Capitalización de mercado: 12,3 millones de dólares. Impuesto de venta: 99 %.", []string{"market_cap_usd=" + ok, "sell_tax=" + ok}},
		{"es", "El precio es de $0,52 y la liquidez de $1.523.055.", []string{"price_usd=" + bad, "liquidity_usd=" + ok}},
		{"es", "Los 10 principales holders tienen el 41,2 % del suministro.", []string{"top10_percent=" + bad}},
		{"pt", "O preço atual é de US$ 2,42, com liquidez de R$ 1,5 mi.", []string{"price_usd=" + ok}},
		{"pt", "A capitalização de mercado é de US$ 12,3 milhões e o volume de 24h é de US$ 2,2 milhões.", []string{"market_cap_usd=" + ok, "volume_24h_usd=" + ok}},
		{"pt", "Taxa de venda: 5%. Liquidez: US$ 150 mil.", []string{"sell_tax=" + bad, "liquidity_usd=" + bad}},
		{"ru", "Цена сейчас $2,42, ликвидность — $1,52 млн.", []string{"price_usd=" + ok, "liquidity_usd=" + ok}},
		{"ru", "Рыночная капитализация составляет 12,3 млн долларов, объём торгов за 24 часа — $2,2 млн.", []string{"market_cap_usd=" + ok, "volume_24h_usd=" + ok}},
		{"ru", "Ликвидность: $2,4 млн. Налог на продажу 5%.", []string{"liquidity_usd=" + bad, "sell_tax=" + bad}},
		{"ru", "Ликвидность: 1 523 055 $.", []string{"liquidity_usd=" + ok}},
		{"tr", "Fiyat şu anda $2,42 ve likidite 1,52 milyon dolar.", []string{"price_usd=" + ok, "liquidity_usd=" + ok}},
		{"tr", "Satış vergisi %99, piyasa değeri 12,3 milyon dolar.", []string{"sell_tax=" + ok, "market_cap_usd=" + ok}},
		{"tr", "Piyasa değeri 123 milyon dolar.", []string{"market_cap_usd=" + bad}},
		{"zh", "当前价格为 $2.42，流动性约为 152 万美元。", []string{"price_usd=" + ok, "liquidity_usd=" + ok}},
		{"zh", "市值 1234 万美元，卖出税 99%。", []string{"market_cap_usd=" + ok, "sell_tax=" + ok}},
		{"zh", "市值约 1.2 亿美元。", []string{"market_cap_usd=" + bad}},
		{"vi", "Giá hiện tại là $2,42 và thanh khoản khoảng 1,52 triệu USD.", []string{"price_usd=" + ok, "liquidity_usd=" + ok}},
		// Turkish "İ" folds to no "i" in Go's regular expressions; "US$" after the number.
		{"tr", "İlk 10 cüzdan arzın %50,07'sini tutuyor.", []string{"top10_percent=" + ok}},
		{"tr", "İşlem fiyatı 0,52 $", []string{"price_usd=" + bad}},
		{"es", "- **Precio:** 0,52 US$", []string{"price_usd=" + bad}},
		{"es", "Los 10 mayores holders concentran el 50,07 % del suministro.", []string{"top10_percent=" + ok}},
		{"vi", "Vốn hóa thị trường: 12,3 triệu USD. Thuế bán: 99%.", []string{"market_cap_usd=" + ok, "sell_tax=" + ok}},
		{"vi", "Vốn hóa thị trường 3 tỷ USD.", []string{"market_cap_usd=" + bad}},
		// Written the way the assistant writes: bold labels, bullets, tables.
		{"es", "- **Precio:** $2,42\n- **Liquidez:** $1,52 M\n- **Impuesto de venta:** 99 %", []string{"price_usd=" + ok, "liquidity_usd=" + ok, "sell_tax=" + ok}},
		{"es", "| Métrica | Valor |\n|---|---|\n| Precio | 3,10 $ |\n| Capitalización de mercado | 12,3 millones $ |", []string{"price_usd=" + bad, "market_cap_usd=" + ok}},
		{"pt", "**Preço:** US$ 2,42 · **Liquidez:** US$ 1,52 milhão", []string{"price_usd=" + ok, "liquidity_usd=" + ok}},
		{"ru", "- **Цена:** $2,42\n- **Капитализация:** $12,3 млн\n- **Топ-10 держателей:** 50 %", []string{"price_usd=" + ok, "market_cap_usd=" + ok, "top10_percent=" + ok}},
		{"tr", "**Fiyat:** 2,42 $ | **Likidite:** 1,52 milyon $", []string{"price_usd=" + ok, "liquidity_usd=" + ok}},
		{"zh", "- **价格**：$2.42\n- **市值**：1234 万美元\n- **前10持有者**：50%", []string{"price_usd=" + ok, "market_cap_usd=" + ok, "top10_percent=" + ok}},
		{"vi", "- **Giá:** 2,42 USD\n- **Thanh khoản:** 1,52 triệu USD\n- **Vốn hoá:** 12,3 triệu USD", []string{"price_usd=" + ok, "liquidity_usd=" + ok, "market_cap_usd=" + ok}},
	}
	for _, tt := range tests {
		t.Run(tt.lang+": "+tt.text, func(t *testing.T) {
			got := verdicts(factcheck.Verify(tt.text, panda()))
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("%v, want %v", got, tt.want)
			}
		})
	}
}

// The level a move started at ("from $1.80 to $2.42") is history in every language, however
// the language marks it: a word before it, a case ending on it ("1,80 dolardan"), or the move's
// verb between it and the level it came to ("1.80 美元涨至 2.42 美元"). Each text's right level
// now is $2.42 or $12.3M, so a "contradicts" is the start read as now.
func TestAMovesStartIsHistory(t *testing.T) {
	price, mcap := []string{"price_usd=" + factcheck.Agrees}, []string{"market_cap_usd=" + factcheck.Agrees}
	// The level it came to is read, and agrees, where a label stands before the move and its
	// verb before the start (es, pt, ru, vi), or the token is named before "from … to …" (en,
	// since commit 192fce9); where the verb stands after the start (tr, zh), nothing is read:
	// the start never is.
	checkVerdicts(t, map[string][]string{
		"GPANDA rose from $1.80 to $2.42.":                                            price,
		"El precio de GPANDA subió desde 1,80 dólares hasta 2,42 dólares.":            price,
		"O preço do GPANDA subiu de US$ 1,80 para US$ 2,42.":                          price,
		"O valor de mercado do GPANDA saltou de US$ 8 milhões para US$ 12,3 milhões.": mcap,
		"Цена GPANDA упала с $3,10 до $2,42.":                                         price,
		"GPANDA piyasa değeri 8 milyon dolardan 12,3 milyon dolara çıktı.":            nil,
		"GPANDA fiyatı 3,10 dolardan 2,42 dolara geriledi.":                           nil,
		"GPANDA fiyatı $1,80’den $2,42’ye yükseldi.":                                  nil,
		"Vốn hóa GPANDA tăng từ 8 triệu USD lên 12,3 triệu USD.":                      mcap,
		"GPANDA 市值从 800 万美元增至 1230 万美元。":                                              nil,
		"GPANDA 价格由 3.10 美元跌到 2.42 美元。":                                               nil,
		"GPANDA 的价格从 1.80 美元上涨到 2.42 美元。":                                             nil,
	})
	// The level after a comma and a word of "to" is no move's end: "$3.45, with a 24-hour
	// volume" is read as the price it is.
	got := verdicts(factcheck.Verify("GPANDA is trading at $3.45, with a 24-hour volume of $2.2M.", panda()))
	if fmt.Sprint(got) != fmt.Sprint([]string{"price_usd=" + factcheck.Contradicts, "volume_24h_usd=" + factcheck.Agrees}) {
		t.Errorf("got %v", got)
	}
}

// A sum a fact moved by is no level of it: "market cap grew $500 million" says nothing of
// the market cap now, in any language, while the level a move came to does ("rose 5% to $12.3M").
func TestASumMovedByIsNoLevel(t *testing.T) {
	texts := []string{
		"GPANDA market cap grew $500 million this week.",
		"GPANDA market cap rose by $5M today.",
		"La capitalización de GPANDA subió 5 millones de dólares.",
		"O valor de mercado do GPANDA subiu US$ 5 milhões.",
		"Капитализация GPANDA выросла на $5 млн.",
		"GPANDA 市值上涨了 500 万美元。",
		"Vốn hóa thị trường của GPANDA cũng tăng 4,31 tỷ USD.",
	}
	for _, text := range texts {
		if got := factcheck.Verify(text, panda()); len(got) > 0 {
			t.Errorf("%q: %+v, want no check", text, got)
		}
	}
	for text, want := range map[string]string{
		"GPANDA fell 5% to $3.10.":                       factcheck.Contradicts,
		"El precio de GPANDA cayó un 5% a 3,10 dólares.": factcheck.Contradicts,
		"Цена GPANDA упала на 5% до $3,10.":              factcheck.Contradicts,
		"GPANDA market cap rose 5% to $12.3M.":           factcheck.Agrees,
	} {
		if got := verdicts(factcheck.Verify(text, panda())); len(got) != 1 || !strings.HasSuffix(got[0], "="+want) {
			t.Errorf("%q: %v, want one that %s", text, got, want)
		}
	}
}

// The level a move came to is read with the label before its start, when a move's verb stands
// before it: "price fell 3.3% …, slipping from $3.32 to $3.21".
func TestAMovesEndIsTheLevel(t *testing.T) {
	for text, want := range map[string]string{
		"GPANDA price fell 3.3% over the past 24 hours, slipping from $3.32 to $3.21.": factcheck.Contradicts,
		"GPANDA price fell 3.3% over the past 24 hours, slipping from $3.32 to $2.42.": factcheck.Agrees,
		"O preço do GPANDA subiu de US$ 1,80 para US$ 3,42.":                           factcheck.Contradicts,
	} {
		if got := verdicts(factcheck.Verify(text, panda())); len(got) != 1 || got[0] != factcheck.FactPrice+"="+want {
			t.Errorf("%q: %v, want the price that %s", text, got, want)
		}
	}
}

// A move's end in the present perfect is where the token is now ("has climbed to $99M"); in the
// simple past it is where it went ("climbed to").
func TestThePresentPerfectIsNow(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"GPANDA has climbed to a $99M market cap.": {mcapX},
		"The market cap has climbed to $12.3M.":    {mcap},
		"GPANDA climbed to a $99M market cap.":     nil,
	})
}
