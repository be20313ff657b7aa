package factcheck

// English, the first language: its keywords are those the checks started with, plus the
// wordings of published text issue 33 found misread.
func init() {
	languages = append(languages, &language{
		code: "en",
		labels: map[string]string{
			FactLPLocked:   `(?:lp|liquidity[- ]pool)(?: tokens?)?(?: (?:is|are))?(?: \w+ly)? (?:locked|burn(?:t|ed))|locked (?:lp|liquidity)|liquidity (?:is |are )?(?:locked|burnt|burned)|of (?:the )?lp\b|lp lock(?:ed)?\b|lp\s?🔥|🔥\s?lp\b|lp\b[^%\n]{0,24}?\bburn(?:t|ed)?\b`,
			FactSellTax:    `sell(?:ing)?[- ]tax(?:es)?\b|tax(?:es)? on (?:sells|selling|sales)\b|sells? (?:are |is )?taxed\b`,
			FactBuyTax:     `buy(?:ing)?[- ]tax(?:es)?\b|tax(?:es)? on (?:buys|buying|purchases)\b|buys? (?:are |is )?taxed\b`,
			FactTop10:      `top[- ](?:10|ten)\b(?: holders?| wallets?| addresses)?|top holders\b|largest (?:10|ten) holders\b`,
			skip:           `(?:change|up|down|gain(?:ed|s)?|los(?:t|s|ses)|fell|rose|dropped|jumped|climbed|slid|increase[ds]?|decrease[ds]?|apy|apr|yield|odds|chance|probability|risk score|score|slippage|impact)\b`,
			otherSum:       `(?:acquisition|offer|buyback|tender|presale|pre-sale|ico|ido|listing|launch|sale|strike|target|entry|exit|stop[- ]loss|take[- ]profit) price\b|(?:(?:1|4|6|12)[- ]?h(?:ours?)?|\d+[- ]?(?:d|days?|w|weeks?|m|months?)|7-day|30-day|weekly|monthly|hourly|average(?: daily)?|avg\.?(?: daily)?)[- ](?:trading )?(?:volume|vol)\b`,
			FactMarketCap:  `market (?:valuation|value)\b|(?:a|its|the|current) valuation\b|market[- ]?cap(?:itali[sz]ation)?\b|mcap\b|mc\b|m\.cap\b`,
			FactFDV:        `fdv\b|fully[- ]diluted(?: valuation| value| market cap)?\b`,
			FactVolume:     `(?:24[- ]?h(?:our)?|daily|24-hour|one-day)?[- ]?(?:trading )?(?:volume|vol)\b|traded\b|(?:chang|exchang)(?:es|ed|ing) hands\b`,
			FactLiquidity:  `liquidity\b|liq\b|lp\b|pool (?:depth|size|reserves?)\b|in the pool\b`,
			FactPrice:      `price[ds]?\b|trad(?:es|ing|ed) (?:at|around|near|for)\b|(?:is|are|now|currently|each|one \w+ is) worth\b|costs?\b|per (?:token|coin)\b|quoted at\b|sells? for\b|(?:chang|exchang)(?:es|ed|ing) hands (?:at|for|around|near)\b|valued at\b|(?:press[- ]time|current|present|latest) value of\b|current (?:price )?level of\b`,
			FactPairAgeHrs: `old\b|ago\b|age[ds]?\b|created\b|launched\b|deployed\b|listed\b|new\b|existed\b|been (?:trading|live)\b`,
		},
		after:        `in|of|the|total|worth of|on|in the|[\pL]+-[\pL]+|current|circulating|reported|estimated|live`,
		hypothetical: `support(?: level| zone| at| sits| near| around| is| of)|resistance|for example|example:|for instance|e\.g\.|if|would|were to|could (?:fall|drop|rise|reach|hit|go)|might|suppose|imagine|hypothetical(?:ly)?|scenarios?|target(?:s|ed)?|forecast(?:s|ed|ing)?|predict(?:ions?|ed|s)?|projections?|projected|should (?:it|the)|what if|let's say|say it|potential(?:ly)?|expected to|aims? (?:for|to)|could\b|may (?:reach|hit|rise|fall)`,
		history:      `all[- ]time[- ](?:high|low)|ath|atl|(?:24h|24-hour|daily|intraday|session|weekly|monthly|52-week|yearly) (?:high|low)|(?:high|low) (?:was|reached|hit|at)|peak(?:ed|ing|s)?|hit(?:ting)? (?:a |an |its )?(?:high|low|peak|top)|topp(?:ed|ing) out|high of|low of|record|launch(?:ed)? (?:at|price)|listed at|started at|opened at|down from|up from|previously|used to|last (?:week|month|year)|a (?:week|month|year) ago|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve) (?:days?|weeks?|months?|years?) ago|(?:a few|several|some) (?:hours|days|weeks|months|years) ago|in 20\d\d|back in|that (?:year|day|month|week)|starting (?:from|at)|rising from|from (?:a low of|just)|was at|were at|historical(?:ly)?|(?:surged|soared|skyrocketed|plunged|plummeted|crashed|tanked|spiked|rallied|pumped|dumped|climbed|rose|fell|dropped|jumped|grew|shot up|went up|went down) to|in (?:just )?(?:a few|\d+) (?:hours|days|minutes)|yesterday|at launch|on launch|at its (?:peak|height)|earlier|initially|originally|had (?:a|an)|was (?:a|an|about|around)|went from|(?:its|a|the) (?:\w+ )?(?:high|low|peak|top|bottom) (?:near|around|at)|as (?:high|low) as|(?:climb|rise|jump|fall|drop|decline|slide)(?:ed|s|ing)? from|from (?:around|about|roughly|nearly|its|trading (?:at|around|near)|(?:a|the) (?:level|price) of)|(?:increase|decrease|gain|rise|drop)(?:d|s)? (?:by )?(?:over |more than |nearly |about |almost )?\d[\d.,]*\s?% from|(?:highest|lowest) (?:price|level|point)?\s*(?:\w+ )?(?:has )?ever|record high|record low|on (?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.? \d{1,2}(?:st|nd|rd|th)?,?[^.;]{0,40}?\b(?:was|were|had)|intraday|initial (?:price|listing)|(?:listing|launch|ido|ico|presale) price|closed (?:at|the day|on)|opened at|at the time(?:,| to| when)|at that time|back then`,
		present:      `, (?:although|though|but|while|whereas|yet)|is (?:trading|changing hands|exchanging hands|priced|sitting|hovering)|trades at|sits at|stands at|now|currently|today|at present|at the moment|right now|as of|current(?:ly)?`,
		approx:       `\babout|\baround|\broughly|\bapproximately|\bapprox\.?|~|≈|\bnearly|\balmost|\bsome|\bclose to|\bin the region of|\bor so`,
		atLeast:      `\bexceed(?:s|ed|ing)?(?: the)?|\bover|\bmore than|\babove|\bat least|\bupwards of|\bexceeds?|\bexceeding|\bbeyond|>|≥`,
		atMost:       `\bunder|\bless than|\bbelow|\bat most|\bup to|<|≤`,
		generic:      `sma|ema|moving average|vwap|fibonacci|fib level|pivot|bollinger|rsi|macd|stochastic|red flag|rule of thumb|typical(?:ly)?|usual(?:ly)?|generally|in general|commonly|considered|healthy (?:range|level)|ideal(?:ly)?|recommended|threshold|most tokens|many tokens|tokens with|any token|a token with|avoid|be wary|warning sign|is a sign`,
		comparison:   `(?:times (?:the|that of|as)|(?:twice|half) the|(?:higher|lower|greater|bigger|larger|smaller) than|than (?:the|that|those|its|their)|total market cap|combined|aggregate|in total|(?:coins|tokens|projects) with|the (?:meme ?coin|meme|crypto) (?:market|sector)|sector|category|for comparison|compared (?:to|with)|vs|versus|similar to|relative to|in comparison|peers?|competitors?|rivals?|unlike)\b`,
		notThisToken: `in gas\b|gas\b|(?:in |of |for )?(?:network |transaction |trading |swap )?fees?\b|tokens\b|coins\b|holders\b|wallets\b|transactions\b|txns?\b|trades\b|swaps\b|units\b|per (?:month|year|day|week)\b|a (?:month|year|day|week)\b|each\b|apiece\b|in (?:profit|losses?|rewards?)\b|airdrop`,
		moves:        `rose|rises|rising|grew|grows|growing|expanded|shrank|fell|falls|falling|dropped|drops|dropping|climbed|climbs|climbing|jumped|jumps|jumping|surged|surges|surging|soared|soaring|slid|slides|sliding|slipped|slipping|declined|declines|declining|gained|gains|gaining|lost|losing|plunged|plunging|tumbled|tumbling|rallied|rallying|sank|sinking|dipped|dips|dipping|slumped|spiked|advanced|retreated|increased|decreased|rebounded|recovered|edged (?:up|down|higher|lower)|added|shed|up|down`,
		toward:       `to|at|reaching|hitting|touching`,
		sizedMove:    `\d[\d.,]*\s?%\s+(?:gain|loss|drop|rise|jump|surge|decline|increase|decrease|dip|rally|climb|fall)\b[^.;\n$]{0,40}?\b(?:to|at|reaching|hitting|touching)`,
		nameVerb:     `(?:(?:now|currently)\s+)?(?:(?:sits|is sitting|stands|is standing|hovers|is hovering|rests|is|trades|is trading)\s+)?(?:at|around|near)`,
		pronoun:      `it|its|it['’]s`,
		by:           `by`,
		from:         `from`,
		to:           `to`,
		dated:        `(?:in|on|since|by|during) (?:early |late |mid-?)?(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b|on the \d{1,2}(?:st|nd|rd|th)\b|in (?:early |late )?20\d\d|last (?:week|month|year)|yesterday|earlier (?:this|in the) (?:week|month|year)|back in|that (?:year|day|month)|(?:and )?then\b|before (?:falling|dropping|retreating|pulling back|crashing|settling|sliding|easing|recovering|rebounding|reversing)|after which|since (?:its )?(?:launch|inception|listing|debut)|(?:\d+|one|two|three|a|several|a few) (?:days?|weeks?|months?|years?) ago|on \d{1,2}(?:st|nd|rd|th)? (?:of )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|(?:highest|lowest|high|low|peak|bottom|top)(?: point| price)?\)|(?:is|are|was|were|seems|looks) (?:expected|likely|possible|projected|anticipated|forecast)\b`,
		ago:          `(?:\d+|one|two|three|four|five|six|a few|several) (?:days?|weeks?|months?|years?) ago|yesterday|last (?:week|month|year)|at (?:the )?(?:signal|entry|alert|call|launch)(?: time)?`,
		mark:         `(?:price )?(?:mark|milestone|threshold|barrier|handle|levels?|range)`,
		milestone:    `\b(?:towards?|neared|nearing|approached|approaching|past|passed|surpass(?:ed|es|ing)?|cross(?:ed|es|ing)?|broke|broken|break(?:s|ing)?|smash(?:ed|es|ing)?|blast(?:ed|s|ing)?|topp(?:ed|ing)|reclaim(?:ed|s|ing)?|breach(?:ed|es)?|eclips(?:ed|es|ing)|hits?)\s+(?:(?:the|both|above|below|through)\s+){0,3}`,
		ageBefore:    `created|launched|deployed|listed|pair age|age\*{0,2}:|age of|age (?:around|about|roughly|is|~)|been (?:trading|live)|existed`,
		ageAfter:     `old\b|ago\b|of age\b`,
		otherAge:     `wallets?|creator|deployer|developer|dev|owner|account|domain|website|twitter`,
		scales: map[string]float64{"k": 1e3, "thousand": 1e3, "m": 1e6, "mn": 1e6, "mm": 1e6, "million": 1e6,
			"b": 1e9, "bn": 1e9, "billion": 1e9, "t": 1e12, "trillion": 1e12},
		currency:  `USD\b|USDT\b|USDC\b|US dollars?\b|dollars?\b`, // a price in a dollar stablecoin is its dollar price within 0.1 %
		cents:     `cents?\b|¢`,
		percent:   `%|percent\b|per cent\b`,
		durations: map[string]float64{"minute": 1.0 / 60, "minutes": 1.0 / 60, "min": 1.0 / 60, "mins": 1.0 / 60, "hour": 1, "hours": 1, "hr": 1, "hrs": 1, "h": 1, "day": 24, "days": 24, "d": 24, "week": 168, "weeks": 168, "w": 168},
	})
}
