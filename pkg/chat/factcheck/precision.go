package factcheck

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// unsure reports whether a figure the reader tied to a fact may be no claim about this token
// now, or may be read wrong: then it is left unchecked, since a false "contradicts" under a
// right answer costs the reader's trust more than a miss. It is unsure when the figure
//   - is a cost or a count, not the token's figure ("$0.10 in gas", "1.2 million tokens");
//   - is compared with another token's ("for comparison", "vs", a ticker that is not this
//     token's before it: "BONK FDV ~$2.9B");
//   - is a rule's threshold ("a sell tax above 10% is a red flag"; generic says the clause
//     holds a rule's words);
//   - is not read whole: a digit or a subscript right after it, or the other end of a range
//     not read ("5-10%", "$1-2M");
//   - is a duration that is not the pair's age ("24-hour volume", "price 7 days ago");
//   - is a sum the fact moved by, not to ("market cap grew $500 million").
func (l *lexicon) unsure(clause string, generic bool, f figure, fact, left, after string) bool {
	before := clause[max(0, f.start-48):f.start] // the words right before the figure
	return l.notTheToken(clause, generic, f, fact, left, after, before) || tokenCount(f, after) || l.notWhole(f, before, after) ||
		f.kind == money && l.movedBy.MatchString(clause[runeStart(clause, max(0, f.start-96)):f.start]) || f.kind == hours && !l.pairAge(before, left, after) ||
		fact == FactVolume && l.longerWindow(clause[runeStart(clause, max(0, f.start-256)):f.start])
}

// notTheToken reports whether the words around a figure make it a cost, a count, another
// currency's sum, a comparison or a rule's threshold. The top 10's share is a total of its own:
// "combined", "合计" make it no comparison.
func (l *lexicon) notTheToken(clause string, generic bool, f figure, fact, left, after, before string) bool {
	if f.kind == money && l.order.MatchString(before) || l.peakNext(after) || l.peakBefore.MatchString(before) {
		return true // "a single $5K sell", "0,0000094 $'lık ATH"
	}
	if l.otherCurrency.MatchString(clause[max(0, f.start-4):f.start]) || l.otherAfter(f, after) || fact != FactTop10 && l.comparison.MatchString(left) {
		return true
	}
	return l.generic.MatchString(left) || l.negation.MatchString(qualifiers(left)) || generic && (l.atLeast.MatchString(before) || l.atMost.MatchString(before))
}

// otherAfter reports whether the words right after a figure make it a cost, a count, a part of
// a total or a sum over every chain: "$0.10 in gas", "$6.24m (38.63% of total)".
func (l *lexicon) otherAfter(f figure, after string) bool {
	return l.notThisToken.MatchString(after) || l.partOf.MatchString(after) || f.kind == money && l.across.MatchString(after)
}

// tokenCount reports whether a sum written with no currency sign is a count of tokens: a ticker
// right after it ("около 69,66 миллиона XPL", "45.000 millones de ADA"), not a currency's code
// ("2,4 millones de USD").
func tokenCount(f figure, after string) bool {
	m := tickerNext().FindStringSubmatch(after)
	return f.kind == money && !strings.ContainsAny(f.text, "$€£¥") && m != nil && !currencyCode().MatchString(m[1])
}

// tickerNext matches a ticker right after a figure, or after "de"/"do"/"da" ("69,66 миллиона
// XPL", "45.000 millones de ADA"), in group 1.
var tickerNext = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*(?:d[eoa]\s+)?\$?([A-Z][A-Z0-9]{1,9})\b`)
})

// currencyCode matches the code of a currency or a stablecoin pegged to one: a sum in it is
// no count of tokens.
var currencyCode = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:USD[TCS]?|US|BUSD|FDUSD|DAI|EUR|EURC|GBP|JPY|CNY|RMB|BRL|MXN|ARS|COP|RUB|TRY|VND|KRW|INR|CHF|CAD|AUD|HKD|SGD)$`)
})

// peakNext reports whether the words right after a figure make it a peak's ("0,0000094 $'lık
// ATH'nin ~%66 altında"), not the label of the figure after it ("$ 1.98B All-Time High: $
// 3.7464").
func (l *lexicon) peakNext(after string) bool {
	loc := l.peakAfter.FindStringIndex(after)
	if loc == nil || strings.ContainsAny(after[loc[0]:loc[1]], "([") {
		return false // "2,42 $ (максимум дня — 2,80 $)": an aside with a figure of its own
	}
	end := loc[1]
	if r, size := utf8.DecodeLastRuneInString(after[:end]); !unicode.IsLetter(r) {
		end -= size // the boundary the word's match took
	}
	rest := strings.TrimLeft(after[end:], " ")
	if r, _ := utf8.DecodeRuneInString(rest); r == '\'' || r == '’' {
		rest = strings.TrimLeftFunc(rest[len(string(r)):], unicode.IsLetter) // "ATH'nin"
	}
	rest = strings.TrimLeft(rest, " ~≈")
	if share().MatchString(rest) {
		return true // "ATH'nin ~%66 altında": how far below the peak, not the peak's level
	}
	if r, _ := utf8.DecodeRuneInString(rest); rest == "" || strings.ContainsRune(".;!?\n。", r) {
		return true // "… 32 bin dolar seviyesi görüldü. 8 günde …": the sentence ends with it
	}
	next := rest[:min(len(rest), 6)]
	return !strings.ContainsAny(next, ":：=—–-$(0123456789") && !l.linking.MatchString(rest)
}

// share matches a percentage at the start of a text: "%66", "66 %".
var share = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(?:%\s?\d|\d[\d.,]*\s?%)`) })

// notWhole reports whether a figure was read in part: a digit or a subscript right after it, a
// digit and a separator right before it, or the other end of a range, or the level a move started at ("from $1.80 to $2.42", "1,80
// dolardan 2,42 dolara").
func (l *lexicon) notWhole(f figure, before, after string) bool {
	if r, _ := utf8.DecodeRuneInString(after); unicode.IsDigit(r) || r >= '₀' && r <= '₉' || r == '{' {
		return true
	}
	if sep, size := utf8.DecodeLastRuneInString(before); sep == ',' || sep == '，' || sep == '.' {
		if r, _ := utf8.DecodeLastRuneInString(before[:len(before)-size]); unicode.IsDigit(r) {
			return true // "1，2346 萬": the digits before a separator the number took no part of
		}
	}
	if f.low > 0 || l.moveEnd.MatchString(before) || currentWord().MatchString(before[runeStart(before, max(0, len(before)-24)):]) {
		return false // "from its all-time high of $3.10 to $2.42": where a move ended; "从现在的约 940 万美元涨到": the level now
	}
	return openRange()[f.kind == percent].MatchString(before) || l.rangeEnd.MatchString(after)
}

// pairAge reports whether a duration is the pair's age: "created 6 hours ago", "6 hours
// old", but not "Price 7 days ago".
func (l *lexicon) pairAge(before, left, after string) bool {
	if near := before[runeStart(before, max(0, len(before)-24)):]; l.otherAge.MatchString(near) && !l.ageBefore.MatchString(near) || l.versus.MatchString(before) {
		return false // "Creator wallet is only 0.1 days old" (not "launched by the dev 20 hours ago"), "so 24 giờ trước"
	}
	if l.windowOf(before) || l.windowAfter(after) || l.offset.MatchString(after) {
		return false // "khối lượng 24h", "Volume 24h", "$3.1M in 24h volume": a figure's window
	}
	if l.ageBefore.MatchString(before) {
		return true
	}
	if l.labelled(left) {
		return false
	}
	if loc := l.agoAfter.FindStringIndex(after); loc != nil {
		rest := after[loc[1]:]
		rest = rest[:runeStart(rest, min(len(rest), 40))]
		if i := strings.IndexAny(rest, ",，;；。"); i >= 0 {
			rest = rest[:i] // "6 小时前，创建池子的钱包…": the creator's wallet, in a clause of its own
		}
		return l.ageBefore.MatchString(rest)
	}
	return l.ageAfter.MatchString(after)
}

// windowOf reports whether a label of a sum or a share ends right before a duration, which is
// then the window that figure is over: "khối lượng 24h chỉ ~31 nghìn USD".
func (l *lexicon) windowOf(before string) bool {
	near := strings.TrimRight(before[runeStart(before, max(0, len(before)-32)):], " *_")
	for _, kw := range l.keywords {
		if kw.kind == hours || kw.fact == skip {
			continue
		}
		if m := kw.re.FindAllStringIndex(near, -1); len(m) > 0 && strings.TrimRight(near[m[len(m)-1][1]:], " ") == "" {
			return true
		}
	}
	return false
}

// windowAfter reports whether a label of a sum or a share stands right after a duration (as
// rightLabel reads one after a figure), which is then that figure's window, whatever age's word
// stands before it: "a pool that has existed for years, and $3.1M in 24h volume", "24-hour
// trading volume", but not "约 44 小时，FDV 约 112.6 万美元".
func (l *lexicon) windowAfter(after string) bool {
	for _, kw := range l.right {
		if kw.re.MatchString(after) {
			return true
		}
	}
	return false
}

// labelled reports whether words before a duration name a sum or a share ("Price 7 days
// ago"), which makes the duration when that figure was, not the pair's age.
func (l *lexicon) labelled(left string) bool {
	left = left[max(0, len(left)-48):]
	for _, kw := range l.keywords {
		if kw.kind != hours && kw.fact != skip && kw.re.MatchString(left) {
			return true
		}
	}
	return false
}

var (
	// openRange is the first end of a range right before a sum (false) or a percentage (true):
	// "$1-" of "$1-2M", "5-" of "5-10%", but not "18.81% to" of "fell 18.81% to $0.26".
	openRange = sync.OnceValue(func() map[bool]*regexp.Regexp {
		const sep = `\s*(?:-|–|to|a|до|đến|至|~)\s*`
		// "entre 11,9 y" of "entre 11,9 y 12,7 millones": a first end with no unit.
		between := `|` + raw(func(l *language) string { return l.between }) + `\s+(?:US)?\$?\s*\d[\d.,]*\s*` +
			raw(func(l *language) string { return l.and }) + `\s*(?:US)?\$?\s*$`
		return map[bool]*regexp.Regexp{
			false: regexp.MustCompile(`(?i)\d\s*[kKmMbB]?` + sep + `\$?\s*$` + between),
			true:  regexp.MustCompile(`(?i)\d\s*%?` + sep + `$` + between),
		}
	})
	// ticker is a word written as tickers are: "BONK", "$WIF".
	ticker = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$?\b[A-Z][A-Z0-9]{1,9}\b`) })
)

// labels are the upper-case words of figures' labels and sources that are no ticker, past
// those token.Acronym already knows ("FDV", "ATH", "USD"): "PRICE", "LIQ", "GOPLUS".
var labels = map[string]bool{
	"AGE": true, "BSC": true, "CMC": true, "DS": true, "GOPLUS": true, "GT": true, "HIGH": true,
	"IMPORTANT": true, "LIQ": true, "LOW": true, "NFA": true, "PAIR": true, "PRICE": true, "RISK": true,
	"RUGCHECK": true, "TAX": true, "VOL": true,
	// Words in capitals that warn or sum up, no tickers: "HONEYPOT checks came back clean".
	"ALERT": true, "BEARISH": true, "BREAKING": true, "BULLISH": true, "CAUTION": true, "DANGER": true,
	"DYOR": true, "HONEYPOT": true, "NOTE": true, "SAFE": true, "SCAM": true, "SUMMARY": true,
	"TLDR": true, "UPDATE": true, "WARNING": true,
	// Section titles in capitals: "**OVERVIEW**", "**PROS:**".
	"ANALYSIS": true, "CONS": true, "CONTEXT": true, "CONTRACT": true, "HOLDERS": true, "LIQUIDITY": true,
	"MARKET": true, "METRICS": true, "NEGATIVES": true, "NOTES": true, "OVERVIEW": true, "POSITIVES": true,
	"PROS": true, "RISKS": true, "SECURITY": true, "TAXES": true, "VERDICT": true,
}

// named reports whether w is one of the token's names, or a word of one.
func (t *tokenData) named(w string) bool {
	for _, n := range t.names {
		if strings.Contains(" "+n+" ", " "+w+" ") {
			return true
		}
	}
	return false
}

// asked is where the question a clause ends with starts ("¿…?", or its part after the last
// comma, dash or colon), or len(clause) when the clause asks nothing.
func asked(clause string) int {
	t := strings.TrimRight(clause, " *_\t")
	if !strings.HasSuffix(t, "?") && !strings.HasSuffix(t, "？") {
		return len(clause)
	}
	start := 0
	for _, sep := range []string{",", "，", " — ", " – ", " - ", ":", "：", "¿", ";"} {
		if i := strings.LastIndex(t, sep); i >= 0 && i+len(sep) > start {
			start = i + len(sep)
		}
	}
	return start
}

// partBefore reports whether a figure of kind kd has words that make it no claim right before
// it (but for a word of "about"), whatever label follows it (fit asks only when one does): a
// share's of skip, a part's or a change's ("the remaining 20% of the LP", "the unlocked 20% of
// the LP", "остальные ~23,6% LP"), a sum's of otherSum ("Остальные ~23,6% LP …, это около 100
// тыс. $ ликвидности").
func (l *lexicon) partBefore(left string, kd kind) bool {
	at := skipAt
	switch kd {
	case money:
		at = otherSumAt
	case hours:
		return false
	}
	tail := left[runeStart(left, max(0, len(left)-192)):]
	for _, m := range l.keywords[at].re.FindAllStringIndex(tail, -1) {
		gap := strings.Trim(tail[m[1]:], " ~≈*_$")
		if loc := l.approx.FindStringIndex(gap); gap == "" || loc != nil && loc[0] == 0 && loc[1] == len(gap) {
			return true
		}
	}
	return false
}

// rightLabel is the fact a label right after a figure of kind kd names ("$15K in liquidity",
// "$12.3M (market cap)"), and how much of after it took; 0 for none.
func (l *lexicon) rightLabel(after string, kd kind) (string, int) {
	// "$1.04M 7d volume": another window's, named; not "~847.000 $ (todo el suministro …)".
	if start := len(after) - len(strings.TrimLeft(after, " *_")); kd == money && start < len(after) && after[start] != '(' {
		if loc := l.otherSumNext.FindStringIndex(after); loc != nil {
			return otherSum, loc[1]
		}
	}
	for _, kw := range l.right {
		if kw.kind != kd {
			continue
		}
		if loc := kw.re.FindStringIndex(after); loc != nil && closed(after[:loc[1]], after[loc[1]:]) {
			if l.keywords[otherSumAt].re.MatchString(after[:runeStart(after, loc[1]+24)]) {
				// "$493.61 mil millones en volumen mensual de perpetuos": a label of another
				// window's, named, so that no label before it takes the figure.
				return otherSum, loc[1]
			}
			return kw.fact, loc[1]
		}
	}
	return "", 0
}

// closed reports whether a label read after a figure inside a bracket or quotes is all it
// holds: "(market cap)", "\"liquidity\"", not "(thuế mua 8%)", another figure's label.
func closed(label, rest string) bool {
	if r, size := utf8.DecodeRuneInString(label); r == '\'' || r == '’' {
		label = label[size:] // a suffix's apostrophe, "0,70 Dolar'dan", opens nothing
	}
	open := strings.IndexAny(label, "(\"“'")
	if open < 0 {
		return true
	}
	closing := "”" // after "“"
	switch label[open] {
	case '(':
		closing = ")"
	case '"', '\'':
		closing = label[open : open+1]
	}
	return strings.HasSuffix(strings.TrimRight(label, " "), closing) || strings.HasPrefix(strings.TrimLeft(rest, " "), closing)
}

// colonLabel is the fact whose label ends left with its colon, bar or dash ("Market cap: "),
// or "": looked up only when left ends with one of those marks.
func (l *lexicon) colonLabel(left string, kd kind) string {
	r, _ := utf8.DecodeLastRuneInString(strings.TrimRight(left, " "))
	if !strings.ContainsRune(":：|=—–", r) {
		return ""
	}
	lf, at := l.lastKeyword(left, kd)
	if lf == "" || lf == skip || lf == otherSum || !labelEnds(left[max(0, at):]) || len(strings.TrimSpace(left[max(0, at):])) > 2 {
		return ""
	}
	return lf
}

// dataSite matches a data site's name, before a figure it is cited for: the sites' figures
// differ by minutes and by pools ("GeckoTerminal 显示流动性 19.8 万美元，DexScreener 是 20.4 万"),
// so such a figure is held with the tolerance of "about".
var dataSite = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:dex ?screener|gecko ?terminal|coin ?gecko|coin ?market ?cap|cmc|birdeye|dextools|dex ?tools|gmgn|defi ?llama|dexview|ave\.ai|photon|bullx|jupiter|raydium|solscan|etherscan|bscscan|basescan|pump\.fun|rugcheck|goplus|token ?sniffer|de\.fi|honeypot\.is)\b`)
})

// longerWindow reports whether a volume's figure follows a window of days or more in the
// clause before it ("Over the last 30 days, Orca handled $11.2 billion in volume, surpassing
// Raydium's $10.8 billion"), with no day's window since ("24", or a volume's label whose
// window ends now: "this week, its daily volume …"): it is then another window's sum, not the
// 24-hour volume.
func (l *lexicon) longerWindow(before string) bool {
	loc := l.longWindow.FindStringIndex(before)
	return loc != nil && !l.dayWindow.MatchString(before[loc[1]:])
}
