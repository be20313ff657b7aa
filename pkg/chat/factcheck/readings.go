package factcheck

import (
	"math"
	"regexp"
	"slices"
	"sync"
)

// reading is a check of a figure about one of the tokens, with the figure's value, and
// whether a label stood right before it.
type reading struct {
	token, line int
	value       float64
	labelled    bool
	bound       bool // a range or a one-sided bound ("over 50%"): it may agree, never contradict
	shadow      bool // a level the line comes to after its readings (superseded), never judged
	check       Check
}

// latest are the checks of the readings, each once, but for a token's fact read more than once
// in one line (a paragraph, a bullet) with values that differ, only those near its last
// reading there: a report states a level left behind before the level now ("fell 94% to
// $0.30 … recovered to $5.19"). Readings on other lines stand on their own, and so does a
// figure right after its label ("Price: $3.10 on Uniswap; price on PancakeSwap: $2.42").
func latest(read []reading) []Check {
	type key struct {
		token, line int
		fact        string
	}
	read = stated(read)
	last := map[key]float64{}
	for _, x := range read {
		last[key{x.token, x.line, x.check.Fact}] = x.value
	}
	var out []Check
	seen := map[Check]bool{}
	for _, x := range read {
		v := last[key{x.token, x.line, x.check.Fact}]
		near := math.Abs(x.value-v) <= 0.1*math.Abs(v)
		if factKinds[x.check.Fact] == percent {
			near = math.Abs(x.value-v) <= 3
		}
		if k := (Check{Fact: x.check.Fact, Stated: x.check.Stated, Verdict: x.check.Verdict}); (near || x.labelled) && !x.shadow && !seen[k] {
			seen[k] = true
			out = append(out, x.check)
		}
	}
	return out
}

// stated are the readings but those that contradict a fact the answer states rightly
// elsewhere: of two values an answer gives one fact, the one that is not the fact now is more
// likely a level of another time, pool, scenario or token that the reader took for the fact
// (a "Bull case | MC: $5.5B" row, "the $12M you saw was the peak; MC is $7.4M now") than a
// second claim, and the reader is not sure enough of it to say "contradicts".
func stated(read []reading) []reading {
	type fact struct {
		token int
		fact  string
	}
	right := map[fact]bool{}
	for _, x := range read {
		if x.check.Verdict == Agrees && !x.bound && !x.shadow {
			right[fact{x.token, x.check.Fact}] = true // a bound that holds ("top 10 above 50% = no entrar") states no value
		}
	}
	return slices.DeleteFunc(read, func(x reading) bool {
		return x.check.Verdict == Contradicts && right[fact{x.token, x.check.Fact}]
	})
}

// skipAt is skip's place in factOrder, and so in the lexicon's keywords.
var skipAt = slices.Index(factOrder, skip)

// otherSumAt is otherSum's place in factOrder, and so in the lexicon's keywords.
var otherSumAt = slices.Index(factOrder, otherSum)

// superseded adds got, clause's readings, to read, and for each sum of clause that tells where the token has gone since its
// line's last sum ("It has since fallen back down to approximately $2.4 million", "it's sitting
// at about $159 million"), a shadow of that reading with the sum's value: the level the line
// comes to, against which latest weighs the readings before it ("the market cap jumped from
// around $155 million to $215 million"), never judged itself (no label of its own names it).
func superseded(clause string, found []figure, read, got []reading, line, token int) []reading {
	before := len(read) // the readings of the clauses before: a clause's own sums are no history of it
	read = append(read, got...)
	if token < 0 {
		return read
	}
	for _, f := range found {
		// The words within reach before the sum, so that a clause of many sums stays linear.
		if f.kind != money || !sinceThen().MatchString(clause[runeStart(clause, max(0, f.start-reach)):f.start]) ||
			slices.ContainsFunc(got, func(x reading) bool { return x.value == f.value }) {
			continue // a sum read under a label of its own stands for itself
		}
		for i := before - 1; i >= 0 && read[i].line == line; i-- {
			x := read[i]
			if x.token != token || x.shadow || factKinds[x.check.Fact] != money {
				continue
			}
			if r := f.value / x.value; r > 0.01 && r < 100 { // a cap's level, not a price's
				read = append(read, reading{token: token, line: line, value: f.value, shadow: true, check: Check{Fact: x.check.Fact}})
			}
			break
		}
	}
	return read
}

// sinceThen matches the words right before a sum that make it where the token is now, after
// what came before: "it has since dropped to", "it's sitting at about", "the token is now at".
var sinceThen = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:it|the (?:token|coin))(?:\s+has\s+since|['’]s\s+since|\s+is\s+now|['’]s\s+now|['’]s|\s+is)\s+(?:\pL+\s+){0,3}?` +
		`(?:to|at|around|near)\s+(?:(?:about|around|roughly|approximately|nearly|~)\s*)?(?:US)?\$?\s*$`)
})
