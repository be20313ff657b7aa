package factcheck

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// language is how one language states the figures the checks read: the words naming each
// fact, the words that make a figure no claim about the token now, and its number forms.
// Adding a language is one file, lang_xx.go, whose init appends one to languages; the reader
// knows the words of every language at once (answers mix them: "Market cap: 1,2 млн $"), and
// the answer's language decides only what an ambiguous number means ("1.523": 1523 in Spanish,
// 1.523 in English).
type language struct {
	code string
	// decimalComma: "41,2" is 41.2 and "1.523.055" is 1523055.
	decimalComma bool
	// markSure is set on a copy when the answer's own numbers showed its decimal mark
	// (decimalMark): then "7.950 millones" is read as thousands, not left unchecked.
	markSure bool
	// unspaced: words are not set apart by spaces (Chinese), so they take no word boundary.
	unspaced bool
	// hypoVerbs are, for a language whose verb ends the clause (Turkish), the verbs of a
	// hypothesis: they make every figure of their clause hypothetical, not only those after
	// them ("10 dolara çıkabilmesi için … 74 milyar dolara ulaşması gerekiyor").
	hypoVerbs string
	// lookIf are the words of an "if" that only turns the eye to a source or a view, no
	// hypothesis: "if we look at the chart", "если смотреть на FLOKI", "bakacak olursak"; and
	// of "for example" when what it names is the token itself ("COTI, por ejemplo, cuenta con
	// una capitalización de …"), whose figures are its own.
	lookIf string
	// marks are words or letters only this language uses: the answer's language is the one
	// with most of them.
	marks string
	// labels are regexp alternations naming each fact, by Fact*; skip names a change ("up
	// 12%") or a score, which never count.
	labels map[string]string
	// after are the little words between a figure and its label ("$15K in liquidity").
	after string
	// unlock are the words of a lock's end, after which a date is the lock's ("unlocks in March
	// 2026", "con desbloqueo en marzo"), not the figure's.
	unlock string
	// The words that make a figure no claim about the token now, or bound it; pressTime,
	// right after a figure, makes it one whatever came before ("at press time").
	hypothetical, history, present, pressTime string
	// nowAfter are the words right after a sum that say it is now, with no comma between
	// ("fell to about $0.000384 today"): a move told as history ends where the token is.
	nowAfter                string
	approx, atLeast, atMost string
	// generic are words of a rule or a norm ("a red flag", "typically"): with "above" or
	// "below" before the figure, it is a threshold, not a reading.
	generic string
	// comparison are words that bring in another token ("for comparison", "versus").
	comparison string
	// notThisToken are words right after a figure that make it a cost or a count, not the
	// token's figure ("in gas", "tokens").
	notThisToken string
	// moves are the verbs of a price's move and toward the words that bring its new level:
	// "fell 18.81% to US$0.00000026", "cayendo un 3,48% … a 0,184 dólares".
	moves, toward string
	// from is the word right before the level a move started at, and to the word right
	// before the level it came to: "from $1.80 to $2.42", "de US$ 1,80 para US$ 2,42". A
	// language that marks the start on the figure itself says so in fromAfter ("1,80
	// dolardan 2,42 dolara").
	from, to, fromAfter string
	// nameVerb are the words between a token's name and its price that no label names: "TURBO
	// sits at $0.00553", "$NULP at $0.00000019"; amountOf the words right before a token's name
	// that make a sum right after the name an amount of the token, not its price: "the GPANDA
	// $100 is a coin flip".
	nameVerb, amountOf string
	// example are the words of a line that introduces a worked example ("Example:", "範例："),
	// alone on it; negation the words right before a figure that deny it ("is not $3").
	example, negation string
	// seeAlso are the words that open a line linking another article, whose headline's
	// figures are that article's: "Read more: Bitcoin nears $90K", "LEIA MAIS:", "相关阅读：".
	seeAlso string
	// nameColumn are the words of a table's header over tokens' names or tickers ("Ticker",
	// "名称"), or over venues ("Exchange", "交易所": a row is one market's, not the token's),
	// alone in their cell.
	nameColumn string
	// chainAfter and chainBefore are the words right after and right before a coin's name that
	// make it the chain a token lives on, not a token of its own: "the Solana meme token", "on
	// Solana", "以太坊生态", "в сети Солана". Each writes its own word boundaries.
	chainAfter, chainBefore string
	// coinAfter are those of chainAfter's words that name the coin itself, not its chain as the
	// home of something else: "the SUI token", "SOL coin" (chainOf).
	coinAfter string
	// coins are the language's own names of well-known coins, by stem, with their English
	// names: "比特币" is Bitcoin, "биткоин" (and "биткоина") too.
	coins map[string]string
	// pronoun are the words a sentence starts with that speak of the last sentence's subject:
	// "It", "Its"; impersonal those of an "it" that stands for nothing ("It's worth noting").
	pronoun, impersonal string
	// by are the little words between a move's verb and a sum it moved by, not to: "grew by
	// $5M", "выросла на $5 млн" ("rose $5M" needs none).
	by string
	// sizedMove is, for a language that states a move's size before its verb, the words
	// right before the level ("yüzde 7,53 artışla 11,76 dolara").
	sizedMove string
	// dated are words right after a figure that date it in the past: "$63 billion in
	// September 2021", "$0.000032 on the 21st of May".
	dated string
	// ago are words that put a heading's section in the past, relative to now ("## Analysis
	// (2 months ago)"): never a date, which may be today's.
	ago string
	// milestone are the words right before a round figure passed or missed, no reading:
	// "past $1 trillion", "crossed the $100K".
	milestone string
	// mark are the words right after a round figure that make it a milestone: "the $2 billion
	// mark"; hypoAfter those that make it the subject of a hypothesis: "a market cap of $11.5B
	// would put it in the top 50".
	mark, hypoAfter string
	// nowWindow are the words of a volume's label whose window ends now, right before the words
	// of a move's end that are history elsewhere: "24-hour trading volume soared to $6.76
	// billion", "o volume de 24h caiu para US$ 2,1 milhões", "объём за сутки упал до 386 тыс. $"
	// state the volume now; longWindow those of a window of days or more before a volume ("over
	// the last 30 days, it handled $11.2 billion in volume"), which is then no day's.
	nowWindow, longWindow string
	// hearsay are the words that make the figures after them someone else's claim, not the
	// answer's, until a word of the present: "the Telegram post talks of a $5M market cap, but
	// now …", "you mentioned", "el mensaje de Telegram habla de".
	hearsay string
	// order are the words right before a sum that make it a trade's size, no fact: "a buy of
	// $10K", "покупка на 10 000 $", "una venta de 5.000 $".
	order string
	// peak are the words right after a figure (after the language's suffix on it) that make it
	// a peak's, or a support's or resistance's level: "0,0000094 $'lık ATH", "$0.0000094 ATH",
	// "0,017 $ desteğinin altı".
	peak string
	// live are the words of a table's header over the column of the figures now, beside
	// columns of other times or of others' claims ("| | Bot | Now |"), all the header holds.
	live string
	// views are the things an "if we look at" looks at that make it no hypothesis (lookIf):
	// "the chart", "los datos", "график" (or a token's name).
	views string
	// was are the past of is and the verbs that bring a level after a peak's word, which make
	// that word the label of the figure after it ("peak was $5.10", "ATH at $5.10"); sidePrep a
	// tax's side's little word before it ("a la compra", "na venda", "khi mua"); each the words
	// of one figure for each of two ("买卖税各 2%").
	was, sidePrep, each string
	// valueColumn are the words of a table's header over its values ("| Metric | Value |") or
	// their ratings, no label though a label's word is one (Vietnamese "Giá trị", "Đánh giá").
	valueColumn string
	// ageBefore and ageAfter make a duration the pair's age: "created 6 hours ago", "6 hours
	// old"; agoAfter ("ago", "назад", "önce", "前") makes it one only with a word of ageBefore
	// right after it ("7 gün önce oluşturuldu", "7 天前创建"): "7 days ago it traded at $0.31"
	// is when, not how old. otherAge are the words of something else whose age it is
	// ("Creator wallet is only 0.1 days old").
	ageBefore, ageAfter, agoAfter, otherAge string
	// versus are the words that compare with a time before ("up 0.42% from 24 hours ago", "so
	// 24 giờ trước"): the duration after them is no pair's age; offset the words right after a
	// duration that make it the time between two events ("created 14 minutes after the largest
	// Solana NEIRO"), no age either.
	versus, offset string
	// scales are the words for thousands, millions... and their values.
	scales map[string]float64
	// currency are words after a number that make it US dollars.
	currency string
	// cents are words for a hundredth of a dollar after a number ("35 cents", "35美分").
	cents string
	// percent are words for "percent" after a number.
	percent string
	// durations are the units of time, in hours; counts the words for small numbers, read as
	// digits before a unit of time ("about five days old", "cinco días").
	durations map[string]float64
	counts    map[string]int
	// sameCap are the words that make an FDV the market cap's twin, after its label ("FDV the
	// same", "FDV: same as MC"), and capWords the cap's labels they refer back to (same.go).
	sameCap, capWords string
	// taxes is the word for a token's taxes, buy and sell the words for each side of a pair
	// of them ("Impuestos: compra 5 % / venta 25 %", "买税/卖税：3% / 6%"); noTax the words
	// that say it has neither ("no taxes", "налогов нет", "无买卖税"): see taxes.go; taxVerb
	// those of them, with the words before them, that make a statement of their own ("there's
	// no tax", "no hay impuestos"); eachWay the words of a figure for both sides after it ("0%
	// each way", "no tax on either side"); zero the word for none as a tax's figure.
	taxes, buy, sell, noTax, taxVerb, eachWay, zero string
	// lpState are the words after "LP 100%" that make the share the LP's locked or burned one
	// ("LP: 100% burned", "LP 100% 锁定").
	lpState string
	// burnedLP are the words that state the LP burned or locked, all of it, with no figure:
	// "the LP is burned", "LP quemada", "LP 已销毁", "the LP is fully locked", "LP 已全部锁定"
	// (none that denies it: "not burned", "未销毁").
	burnedLP string
	// lpStatus are the words of an LP's state as a field's label, between "LP" and its share
	// ("LP status: 100% burned", "LP 状态：100% 已销毁"); lpAt the little words between an LP's
	// state and its share ("LP quemada al 100 %", "LP сожжён на 100 %").
	lpStatus, lpAt string
	// openLP are the words that state the LP not locked at all, with no figure: "the LP isn't
	// locked", "LP no está bloqueada", "LP 未锁定".
	openLP string
	// unsure are words that make "no taxes" no claim about the token: a negation, a claim, a
	// rule ("not", "the team says", "usually").
	unsure string
	// and are the words that join two figures or facts ("0% and 5%", "taxes 0/0 and LP
	// burned"), is those between a label and its figures ("taxes are 5/5"), and lockFor those
	// after a locked LP's share that say for how long or where ("for 30 days", "via PinkLock");
	// between is the word before a range's first end whose ends "and" joins ("between $1.1M
	// and $1.3M", "entre 11,9 y 12,7 millones").
	and, is, lockFor, between string
	// but are the words that set one tax's side against the other's: "2% on buys but 12% on
	// sells".
	but string
	// respectively is the word that pairs a list of figures with a list of things by their
	// order ("Hive and Steem trade at $0.248 and $0.151, respectively"): see byOrder.
	respectively string
	// current are the words for "current" between "to" and a move's level: "до нынешних
	// 0,0000412 $", "to today's $2.42".
	current string
	// across are words after a figure that make it a sum over every chain or pool, not the
	// pair's: "$2B in daily volume across its deployments".
	across string
	// ordinal are the words right before a number that make it an ordinal, no amount: "第"
	// ("上线第 3 天", on the third day after launch).
	ordinal string
	// ofTotal are the words of a share of a total in brackets right after a sum, which make the
	// sum a part ("DEX Volume$6.24m(38.63% of total)").
	ofTotal string
	// asOf is "as of" and the date after it, the day a page's figures are of: a year in it is
	// no history ("截至2026年1月16日", "Tính đến tháng 7 năm 2025").
	asOf string
	// market are the words of the crypto market as a whole: a clause that opens with them
	// speaks of the market, figure after figure, until it names a token ("The global crypto
	// market cap is now about $2.68 trillion, with total 24-hour trading volume reaching $82.72
	// billion").
	market string
}

// languages are the languages the checks read, English first.
var languages []*language

// factOrder is the order the facts' keywords are tried in, the more specific first (so that
// "liquidity locked" is not read as liquidity); the pair's age is last (see fit).
var factOrder = []string{FactLPLocked, FactSellTax, FactBuyTax, FactTop10, skip, otherSum, FactMarketCap, FactFDV,
	FactVolume, FactLiquidity, FactPrice, FactPairAgeHrs}

var factKinds = map[string]kind{FactLPLocked: percent, FactSellTax: percent, FactBuyTax: percent, FactTop10: percent,
	skip: percent, otherSum: money, FactMarketCap: money, FactFDV: money, FactVolume: money, FactLiquidity: money, FactPrice: money,
	FactPairAgeHrs: hours}

var words = sync.OnceValue(func() *lexicon {
	l := &lexicon{}
	for _, fact := range factOrder {
		re := regexp.MustCompile(union(func(lang *language) string { return lang.labels[fact] }))
		l.keywords = append(l.keywords, keyword{fact, factKinds[fact], re})
		if fact == FactPairAgeHrs || fact == skip || fact == otherSum {
			continue // an age's keyword after it is read in fit; a change's never counts
		}
		fillers := raw(func(lang *language) string { return lang.after })
		// After the figure, a label is set apart by a space, markup, or a bracket or quote it
		// closes (fit): "$12.3M (market cap)", but "24% (thuế mua 8%)" is no "24% thuế mua".
		after := strings.ReplaceAll(strings.TrimPrefix(re.String(), "(?i)"), `(?:^|[^\pL\pN])`, `(?:^|[\s*_:("“'])`)
		// A suffix after an apostrophe is the figure's own: "0,70 Dolar'dan işlem görüyor".
		l.right = append(l.right, keyword{fact, factKinds[fact], regexp.MustCompile(`(?i)^[\s*_]*?['’]?(?:` +
			fillers + `\s*?){0,2}?[\s*_]*?` + after)})
	}
	// otherSumNext is otherSum's words right after a figure, anchored there: "$1.04M 7d volume".
	l.otherSumNext = regexp.MustCompile(`(?i)^[\s*_]*?(?:` + strings.TrimPrefix(l.keywords[otherSumAt].re.String(), "(?i)") + `)`)
	l.moveTo, l.moveToNow = moveTo(), moveToNow()
	l.moveEnd, l.rangeEnd = fromTo()
	l.movedBy = movedBy()
	// A line that is only "Example:", or starts with it and goes on (group 1: "💡 Örnek: 100 $'lık
	// alım …").
	l.exampleLine = regexp.MustCompile(`(?i)^[\s*_#>\p{So}]*(?:` + raw(func(lang *language) string { return lang.example }) + `)[\s*_]*(?:[:：][\s*_]*(\S.*)|[:：]?[\s*_]*)$`)
	l.respectively = regexp.MustCompile(union(func(lang *language) string { return lang.respectively }))
	l.seeAlso = regexp.MustCompile(`(?i)^[\s*_#>\p{So}]*(?:` + raw(func(lang *language) string { return lang.seeAlso }) + `)[\s*_]*[:：]`)
	l.amountOf = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:` + raw(func(lang *language) string { return lang.amountOf }) + `)\s+$`)
	l.nameVerb = spacedSuffix(func(lang *language) string { return lang.nameVerb })
	l.pronoun, l.impersonal = pronouns()
	l.localCoin, l.coinAlias = localCoins()
	l.moveWord = regexp.MustCompile(union(func(lang *language) string { return lang.moves }))
	for _, kw := range l.keywords {
		if kw.fact == skip {
			l.changeWord = kw.re
		}
	}
	l.dated = regexp.MustCompile(`(?i)^[^.;!?\n\d]{0,40}?` + strings.TrimPrefix(union(func(lang *language) string { return lang.dated }), "(?i)"))
	l.milestone = suffix(func(lang *language) string { return lang.milestone })
	l.ago = regexp.MustCompile(union(func(lang *language) string { return lang.ago }))
	l.contrast = regexp.MustCompile(`(?i)(?:^|[^\pL\pN])(?:` + raw(func(lang *language) string { return lang.but }) + `)(?:[^\pL\pN]|$)`)
	// Whole words, as dated's: "but the unknown risk" holds no "now".
	l.nowAgain = regexp.MustCompile(`(?i)^[^\d.;!?\n]{0,48}?` + strings.TrimPrefix(union(func(lang *language) string { return either(lang.present, lang.current) }), "(?i)"))
	l.negation = suffix(func(lang *language) string { return lang.negation })
	l.markAfter = regexp.MustCompile(`^(?:['’]?\pL{1,4})?\s*` + union(func(lang *language) string { return lang.mark }))
	l.nowWindow = regexp.MustCompile(`(?i)(?:` + raw(func(lang *language) string { return lang.nowWindow }) + `)\s*$`)
	l.longWindow = regexp.MustCompile(`(?i)(?:^|[^\pL\pN])(?:` + raw(func(lang *language) string { return lang.longWindow }) + `)(?:[^\pL\pN]|$)`)
	l.dayWindow = regexp.MustCompile(`(?i)24|` + raw(func(lang *language) string { return lang.nowWindow }))
	l.hypoAfter = regexp.MustCompile(`(?i)^[\s*_]*(?:` + raw(func(lang *language) string { return lang.hypoAfter }) + `)`)
	l.hypothetical = regexp.MustCompile(union(func(lang *language) string { return lang.hypothetical }))
	l.hypoClause = regexp.MustCompile(union(func(lang *language) string { return lang.hypoVerbs }))
	l.lookIf = regexp.MustCompile(union(func(lang *language) string { return lang.lookIf }))
	l.history = regexp.MustCompile(union(func(lang *language) string { return either(lang.history, lang.hearsay) }))
	l.order = suffix(func(lang *language) string { return lang.order })
	l.peakAfter = regexp.MustCompile(`^(?:['’]?\pL{1,4})?\s*` + union(func(lang *language) string { return lang.peak }))
	l.peakBefore = regexp.MustCompile(union(func(lang *language) string { return lang.peak }) + `\s*(?:` + raw(func(lang *language) string { return lang.is }) + `|:|：)?\s*(?:~|≈|约)?\s*$`)
	l.linking = regexp.MustCompile(`(?i)^` + raw(func(lang *language) string { return either(lang.is, lang.was) }) + `(?:[^\pL]|$)`)
	l.live = regexp.MustCompile(`(?i)^(?:` + raw(func(lang *language) string { return lang.live }) + `)$`)
	l.views = regexp.MustCompile(`(?i)^[\s*_]*(?:` + raw(func(lang *language) string { return lang.views }) + `)`)
	l.viewsBefore = regexp.MustCompile(`(?i)(?:` + raw(func(lang *language) string { return lang.views }) + `)\s*$`)
	l.present = regexp.MustCompile(union(func(lang *language) string { return strings.Trim(lang.present+"|"+lang.pressTime, "|") }))
	l.nowAfter = regexp.MustCompile(`(?i)^[\s*_]*(?:` + raw(func(lang *language) string { return lang.nowAfter }) + `)(?:[^\pL]|$)`)
	l.pressTime = regexp.MustCompile(`(?i)^[\s,(*_]*(?:` + raw(func(lang *language) string { return lang.pressTime }) + `)`)
	l.generic = regexp.MustCompile(union(func(lang *language) string { return lang.generic }))
	l.comparison = regexp.MustCompile(union(func(lang *language) string { return lang.comparison }))
	l.approx = suffix(func(lang *language) string { return lang.approx })
	l.atLeast = suffix(func(lang *language) string { return lang.atLeast })
	l.atMost = suffix(func(lang *language) string { return lang.atMost })
	// A bound and its sum, a few words and "and" right before a figure bound it too: "at least
	// $100,000 in volume and $250,000 in liquidity" (not "mais de 21 mil carteiras e com").
	l.boundPair = regexp.MustCompile(`(?i)(?:` + raw(func(lang *language) string { return either(lang.atLeast, lang.atMost) }) + `)\s*[*_~]*\s*(?:(?:US\$|\$)\s*\d[\d.,]*\s*\pL*|\d[\d.,]*\s*(?:\pL+\s)?(?:\$|usd|` + raw(func(lang *language) string { return lang.currency }) + `))(?:\s+[^\s\d]+){0,3}?\s+` + raw(func(lang *language) string { return lang.and }) + `\s*[*_]*\s*(?:US\$|\$)?$`)
	l.market = regexp.MustCompile(union(func(lang *language) string { return lang.market }))
	l.ordinal = suffix(func(lang *language) string { return lang.ordinal })
	l.asOf = regexp.MustCompile(union(func(lang *language) string { return lang.asOf }))
	l.partOf = regexp.MustCompile(`(?i)^[\s*_]*[(（]\s*%?\s?\d[\d.,]*\s?[%％]?\s*` + raw(func(lang *language) string { return lang.ofTotal }))
	l.across = regexp.MustCompile(`(?i)^[^.;,，\n]{0,40}?` + strings.TrimPrefix(union(func(lang *language) string { return lang.across }), "(?i)"))
	// A bracket opens no count's word: "$2.417 (token SPL estándar)" is no Turkish "2 token".
	l.notThisToken = regexp.MustCompile(`^[\s*_)]*` + strings.ReplaceAll(union(func(lang *language) string { return lang.notThisToken }), wordStart, `(?:^|[^\pL\pN(])`))
	l.ageAfter = regexp.MustCompile(`^[\s*_]*` + union(func(lang *language) string { return lang.ageAfter }))
	l.agoAfter = regexp.MustCompile(`^[\s*_]*` + union(func(lang *language) string { return lang.agoAfter }))
	l.offset = regexp.MustCompile(`(?i)^[\s*_]*(?:` + raw(func(lang *language) string { return lang.offset }) + `)(?:[^\pL]|$)`)
	l.versus = regexp.MustCompile(union(func(lang *language) string { return lang.versus }) + `[^.;\n]{0,24}$`)
	l.otherAge = regexp.MustCompile(union(func(lang *language) string { return lang.otherAge }))
	l.unlock = regexp.MustCompile(union(func(lang *language) string { return lang.unlock }))
	l.ageBefore = regexp.MustCompile(union(func(lang *language) string { return lang.ageBefore }) + `[^;\n]{0,40}$`)
	l.coinName = coinNamePattern()
	l.valueColumn = regexp.MustCompile(`(?i)^(?:` + raw(func(lang *language) string { return lang.valueColumn }) + `)$`)
	l.nameColumn = regexp.MustCompile(`(?i)^(?:` + raw(func(lang *language) string { return lang.nameColumn }) + `)$`)
	l.chainNoun = regexp.MustCompile(`(?i)^` + raw(func(lang *language) string { return lang.chainAfter }))
	l.coinNoun = regexp.MustCompile(`(?i)(?:` + raw(func(lang *language) string { return lang.coinAfter }) + `)\s*$`)
	l.chainBefore = regexp.MustCompile(`(?i)` + raw(func(lang *language) string { return lang.chainBefore }) + `\s*$`)
	l.chain = regexp.MustCompile(`(?i)^\$?(?:Solana|SOL|Ethereum|ETH|BNB|BSC|Base|Arbitrum|ARB|Polygon|MATIC|POL|Avalanche|AVAX|Tron|TRX|TON|Toncoin|Sui|SUI|Aptos|APT|Optimism|OP|Blast|Linea|Sonic|Bitcoin|BTC)$`)
	l.otherCurrency = regexp.MustCompile(`(?i)(?:R\$|A\$|C\$|NT\$|HK\$|S\$|€|£|¥|₽|₺|₫|₹)\s*$`)
	l.otherAsset = regexp.MustCompile(`(?i)\b(?:btc|bitcoin|eth|ether|ethereum|bnb|sol|solana|usdt|tether|usdc|dai|busd|fdusd|usde|stablecoins?|xrp|doge|dogecoin|ada|cardano|avax|matic|pol|trx|ton|link|dot|ltc|shib|pepe|wbnb|weth|wsol|arb|op|bonk|wif)(?:'s)?\b`)
	marks := make([]*regexp.Regexp, len(languages))
	for i, lang := range languages {
		marks[i] = regexp.MustCompile(`(?i)` + lang.marks)
	}
	l.marks = marks
	return l
})

// pronouns match the start of a sentence that speaks of the last one's subject ("It", "Its",
// "它的"), and of one whose "it" stands for no token ("It's worth noting", "It is important").
func pronouns() (pronoun, impersonal *regexp.Regexp) {
	var parts, dummy []string
	for _, lang := range languages {
		if lang.pronoun == "" {
			continue
		}
		end := `(?:[^\pL\pN]|$)`
		if lang.unspaced {
			end = ""
		}
		parts = append(parts, `(?:`+lang.pronoun+`)`+end)
		if lang.impersonal != "" {
			dummy = append(dummy, `(?:`+lang.impersonal+`)`)
		}
	}
	const lead = `(?i)^[*_"“]*`
	return regexp.MustCompile(lead + `(?:` + strings.Join(parts, "|") + `)`), regexp.MustCompile(lead + `(?:` + strings.Join(dummy, "|") + `)`)
}

// detect is the language of text: the one whose marks it holds most of (in its first 4 KB),
// English when it holds none.
func detect(text string) *language {
	l := words()
	sample := text[:min(len(text), 4096)]
	best, bestN := languages[0], 0
	for i, lang := range languages {
		if lang.marks == "" {
			continue
		}
		if n := len(l.marks[i].FindAllStringIndex(sample, 64)); n > bestN {
			best, bestN = lang, n
		}
	}
	return best
}

// allScales are the scale words of every language with their values, the longest first (so
// that "mil millones" is not read as "mil").
func allScales() ([]string, map[string]float64) {
	values := map[string]float64{}
	for _, lang := range languages {
		for w, v := range lang.scales {
			values[strings.ToLower(w)] = v
		}
	}
	list := make([]string, 0, len(values))
	for w := range values {
		list = append(list, w)
	}
	slices.SortFunc(list, func(a, b string) int { return len(b) - len(a) })
	return list, values
}
