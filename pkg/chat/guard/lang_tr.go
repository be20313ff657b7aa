package guard

// Turkish.
func init() {
	register(language{
		hold: []string{`ben`, `adım`, `tarafından`, `dil modeli`},
		rule: []string{`ifşa~`, `alıntı~`, `özetle~`, `çevir~`, `yeniden ifade~`},
		self: []string{
			`\b(?:benim adım|adım)\b{F}{N}`,
			// "Ben" is also a name ("Ben Zhou told me Google …"): with it, the name takes the
			// first person's ending ("Gemini'yim").
			`\bben\b{F}{N}['’]?y?[iıuü]m\b`,
			`{N}\S*\s+tarafından\s+(?:geliştiril|eğitil|oluşturul|yapıl|tasarlan)`,
			`{N}\S*\s+(?:geliştirdiği|eğittiği|oluşturduğu)`,
			`dil modeli{F}{N}|{N}{F}dil modeli`,
		},
	})
}
