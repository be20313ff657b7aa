package guard

// Portuguese.
func init() {
	register(language{
		hold: []string{`sou`, `me chamo`, `meu nome`, `modelo de linguagem`, `criado p~`, `treinado p~`, `desenvolvido p~`},
		rule: []string{`revel~`, `cit~`, `resum~`, `traduz~`, `parafrase~`},
		self: []string{
			`\b(?:sou|eu sou|me chamo|meu nome é)\b{F}{N}`,
			`\b(?:criado|criada|treinado|treinada|desenvolvido|desenvolvida|feito|construído|projetado)\s+(?:pelo|pela|por|no|na)\s+{N}`,
			`\bmodelo (?:grande )?de linguagem\b{F}{N}|{N}{F}\bmodelo (?:grande )?de linguagem\b`,
		},
	})
}
