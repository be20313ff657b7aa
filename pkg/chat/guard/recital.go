package guard

// Recitals: the system instruction's words in the answer, however they are dressed. The
// instruction and each sentence of the answer are read as a reader sees them (normal.go), cut
// into words at anything but a letter or digit (so kebab-case and snake_case are words), and
// stripped of numbers, interjections such as "sic" and the commonest words; what remains is
// stemmed. A sentence is a recital when most of its pairs of neighbouring words are pairs of
// the words of the instruction's rules at most three apart (which survives numbering,
// "(sic)", invisible characters, changed case or separators, every other word and light
// paraphrase), when 24 of its words in a row are the instruction's anywhere, or when it holds
// the instruction's canary; or it lists three of the verbs of the rule against its own
// disclosure ("reveal, quote, summarise"), in any registered language, which catches that
// rule translated. The rest of the instruction says what to write about; an answer that
// echoes its lists ("honeypot behaviour, unlocked liquidity, concentrated holders") is doing
// its job.

import (
	"strings"
	"unicode"
)

// Instructions indexes a system instruction's words.
type Instructions struct {
	// pairs are the instruction's pairs of words; rules those of its paragraphs that state
	// the rule against its own disclosure, which a paraphrase is held against. The rest
	// tells the model what to write about (liquidity, holders, warning signs), and an answer
	// that does so is no paraphrase of it; only a long verbatim run of it is a recital.
	pairs, rules map[[2]string]bool
	// canary is a phrase of the instruction no answer has any reason to say, as read.
	canary string
	// vocab is what the model goes by, which the answer never says of itself.
	vocab *vocabulary
}

// reach is how far apart two of the instruction's words may be and still make a pair.
const reach = 3

// MinRun is the fewest content words (not stop words or numbers) of a sentence that make it
// a recital: fewer would take the sentences the instruction asks the model to say ("not
// financial advice: do your own research, and never invest more than you can afford to
// lose", nine) for recitals of it.
const MinRun = 12

// Canary is the marker line of the system instruction: it appears in no answer unless the
// instruction is recited.
const Canary = "vermilion-quillon-heron"

// NewInstructions indexes the system instruction text, for answers of a model that goes by
// the words of v.
func NewInstructions(system string, v Vocabulary) *Instructions {
	in := &Instructions{pairs: map[[2]string]bool{}, rules: map[[2]string]bool{}, vocab: v.compile()}
	addPairs(in.pairs, system)
	for _, p := range strings.Split(system, "\n\n") {
		if in.vocab.ruleRun(read(p).s, 3) >= 0 {
			addPairs(in.rules, p)
		}
	}
	if len(in.rules) == 0 {
		in.rules = in.pairs // an instruction without the rule: all of it is held against
	}
	if strings.Contains(system, Canary) {
		in.canary = strings.Join(contentWords(Canary), " ")
	}
	return in
}

// addPairs adds the pairs of text's content words at most reach apart.
func addPairs(pairs map[[2]string]bool, text string) {
	w := contentWords(text)
	for i := range w {
		for d := 1; d <= reach && i+d < len(w); d++ {
			pairs[[2]string{w[i], w[i+d]}] = true
		}
	}
}

// stop are the words a recital may drop or add without changing what it recites.
var stop = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the and or but of to in on at for with by from as is are be been was were it its this
		that these those you your yours they their them he she we our i me my do does not no any each every
		if so than then there here what which who whom whose when where how all also can could should would
		may might must will shall sic um uh like well just very really s t ll re ve d m o e g eg ie etc`) {
		stop[w] = true
	}
}

// contentWords are the stemmed words of s that are not stop words or numbers.
func contentWords(s string) []string { return readWords(read(s).s) }

// readWords are the content words of a text as read.
func readWords(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(f) < 2 || stop[f] {
			continue
		}
		out = append(out, stem(f))
	}
	return out
}

// stem folds a word's commonest endings ("summarise", "summarizes", "summarised").
func stem(w string) string {
	w = strings.TrimSuffix(w, "'s")
	for _, suf := range []string{"ations", "ation", "ising", "izing", "ised", "ized", "ises", "izes", "ise", "ize", "ing", "ed", "es", "ly", "s", "e"} {
		if len(w)-len(suf) >= 3 && strings.HasSuffix(w, suf) {
			return w[:len(w)-len(suf)]
		}
	}
	return w
}

// recital reports whether a sentence recites the instructions; following is whether it comes
// right after a recital, when a third as many words make one.
func (in *Instructions) recital(seg string, following bool) bool {
	rs := read(seg).s
	w := readWords(rs)
	if in.canary != "" && strings.Contains(strings.Join(w, " "), in.canary) {
		return true
	}
	if in.vocab.ruleRun(rs, 3) >= 0 {
		return true // the rule itself, recited or translated
	}
	if len(w) < MinRun && !(following && len(w) >= MinRun/3) {
		return false
	}
	hits, run, best := 0, 0, 0
	for i := 0; i+1 < len(w); i++ {
		if in.rules[[2]string{w[i], w[i+1]}] || i+2 < len(w) && in.rules[[2]string{w[i], w[i+2]}] {
			hits++
		}
		if in.pairs[[2]string{w[i], w[i+1]}] || i+2 < len(w) && in.pairs[[2]string{w[i], w[i+2]}] {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best >= 2*MinRun || float64(hits) >= 0.6*float64(len(w)-1)
}

// mayRecite reports whether text (as read) has begun a recital: two pairs in a row of the
// instruction's words. Its sentence then waits to be judged whole.
func (in *Instructions) mayRecite(text string) bool {
	w := readWords(text)
	run := 0
	for i := 0; i+1 < len(w); i++ {
		if in.pairs[[2]string{w[i], w[i+1]}] {
			if run++; run >= 2 {
				return true
			}
		} else {
			run = 0
		}
	}
	return in.canary != "" && strings.Contains(strings.Join(w, " "), in.canary[:8])
}
