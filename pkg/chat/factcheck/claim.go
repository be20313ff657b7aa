package factcheck

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// claims reads the figures of one clause, left to right, as claims about the tokens.
type claims struct {
	l       *lexicon
	clause  string
	tokens  []tokenData
	current int // the token the answer speaks of, by its latest mention; -1 for none yet
	m       *marks
	generic bool // the clause holds a rule's words
	// from and to are where the clause computes its figures (formula).
	from, to int
	prev     int // where the words of the next figure start
	// label is, by kind, where the words that may name a figure's fact start: a figure of that
	// kind ends them, a change does not, nor does a figure of another kind ("the top 10
	// addresses hold 43 billion WLFI, 43% of the supply").
	label  [hours + 1]int
	change int // where the last change read ends, or 0
}

// read is the reading of figure f, when it is a claim about the current token now that the
// reader is sure of.
func (c *claims) read(f figure) (reading, bool) {
	l, clause := c.l, c.clause
	left := clause[c.prev:min(max(c.prev, f.start), len(clause))]
	labels, from := c.labels(f)
	after := clause[f.end:min(len(clause), f.end+lookAhead)]
	if l.movesOn(clause, f, after) {
		// The level a move started at is no reading, and its label is the level's it came to:
		// "FLOKI price declined …, from $0.0001856 to $0.0001459".
		defer func(kept int) { c.label[f.kind] = kept }(c.label[f.kind])
	}
	c.pass(f, left, after)
	if i := c.m.mentionedBefore(f.start); i >= 0 {
		c.current = i
	}
	if c.skipped(f, left, after) {
		return reading{}, false
	}
	t := &c.tokens[c.current]
	// A change between a label and its sum does not count in their distance ("the volume
	// soared more than 230% in a single day, reaching $5.39 billion").
	fact, used, labelled, ok := l.fit(labels, after, f.kind, from)
	if !ok && f.kind == money {
		fact, ok = l.priceUnlabelled(clause, f, left, after, t)
	}
	if !ok {
		return reading{}, false
	}
	c.prev = max(c.prev, f.end+used) // a label after a figure is its own, not the next one's
	c.label[f.kind] = max(c.label[f.kind], c.prev)
	// The words of a comparison or a total before the label count too: "the meme coin market
	// cap rose by 1.7%, reaching $124 billion"; but not for the top 10's share, a total of
	// its own ("前十地址合计：48.2%", "hold a combined 45%"), nor before the token's name ("The
	// crypto market is up 3% today, and GPANDA trades at $2.417").
	cmp := labels[min(len(labels), max(0, len(labels)-128, c.m.latestEnd-(f.start-len(labels)))):]
	if l.unsure(clause, c.generic, f, fact, left, after) || implausible(fact, f) || fact != FactTop10 && l.comparison.MatchString(cmp) {
		return reading{}, false
	}
	d := t.data[fact]
	if len(d) == 0 {
		return reading{}, false
	}
	check := judge(l, f, fact, d, left)
	bound := l.bounded(f, left) || l.boundPair.MatchString(clause[runeStart(clause, max(0, f.start-80)):f.start])
	if check.Verdict == Contradicts && bound {
		// A range or a bound states no value: it may agree ("over $1M" of $1.2M), but the
		// issue's reader is sure of no figure it could contradict.
		return reading{}, false
	}
	return reading{token: c.current, value: f.value, labelled: labelled, bound: bound, check: check}, true
}

// bounded reports whether figure f is a range or a one-sided bound ("over", "under").
func (l *lexicon) bounded(f figure, left string) bool {
	left = qualifiers(left)
	return f.low > 0 || f.plus || l.atLeast.MatchString(left) || l.atMost.MatchString(left)
}

// pass moves the start of the next figures' words past figure f. A duration moves it only when
// it is read as an age ("24h volume: $2.2M", "объём за 24 часа — $2,2 млн"); a change leaves
// the label before it to the next sum ("the volume is up 359%, reaching $751M").
func (c *claims) pass(f figure, left, after string) {
	if f.kind == hours {
		return
	}
	c.prev = max(c.prev, f.end)
	if f.kind == money || !c.l.change(left, after) {
		c.label[f.kind] = c.prev
	} else {
		c.change = f.end
	}
}

// implausible reports whether a sum cannot be the fact it was read as: no token's unit price
// is stated in millions (such a "price" is a total) nor is ten million dollars or more (a
// supply or a cap under a run-together "Price" label), "$0.00" says only that it is below a cent,
// and a market cap or FDV under $1,000 (a liquidity or volume under $1) is a price under
// another name ("a valuation of $0.0337").
func implausible(fact string, f figure) bool {
	switch fact {
	case FactPrice:
		return f.scaled && f.value >= 1e6 || f.value == 0 || f.value >= 1e7
	case FactMarketCap, FactFDV:
		return f.value < 1000
	case FactLiquidity, FactVolume:
		return f.value < 1
	}
	return false
}

// formula is where in a clause the figures it computes are ("Market Cap = 1 billion × $0.0578
// ≈ 57.8 million USD": a worked example, not a reading), from and to, or 0, 0 for none. A
// computation in brackets is only the bracket's: "FDV: ~$206M (500M total supply × $0.412)"
// states its FDV.
func formula(clause string) (from, to int) {
	at := times(clause)
	if i := strings.Index(clause, " = "); at < 0 && i >= 0 && !labelsShare(clause, i) && !explained(clause[i+3:]) {
		at = i // "Vốn hóa thị trường = $570 tỷ" after its inputs, "1B × $0.0578 = $57.8M"
	}
	if at < 0 {
		return 0, 0
	}
	open := strings.LastIndexAny(clause[:at], "(（")
	if open < 0 || strings.ContainsAny(clause[open:at], ")）") {
		return 0, len(clause)
	}
	if end := strings.IndexAny(clause[at:], ")）"); end >= 0 {
		return open, at + end
	}
	return open, len(clause)
}

// explained reports whether the words after a " = " explain the figure before it rather than
// give a result: "**MC: $1.2M** = market cap, i.e. price × circulating supply".
func explained(after string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimLeft(after, " *_"))
	return unicode.IsLetter(r)
}

// labelsShare reports whether the " = " at i joins labels that share the figure after them
// ("MKT CAP = FDV = $2.38M"): another " = " follows it with no digit before either.
func labelsShare(clause string, i int) bool {
	j := strings.Index(clause[i+3:], " = ")
	return j >= 0 && strings.IndexFunc(clause[:i+3+j], unicode.IsDigit) < 0
}

// times is where in clause a "×" multiplies a number ("1 billion × $0.0578"), or -1: "~1.3×
// the market cap" is a ratio.
func times(clause string) int {
	for at := 0; at < len(clause); {
		i := strings.Index(clause[at:], "×")
		if i < 0 {
			return -1
		}
		at += i + len("×")
		rest := strings.TrimLeft(clause[at:], " ~≈*_")
		if r, _ := utf8.DecodeRuneInString(rest); unicode.IsDigit(r) || strings.ContainsRune("$€£¥(", r) {
			return at - len("×")
		}
	}
	return -1
}

// reach is how far before a figure its label is looked for, in bytes.
const reach = 512

// moveStart is where in clause the move that ended at figure f starts ("fell 18.81% to"), or -1.
func (l *lexicon) moveStart(clause string, f figure) int {
	from := max(0, f.start-160)
	if loc := l.moveTo.FindStringIndex(clause[from:f.start]); loc != nil {
		return from + loc[0]
	}
	return -1
}

// moveFrom is where the "from" of a move stands whose "to" is right before the figure at
// clause[at:], after a move's verb ("dropped from about $0.058 to roughly $0.035"), or -1: no
// such move, or a range ("ranges from $1 to $2").
func (l *lexicon) moveFrom(clause string, at int) int {
	from := max(0, at-96)
	loc := l.moveEnd.FindStringIndex(clause[from:at])
	if loc == nil || !l.moveWord.MatchString(lastRunes(clause[:from+loc[0]], 48)) {
		return -1
	}
	return from + loc[0]
}

// lastRunes is the last n characters of s (48 are 48 bytes of English, 96 of Russian).
func lastRunes(s string, n int) string {
	i := len(s)
	for ; n > 0 && i > 0; n-- {
		_, size := utf8.DecodeLastRuneInString(s[:i])
		i -= size
	}
	return s[i:]
}

// datedAfter reports whether a date or a time stands after figure f, but not a lock's ("LP
// locked: 97.2% on PinkLock, unlocks in March 2026" states the share now) nor one past a
// contrast ("about $2.42, while at this time yesterday it was $3.10").
func (l *lexicon) datedAfter(f figure, after string) bool {
	if loc := l.contrast.FindStringIndex(after); loc != nil {
		after = after[:loc[0]]
	}
	loc := l.dated.FindStringIndex(after) // from the figure on: its words up to the date, and the date
	if loc == nil {
		return false
	}
	if next := nextItem().FindStringIndex(after[:loc[1]]); next != nil && l.names(after[next[1]:loc[1]]) {
		return false // "sell tax 0%, and the LP has been burned since launch": the next item's date
	}
	return !(f.kind == percent && l.unlock.MatchString(after[:loc[1]]))
}

// nextItem matches a list's last item's opening after a figure, ", and …", whose date is its own.
var nextItem = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)[,，]\s*(?:` + raw(func(l *language) string { return l.and }) + `)\s`)
})

// datedBefore reports whether a date or a time stands in the clause before offset at, within
// reach bytes ("Em 19 de dezembro de 2013, … passando de US$ 0,00026 para US$ 0,00095").
func (l *lexicon) datedBefore(clause string, at int) bool {
	return l.dated.MatchString(clause[runeStart(clause, max(0, at-reach)):at])
}

// change reports whether a percentage is a change ("up 12%", "jumped 20%", "%74 yükseliş"):
// the word of a change right before it or right after it.
func (l *lexicon) change(left, after string) bool {
	before := left[max(0, len(left)-40):]
	return l.changeWord.MatchString(before) || l.moveWord.MatchString(before) || l.changeWord.MatchString(after[:min(len(after), 24)])
}

// priceUnlabelled is the fact a sum no label names is a claim of, when its words make it the
// token's price for sure: the level a move ended at ("fell 18.81% to US$0.00000026 in the 24
// hours"; a date after it, "… to $0.05 last month", is history, see notNow), or a price right
// after the token's name ("Dogecoin (DOGE ~0,17 USD)", "SHIB$0.000015", "$NULP at $0.00000019",
// "TURBO sits at $0.00553"), when the sum has no scale.
func (l *lexicon) priceUnlabelled(clause string, f figure, left, after string, t *tokenData) (string, bool) {
	if l.endOfMove(clause, f, after, t) {
		return FactPrice, true
	}
	if f.scaled {
		return "", false
	}
	name := strings.ToLower(strings.TrimRight(left, " \t(:~≈@—–-"))
	name = strings.NewReplacer("'s ", " is ", "’s ", " is ").Replace(name) // "MOLTY's sitting around"
	loc := l.nameVerb.FindStringIndex(name)
	if at := l.approx.FindStringIndex(name); loc == nil && at != nil {
		// "sits at about": the verb before the word of "about", not the name ("accumulating
		// GPANDA around $1.90").
		short := strings.TrimRight(name[:at[0]], " ")
		if loc = l.nameVerb.FindStringIndex(short); loc != nil {
			name = short
		}
	}
	if loc != nil {
		name = strings.TrimRight(name[:loc[0]], ")）") // "$NULP at $0.0000001901", "TURBO sits at $0.00553", "梅花（MEIHUA）现在"
		if !strings.ContainsAny(name, " \t") && l.pronoun.MatchString(name) {
			return FactPrice, true // a sentence of the token's: "It's at about $0.0042 right now"
		}
	}
	for _, n := range t.names {
		if strings.HasSuffix(name, n) && wordAt(name, len(name)-len(n), len(n)) {
			return FactPrice, !l.amountOf.MatchString(name[:len(name)-len(n)])
		}
	}
	return "", false
}

// opensWithAgo reports whether s starts with a time of the past, "Yesterday", "Last week",
// "Dün", "Geçtiğimiz gün" (after markup only).
func (l *lexicon) opensWithAgo(s string) bool {
	loc := l.ago.FindStringIndex(s)
	return loc != nil && strings.TrimLeft(s[:loc[0]], " *_#>-•\t") == ""
}

// notNow reports whether figure f is no claim about the current token now: no token spoken of
// yet, a hypothesis or history before it (unless it is where a move ended, moved), another
// token or asset named since the token, a date or a milestone, or a hypothesis it is the
// subject of.
func (c *claims) notNow(f figure, left, after string) bool {
	return c.current < 0 || c.m.hypotheticalBefore(f.start) || c.past(f, after) || c.m.otherSince(f.start) ||
		(c.l.otherAsset.MatchString(lastWords(left, 4)) && mentioned(c.tokens, left) < 0) ||
		c.l.datedAfter(f, after) || c.l.markAfter.MatchString(after) || c.subjectOfHypothesis(f, after) || c.superseded(f) ||
		c.l.milestone.MatchString(c.clause[max(0, f.start-48):f.start]) // 48 bytes: "превысила уровень "
}

// superseded reports whether sum f is one a word of the present and another sum right after
// it, with no fact's label between, take over: "The price catapulted from $0.000000616 to
// $0.0000007236, currently stabilizing at $0.0000006911".
func (c *claims) superseded(f figure) bool {
	if f.kind != money {
		return false
	}
	near := c.clause[f.end:min(len(c.clause), f.end+40)]
	loc := c.l.present.FindStringIndex(near)
	if loc == nil || strings.ContainsAny(near[loc[0]:loc[1]], ",，") || c.l.contrast.MatchString(near[:min(len(near), loc[1]+1)]) {
		return false // a word of the time, not a contrast's ", but", ", mas"
	}
	if gap := near[:loc[0]]; strings.Trim(gap, " ,;—–-") != "" || !strings.ContainsAny(gap, ",;—–-") {
		return false // a phrase of its own: "…, currently", not "$0.41 right now ($0.41)" nor "from $3.10 to the current range of $2.42"
	}
	at := f.end + loc[1]
	sum := sumNext().FindStringIndex(c.clause[at:min(len(c.clause), at+32)])
	return sum != nil && !c.l.names(c.clause[f.end:at+sum[0]]) // not "Liquidity is $1.52M, and the market cap is currently $12.35M"
}

// sumNext matches a sum in dollars: "$0.0000006911", "0,052 $", "2,4 triệu USD", "3000美元".
var sumNext = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\$\s?\d|\d\s?\$|\d[\d.,]*\s?(?:\pL+\s)?(?:usd\b|` + raw(func(l *language) string { return l.currency }) + `)`)
})

// subjectOfHypothesis reports whether figure f is what a hypothesis after it is about, right
// after it or after its label ("a market cap of $11.5B would put it in the top 50", "what a
// $100 billion market cap would mean"), not a figure now it starts from ("a 10x from the
// current ~$7.1M market cap would make it …").
func (c *claims) subjectOfHypothesis(f figure, after string) bool {
	hypo := c.l.hypoAfter.MatchString(after)
	if !hypo {
		if _, used := c.l.rightLabel(after, f.kind); used > 0 {
			hypo = c.l.hypoAfter.MatchString(after[used:])
		}
	}
	return hypo && !currentWord().MatchString(c.clause[runeStart(c.clause, max(0, f.start-24)):f.start])
}

// past reports whether history before figure f dates it. A move that starts after the last
// word of history ended where the token is now: "from its all-time high of $3.10, it fell 6.5%
// to $2.42", not "a 227,000% jump at the time to $0.14".
func (c *claims) past(f figure, after string) bool {
	if !c.m.pastAt(f.start) || c.l.pressTime.MatchString(after) || c.l.nowAfter.MatchString(after) { // "… no mês passado, está sendo negociada a US$ 0,0000526 no momento da redação"
		return false
	}
	if f.kind != money {
		return true
	}
	if moved := c.l.moveStart(c.clause, f); moved >= 0 {
		// A time that opens the clause dates its move: "Yesterday, it fell 4% to $4.95", "Dün …
		// 4,95 dolara geriledi"; not one it is compared with ("So với hôm qua, … giảm 9% xuống
		// còn 3,10 USD").
		return c.m.historyEnd(f.start) > moved || c.l.opensWithAgo(c.clause[:moved])
	}
	if from := c.l.moveFrom(c.clause, f.start); from >= 0 {
		// "dropped from about $0.058 to roughly $0.035": its own "from about" is no history, a
		// date before it is ("em 19 de dezembro de 2013, … passando de US$ 0,00026 para").
		return c.m.historyEnd(from) >= 0 || c.l.datedBefore(c.clause, from)
	}
	return true
}

// labels are the words a label of figure f is looked for in, and where in them the last change
// ends. A label is looked for in at most reach bytes before the figure: fit takes one within 60
// characters of it (or of a change), and the search stays linear in the clause.
func (c *claims) labels(f figure) (string, int) {
	clause := c.clause
	start := max(c.label[f.kind], f.start-reach)
	for start < len(clause) && !utf8.RuneStart(clause[start]) {
		start++
	}
	return clause[start:min(max(start, f.start), len(clause))], c.change - start
}

// movesOn reports whether sum f is the level a move started at: a move's verb before it and a
// word of "to" and a figure after it ("slipping from $3.32 to $3.21"), not a range's first end
// ("$1-2M", "ranges from $1 to $2").
func (l *lexicon) movesOn(clause string, f figure, after string) bool {
	if f.kind != money || !l.rangeEnd.MatchString(after) || dashed().MatchString(after) {
		return false
	}
	if currentWord().MatchString(clause[runeStart(clause, max(0, f.start-24)):f.start]) {
		return false // "市值从现在的约 940 万美元涨到约 1200 万美元": a move from the level now, to a target
	}
	return l.moveWord.MatchString(clause[max(0, f.start-96):f.start])
}

// currentWord matches a language's word for "current" ("current", "现在的").
var currentWord = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:` + raw(func(l *language) string { return l.current }) + `)`)
})

// dashed matches a range's dash or tilde right after its first end.
var dashed = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*[-–—~]`) })

// skipped reports whether figure f is no reading: part of a computation, a share of a change
// ("a 4.7% decline"), or no claim about the token now (notNow).
func (c *claims) skipped(f figure, left, after string) bool {
	return negative(c.clause, f) || f.start >= c.from && f.start < c.to || f.kind == percent && c.l.changeNext(after) || c.notNow(f, left, after)
}

// negative reports whether figure f has a minus sign right before it, after no letter or
// digit: a change ("-$5K"), or a value no fact can take ("New token (-20141987.2 days
// old)"), not a range's second end ("5-10%", "$1.2M-$1.5M").
func negative(clause string, f figure) bool {
	if f.start == 0 || clause[f.start-1] != '-' {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(clause[:f.start-1]) // utf8.RuneError at the clause's start
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

// changeNext reports whether a share is followed right away by a change's word: "a 4.7%
// decline", "%5 artış", not "50% (up from 40%)".
func (l *lexicon) changeNext(after string) bool {
	loc := l.changeWord.FindStringIndex(after[:min(len(after), 24)])
	if loc == nil || strings.TrimSpace(after[:loc[0]]) != "" {
		return false
	}
	m := strings.TrimLeft(after[loc[0]:loc[1]], " ")
	r, _ := utf8.DecodeRuneInString(m)
	return unicode.IsLetter(r)
}

// byOrder are the figures of clause but the sums a list pairs with things by their order
// ("Hive and Steem trade at $0.248 and $0.151, respectively", "分别为 0.25 美元和 0.15 美元"):
// which of them is the token's the reader does not work out. A list of percentages stays:
// "buy and sell tax are 3% and 5%, respectively" is taxes.go's.
func (l *lexicon) byOrder(clause string, found []figure) []figure {
	sums, paired := 0, false
	for _, f := range found {
		if f.kind == money {
			sums++
			// The word stands right after the list or right before it, not on a list of its
			// own: "13 milyar dolar … rakamıyla kıyaslandığında, sırasıyla dört ve altı kat".
			paired = paired || l.respectively.MatchString(clause[f.end:min(len(clause), f.end+40)]) ||
				l.respectively.MatchString(clause[runeStart(clause, max(0, f.start-16)):f.start])
		}
	}
	if sums < 2 || !paired {
		return found
	}
	return slices.DeleteFunc(slices.Clone(found), func(f figure) bool { return f.kind == money })
}
