package guard

// Indonesian.
func init() {
	register(language{
		hold: []string{`saya`, `aku`, `model bahasa`, `oleh`},
		rule: []string{`mengungkap~`, `mengutip~`, `meringkas~`, `menerjemahkan~`, `parafrase~`, `memparafrasekan~`},
		self: []string{
			`\b(?:saya|aku|nama saya)\b{F}{N}`,
			`\b(?:dikembangkan|dilatih|dibuat|dirancang|dibangun)\s+oleh\s+{N}`,
			`\bmodel bahasa\b{F}{N}|{N}{F}\bmodel bahasa\b`,
		},
	})
}
