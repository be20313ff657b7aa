package guard

// French.
func init() {
	register(language{
		hold: []string{`je suis`, `je m'appelle`, `mon nom`, `modèle de langage`, `créé par`, `entraîné par`, `développé par`, `conçu par`},
		rule: []string{`révél~`, `cit~`, `résum~`, `tradui~`, `paraphras~`},
		self: []string{
			`\b(?:je suis|je m'appelle|mon nom est|moi,? c'est)\b{F}{N}`,
			`(?:créé|crée|entraîné|entrainé|développé|conçu|fabriqué|formé)e?s?\s+par\s+{N}`,
			`\bmodèle (?:de langage|linguistique)\b{F}{N}|{N}{F}\bmodèle (?:de langage|linguistique)`,
		},
	})
}
