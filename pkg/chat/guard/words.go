package guard

// The instructions and the answer as words: the index of the system instruction's runs of
// words, and the view of what was said and what is pending that the guard judges.

import (
	"iter"
	"strings"
	"unicode"
)

// Instructions indexes a system instruction's words.
type Instructions struct {
	words []string
	// first maps each run of ngram words to where it first starts in words, and next[i] is
	// where the run that starts at i starts again (-1: nowhere after i); prefixes holds the
	// first ngram-1 words of each run.
	first    map[[ngram]string]int32
	next     []int32
	prefixes map[[ngram - 1]string]bool
	// vocab is what the model goes by, which the answer never says of itself.
	vocab *vocabulary
}

// NewInstructions indexes the system instruction text, for answers of a model that goes by
// the words of v.
func NewInstructions(system string, v Vocabulary) *Instructions {
	in := &Instructions{words: words(system), vocab: v.compile()}
	n := max(0, len(in.words)-ngram+1)
	in.first, in.next = make(map[[ngram]string]int32, n), make([]int32, n)
	in.prefixes = make(map[[ngram - 1]string]bool, n)
	// From the end, so that each run's starts chain in increasing order.
	for i := n - 1; i >= 0; i-- {
		k := [ngram]string(in.words[i : i+ngram])
		in.next[i] = -1
		if j, ok := in.first[k]; ok {
			in.next[i] = j
		}
		in.first[k] = int32(i)
		in.prefixes[[ngram - 1]string(in.words[i:i+ngram-1])] = true
	}
	return in
}

// starts are where the run of words k starts in the instructions, in increasing order.
func (in *Instructions) starts(k [ngram]string) iter.Seq[int] {
	return func(yield func(int) bool) {
		i, ok := in.first[k]
		for ok && i >= 0 {
			if !yield(int(i)) {
				return
			}
			i = in.next[i]
		}
	}
}

// has reports whether the run of words k is in the instructions.
func (in *Instructions) has(k [ngram]string) bool {
	_, ok := in.first[k]
	return ok
}

// span is a word of a text: its lower-case form and its byte range.
type span struct {
	word       string
	start, end int
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsNumber(r) || r == '\'' || r == '’' || r == '-'
}

func spans(s string) []span {
	var out []span
	start := -1
	for i, r := range s {
		switch {
		case isWordRune(r) && start < 0:
			start = i
		case !isWordRune(r) && start >= 0:
			out = append(out, span{strings.ToLower(s[start:i]), start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, span{strings.ToLower(s[start:]), start, len(s)})
	}
	return out
}

func words(s string) []string {
	sp := spans(s)
	out := make([]string, len(sp))
	for i, w := range sp {
		out[i] = w.word
	}
	return out
}

// view is the end of what was said and the pending text, as words: a run of the
// instructions that reaches into pending begins at most ngram-1 words before it.
type view struct {
	sp    []span // the whole words; a word still being written is left out unless final
	final bool   // no more text comes
	// partial is where a word still being written begins, -1 when none is
	partial int
	off     int // where pending begins in the text sp indexes
	first   int // the first word that ends in pending (len(sp) when none does)
}

func (g *Guard) view(final bool) view {
	tail := saidTail(g.said)
	full := tail + g.pending
	v := view{sp: spans(full), final: final, partial: -1, off: len(tail)}
	if last := len(v.sp) - 1; !final && last >= 0 && v.sp[last].end == len(full) {
		v.sp, v.partial = v.sp[:last], v.sp[last].start
	}
	for v.first < len(v.sp) && v.sp[v.first].end <= v.off {
		v.first++
	}
	return v
}

// mayContinue reports whether the word still being written, begun in pending, may continue
// a run: the ngram-1 whole words before it begin a run of the instructions.
func (g *Guard) mayContinue(v view) bool {
	n := len(v.sp)
	return v.partial >= v.off && n >= ngram-1 && g.in.prefixes[prefix(v.sp[n-(ngram-1):])]
}

// saidTail is the end of what was said that a run of the instructions may have begun in:
// the last bytes, from a word's start.
func saidTail(said string) string {
	const n = 96
	if len(said) <= n {
		return said
	}
	t := said[len(said)-n:]
	if i := strings.IndexFunc(t, func(r rune) bool { return !isWordRune(r) }); i >= 0 {
		return t[i:]
	}
	return t
}

// gram is the key of ngram words (fewer are padded with "", which no key has).
func gram(sp []span) (k [ngram]string) {
	for i := range min(ngram, len(sp)) {
		k[i] = sp[i].word
	}
	return k
}

// prefix is the key of ngram-1 words.
func prefix(sp []span) (k [ngram - 1]string) {
	for i := range min(ngram-1, len(sp)) {
		k[i] = sp[i].word
	}
	return k
}
