package factcheck

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The forms that state figures across cells and lines, rewritten as labelled lines before the
// clauses are read: markdown tables by their headers, and labels alone on their line (taxes.go
// has the pairs of taxes).

// readTables rewrites the rows of each markdown table whose header names facts as one line per
// cell, "Header: cell" ("| Price | Liquidity |" over "| $2.42 | $1.5M |" becomes "Price: $2.42"
// and "Liquidity: $1.5M"), so that a figure is read with its column's label (labelRow). A table
// whose header names no fact ("| Metric | Value |") is left as it is: its "| Price | $2.42 |"
// rows are read as they stand, unless it compares tokens by column (transposed).
func readTables(text string, k known) string {
	lines := strings.Split(text, "\n")
	var tb table
	for i, line := range lines {
		t := strings.TrimSpace(line)
		switch {
		case !tableRow(t):
			if tb.byToken() {
				lines[i] = rowEnd + "\n" + line // the rows' tokens end with the table
			}
			tb = table{}
		case separatorRow(t):
		case i+1 < len(lines) && (separatorRow(lines[i+1]) || tb.header == nil && bareHeader(t, lines[i+1])):
			tb = newTable(t, k)
		default:
			lines[i] = tb.row(t)
		}
	}
	return strings.Join(lines, "\n")
}

// table is a markdown table being read: its header's cells, whether one names a fact
// (labelled), one heads a column of tokens' names (named), one is a token with facts
// (oursByColumn), and whether a row compared tokens by column.
type table struct {
	header                                  []string
	labelled, named, oursByColumn, compared bool
	// now is the column of the figures now beside others' ("| Field | Bot card | Live now |",
	// "| Metric | Then | Now |"), or 0 for none.
	now int
}

func newTable(header string, k known) table {
	var tb table
	tb.header, tb.labelled, tb.named = words().header(header)
	if firstRow(tb.header) || titleOnly(tb.header) {
		// "| ENS Price (24hr) | $13.59 (+1.83%) |": a first row of label and value, no header;
		// "| COMP Price Statistics | |": a title over rows of label and value.
		tb.labelled, tb.named = false, false
	}
	tb.oursByColumn = slices.ContainsFunc(tb.header[min(1, len(tb.header)):], k.token)
	if len(tb.header) > 2 {
		tb.now = 1 + slices.IndexFunc(tb.header[1:], func(h string) bool {
			return words().live.MatchString(strings.Trim(h, " *_"))
		})
		if tb.now > 0 {
			// "| Chỉ số | Lúc ra mắt | ATH | Hiện tại |": columns of times, whatever a launch's
			// word names ("ra mắt", "上线": the pair's age).
			tb.labelled = false
		} else {
			// "| Metric | DexScreener | GeckoTerminal | Birdeye |": the column of a source the
			// facts come from; the others are other sources' counts, of other pools.
			tb.now = 1 + slices.IndexFunc(tb.header[1:], k.source)
		}
	}
	return tb
}

// titleOnly reports whether a header of two or more cells has words only in its first: a
// title over a table of labels and values.
func titleOnly(header []string) bool {
	return len(header) > 1 && !slices.ContainsFunc(header[1:], func(h string) bool { return strings.Trim(h, " *_") != "" })
}

// firstRow reports whether a table's first row is one of label and value, no header: a sum in
// dollars after its first cell, in a row of two cells or one whose first names a fact. "|
// Scenario | Market cap | $100 becomes |" is a header.
func firstRow(header []string) bool {
	return slices.ContainsFunc(header[min(1, len(header)):], dollarCell) && (len(header) <= 2 || words().names(header[0]))
}

// dollarCell reports whether a table's cell holds a sum in dollars: a "$" and a digit.
func dollarCell(cell string) bool {
	return strings.Contains(cell, "$") && strings.ContainsAny(cell, "0123456789")
}

// byToken reports whether the table's rows were read as tokens' (rowMark), so that its end
// must say so.
func (tb *table) byToken() bool {
	return tb.header != nil && (tb.named && tb.labelled || tb.compared)
}

// row is a row of the table as the lines it is read as.
func (tb *table) row(t string) string {
	l := words()
	switch row := cells(t); {
	case tb.header != nil && tb.labelled:
		return l.labelRow(tb.header, t, tb.named)
	case tb.now > 0 && !tb.oursByColumn && len(row) > tb.now:
		// The figures now, not those of another time or of a quoted claim beside them.
		return row[0] + ": " + row[tb.now]
	case len(tb.header) > 2 && len(row) > 1 && (l.names(row[0]) || taxForms().label.MatchString(row[0])): // "| Impuestos | 0 / 0 | 0 / 0 |"
		tb.compared = tb.compared || tb.oursByColumn
		return transposed(tb.header, row, tb.oursByColumn)
	}
	return t
}

// header is a table's header row's cells, whether one names a fact (labelled) and whether one
// heads a column of tokens' names (named).
func (l *lexicon) header(row string) (header []string, labelled, named bool) {
	header = cells(row)
	for j, h := range header {
		if strings.EqualFold(strings.Trim(h, " *_"), "current") {
			header[j] = "Current price" // "| Token | ATH | Current |": the price now
		}
		labelled = labelled || l.factColumn(header, j)
		named = named || l.nameColumn.MatchString(strings.Trim(h, " *_"))
	}
	return header, labelled, named
}

// factColumn reports whether header's column j names a fact: not one over values or their
// ratings ("| Metric | Value |", "| Chỉ số | Giá trị | Đánh giá |").
func (l *lexicon) factColumn(header []string, j int) bool {
	return j < len(header) && l.names(header[j]) && !l.valueColumn.MatchString(strings.Trim(header[j], " *_"))
}

// transposed writes a row of a table that compares tokens by column ("| Metric | Bitcoin |
// Cardano |" over "| Price | ~$92,000 | ~$0.60 |") as one line per column, "Bitcoin, Price:
// ~$92,000", so that each figure is read as its column's token's. When a column is one of the
// tokens with facts (oursByColumn), each line starts with rowMark, so that a column that names
// none of them ("| Metric | FLOKI | BabyDoge |") is another token's; else ("| Metric | Value |
// Signal |") the columns are no tokens.
func transposed(header, row []string, oursByColumn bool) string {
	mark := ""
	if oursByColumn {
		mark = rowMark
	}
	var out []string
	for j := 1; j < min(len(header), len(row)); j++ {
		out = append(out, mark+header[j]+", "+row[0]+": "+row[j])
	}
	return strings.Join(out, "\n")
}

// labelRow writes a table row under header as its subject on a line (its cells that hold a
// letter, under no header naming a fact: the token's name and ticker), then one line per cell
// that holds a figure, "Subject, Header: cell". The subject ("Bittensor TAO, Price: $185")
// makes a row of another token read as that token's, and a figure under a header naming no
// fact keeps its header's words ("ATH: $2.47" is history). A row of a price history ("Feb 20,
// 2025 | $2.54 | …") is history and stays as it is, unlabelled. In a table with a column of
// tokens' names (named: "| Ticker | Name | Price |"), the subject's line starts with rowMark,
// so that a row that names none of the tokens with facts is another token's, even when its
// ticker is a word ("| AI | AI | $0.0001 |").
func (l *lexicon) labelRow(header []string, row string, named bool) string {
	var first, rest []string
	subjectSeen := false
	for j, c := range cells(row) {
		isFact := l.factColumn(header, j)
		if !isFact && !subjectSeen {
			subjectSeen = true
			if datedRow().MatchString(c) {
				return row // "| 2025-07-08 | $0.04111 |": a day of a price history
			}
		}
		switch {
		case !isFact && strings.IndexFunc(c, unicode.IsLetter) >= 0:
			if j < len(header) && l.hypothetical.MatchString(header[j]) {
				// "| Scenario | MC |" over "| Bull | $5.5B |": a hypothesis, however long the
				// row's own words ("| Lose 80% (very common with new memes) | ~$176K |").
				first = append(first, header[j])
			}
			first = append(first, c)
		case j < len(header) && strings.ContainsAny(c, "0123456789"):
			rest = append(rest, header[j]+": "+c)
		}
	}
	subject := rowSubject(first)
	for k := range rest {
		rest[k] = subject + rest[k]
	}
	title := strings.Join(first, " ")
	if named && title != "" {
		title = rowMark + title
	}
	return strings.Join(append([]string{title}, rest...), "\n")
}

// rowMark starts the line labelRow writes for a row's subject in a table with a column of
// tokens' names, and rowEnd is the line readTables writes after such a table: characters of
// Unicode's private use area, which no answer writes.
const (
	rowMark = "\uE000"
	rowEnd  = "\uE001"
)

// datedRow matches a row's subject that is a date: "Feb 20, 2025", "2025-02-20", "20/02/2025",
// "2025年2月20日".
var datedRow = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:19|20)\d\d\b|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d+\s?[年月日]`)
})

// rowSubject is a row's cells that name no fact and hold a letter (the token's name and
// ticker, not its rank), each of at most 40 bytes, with a comma: "Bittensor TAO, ", or "" for
// none.
func rowSubject(cells []string) string {
	var out []string
	for _, c := range cells {
		if len(c) <= 40 {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return ""
	}
	return strings.Join(out, " ") + ", "
}

// names reports whether s holds a word naming a fact.
func (l *lexicon) names(s string) bool {
	for _, kw := range l.keywords {
		if kw.fact != skip && kw.re.MatchString(s) {
			return true
		}
	}
	return false
}

func cells(row string) []string {
	row = strings.Trim(strings.TrimSpace(row), "|")
	out := strings.Split(row, "|")
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}

func separatorRow(s string) bool {
	s = strings.TrimSpace(s)
	return strings.Contains(s, "|") && strings.Contains(s, "--") && strings.Trim(s, "|-: ") == ""
}

// tableRow reports whether a line is a row of a pipe table, with or without its outer pipes.
func tableRow(t string) bool {
	return strings.HasPrefix(t, "|") || strings.Count(t, "|") >= 2
}

// bareHeader reports whether row is the header of a table written without a separator row:
// labels without a digit, over a row of as many cells that holds one ("Cryptocurrency | Price
// | Market Cap |" over "Fartcoin | $1.53 | $1.53 billion |"). "Price: $1 | Liquidity: $2"
// lines, whose cells hold figures, are no header, nor is a row under one ("| Chain | Ethereum |
// Ethereum |" over "| Price | $0.0000412 | ~$0.0000098 |"): readTables asks only outside a table.
func bareHeader(row, next string) bool {
	next = strings.TrimSpace(next)
	return !strings.ContainsAny(row, "0123456789") && tableRow(next) && strings.ContainsAny(next, "0123456789") &&
		len(cells(row)) == len(cells(next))
}

// lpShares rewrites an LP's share stated between its verb and its state, "the liquidity pool
// is 100% locked", as a label before its figure, "the liquidity pool locked: 100%", so that no
// label before it (a tax's, "zero buy and sell tax, …") takes the figure.
func lpShares(text string) string {
	return lpShare().ReplaceAllString(text, "$1 $4: $3")
}

var lpShare = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b((?:lp|liquidity[- ]pool)(?: tokens?)?) (is|are) (\d{1,3}(?:\.\d+)?\s?%) (locked|burn(?:ed|t))\b`)
})

// labelLines joins a label alone on its line to the figure alone on the next, as a page's
// widget of key metrics states them ("Market Cap:" over "$ 15.72K", "24h Volume" over
// "$138,779,380"), so that the figure is read with its label; and a price page's title, the
// token's name alone on its line, to the price under it ("Aptos APT" over "$0.63792").
func labelLines(text string, k known) string {
	if !strings.Contains(text, "\n") {
		return text
	}
	l := words()
	lines := strings.Split(text, "\n")
	for i := 0; i+1 < len(lines); i++ {
		label := strings.TrimSpace(lines[i])
		next := i + 1
		if next+1 < len(lines) && strings.TrimSpace(lines[next]) == "" {
			next++ // one blank line between: "Cosmos Hub ATOM", "", "$1.61"
		}
		if len(label) > 40 || strings.ContainsAny(label, "$%|") || !loneFigure().MatchString(lines[next]) {
			continue
		}
		if k.title(label) {
			label += " price"
		} else if !l.names(label) {
			continue
		}
		lines[i] = strings.TrimRight(label, ": ") + ": " + strings.TrimLeft(strings.TrimSpace(lines[next]), "-*• ")
		lines[next] = ""
	}
	return strings.Join(lines, "\n")
}

// loneFigure matches a line that holds a sum and nothing else but its change or its rank, or a
// list item that does: "$ 15.72K", "$0.00000722", "$3.78 -0.63%", "$23.70B #10", "- $0.1275".
var loneFigure = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*(?:[-*•]\s+)?(?:US\$|\$)\s?\d[\d.,]*\s?[KMBkmb]?(?:\s*(?:[+\-−▲▼]\s?\d[\d.,]*\s?%(?:\s?(?:24h|1D|7D|\(24h\)))?|#\d+))?\s*$`)
})

// known are the tokens with facts, as a table's header cells may name them or the sources
// their facts come from; nil knows none.
type known []tokenData

// token reports whether a header cell names one of the tokens ("| Metric | FLOKI | BabyDoge |").
func (k known) token(cell string) bool {
	cell = strings.ToLower(strings.Trim(cell, " *_$`"))
	return slices.ContainsFunc(k, func(t tokenData) bool { return slices.Contains(t.names, cell) })
}

// title reports whether a line is only a token's names, its name and its ticker with or
// without a space between ("Aptos APT", "THORChainRUNE", "Hyperliquid (HYPE)").
func (k known) title(line string) bool {
	squash := titleMarks
	line = strings.ToLower(squash.Replace(line))
	return line != "" && slices.ContainsFunc(k, func(t tokenData) bool {
		for _, a := range t.names {
			a = squash.Replace(a)
			if rest, ok := strings.CutPrefix(line, a); ok && (rest == "" || slices.ContainsFunc(t.names, func(b string) bool { return squash.Replace(b) == rest })) {
				return true
			}
		}
		return false
	})
}

// titleMarks are the spaces and marks a title's words may be set apart or dressed with.
var titleMarks = strings.NewReplacer(" ", "", "*", "", "_", "", "#", "", "(", "", ")", "", "$", "")

// source reports whether a header cell names a source the tokens' facts come from ("|
// DexScreener |", "| Dex Screener |").
func (k known) source(cell string) bool {
	squash := func(s string) string { return strings.ToLower(strings.ReplaceAll(strings.Trim(s, " *_`"), " ", "")) }
	cell = squash(cell)
	for _, t := range k {
		for _, d := range t.data {
			if slices.ContainsFunc(d, func(x datum) bool { return squash(x.source) == cell }) {
				return true
			}
		}
	}
	return false
}

// slashLabels writes two or three labels joined by slashes or "and" over as many figures ("MC /
// Liq: $1.2M / $80K", "市值 / FDV：约 $1.35M / $1.35M", "Liquidity and market cap: $1.5M and
// $12.3M") as one label and figure each, "MC: $1.2M · Liq: $80K", so that no figure is read
// under the other's label; labels over one figure share it ("Market cap / FDV: $23.8M"). Each label must name a fact and each figure hold a digit; else the
// line stays as it is.
func slashLabels(text string) string {
	l := words()
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if !strings.ContainsAny(line, ":：") || !joinOf().MatchString(line) {
			continue
		}
		segs := strings.FieldsFunc(line, func(r rune) bool { return r == '|' || r == '·' || r == '•' })
		changed := false
		for k, seg := range segs {
			if by, ok := l.splitLabels(seg); ok {
				segs[k], changed = by, true
			}
		}
		if changed {
			lines[i] = strings.Join(segs, " · ")
		}
	}
	return strings.Join(lines, "\n")
}

// splitLabels is seg, "A / B: x / y", written "A: x · B: y", when it is one.
func (l *lexicon) splitLabels(seg string) (string, bool) {
	at := strings.IndexAny(seg, ":：")
	if at < 0 {
		return "", false
	}
	_, size := utf8.DecodeRuneInString(seg[at:])
	if strings.ContainsAny(seg[at+size:], ":：") {
		return "", false
	}
	labels, values := joinOf().Split(seg[:at], -1), joinOf().Split(seg[at+size:], -1)
	if len(labels) < 2 || len(labels) > 3 {
		return "", false
	}
	if ratio().MatchString(seg[at+size:]) && l.names(labels[0]) && l.names(labels[1]) {
		// "Liquidity / market cap: ~8% ($641K vs ~$7.85M)" is a ratio; its sums are no label's.
		return "ratio: " + seg[at+size:], true
	}
	if len(values) == 1 && !strings.ContainsAny(values[0], "%×") {
		values = slices.Repeat(values, len(labels)) // "Market cap / FDV: US$ 23,8 mi": one figure, both facts
	}
	if len(labels) != len(values) {
		return "", false
	}
	out := make([]string, len(labels))
	for i := range labels {
		label := strings.TrimSpace(labels[i])
		if len(label) > 40 || !l.names(label) || !strings.ContainsAny(values[i], "0123456789") {
			return "", false
		}
		out[i] = label + ": " + strings.TrimSpace(values[i])
	}
	return strings.Join(out, " · "), true
}

// ratio matches the value of a ratio: a share or a multiple first ("~8%", "0.12x", "≈ 2,2×").
var ratio = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[\s*_~≈]*\d[\d.,]*\s?(?:%|[x×](?:[^\pL]|$))`) })

// joinOf matches what joins two labels or two figures: a slash, "&", "、", a language's "and"
// (between spaces where the language writes them).
var joinOf = sync.OnceValue(func() *regexp.Regexp {
	alts := []string{`/`, `&`, `、`}
	for _, l := range languages {
		switch {
		case l.and == "":
		case l.unspaced:
			alts = append(alts, `(?:`+l.and+`)`)
		default:
			alts = append(alts, `\s(?:`+l.and+`)\s`)
		}
	}
	return regexp.MustCompile(`(?i)\s*(?:` + strings.Join(alts, "|") + `)\s*`)
})
