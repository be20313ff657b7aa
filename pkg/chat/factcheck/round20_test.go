package factcheck_test

import "testing"

// Round twenty's first false alarms (2 of 72 on commit 435c869) and heldout37's (2 of 20 in
// English, 2 of 24 in the other languages), the classes among them: an age in two units ("6 дн.
// 16 ч", read as its hours alone) and an ordinal day ("上线第 3 天", on the third day), and a worked
// example under a title ("Örnek: Bitcoin’in Tam Seyreltilmiş Piyasa Değeri" over "2025 ortasında
// 65.500 $ seviyesindeyken"). The rest were figures their annotators left out ("nearly $1.6
// billion", a price stated twice, "$34.39B" and "$34.4B"). With them, misses of the rounds
// that read more: "с ~1,30 $ до 2,417 $" after "за сутки" (whose first letter was taken for
// "с"), a move's verb more than 48 bytes of Cyrillic before its "from", "проторговано", a year
// after "as of" ("截至2026年1月16日", "Tính đến tháng 7 năm 2025"), and a minimum price in
// Russian, Spanish and Portuguese. Each fails on commit 435c869 but those marked as holding.
func TestClassesOfRoundTwenty(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"Возраст пары: 6 дн. 6 ч": {ageX},
		"Pair age: 1d 6h":         {ageX},
		"Pair age: 6 hours":       {age}, // held
		"GPANDA 的开发者钱包在上线第 3 天卖出了约 1.2% 的供应量。":                                                                                             nil,
		"GPANDA за последние сутки вырос примерно на 85% — с ~1,30 $ до 2,417 $ сейчас.":                                                   {price},
		"Судя по данным, $GPANDA вырос примерно на 85% за последние сутки — с ~1,30 $ до 2,417 $, а капитализация перевалила за 12 млн $.": {price},
		"Во-первых, объём. За 24 часа GPANDA проторговано 2,2 млн $.":                                                                      {vol},
		"截至2026年1月16日,GPANDA代币价格为2.417美元,市值约1235万美元。":                                                                                      {price, mcap},
		"Tính đến tháng 7 năm 2025, vốn hóa thị trường của GPANDA đạt 12,35 triệu USD.":                                                    {mcap},
		"2024年GPANDA价格为5美元。": nil, // held
		"GPANDA’nın fiyatı 2025 ortasında 2,6 $ seviyesindeyken, hesaplama aşağıdaki gibidir.": nil,
		"GPANDA'nın piyasa değeri ~12,35 milyon $ iken FDV 14 milyon $.":                       {mcap, fdv}, // held
		"Örnek: GPANDA’nın Tam Seyreltilmiş Piyasa Değeri\n- Fiyat: 2,6 $\n- FDV: 26 milyon $": nil,
		"- Минимальная цена токена: $0.32\n- Цена токена: $2.417":                              {price},
		"Precio mínimo: $0,32. Precio actual: $2,417.":                                         {price},
	})
}

// A bold sentence that states a figure ends at its dot, before the markup that closes it, so
// that the next sentence's words are not its own ("**Капитализация — ~$1,95 млн.** Цена ×
// количество токенов": a formula's sign after it had made the cap a computation); a bold title
// with no figure ("**Ликвидность.** В основном пуле ~5,87 млн $") still labels the words after
// it. The first fails on commit 99f0b09, the second held there.
func TestBoldSentencesEndAtTheirDot(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"**Капитализация — ~$12,35 млн.** Цена × количество токенов в обращении.": {mcap},
		"3. **Ликвидность.** В основном пуле Uniswap ~1,52 млн $.":                {liq}, // held
	})
}
