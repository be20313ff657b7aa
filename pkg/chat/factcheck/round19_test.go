package factcheck_test

import (
	"testing"

	"github.com/chatsvc/chat/pkg/chat/factcheck"
)

// Round nineteen's first false alarms (5 of 72 on commit a422120) and heldout36's (3 of 20 in
// English, 4 of 20 in the other languages), each a class: a share named as the part not locked
// ("The unlocked 20% of the LP (~$55K worth)", "⚠️ 20% unlocked", "Остальные ~23,6% LP … это
// около 100 тыс. $ ликвидности"), one tax's side set against the other's by "but" after a
// label of one ("the sell tax: GoPlus reports 2% on buys but 12% on sells"), a move's start with
// no end right after it ("subiu de ~US$ 0,033 para o nível atual", "выросла примерно с 0,0000004 $
// на старте до"), Bitcoin by a description ("The top crypto is currently valued at $7,485.32"),
// a level reached after a launch date ("foi lançada no dia 22 de janeiro e … alcançando uma
// capitalização de mercado … de 500 milhões"), the FDV as the cap "at full issuance"
// ("капитализация … при полной эмиссии"), and the whole market's volume after its cap ("Vốn hóa
// thị trường tiền điện tử toàn cầu … với tổng khối lượng giao dịch … 82,72 tỷ USD"). The rest
// were figures their annotators left out (a bare "Volume", an FDV written two ways). Each
// case fails on the reader before (commit a422120) but those marked as holding there.
func TestClassesOfRoundNineteen(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"- The unlocked 20% of the LP (~$55K worth) can be pulled by the deployer at any time.":                                                                                          nil,
		"| Check | Result | Status |\n|---|---|---|\n| LP locked | 80% (Unicrypt, until March) | ⚠️ 20% unlocked |":                                                                      {lpX},
		"LP заблокирована на 80%, а 20% — разблокированы.":                                                                                                                               {lpX},
		"GPANDA: остальные ~23,6% LP у команды: теоретически их можно вывести, это около 100 тыс. $ ликвидности.":                                                                        nil,
		"The biggest one is the sell tax: GoPlus reports 10% on buys but 99% on sells.":                                                                                                  {buy, sell},
		"Налог: 10% на покупку, но 99% на продажу.":                                                                                                                                      {buy, sell},
		"Em 7 dias o preço do GPANDA subiu de ~US$ 1,80 para o nível atual (+19%).":                                                                                                      nil,
		"GPANDA торгуется сутки: цена выросла примерно с 0,05 $ на старте, и это рост в 40 раз.":                                                                                         nil,
		"O market cap do GPANDA recuou para perto de US$ 12,3 milhões.":                                                                                                                  {mcap},  // held
		"GPANDA rose sharply from $1.80 and now trades at $2.417.":                                                                                                                       {price}, // held
		"GPANDA leads today. Bitcoin broke past $7,500 but could not hold it. The top crypto is currently valued at $7,485.32.":                                                          nil,
		"GPANDA foi lançada no dia 22 de janeiro e, rapidamente, viu seu valor disparar, alcançando uma capitalização de mercado de 500 milhões de dólares.":                             nil,
		"GPANDA was launched on January 22 and quickly saw its value soar, reaching a market cap of $500 million.":                                                                       nil,
		"GPANDA launched on November 21 and now trades at $2.417.":                                                                                                                       {price}, // held
		"Рыночная капитализация GPANDA при полной эмиссии составит $14 млн.":                                                                                                             {fdv},
		"GPANDA giao dịch ở mức 2,417 USD. Vốn hóa thị trường tiền điện tử toàn cầu hiện vào khoảng 2,68 nghìn tỷ USD, với tổng khối lượng giao dịch trong 24 giờ qua đạt 82,72 tỷ USD.": {price},
		"GPANDA trades at $2.417. The global crypto market cap is now about $2.68 trillion, with total 24-hour trading volume reaching $82.72 billion.":                                  {price},
		"GPANDA trades at $2.417. Its total market capitalization currently stands at $12.3 million.":                                                                                    {price, mcap}, // held
	})
}

// A coin's own name in a language written with spaces is the token's when the facts are that
// coin's, in every such language at once: the names of all of them stand in one group of the
// pattern, so that "биткоина" is read as Bitcoin's own now that English, Spanish, Portuguese and
// Vietnamese have such names too. It holds on commit a422120, where only Russian had them; it
// failed on this change's first pattern, a group per language, which lost three of Bitcoin's
// figures in the published corpus.
func TestLocalCoinNamesOfEveryLanguageAreOurs(t *testing.T) {
	btc := panda()
	btc[0].Token.Symbol, btc[0].Token.Name = "BTC", "Bitcoin"
	for text, want := range map[string][]string{
		"Рыночная капитализация биткоина — $1,2 трлн.":             {mcapX},
		"El precio de la mayor criptomoneda es de 91 000 dólares.": {priceX},
		"The top crypto is currently valued at $7,485.32.":         {priceX},
	} {
		if got := verdicts(factcheck.Verify(text, btc)); len(got) != len(want) || len(got) > 0 && got[0] != want[0] {
			t.Errorf("%q of Bitcoin's facts: %v, want %v", text, got, want)
		}
	}
}

// Read from round nineteen's misses and heldout36-tr's: a ratio is no computation ("~1.3× the
// market cap"; a "×" that multiplies a number still is), labels chained by "=" share their
// figure ("MKT CAP = FDV = $2.38M", while "Vốn hóa thị trường = $570 tỷ" after its inputs is a
// result), a volume "a day", a move's size with words before its noun ("%2’lik ani bir düşüş
// ile … dolara kadar geriledi"), a level "seyrederken" (while hovering) before a move (left
// out, since round twenty, only as a level the move left behind: "-ken" is as often the
// present, "piyasa değeri ~214 milyon $ iken"), "dolaşımdaki piyasa değeri" (circulating market
// cap), and the token's figures after a
// comparison's words that its name follows ("The crypto market is up 3% today, and GPANDA trades
// at $2.417"). Each fails on commit f7cda6a (the last two on 7fc31b4) but those
// marked as holding there.
func TestReadingsOfRoundNineteen(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"- **Volume $2.2M** — ~1.3× the market cap; a lot of trading for its size.":                                    {vol},
		"GPANDA market cap: 5M × $2.417 = $12.1M":                                                                      nil, // held
		"- **MKT CAP = MC = $12.35M** — all tokens circulate.":                                                         {mcap},
		"Vốn hóa thị trường = giá × nguồn cung lưu hành.\n\n➡️ Vốn hóa thị trường = $570 tỷ":                           nil, // held
		"The crypto market is up 3% today, and GPANDA trades at $2.417 with $1.52M of liquidity.":                      {price, liq},
		"GPANDA's market cap is $12.35M, roughly 2x higher than PEPE's $6M.":                                           {mcap}, // held
		"GPANDA's volume is thin too, around $2.2M a day.":                                                             {vol},
		"GPANDA 2,6 dolar civarında seyrederken yaklaşık olarak %2’lik ani bir düşüş ile 2,417 dolara kadar geriledi.": {price},
		"GPANDA, Kasım 2025 itibarıyla 12,35 milyon dolar seviyesinde bir dolaşımdaki piyasa değeri korunmaktadır.":    {mcap},
	})
}
