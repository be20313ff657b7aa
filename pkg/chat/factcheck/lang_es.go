package factcheck

// Spanish: decimal comma, thousands by dot ("1.523.055,5"), "mil" for thousands, "millones",
// "mil millones" for billions ("billón" is 10^12).
func init() {
	languages = append(languages, &language{
		code: "es", decimalComma: true,
		marks: `\b(?:el|la|los|las|del|con|para|está|tiene|según|precio|liquidez|capitalización|impuesto|holders principales)\b|ñ|¿`,
		labels: map[string]string{
			FactLPLocked:   `lp bloquead|liquidez bloquead|bloqueo de (?:la )?liquidez|lp quemad`,
			FactSellTax:    `impuesto (?:a la |de |sobre (?:la )?)?venta|tasa de venta|comisión de venta`,
			FactBuyTax:     `impuesto (?:a la |de |sobre (?:la )?)?compra|tasa de compra|comisión de compra`,
			FactTop10:      `(?:los )?10 principales|top ?10|diez (?:mayores|principales)`,
			skip:           `cambio|variación|subi[óo]|baj[óo]|cay[óo]|gananci|pérdid|sube|baja`,
			FactMarketCap:  `valor de mercado|valoración de mercado|capitalización(?: de mercado)?|cap\. de mercado|market ?cap`,
			FactFDV:        `capitalización de mercado totalmente diluida|valoración (?:totalmente )?diluida|fdv`,
			FactVolume:     `volumen`,
			FactLiquidity:  `liquidez`,
			FactPrice:      `precio|cotiza(?:ción)?|se negocia (?:a|en|alrededor de|cerca de)|se intercambia (?:a|en|por)|vale`,
			FactPairAgeHrs: `cread[oa]|lanzad[oa]|antigüedad|edad del par|hace`,
		},
		after:        `de|en|del|la|el`,
		hypothetical: `soporte|resistencia|por ejemplo|ejemplo:|si |podría|objetivo|predicción|pronóstico|hipotétic|escenario|supongamos|alcanzaría`,
		history:      `máximos? de|mínimos? de|máximo histórico|mínimo histórico|ath|anteriormente|lanzamiento|hace (?:casi |más de |unos |unas )?(?:\d+ |un |una |dos |tres |varios |varias )?(?:días?|semanas?|mes(?:es)?|años?)|partiendo de|cotizaba|valía|se situaba|se ubicabala semana pasada|el mes pasado|ayer|subió a|cayó a|alcanzó|llegó a|en 20\d\d`,
		present:      `ahora|actualmente|hoy|en este momento`,
		approx:       `\baproximadamente|\balrededor de|\bcerca de|\bunos|\bunas|\bcasi`,
		atLeast:      `\bmás de|\bpor encima de|\bsuperior a|\bal menos`,
		atMost:       `\bmenos de|\bpor debajo de|\binferior a|\bhasta`,
		generic:      `criptomonedas con|monedas con|tokens con|señal de alerta|bandera roja|normalmente|generalmente|suele|considerad|umbral`,
		comparison:   `total de|capitalización total|memecoins|en comparación|comparad[oa] con|frente a|a diferencia de`,
		notThisToken: `en gas|de gas|comisi[óo]n|tokens|holders|monedas|carteras|transacciones`,
		moves:        `subi[óo]|sube|subiendo|cay[óo]|cae|cayendo|baj[óo]|baja|bajando|avanz[óo]|avanzando|retroced\pL*|gan[óo]|ganando|perdi[óo]|perdiendo|repunt\pL*|se disparó|se desplomó|aument\pL*|disminu\pL*|se dispara|se desploma`,
		toward:       `a|hasta|en`,
		dated:        `(?:en|el|de|desde) (?:principios de |finales de |mediados de )?(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)|el \d{1,2} de|en 20\d\d|la semana pasada|el mes pasado|el año pasado|ayer|luego|después|antes de`,
		mark:         `marca|umbral|barrera`,
		milestone:    `(?:superó|supera|superar|rompió|rompe|cruzó|cruza|la marca de|el umbral de|la barrera de)\s*(?:los\s+)?`,
		ageBefore:    `cread[oa]|lanzad[oa]|antigüedad|edad|hace`,
		ageAfter:     `de antigüedad`,
		scales:       map[string]float64{"mil": 1e3, "mil millones": 1e9, "billón": 1e12, "billones": 1e12, "billon": 1e12, "millón": 1e6, "millones": 1e6, "millon": 1e6, "mm": 1e6},
		currency:     `dólares|dolares|dólar|usd\b`,
		percent:      `por ciento`,
		durations:    map[string]float64{"minutos": 1.0 / 60, "hora": 1, "horas": 1, "día": 24, "días": 24, "dias": 24, "semana": 168, "semanas": 168},
	})
}
