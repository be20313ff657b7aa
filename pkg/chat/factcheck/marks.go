package factcheck

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// marks are the places in one clause where the words that decide a figure's reading stand:
// token names, hypothetical words, history and present words. They are found in one pass per
// kind, and the figures, read left to right, consult them with cursors that only move
// forward: a clause of many figures costs what a clause of one does, plus its figures.
type marks struct {
	mentions []mention // by end
	hypoEnd  int       // end of the first hypothetical word, or -1
	history  [][]int   // [start, end), in order
	present  [][]int

	next, latest, latestAt int // cursor over mentions; the latest mention passed and its start
	hist                   int // cursor over history
}

// mention is a token named at clause[start:end].
type mention struct{ start, end, token int }

func (l *lexicon) mark(clause string, tokens []tokenData) *marks {
	m := &marks{hypoEnd: -1, latest: -1, latestAt: -1}
	if loc := l.hypothetical.FindStringIndex(clause); loc != nil {
		m.hypoEnd = loc[1]
	}
	m.history = l.history.FindAllStringIndex(clause, -1)
	if len(m.history) > 0 {
		m.present = l.present.FindAllStringIndex(clause, -1)
	}
	lower := lowerInPlace(clause)
	for i, t := range tokens {
		for _, n := range t.names {
			for at := 0; ; {
				j := strings.Index(lower[at:], n)
				if j < 0 {
					break
				}
				j += at
				if wordAt(lower, j, len(n)) {
					m.mentions = append(m.mentions, mention{j, j + len(n), i})
				}
				at = j + 1
			}
		}
	}
	slices.SortFunc(m.mentions, func(a, b mention) int { return a.end - b.end })
	return m
}

// mentionedBefore is the token named last before offset at (the one whose name starts
// latest and ends by at), or -1. Calls must come with at never decreasing.
func (m *marks) mentionedBefore(at int) int {
	for ; m.next < len(m.mentions) && m.mentions[m.next].end <= at; m.next++ {
		if x := m.mentions[m.next]; x.start > m.latestAt {
			m.latest, m.latestAt = x.token, x.start
		}
	}
	return m.latest
}

// hypotheticalBefore reports whether a hypothetical word ("if", "would", "target") stands
// before offset at.
func (m *marks) hypotheticalBefore(at int) bool { return m.hypoEnd >= 0 && m.hypoEnd <= at }

// pastAt reports whether the words before offset at put a figure there in the past ("an
// all-time high of", "launched at"), unless they come back to the present after that ("... and
// now trades at"). Calls must come with at never decreasing.
func (m *marks) pastAt(at int) bool {
	for m.hist < len(m.history) && m.history[m.hist][1] <= at {
		m.hist++
	}
	if m.hist == 0 {
		return false
	}
	since := m.history[m.hist-1][1]
	i, _ := slices.BinarySearchFunc(m.present, since, func(p []int, s int) int { return p[0] - s })
	return i >= len(m.present) || m.present[i][1] > at
}

// lowerInPlace lowers s rune by rune where that keeps each rune's length in bytes, so that an
// offset in the result is one in s.
func lowerInPlace(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if lr := unicode.ToLower(r); r != utf8.RuneError && utf8.RuneLen(lr) == size {
			b.WriteRune(lr)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
