package factcheck

// Vietnamese: decimal comma, thousands by dot, "nghìn"/"ngàn", "triệu", "tỷ"/"tỉ".
func init() {
	languages = append(languages, &language{
		code: "vi", decimalComma: true,
		marks: `[ăđơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]|(?:^|[^\pL])(?:giá|của|là|và|với|hiện tại)(?:[^\pL]|$)`,
		labels: map[string]string{
			FactLPLocked:   `lp (?:đã )?(?:bị )?khóa|thanh khoản (?:đã )?(?:bị )?khóa`,
			FactSellTax:    `thuế bán|phí bán`,
			FactBuyTax:     `thuế mua|phí mua`,
			FactTop10:      `top ?10\b|10 (?:ví|holder|người nắm giữ) lớn nhất`,
			skip:           `thay đổi|tăng|giảm`,
			FactMarketCap:  `vốn h(?:óa|oá)(?: thị trường)?|giá trị thị trường|market ?cap`,
			FactFDV:        `định giá pha loãng|fdv`,
			FactVolume:     `khối lượng(?: giao dịch)?|volume`,
			FactLiquidity:  `thanh khoản`,
			FactPrice:      `giá|giao dịch (?:ở mức|quanh|quanh mức|quanh mốc|tại)|đang giao dịch`,
			FactPairAgeHrs: `được tạo|ra mắt|tuổi|trước`,
		},
		after:        `của|trong|về`,
		hypothetical: `hỗ trợ|kháng cự|ví dụ|nếu|giả sử|mục tiêu|dự đoán|dự báo|kịch bản|có thể`,
		history:      `(?:tăng|giảm) từ|chưa đầy|ban đầu|đáy|trước đó|trước khi|có lúc|đạt mức đỉnh|đỉnh lịch sử|cao nhất mọi thời đại|ath|trước đây|lúc ra mắt|\d+ (?:ngày|tuần|tháng|năm) trước|tuần trước|hôm qua|đã tăng lên|đã giảm xuống|đạt đỉnh|năm 20\d\d`,
		present:      `đang|hiện tại|hiện nay|hôm nay|bây giờ|hiện`,
		approx:       `khoảng|gần|xấp xỉ|~`,
		atLeast:      `hơn|trên|ít nhất`,
		atMost:       `dưới|ít hơn|tối đa|lên đến|lên tới`,
		generic:      `đường trung bình|fibonacci|dấu hiệu cảnh báo|cờ đỏ|thường|thông thường|được coi là|ngưỡng`,
		comparison:   `thị trường tiền (?:số|mã hóa|ảo|điện tử)|ngành|chung là|toàn (?:bộ )?thị trường|so với|để so sánh|cao hơn|thấp hơn|hãng|công ty|tổng vốn hóa`,
		notThisToken: `phí gas|phí mạng|token\b|ví\b|giao dịch\b`,
		moves:        `tăng|giảm|lao dốc|bật tăng|phục hồi|rơi|sụt|lỗ|mất`,
		toward:       `lên|xuống|còn|về|tới|đến`,
		dated:        `vào (?:ngày|tháng|năm)|ngày \d{1,2}[/.]\d|tháng \d{1,2}(?:[/.]\d{4})?|năm 20\d\d|hôm qua|tuần trước|tháng trước|năm ngoái|sau đó|rồi|kể từ`,
		mark:         `mốc|ngưỡng`,
		milestone:    `(?:vượt(?: qua| quá)?(?: mốc)?|ngưỡng)\s*`,
		ageBefore:    `được tạo|ra mắt|tuổi`,
		ageAfter:     `trước`,
		scales:       map[string]float64{"nghìn": 1e3, "ngàn": 1e3, "triệu": 1e6, "nghìn tỷ": 1e12, "ngàn tỷ": 1e12, "tỷ": 1e9, "tỉ": 1e9},
		currency:     `đô la mỹ|đô la|đô|usd\b`,
		cents:        `xu\b`,
		percent:      `phần trăm`,
		durations:    map[string]float64{"phút": 1.0 / 60, "giờ": 1, "ngày": 24, "tuần": 168},
	})
}
