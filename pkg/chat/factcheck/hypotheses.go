package factcheck

import (
	"regexp"
	"slices"
)

// hypotheses finds the spans of clause that a hypothesis covers. A hypothetical word ("if",
// "would", "target") covers the clause from its end on, until a contrast comes back to now
// ("aiming at a $20M market cap, while the current market cap is $12.35M"); a hypothetical
// word after that opens a span again. A verb-final language's hypothesis covers its whole
// clause, whatever follows it.
func (m *marks) hypotheses(l *lexicon, clause string) {
	idioms := slices.DeleteFunc(l.lookIf.FindAllStringIndex(clause, -1), func(i []int) bool { return !m.looksAt(l, clause, i) })
	if hypothesis(l.hypoClause, clause, idioms, 0) != nil {
		m.hypo = [][2]int{{0, len(clause)}}
		return
	}
	var backs [][]int
	for from, next := 0, 0; from < len(clause); {
		loc := hypothesis(l.hypothetical, clause, idioms, from)
		if loc == nil {
			return
		}
		if backs == nil {
			backs = l.backToNow(clause)
		}
		for next < len(backs) && backs[next][0] < loc[1] {
			next++ // the returns, like the hypotheses, are passed once each
		}
		span := [2]int{loc[1], len(clause)}
		if next < len(backs) {
			span[1] = backs[next][1]
		}
		m.hypo = append(m.hypo, span)
		from = span[1]
	}
}

// backToNow are the places in clause where a contrast comes back to now: a language's "but" or
// "while" and, before any figure, a word of the present ("…, while the current market cap is",
// "…, but right now", "…, pero actualmente").
func (l *lexicon) backToNow(clause string) [][]int {
	var out [][]int
	for _, c := range l.contrast.FindAllStringIndex(clause, -1) {
		if loc := l.nowAgain.FindStringIndex(clause[c[1]:runeStart(clause, c[1]+64)]); loc != nil {
			out = append(out, []int{c[0], c[1] + loc[1]})
		}
	}
	return out
}

// hypotheticalBefore reports whether offset at lies in a span a hypothesis covers (the spans
// are in order and apart, so the last that starts by at is the one).
func (m *marks) hypotheticalBefore(at int) bool {
	i, found := slices.BinarySearchFunc(m.hypo, at, func(s [2]int, at int) int { return s[0] - at })
	if !found {
		i--
	}
	return i >= 0 && at < m.hypo[i][1]
}

// looksAt reports whether the "if we look at" at clause[i[0]:i[1]] looks at a token with facts
// or at a view of the data ("If we look at GPANDA, …", "Если смотреть на график, …",
// "GPANDA grafiğine bakacak olursak"), not at a move or a level ("If we look at a 10x …").
func (m *marks) looksAt(l *lexicon, clause string, i []int) bool {
	if l.views.MatchString(clause[i[1]:]) || l.viewsBefore.MatchString(clause[:i[0]]) {
		return true
	}
	return slices.ContainsFunc(m.mentions, func(x mention) bool {
		return x.start >= i[1] && x.start <= i[1]+12 || x.end <= i[0] && x.end >= i[0]-24
	})
}

// hypothesis is where the first of re's words in clause from offset from on stands that is
// not inside one of idioms, an "if" that makes no hypothesis ("If we look at the chart, …"),
// or nil.
func hypothesis(re *regexp.Regexp, clause string, idioms [][]int, from int) []int {
	for {
		loc := re.FindStringIndex(clause[from:])
		if loc == nil {
			return nil
		}
		loc[0], loc[1] = loc[0]+from, loc[1]+from
		if !slices.ContainsFunc(idioms, func(i []int) bool { return loc[0] >= i[0] && loc[1] <= i[1] }) {
			return loc
		}
		from = loc[1]
	}
}
