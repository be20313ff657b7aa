package guard

// Turkish.
func init() {
	register(language{
		hold: []string{`ben`, `adım`, `tarafından`, `dil modeli`},
		rule: []string{`ifşa~`, `alıntı~`, `özetle~`, `çevir~`, `yeniden ifade~`},
		self: []string{
			`\b(?:ben|benim adım|adım)\b{F}{N}`,
			`{N}\S*\s+tarafından\s+(?:geliştiril|eğitil|oluşturul|yapıl|tasarlan)`,
			`{N}\S*\s+(?:geliştirdiği|eğittiği|oluşturduğu)`,
			`dil modeli{F}{N}|{N}{F}dil modeli`,
		},
	})
}
