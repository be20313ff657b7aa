package factcheck

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// skip is the fact a keyword names when its figure is no claim to check (a change, a
// rank, a count).
const skip = "-"

// otherSum is the fact a keyword names when its sum is no fact the data holds: a volume over
// another window ("7d Volume: $95M") or an average ("average daily trading volume").
const otherSum = "-$"

// keyword is words that name a fact, and the kind of figure that fact takes.
type keyword struct {
	fact string
	kind kind
	re   *regexp.Regexp
}

// lexicon is the keywords, the more specific first (so that "liquidity locked" is not read
// as liquidity), and the words that mark a figure as no claim about the token now, of every
// language (lang.go).
type lexicon struct {
	keywords []keyword
	// right are the keywords a figure may be followed by: "$15K in liquidity", "99% sell
	// tax", "a $731K market cap".
	right                                             []keyword
	hypothetical, history, hypoClause                 *regexp.Regexp
	lookIf, order, peakAfter, live                    *regexp.Regexp
	valueColumn, peakBefore, views                    *regexp.Regexp
	viewsBefore, linking                              *regexp.Regexp
	present, generic, pressTime, nowAfter             *regexp.Regexp
	approx, atLeast, atMost, boundPair                *regexp.Regexp
	otherAsset, comparison, otherCurrency             *regexp.Regexp
	across, market, asOf, partOf, ordinal             *regexp.Regexp
	coinName, chain, chainNoun, chainBefore, coinNoun *regexp.Regexp
	moveTo, moveToNow, changeWord, moveWord           *regexp.Regexp
	moveEnd, rangeEnd, movedBy, pronoun               *regexp.Regexp
	impersonal, localCoin, negation                   *regexp.Regexp
	coinAlias                                         map[string]string
	nameVerb, exampleLine, nameColumn                 *regexp.Regexp
	seeAlso, respectively                             *regexp.Regexp
	dated, milestone, markAfter, ago                  *regexp.Regexp
	contrast, nowAgain                                *regexp.Regexp // a language's "but", "while" as a word; a word of now after it
	hypoAfter, nowWindow, amountOf, offset            *regexp.Regexp
	notThisToken                                      *regexp.Regexp
	ageBefore, ageAfter, otherAge, versus             *regexp.Regexp
	agoAfter, unlock, otherSumNext, longWindow        *regexp.Regexp
	dayWindow                                         *regexp.Regexp
	marks                                             []*regexp.Regexp
}

// fit is the nearest keyword that names a fact of kind for a figure: one right after it
// (used is how much of after it took), else the last one before it in its context, within 60
// characters of the figure or of from, where a change the keyword also names ends. Labelled
// is whether it is a label the figure follows after a colon, a bar or a dash and no word
// ("Price: $2.42", "**Liquidity** — $1.5M"), not a verb of prose ("trades at $2.42").
func (l *lexicon) fit(left, after string, kd kind, from int) (fact string, used int, labelled, ok bool) {
	if fact, used := l.rightLabel(after, kd); used > 0 {
		if l.partBefore(left, kd) {
			return "", 0, false, false // a part's or a change's words right before it win
		}
		if lf := l.colonLabel(left, kd); lf != "" {
			return lf, 0, true, true // "Market cap: $394.03 M Vol. 24h: …": a label and its colon right before are its own
		}
		return fact, used, false, true
	}
	best, bestAt := l.lastKeyword(left, kd)
	if kd == hours && best == "" {
		// "created 6 hours ago", "6 hours old": the keyword follows the duration.
		if l.keywords[len(l.keywords)-1].re.MatchString(firstWords(after, 3)) {
			return FactPairAgeHrs, 0, false, true
		}
	}
	if best == "" || best == skip || best == otherSum {
		return "", 0, false, false
	}
	// A keyword far back belongs to another figure's claim.
	if utf8.RuneCountInString(left[max(bestAt, min(from, len(left))):]) > 60 {
		return "", 0, false, false
	}
	return best, 0, labelEnds(left[max(0, bestAt-1):]), true
}

// lastKeyword is the fact of the keyword of kind kd that ends last in left, and where it
// ends, or -1. Of keywords that end at the same place the longer is the more specific: "fully
// diluted market value", not "market value".
func (l *lexicon) lastKeyword(left string, kd kind) (best string, bestAt int) {
	bestAt, bestFrom := -1, -1
	for _, kw := range l.keywords {
		if kw.kind != kd {
			continue
		}
		for _, m := range kw.re.FindAllStringIndex(left, -1) {
			if m[1] > bestAt || m[1] == bestAt && m[0] < bestFrom {
				best, bestAt, bestFrom = kw.fact, m[1], m[0]
			}
		}
	}
	return best, bestAt
}

// labelEnds reports whether the text between a keyword and its figure (with the character
// the keyword's boundary took: "price:") makes the keyword a label: a colon, a bar or a dash,
// and no word.
func labelEnds(between string) bool {
	return strings.IndexFunc(between, unicode.IsLetter) < 0 && strings.ContainsAny(between, ":：|=—–")
}

func firstWords(s string, n int) string {
	f := strings.Fields(s[:min(len(s), 64)])
	return strings.Join(f[:min(n, len(f))], " ")
}

// MaxText is how much of an answer Verify judges: 32 KB, some 8,000 tokens, twice the longest
// answer the assistant is asked for by default (MAX_TOKENS 4000) and past any answer a person
// reads to its end. Figures in the next MaxText are counted, not judged (Report.Unchecked);
// past that the answer is not read at all, so that the time the checks hold the stream's end
// back is bounded whatever a model is talked into writing (docs/BENCHMARKS.md).
const MaxText = 32 << 10

// MaxFigures is how many figures Verify judges in an answer: published text about tokens
// states about 12 a KB, so the longest default answer (16 KB) some 190, and each costs up to
// about 0.3 ms to judge, so a text packed with bare figures ("$1 $1 $1 …", some 10,000 in
// MaxText) spends about 0.2 s judging them. Finding the figures of the 64 KB read takes about
// as long again: 0.4 s in all for such a text on the 2-core VM of docs/BENCHMARKS.md. The
// figures after it are counted, not judged (Report.Unchecked).
const MaxFigures = 600

// Report is what Audit found in an answer.
type Report struct {
	// Checks are the figures judged, as Verify gives them.
	Checks []Check
	// Unchecked counts the figures left unjudged because they come after the answer's first
	// MaxFigures figures or after MaxText, up to twice MaxText: the figures past that are not
	// counted, and an answer that long has Unchecked > 0 for what it states up to there.
	Unchecked int
}

// Verify finds the figures an answer states about the tokens it was given facts for and
// holds each against the facts. It never changes the text. Figures of history, hypotheses,
// other assets and tokens without facts are left out, as are facts the data does not hold,
// and figures past MaxFigures or MaxText (Audit counts those).
func Verify(text string, facts []token.Facts) []Check { return Audit(text, facts).Checks }

// Audit is Verify with a count of the figures it left unjudged. Its cost is linear in the
// text's length: each clause is marked once, and each figure looks at most a bounded stretch
// around it (reach bytes back for its label, lookAhead after it), so a clause of many figures
// costs at most that much per figure.
func Audit(text string, facts []token.Facts) Report { return AuditWithin(text, facts, 0) }

// AuditWithin is Audit that judges figures for at most within (no limit when it is 0): figures it
// comes to later are counted in Unchecked, as those past MaxFigures are. The caller that
// holds a stream's end for the checks sets it, so that a slow machine, or one running the
// race detector, holds it no longer than the answers MaxText and MaxFigures are set for hold
// it on a fast one.
func AuditWithin(text string, facts []token.Facts, within time.Duration) Report {
	deadline := deadlineAfter(within)
	if len(facts) == 0 {
		return Report{}
	}
	text, rest := cut(text, MaxText)
	rest, _ = cut(rest, MaxText) // past twice MaxText the text is not even counted
	l := words()
	tokens, current := tokensOf(facts) // current: the token the answer speaks of, by its latest mention
	var r Report
	var read []reading
	lang := decimalMark(text, detect(text))
	list, lines := l.dropLinked(lineClauses(text, known(tokens)))
	judged, past := 0, section{}
	table := rows{cards: cardsOf(text, tokens)}
	for n, clause := range list {
		found, over := figures(clause, lang), 0
		if judged >= MaxFigures || late(deadline) {
			r.Unchecked += len(found)
			continue
		}
		clause, found, over = budget(clause, found, MaxFigures-judged)
		list[n] = clause
		r.Unchecked += over
		judged += len(found)
		first := n == 0 || lines[n] != lines[n-1] // a line's first clause may open a section
		if len(found) == 0 && !first {
			continue
		}
		m := l.mark(clause, tokens)
		if first {
			current, past = m.opens(l, clause, current, past, &table)
		}
		if len(found) == 0 || past.skips(l, clause) {
			continue
		}
		var got []reading
		got, current, over = l.readClause(list, n, m, found, tokens, current, deadline)
		r.Unchecked += over
		for i := range got {
			got[i].line = lines[n]
		}
		read = superseded(clause, found, read, got, lines[n], current)
	}
	r.Checks = latest(read)
	for line := range strings.Lines(rest) { // counted, not read: its lines need no clauses
		r.Unchecked += len(figures(line, lang))
	}
	return r
}

// tokensOf is the facts' tokens, and the one an answer speaks of before it names one: the
// only one, or none (-1).
func tokensOf(facts []token.Facts) (tokens []tokenData, current int) {
	tokens = make([]tokenData, len(facts))
	for i := range facts {
		tokens[i] = newToken(&facts[i])
	}
	if len(tokens) == 1 {
		return tokens, 0
	}
	return tokens, -1
}

// readClause reads the figures found in clause list[n], marked m, about the token current
// (the latest one named), and gives the token the clauses after it speak of, and how many of
// the figures it left unjudged for the deadline.
func (l *lexicon) readClause(list []string, n int, m *marks, found []figure, tokens []tokenData, current int, deadline time.Time) ([]reading, int, int) {
	clause, subject := list[n], current
	if q := asked(clause); q < len(clause) {
		// "Can Pi really reach $10?" claims nothing; "GPANDA trades at $3.50, but is that
		// sustainable?" claims its price.
		found = slices.DeleteFunc(slices.Clone(found), func(f figure) bool { return f.start >= q })
	}
	found = l.byOrder(clause, found)
	if l.aboutOther(list, n, tokens) || l.aboutMarket(clause, found, tokens) {
		subject = -1 // "Dogecoin rose 4%. It was the most traded …, with volumes hitting $1.35 billion."
	}
	c := &claims{l: l, clause: clause, tokens: tokens, current: subject, m: m, generic: l.generic.MatchString(clause)}
	c.from, c.to = formula(clause)
	var out []reading
	for i, f := range found {
		if late(deadline) {
			return out, current, len(found) - i // the token named in a clause cut short is not taken on
		}
		if x, ok := c.read(f); ok {
			out = append(out, x)
		}
	}
	if c.current >= 0 || subject == current {
		current = c.current
	}
	return out, current, 0
}

// budget keeps the first n of a clause's figures, and the clause up to the last one's words;
// over is how many it left.
func budget(clause string, found []figure, n int) (string, []figure, int) {
	if len(found) <= n {
		return clause, found, 0
	}
	over := len(found) - n
	if found = found[:n]; n > 0 {
		clause = clause[:runeStart(clause, found[n-1].end+lookAhead)]
	}
	return clause, found, over
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
		i = runeStart(text, n)
		return text[:i], text[i:]
	}
	return text[:i+1], text[i+1:]
}

// runeStart is the start of the character at i in s, or len(s) when i is past its end.
func runeStart(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}

// nextWord is the word that s starts with after one space ("CAP" of " CAP: $2.38M"), or "".
func nextWord(s string) string {
	s, ok := strings.CutPrefix(s, " ")
	if !ok {
		return ""
	}
	end := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	if end < 0 {
		end = len(s)
	}
	return s[:end]
}

// lastWord is the word that s ends with before one space ("MKT" of "**MKT "), or "".
func lastWord(s string) string {
	s, ok := strings.CutSuffix(s, " ")
	if !ok {
		return ""
	}
	return s[strings.LastIndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })+1:]
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
// stated precision, or a relative tolerance for sums and durations (2 %; 10 % with "about"
// or a data site named before it) and an absolute one for percentages (1 point; 3 with
// "about"); "over" and "under" bound it from one side.
func agrees(l *lexicon, f figure, value float64, left string) bool {
	cited := dataSite().MatchString(left)
	left = qualifiers(left)
	approx := cited || l.approx.MatchString(left)
	if f.low > 0 {
		// A range holds the value when it lies between its ends, with the sums' tolerance.
		return value >= f.low*0.9-f.halfUnit && value <= f.value*1.1+f.halfUnit
	}
	switch {
	case f.plus || l.atLeast.MatchString(left):
		return value >= f.value*0.98-f.halfUnit
	case l.atMost.MatchString(left):
		return value <= f.value*1.02+f.halfUnit
	}
	diff := math.Abs(value - f.value)
	if diff <= f.halfUnit*1.0001 || value > f.value && value-f.value < 2*f.halfUnit {
		return true // within the figure's last digit, rounded or cut ("$25" of $25.58)
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

// qualifiers are the words before a figure that qualify it ("about", "over"): its last 32
// bytes, without the currency a sum may be written after ("over US $2b").
func qualifiers(left string) string {
	left = strings.TrimRight(left, " ")
	for _, c := range []string{"US", "U.S.", "USD"} {
		if t, ok := strings.CutSuffix(left, c); ok && (t == "" || t[len(t)-1] == ' ') {
			left = t
			break
		}
	}
	return left[max(0, len(left)-32):]
}
