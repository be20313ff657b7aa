package guard

// Spanish.
func init() {
	register(language{
		hold: []string{`soy`, `me llamo`, `mi nombre`, `modelo de lenguaje`, `creado por`, `entrenado por`, `desarrollado por`},
		rule: []string{`revel~`, `cit~`, `resum~`, `traduc~`, `parafrase~`},
		self: []string{
			`\b(?:soy|me llamo|mi nombre es)\b{F}{N}`,
			`\b(?:creado|creada|entrenado|entrenada|desarrollado|desarrollada|diseñado|hecho|construido|impulsado)\s+(?:por|en)\s+(?:el |la )?(?:equipo de )?{N}`,
			`\bmodelo (?:grande )?de lenguaje\b{F}{N}|{N}{F}\bmodelo (?:grande )?de lenguaje\b`,
			`\b(?:funciono|estoy basado|este servicio funciona)\s+(?:con|en|sobre)\s+{N}`,
		},
	})
}
