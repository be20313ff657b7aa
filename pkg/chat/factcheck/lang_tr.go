package factcheck

// Turkish: decimal comma, thousands by dot, "bin", "milyon", "milyar"; the percent sign comes
// before the number ("%41,2"); words are stems, for the suffixes ("fiyatı", "likiditesi").
func init() {
	languages = append(languages, &language{
		code: "tr", decimalComma: true,
		marks: `[ğışİ]|\b(?:ve|bir|için|olarak|fiyat|likidite|piyasa değeri|vergi)\b`,
		labels: map[string]string{
			FactLPLocked:   `kilitli (?:lp|likidite)|lp kilit|likidite kilit`,
			FactSellTax:    `satış vergi|satış ücret`,
			FactBuyTax:     `alış vergi|alım vergi|alış ücret`,
			FactTop10:      `[iİ]lk 10|en büyük 10|top ?10\b`, // Go folds no "İ" to "i"
			skip:           `değişim|artış|düşüş|yüksel|düştü|kazanç|kayıp`,
			FactMarketCap:  `piyasa değer|market ?cap`,
			FactFDV:        `tamamen seyreltilmiş|fdv`,
			FactVolume:     `hacm|hacim`,
			FactLiquidity:  `likidite`,
			FactPrice:      `fiyat|[iİ]şlem gör\pL*|el değiştir\pL*|seviye`,
			FactPairAgeHrs: `oluşturul|önce|yaş`,
		},
		after:        `civarında|civarı|seviyesinde|düzeyinde|lık|lik|luk|lük|ticari|günlük|işlem|de|da|ile|dan|den|tan|ten`,
		hypothetical: `destek|direnç|örnek|eğer|olursa|hedef|tahmin|varsayım|senaryo|olabilir|umud|umut|ulaşacağ|ulaşabil|olacağ|beklenen|beklenti|gerekiyor|gerekir|gerekecek|\pL+[ae]bilmesi`,
		hypoVerbs:    `olursa|olacağ|gerekiyor|gerekir|gerekecek|lazım|şart(?:tır)?(?:[^\pL]|$)|\pL+[ae]bilmesi|ulaşacağ|ulaşabil`,
		nameColumn:   `token adı|sembol`,
		history:      `zirve|en yüksek|en düşük|tüm zamanların en yüksek|ath|daha önce|lansman|\d+ (?:gün|hafta|ay|yıl) önce|geçen hafta|dün|yükseldi|çıktı|ulaştı|20\d\d['’](?:de|da|te|ta)|sonundan önce|başında|ayında|yılında`,
		present:      `şu anda|şimdi|bugün|güncel|yazı itibarıyla|şu an itibarıyla|an itibarıyla|şu sıralar|hâlihazırda|halihazırda`,
		approx:       `yaklaşık|civarı|neredeyse|~`,
		atLeast:      `en az`,
		atMost:       `en fazla`,
		generic:      `hareketli ortalama|fibonacci|kırmızı bayrak|genellikle|normalde|kabul edilir|eşik`,
		comparison:   `karşılaştırma|kıyasla|göre`,
		notThisToken: `gas|gaz|ücret|token\b|cüzdan|işlem\b`,
		example:      `örnek|örneğin`,
		fromAfter:    `['’]?(?:dan|den|tan|ten)`,
		dated:        `bu yana|gibi (?:düşük|yüksek)|önceki|ardından|daha sonra|destek|direnç|seviyesine (?:düşerek|düştü|geriledi|gerileyerek)`,
		ago:          `\d+ (?:gün|hafta|ay|yıl) önce|dün|geçen (?:hafta|ay|yıl)`,
		mark:         `eşiğ|barajı`,
		sizedMove:    `(?:yüzde\s?|%\s?)\d[\d.,]*\S*\s+(?:artış|düşüş|yükseliş|kayıp|değer kaybı|yükselerek|düşerek|gerileyerek|artarak|azalarak|kazanç)\pL*`,
		ageBefore:    `oluşturul|yaş`,
		ageAfter:     `önce`,
		otherAge:     `cüzdan|yaratıcı|hesap|alan adı`,
		versus:       `göre|kıyasla`,
		scales:       map[string]float64{"bin": 1e3, "milyon": 1e6, "milyar": 1e9, "trilyon": 1e12},
		currency:     `dolar`,
		cents:        `sent\b`,
		percent:      `yüzde`,
		durations:    map[string]float64{"dakika": 1.0 / 60, "saat": 1, "gün": 24, "hafta": 168},
	})
}
