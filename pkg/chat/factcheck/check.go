package factcheck

import (
	"math"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// skip is the fact a keyword names when its figure is no claim to check (a change, a
// rank, a count).
const skip = "-"

// keyword is words that name a fact, and the kind of figure that fact takes.
type keyword struct {
	fact string
	kind kind
	re   *regexp.Regexp
}

// lexicon is the keywords, the more specific first (so that "liquidity locked" is not read
// as liquidity), and the words that mark a figure as no claim about the token now.
type lexicon struct {
	keywords []keyword
	// right are the keywords a figure may be followed by: "$15K in liquidity", "99% sell
	// tax", "a $731K market cap".
	right                 []keyword
	hypothetical, history *regexp.Regexp
	present               *regexp.Regexp
	approx, atLeast       *regexp.Regexp
	atMost                *regexp.Regexp
	otherAsset            *regexp.Regexp
}

var words = sync.OnceValue(func() *lexicon {
	k := func(fact string, kd kind, re string) keyword {
		return keyword{fact, kd, regexp.MustCompile(`(?i)` + re)}
	}
	keys := []keyword{
		k(FactLPLocked, percent, `\b(?:lp|liquidity[- ]pool)(?: tokens?)?(?: (?:is|are))? (?:locked|burn(?:t|ed))|\blocked (?:lp|liquidity)|\bliquidity (?:is |are )?(?:locked|burnt|burned)|\bof (?:the )?lp\b`),
		k(FactSellTax, percent, `\bsell(?:ing)?[- ]tax(?:es)?\b|\btax(?:es)? on (?:sells|selling|sales)\b|\bsells? (?:are |is )?taxed\b`),
		k(FactBuyTax, percent, `\bbuy(?:ing)?[- ]tax(?:es)?\b|\btax(?:es)? on (?:buys|buying|purchases)\b|\bbuys? (?:are |is )?taxed\b`),
		k(FactTop10, percent, `\btop[- ](?:10|ten)\b(?: holders?| wallets?| addresses)?|\btop holders\b|\blargest (?:10|ten) holders\b`),
		k(skip, percent, `\b(?:change|up|down|gain(?:ed|s)?|los(?:t|s|ses)|fell|rose|dropped|jumped|climbed|slid|increase[ds]?|decrease[ds]?|apy|apr|yield|odds|chance|probability|risk score|score)\b`),
		k(FactMarketCap, money, `\bmarket[- ]?cap(?:itali[sz]ation)?\b|\bmcap\b|\bmc\b`),
		k(FactFDV, money, `\bfdv\b|\bfully[- ]diluted(?: valuation| value| market cap)?\b`),
		k(FactVolume, money, `\b(?:24[- ]?h(?:our)?|daily|24-hour|one-day)?[- ]?(?:trading )?volume\b|\btraded\b`),
		k(FactLiquidity, money, `\bliquidity\b|\bpool (?:depth|size|reserves?)\b|\bin the pool\b`),
		k(FactPrice, money, `\bprice[ds]?\b|\btrad(?:es|ing|ed) (?:at|around|near|for)\b|\bworth\b|\bcosts?\b|\bper (?:token|coin)\b|\bquoted at\b|\bsells? for\b|\bchanges hands at\b|\bvalued at\b`),
		// Last: fit reads an age's keyword after the figure as keywords[len-1].
		k(FactPairAgeHrs, hours, `\bold\b|\bago\b|\bage[ds]?\b|\bcreated\b|\blaunched\b|\bdeployed\b|\blisted\b|\bnew\b|\bexisted\b|\bbeen (?:trading|live)\b`),
	}
	var right []keyword
	for _, kw := range keys {
		if kw.fact == FactPairAgeHrs || kw.fact == skip {
			continue // an age's keyword after it is read in fit; a change's never counts
		}
		right = append(right, keyword{kw.fact, kw.kind, regexp.MustCompile(`(?i)^\s*(?:(?:in|of|the|total|worth of|on)\s+){0,2}(?:` + strings.TrimPrefix(kw.re.String(), "(?i)") + `)`)})
	}
	return &lexicon{
		keywords:     keys,
		right:        right,
		hypothetical: regexp.MustCompile(`(?i)\b(?:if|would|were to|could (?:fall|drop|rise|reach|hit|go)|might|suppose|imagine|hypothetical(?:ly)?|scenario|target(?:s|ed)?|forecast|predict(?:ion|ed|s)?|projection|should (?:it|the)|what if|let's say|say it)\b`),
		history:      regexp.MustCompile(`(?i)\b(?:all[- ]time[- ](?:high|low)|ath|atl|peak(?:ed)?|high of|low of|record|launch(?:ed)? (?:at|price)|listed at|started at|opened at|down from|up from|previously|used to|last (?:week|month|year)|a (?:week|month|year) ago|in 20\d\d|back in|was at|were at|historical(?:ly)?)\b`),
		present:      regexp.MustCompile(`(?i)\b(?:now|currently|today|at present|at the moment|right now|as of)\b`),
		approx:       regexp.MustCompile(`(?i)(?:\babout|\baround|\broughly|\bapproximately|\bapprox\.?|~|≈|\bnearly|\balmost|\bsome|\bclose to|\bin the region of|\bor so)\s*$`),
		atLeast:      regexp.MustCompile(`(?i)(?:\bover|\bmore than|\babove|\bat least|\bupwards of|\bexceeds?|\bexceeding|\bbeyond|>)\s*$`),
		atMost:       regexp.MustCompile(`(?i)(?:\bunder|\bless than|\bbelow|\bat most|\bup to|<)\s*$`),
		otherAsset:   regexp.MustCompile(`(?i)\b(?:btc|bitcoin|eth|ether|ethereum|bnb|sol|solana|usdt|tether|xrp|doge|dogecoin|ada|cardano|avax|matic|pol|trx|ton|link|dot|ltc|shib|pepe|wbnb|weth|wsol|arb|op)(?:'s)?\b`),
	}
})

// past reports whether the words before a figure put it in the past ("an all-time high of",
// "launched at"), unless they come back to the present after that ("... and now trades at").
func (l *lexicon) past(prefix string) bool {
	m := l.history.FindAllStringIndex(prefix, -1)
	return len(m) > 0 && !l.present.MatchString(prefix[m[len(m)-1][1]:])
}

// fit is the nearest keyword that names a fact of kind for a figure: one right after it,
// else the last one before it in its context.
func (l *lexicon) fit(left, after string, kd kind) (fact string, ok bool) {
	for _, kw := range l.right {
		if kw.kind == kd && kw.re.MatchString(after) {
			return kw.fact, true
		}
	}
	best, bestAt := "", -1
	for _, kw := range l.keywords {
		if kw.kind != kd {
			continue
		}
		for _, m := range kw.re.FindAllStringIndex(left, -1) {
			if m[1] > bestAt {
				best, bestAt = kw.fact, m[1]
			}
		}
	}
	if kd == hours && best == "" {
		// "created 6 hours ago", "6 hours old": the keyword follows the duration.
		if l.keywords[len(l.keywords)-1].re.MatchString(firstWords(after, 3)) {
			return FactPairAgeHrs, true
		}
	}
	if best == "" || best == skip {
		return "", false
	}
	// A keyword far back belongs to another figure's claim.
	if len(left)-bestAt > 60 {
		return "", false
	}
	return best, true
}

func firstWords(s string, n int) string {
	f := strings.Fields(s[:min(len(s), 64)])
	return strings.Join(f[:min(n, len(f))], " ")
}

// MaxText is how much of an answer Verify reads: 64 KB, some 16,000 tokens, four times the
// longest answer the assistant is asked for and past any answer a person reads to its end.
// Figures after it are counted, not judged (Report.Unchecked): reading stays linear in the
// text, but a model talked into writing megabytes should not cost the figures' checks more
// than a few milliseconds of the stream's end.
const MaxText = 64 << 10

// Report is what Audit found in an answer.
type Report struct {
	// Checks are the figures judged, as Verify gives them.
	Checks []Check
	// Unchecked counts the figures left unjudged because they come after MaxText.
	Unchecked int
}

// Verify finds the figures an answer states about the tokens it was given facts for and
// holds each against the facts. It never changes the text. Figures of history, hypotheses,
// other assets and tokens without facts are left out, as are facts the data does not hold,
// and figures past MaxText (Audit counts those).
func Verify(text string, facts []token.Facts) []Check { return Audit(text, facts).Checks }

// Audit is Verify with a count of the figures it left unjudged. Its cost is linear in the
// text's length: each clause is scanned a fixed number of times, whatever number of figures
// it states.
func Audit(text string, facts []token.Facts) Report {
	if len(facts) == 0 {
		return Report{}
	}
	text, rest := cut(text, MaxText)
	l := words()
	tokens := make([]tokenData, len(facts))
	for i := range facts {
		tokens[i] = newToken(&facts[i])
	}
	var r Report
	seen := map[Check]bool{}
	current := -1 // the token the answer speaks of, by its latest mention
	if len(tokens) == 1 {
		current = 0
	}
	for _, clause := range clauses(text) {
		prev := 0
		m := l.mark(clause, tokens)
		for _, f := range figures(clause) {
			left := clause[prev:f.start]
			prev = f.end
			if i := m.mentionedBefore(f.start); i >= 0 {
				current = i
			}
			if current < 0 || m.hypotheticalBefore(f.start) || m.pastAt(f.start) ||
				(f.kind == money && l.otherAsset.MatchString(lastWords(left, 4)) && mentioned(tokens, left) < 0) {
				continue
			}
			fact, ok := l.fit(left, clause[f.end:min(len(clause), f.end+lookAhead)], f.kind)
			if !ok {
				continue
			}
			d := tokens[current].data[fact]
			if len(d) == 0 {
				continue
			}
			c := judge(l, f, fact, d, left)
			if k := (Check{Fact: c.Fact, Stated: c.Stated, Verdict: c.Verdict}); !seen[k] {
				seen[k] = true
				r.Checks = append(r.Checks, c)
			}
		}
	}
	for _, clause := range clauses(rest) {
		r.Unchecked += len(figures(clause))
	}
	return r
}

// lookAhead is how far past a figure its keyword may stand ("$15K in the liquidity pool").
const lookAhead = 96

// cut splits text at most n bytes in: where a clause ends (a line break, a semicolon, a
// sentence's end) in its second half, else after a comma, else at a space, so that a number
// is never read in part ("$2.4" of "$2.417"). Only a clause of over n/2 bytes without a comma
// can lose the word after its last figure ("million").
func cut(text string, n int) (head, rest string) {
	if len(text) <= n {
		return text, ""
	}
	h := text[:n]
	i := max(strings.LastIndexAny(h, "\n;"), strings.LastIndex(h, ". "), strings.LastIndex(h, "! "), strings.LastIndex(h, "? "))
	if i < n/2 {
		i = strings.LastIndex(h, ", ")
	}
	if i < n/2 {
		i = strings.LastIndexByte(h, ' ')
	}
	if i < 0 {
		for i = n; i > 0 && !utf8.RuneStart(text[i]); i-- {
		}
		return text[:i], text[i:]
	}
	return text[:i+1], text[i+1:]
}

func lastWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[max(0, len(f)-n):], " ")
}

// tokenData is one token's facts, with the words an answer names it by.
type tokenData struct {
	names []string // lower case: symbol, name, address
	data  map[string][]datum
}

func newToken(f *token.Facts) tokenData {
	t := tokenData{data: data(f)}
	for _, n := range []string{f.Token.Symbol, f.Token.Name, f.Token.Address} {
		if n = strings.ToLower(strings.TrimSpace(n)); len(n) >= 2 && len(n) <= 64 {
			t.names = append(t.names, n)
		}
	}
	return t
}

// mentioned is the token named last in s, or -1.
func mentioned(tokens []tokenData, s string) int {
	s = strings.ToLower(s)
	best, at := -1, -1
	for i, t := range tokens {
		for _, n := range t.names {
			if j := strings.LastIndex(s, n); j > at && wordAt(s, j, len(n)) {
				best, at = i, j
			}
		}
	}
	return best
}

// wordAt reports whether s[j:j+n] stands as a word (not inside another).
func wordAt(s string, j, n int) bool {
	isWord := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }
	return (j == 0 || !isWord(s[j-1])) && (j+n >= len(s) || !isWord(s[j+n]))
}

// judge holds a figure against a fact's values (one per source): it agrees with any of them
// within the figure's tolerance, else contradicts the closest.
func judge(l *lexicon, f figure, fact string, d []datum, left string) Check {
	closest := d[0]
	for _, x := range d[1:] {
		if math.Abs(x.value-f.value) < math.Abs(closest.value-f.value) {
			closest = x
		}
	}
	c := Check{Fact: fact, Stated: f.text, Value: closest.value, Source: closest.source, AsOf: closest.asOf, Verdict: Contradicts}
	for _, x := range d {
		if agrees(l, f, x.value, left) {
			c.Value, c.Source, c.AsOf, c.Verdict = x.value, x.source, x.asOf, Agrees
			break
		}
	}
	return c
}

// agrees reports whether figure f, with the words before it, states value: within the
// stated precision, or a relative tolerance for sums and durations (2 %; 10 % with "about")
// and an absolute one for percentages (1 point; 3 with "about"); "over" and "under" bound
// it from one side.
func agrees(l *lexicon, f figure, value float64, left string) bool {
	left = left[max(0, len(left)-32):] // the qualifiers end the words before the figure
	approx := l.approx.MatchString(left)
	switch {
	case l.atLeast.MatchString(left):
		return value >= f.value*0.98-f.halfUnit
	case l.atMost.MatchString(left):
		return value <= f.value*1.02+f.halfUnit
	}
	diff := math.Abs(value - f.value)
	if diff <= f.halfUnit*1.0001 {
		return true
	}
	switch f.kind {
	case percent:
		points := 1.0
		if approx {
			points = 3
		}
		return diff <= points
	case hours:
		rel := 0.25
		if approx {
			rel = 0.5
		}
		return diff <= rel*math.Abs(value)+1
	default:
		rel := 0.02
		if approx {
			rel = 0.10
		}
		return diff <= rel*math.Abs(value)
	}
}
