package guard

// Vietnamese.
func init() {
	register(language{
		hold: []string{`tôi`, `mình là`, `mô hình ngôn ngữ`, `bởi`, `được`},
		rule: []string{`tiết lộ`, `trích dẫn`, `tóm tắt`, `dịch`, `diễn giải`},
		self: []string{
			`\b(?:tôi là|tôi tên là|tên tôi là|mình là)(?:[^\p{L}]|$){F}{N}`,
			`được\s+{N}\s+(?:phát triển|đào tạo|huấn luyện|tạo ra|xây dựng)`,
			`(?:phát triển|đào tạo|huấn luyện|tạo ra|xây dựng)\s+bởi\s+{N}`,
			`mô hình ngôn ngữ{F}{N}|{N}{F}mô hình ngôn ngữ`,
		},
	})
}
