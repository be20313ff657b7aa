package guard

// Japanese.
func init() {
	register(language{
		code: "ja",
		hold: []string{`私は`, `わたしは`, `僕は`, `私の名前`, `によって`, `言語モデル`},
		rule: []string{`明か`, `開示`, `引用`, `要約`, `翻訳`, `言い換え`},
		self: []string{
			`(?:私は|わたしは|僕は|ぼくは|私の名前は){F}{N}`,
			`{N}\s*(?:によって|が|で)\s*(?:開発|トレーニング|訓練|作成|作ら|構築|学習)`,
			`言語モデル{F}{N}|{N}{F}言語モデル`,
		},
	})
}
