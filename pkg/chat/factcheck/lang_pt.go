package factcheck

// Portuguese: decimal comma, thousands by dot, "mil", "milhão/milhões", "bilhão/bilhões" (and
// the short "mi", "bi" of Brazilian news).
func init() {
	languages = append(languages, &language{
		code: "pt", decimalComma: true,
		marks: `\b(?:não|são|está|também|você|preço|liquidez|capitalização|imposto|taxa de venda|detentores|há)(?:[^\pL\pN]|$)|ção|ões|ã`,
		labels: map[string]string{
			FactLPLocked:   `lp bloquead|liquidez bloquead|lp queimad`,
			FactSellTax:    `(?:imposto|taxa) (?:de |sobre (?:a )?)?venda`,
			FactBuyTax:     `(?:imposto|taxa) (?:de |sobre (?:a )?)?compra`,
			FactTop10:      `(?:os )?10 maiores(?: detentores| holders)?|top ?10\b`,
			skip:           `variação|alta de|queda de|subiu|caiu|ganho|perda`,
			FactMarketCap:  `capitalização(?: de mercado)?|valor de mercado|market ?cap`,
			FactFDV:        `capitalização (?:de mercado )?totalmente diluída|avaliação totalmente diluída|fdv`,
			FactVolume:     `volume|foram negociad[oa]s`,
			FactLiquidity:  `liquidez`,
			FactPrice:      `preço|cotad[oa]|cotação|(?:é|está sendo|sendo) negociad[oa]|negociad[oa] (?:a|em torno de|por volta de|perto de|por)|oscila (?:em torno de|perto de)|vale`,
			FactPairAgeHrs: `criad[oa]|lançad[oa]|idade do par|há`,
		},
		after:        `de|em|da|do|na|no`,
		hypothetical: `para que|teria|seria|precisaria|suporte|resistência|por exemplo|exemplo:|caso|se (?:o|a|os|as|ele|ela|for|fosse|houver|chegar|atingir)\b|poderia|alvo|previsão|projeção|hipotétic|cenário|suponha`,
		history:      `pico|recorde|histórica|t[aã]o (?:baixo|alto) quanto|intradi[aá]ri[oa]|pre[cç]o (?:inicial|de lan[cç]amento)|mínimas? de|máxima histórica|mínima histórica|ath|anteriormente|lançamento|há (?:\d+ )?(?:dias|semanas|meses|anos)|partindo de|saindo de|fechou|abriu|semana passada|mês passado|ontem|subiu para|caiu para|atingiu|chegou a|em 20\d\d`,
		present:      `agora|atualmente|hoje|no momento`,
		approx:       `\baproximadamente|\bcerca de|\bem torno de|\bquase|\bpor volta de`,
		atLeast:      `\bmais de|\bacima de|\bsuperior a|\bpelo menos`,
		atMost:       `\bmenos de|\babaixo de|\binferior a|\baté`,
		generic:      `média móvel|fibonacci|sinal de alerta|bandeira vermelha|normalmente|geralmente|costuma|considerad|limite`,
		comparison:   `total das|totais|capitalização total|das memecoins|do setor|em comparação|comparad[oa] com|versus|ao contrário de`,
		notThisToken: `em gás|de gás|em gas|taxa de rede|tokens|detentores|holders|moedas|carteiras|transações`,
		moves:        `subiu|sobe|subindo|caiu|cai|caindo|recuou|recuando|avançou|avançando|valorizou|desvalorizou|saltou|despencou|disparou|ganhou|perdeu|registrou (?:alta|queda)`,
		toward:       `para|a|em`,
		by:           `em`,
		from:         `de|desde`,
		to:           `para|até`,
		dated:        `(?:em|no dia|de|desde) (?:\d{1,2} de )?(?:janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)|no dia \d|em 20\d\d|semana passada|mês passado|ano passado|ontem|depois|em seguida|antes de|desde (?:o )?lançamento`,
		ago:          `há (?:\d+|um|uma|dois|duas|três) (?:dias?|semanas?|mes(?:es)?|anos?)|ontem|(?:semana|mês|ano) passad[oa]`,
		mark:         `marca|patamar|barreira`,
		milestone:    `(?:superou|supera|ultrapassou|ultrapassa|rompeu|rompe|a marca de|o patamar de|a barreira de)\s*(?:os\s+)?`,
		ageBefore:    `criad[oa]|lançad[oa]|idade|há`,
		ageAfter:     `de idade`,
		scales:       map[string]float64{"mil": 1e3, "mil milhões": 1e9, "bilião": 1e12, "biliões": 1e12, "trilhão": 1e12, "trilhões": 1e12, "trilhao": 1e12, "trilhoes": 1e12, "tri": 1e12, "mil milhoes": 1e9, "milhão": 1e6, "milhões": 1e6, "milhao": 1e6, "milhoes": 1e6, "mi": 1e6, "bilhão": 1e9, "bilhões": 1e9, "bilhao": 1e9, "bilhoes": 1e9, "bi": 1e9},
		currency:     `dólares|dolares|dólar|usd\b`,
		cents:        `centavos?\b`,
		percent:      `por cento`,
		durations:    map[string]float64{"minutos": 1.0 / 60, "hora": 1, "horas": 1, "dia": 24, "dias": 24, "semana": 168, "semanas": 168},
	})
}
