package guard

// Korean.
func init() {
	register(language{
		code: "ko",
		hold: []string{`저는`, `나는`, `제 이름`, `언어 모델`, `만든`, `개발한`},
		self: []string{
			`(?:저는|나는|제 이름은|저의 이름은){F}{N}`,
			`{N}\s*(?:이|가|에서|에 의해)\s*(?:만든|개발한|훈련한|학습시킨|훈련시킨|개발|만들|훈련)`,
			`언어 ?모델{F}{N}|{N}{F}언어 ?모델`,
		},
	})
}
