package factcheck

// Chinese: decimal point, thousands by comma, 万 (10^4) and 亿 (10^8); no spaces between
// words, so its words take no boundary. The labels are written in simplified and traditional
// characters both ("流动性", "流動性").
func init() {
	languages = append(languages, &language{
		code: "zh", unspaced: true,
		marks: `[\p{Han}]`,
		labels: map[string]string{
			FactLPLocked:   `[锁鎖]定的?(?:LP|流[动動]性)|LP(?:已)?[锁鎖]定|流[动動]性(?:已)?[锁鎖]定`,
			FactSellTax:    `[卖賣]出?[税稅]|[卖賣]出[税稅]率`,
			FactBuyTax:     `[买買]入?[税稅]|[买買]入[税稅]率`,
			FactTop10:      `前\s?10(?:[^0-9]|$)\s?(?:大|名)?的?(?:持有者|持[币幣]地址|地址|[钱錢]包)|前\s?10(?:大)?(?:持有者|持[币幣]地址|地址)?|前十(?:大)?(?:持有者|持[币幣]地址)?`,
			skip:           `[涨漲]幅|跌幅|[变變]化|上[涨漲]|下跌`,
			otherSum:       `合[约約][价價]格|期[货貨][价價]格|收[购購][价價]格|[发發]行[价價]|打新[价價]格|[预預]售[价價]|(?:月|周|週|日均|平均)(?:交易量|成交量|成交[额額])`,
			FactMarketCap:  `市值|市場價值`,
			FactFDV:        `完全稀[释釋](?:估值|市值)|FDV`,
			FactVolume:     `交易量|成交量|成交[额額]`,
			FactLiquidity:  `流[动動]性`,
			FactPrice:      `(?:目前|[当當]前|[现現]在)的?[价價]值|价格|價格|币价|幣價|现价|現價|报价|報價|股价|单价|(?:一个|一枚|每个|每枚)\S{0,16}?价值`,
			FactPairAgeHrs: `[创創]建|上[线線]|前`,
		},
		after:        `的`,
		hypothetical: `支撑|阻力|例如|比如|如果|假如|假设|目标|预测|可能|将会|的[话話]|按照.{0,8}?算`,
		history:      `当日|当天|历史性|复盘|20\d\d\s年|低点|峰值|最高|最低|飙升至|衝到|冲到|一度|历史最高|历史最低|ATH|此前|之前|[发發]行|公募[价價]|\d+\s?(?:天|周|週|[个個]月|年)前|上周|昨天|曾经|一度|涨至|跌至|曾达到|20\d\d年`,
		present:      `目前|当前|現在|现在|今天`,
		approx:       `约|大约|左右|接近|近|~`,
		atLeast:      `超过|高于|至少|逾`,
		atMost:       `低于|不到|少于|最多`,
		generic:      `均线|移动平均|斐波那契|危险信号|红旗|通常|一般|被视为|阈值`,
		comparison:   `[总總]市值|[区區]间|[区區]間|相比|[对對]比|比[较較]|作[为為]参考|作[为為]參考`,
		notThisToken: `的?(?:gas|Gas|手续费|燃料费)|个?(?:代币|持有者|地址|钱包|笔交易)|枚`,
		moves:        `上涨|下跌|涨|跌|攀升|下滑|回落|飙升|暴跌|大涨|大跌|反弹`,
		toward:       `至|到|报`,
		pronoun:      `它|其`,
		by:           `了`,
		from:         `从|由|從`,
		to:           `至|到`,
		dated:        `\d{1,2}月|20\d\d年|昨天|上周|上个月|去年|随后|然后|之后|后又|以来`,
		ago:          `\d+\s?(?:天|周|週|[个個]月|年)前|昨天|上周|上週|上[个個]月|去年`,
		mark:         `大关|关口`,
		milestone:    `(?:突破|跌破|站上|升破|关口)\s*`,
		ageBefore:    `[创創]建|上[线線]|部署|交易[对對]年[龄齡]`,
		ageAfter:     `前`,
		otherAge:     `钱包|錢包|创建者|創建者|部署者|账户|帳戶|域名`,
		scales:       map[string]float64{"万亿": 1e12, "萬億": 1e12, "万": 1e4, "萬": 1e4, "亿": 1e8, "億": 1e8, "千": 1e3, "百万": 1e6},
		currency:     `美元|美金`,
		cents:        `美分`,
		percent:      `％`,
		durations:    map[string]float64{"分钟": 1.0 / 60, "分鐘": 1.0 / 60, "小时": 1, "小時": 1, "个小时": 1, "個小時": 1, "天": 24, "周": 168, "週": 168},
	})
}
