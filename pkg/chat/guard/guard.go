// Package guard keeps the model from naming itself or reciting its instructions: it reads
// an answer's text as it streams and removes, whatever the protocol, the model's
// self-identification (its name, its maker, a model ID) and any verbatim run of a dozen
// words or more of the system instruction, however the model splits them across chunks.
// What it removes it replaces with a short sentence in the assistant's voice; the rest of
// the answer flows as it comes. It holds back only text that may be the start of a
// forbidden run (from a trigger word to the end of its sentence, or a run of the system
// instruction's words), so a normal answer's chunks pass at once.
package guard

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The kinds of removal, for the log (never the text).
const (
	KindSelfIdentification = "self-identification"
	KindInstructions       = "instructions"
)

// The sentences that stand where something was removed.
const (
	SelfReplacement         = "I'm this service's crypto analysis assistant, and I can't share details about the technology behind me."
	InstructionsReplacement = "I can't share my configuration, but I'm happy to help with your crypto questions."
)

// maxHeld bounds a held sentence: past it, the sentence is judged as it is. It bounds the
// work of each step too, so that the guard's cost is linear in the answer's length however
// it is chunked.
const maxHeld = 1200

// maxContext is how much of the end of a segment is context for the next one (a question, a
// label, a sentence broken across lines).
const maxContext = 60

// Vocabulary is what the model's provider goes by, declared by the model adapter: the guard
// knows no provider itself. Names and patterns are matched without regard to letter case.
type Vocabulary struct {
	// Names are the words the model and its makers are called (the model's family, its
	// company); a
	// sentence that says one of them beside a self-reference is the model naming itself.
	Names []string
	// ModelIDs is a regular expression of the provider's model identifiers
	// (a versioned model name, "models/..."): said anywhere, one is removed.
	ModelIDs string
	// OtherSenses is a regular expression of the names used in other senses (an exchange or
	// a product that shares a name), which never count.
	OtherSenses string
}

// vocabulary is a Vocabulary compiled, with the service's own words of self-reference.
type vocabulary struct {
	names, modelID, allowed *regexp.Regexp
	self                    []*regexp.Regexp
	// hold are the words that start a hold (the names, "models/" and every language's
	// words of self-reference): see language.hold.
	hold []string
	// rule are the verbs of the rule against disclosure, in every language: see language.rule.
	rule   []string
	claims []claim
	// prefixes are the names as read, for a name cut by a chunk's end.
	prefixes []string
}

// never is a pattern that matches nothing: that of an empty list.
const never = `[^\s\S]`

// orNever is pattern, or never when it is empty.
func orNever(pattern string) string {
	if pattern == "" {
		return never
	}
	return pattern
}

// compile builds the expressions of v and of the registered languages.
func (v Vocabulary) compile() *vocabulary {
	names := namePattern(v.Names)
	c := &vocabulary{
		names:   regexp.MustCompile(names),
		modelID: regexp.MustCompile(`(?i)` + orNever(v.ModelIDs)),
		allowed: regexp.MustCompile(`(?i)` + orNever(v.OtherSenses) + `|` + genericOther),
	}
	for _, n := range v.Names {
		c.prefixes = append(c.prefixes, read(n).s)
	}
	c.prefixes = append(c.prefixes, "models/")
	c.hold = append(c.hold, c.prefixes...)
	c.compileLanguages(names)
	return c
}

// Guard filters one answer. It is not safe for concurrent use.
type Guard struct {
	in      *Instructions
	pending string // text not yet let through
	held    bool   // pending begins with text that waits for its segment's end
	seg     string // what was let through of the current segment (its last maxHeld bytes)
	prev    string // the end of the segment before (it holds its separator): context for this one
	last    string // the last replacement, while nothing but space followed it
	tail    rune   // the last rune let through
	removed []string
}

// New returns a Guard for one answer under the system instruction in.
func New(in *Instructions) *Guard { return &Guard{in: in} }

// Removed lists the kinds of what was removed, in order.
func (g *Guard) Removed() []string { return g.removed }

// Write takes the next chunk of the answer and returns what may go to the caller now.
func (g *Guard) Write(chunk string) string { return g.run(chunk, false) }

// Flush ends the answer: whatever is still held is judged as it is and returned.
func (g *Guard) Flush() string { return g.run("", true) }

func (g *Guard) run(chunk string, final bool) string {
	g.pending += chunk
	var out strings.Builder
	for g.pending != "" {
		end, next := boundary(g.pending, final)
		if end < 0 {
			switch {
			case len(g.pending) > maxHeld:
				end = cut(g.pending, maxHeld)
				next = end
			case g.held:
				return out.String()
			default:
				if p := g.suspect(g.pending); p >= 0 {
					g.pass(&out, g.pending[:p])
					g.pending, g.held = g.pending[p:], true
					return out.String()
				}
				k := len(g.pending) - g.partial()
				g.pass(&out, g.pending[:k])
				g.pending = g.pending[k:]
				return out.String()
			}
		}
		g.settle(&out, g.pending[:end])
		sep := g.pending[end:next]
		g.pass(&out, sep)
		g.prev = last(g.seg, maxContext) // the tail of a long one too: "… my answers,\nGemini, trained by Google."
		g.pending, g.held, g.seg = g.pending[next:], false, ""
	}
	return out.String()
}

// settle judges the rest of a segment, text, and lets it through or replaces it.
func (g *Guard) settle(out *strings.Builder, text string) {
	body := strings.TrimLeftFunc(text, unicode.IsSpace)
	g.pass(out, text[:len(text)-len(body)])
	if body == "" {
		return
	}
	whole := g.seg + body
	kind, r := "", ""
	if !g.held && g.suspect(body) < 0 {
		// nothing in it may disclose anything
	} else if g.in.vocab.selfIdentifies(g.prev, whole) {
		kind, r = KindSelfIdentification, SelfReplacement
	} else if g.in.recital(whole, g.last == InstructionsReplacement) {
		kind, r = KindInstructions, InstructionsReplacement
	}
	if kind == "" {
		g.pass(out, body)
		return
	}
	g.removed = append(g.removed, kind)
	if g.last == r {
		return // one replacement stands for a run of removals
	}
	g.last = r
	if g.tail != 0 && !unicode.IsSpace(g.tail) && g.tail != '(' {
		r = " " + r
	}
	out.WriteString(r)
	g.seg += r
	g.tail = '.'
}

// pass lets s through.
func (g *Guard) pass(out *strings.Builder, s string) {
	if s == "" {
		return
	}
	out.WriteString(s)
	g.seg = last(g.seg+s, maxHeld)
	if strings.TrimSpace(s) != "" {
		g.last = ""
	}
	g.tail, _ = utf8.DecodeLastRuneInString(s)
}

// lookBack is how much of the segment already let through the hold looks at: a word of
// self-reference cut by a chunk's end ("I" then " am"), the words a recital began with.
const lookBack = 96

// suspect is where in text (unsent, continuing the current segment) a disclosure may begin:
// a name, a word of self-reference, a model ID, the start of a recital; -1 when none may.
// A hold starts at the segment's start when none of it was let through yet.
func (g *Guard) suspect(text string) int {
	if g.last == InstructionsReplacement {
		return 0 // right after a recital, the next sentence waits to be judged whole
	}
	back := last(g.seg, lookBack)
	p := -1
	r := read(back + text)
	if i := g.in.vocab.holdAt(r.s); i >= 0 {
		p = max(0, r.at(i)-len(back))
	}
	if i := g.in.vocab.ruleRun(r.s, 2); i >= 0 && (p < 0 || r.at(i)-len(back) < p) {
		p = max(0, r.at(i)-len(back)) // two of the rule's verbs may begin its list
	}
	if g.in.mayRecite(r.s) {
		p = 0
	}
	if p >= 0 && strings.TrimSpace(g.seg) == "" {
		p = 0
	}
	for p > 0 {
		// A hold starts at the beginning of its word, link or code, and never inside a
		// character: "公" is e5 85 ac, and 0x85 read as a rune is a space.
		r, n := utf8.DecodeLastRuneInString(text[:p])
		if unicode.IsSpace(r) {
			break
		}
		p -= n
	}
	return p
}

// last is the last n bytes of s or fewer, from a rune's start.
func last(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[len(s)-n:]
	for s != "" && !utf8.RuneStart(s[0]) {
		s = s[1:]
	}
	return s
}

// partial is how many bytes at the end of pending may be the beginning of a hold word cut by
// the chunk's end ("I a" of "I am", "Gem" of a name), or of a link or code span still being
// written: they wait for the next chunk, so that a hold never starts in the middle of a word
// or a token. Only what begins in pending counts, and a lone "a" or "I" never waits.
func (g *Guard) partial() int {
	if n := g.partialLink(); n > 0 {
		return n
	}
	return g.partialHoldWord()
}

// partialLink is how many bytes at the end of pending are the last word when it may be a
// link or a code span still being written, or 0. A word that continues the one let through
// before it does not count.
func (g *Guard) partialLink() int {
	i := strings.LastIndexFunc(g.pending, unicode.IsSpace) + 1
	if i == len(g.pending) || !linkOrCode(g.pending[i:]) {
		return 0
	}
	if i > 0 || g.tail == 0 || unicode.IsSpace(g.tail) {
		return len(g.pending) - i
	}
	return 0
}

// linkOrCode reports whether the word t may be a link or a code span being written: it
// begins one ("http", a prefix of "https://", a backquote) or holds "://".
func linkOrCode(t string) bool {
	return strings.HasPrefix(t, "http") || strings.HasPrefix("https://", t) || strings.HasPrefix(t, "`") || strings.Contains(t, "://")
}

// partialHoldWord is how many bytes at the end of pending are the beginning of a hold word
// cut by the chunk's end, or 0: the earliest word start, in the last maxHoldWord bytes as
// read, from which the rest is a hold word's beginning.
func (g *Guard) partialHoldWord() int {
	t := last(g.pending, 48)
	r := read(t)
	base := len(g.pending) - len(t)
	for c := max(0, len(r.s)-maxHoldWord); c < len(r.s); c++ {
		if !wordStart(r.s, c) {
			continue
		}
		tail := r.s[c:]
		if tail == "a" || tail == "i" || base+r.at(c) == 0 && isLetter(g.tail) {
			continue // a lone "a" or "I" never waits, nor the rest of a word let through
		}
		if g.in.vocab.beginsHoldWord(tail) {
			return len(g.pending) - (base + r.at(c))
		}
	}
	return 0
}

// wordStart reports whether byte c of s (a text as read) begins a word: it starts a rune
// that is no space and, in a script that puts spaces between words, follows no letter.
func wordStart(s string, c int) bool {
	if !utf8.RuneStart(s[c]) {
		return false
	}
	cur, _ := utf8.DecodeRuneInString(s[c:])
	prev, _ := utf8.DecodeLastRuneInString(s[:c])
	return !(c > 0 && spaced(cur) && isLetter(prev) || cur == ' ')
}

// maxHoldWord bounds the hold words that partial looks for, in bytes as read.
const maxHoldWord = 24

// boundary is where the first segment of s ends and the next begins: a sentence ends after
// its . ! ? and any closing brackets, quotes or emphasis, before a space (a list's "1." does
// not end one); a line at its break; a table cell at its bar; a Chinese or Japanese sentence
// at its full stop. It is -1, -1 when s holds no whole segment yet.
func boundary(s string, final bool) (end, next int) {
	for i := 0; i < len(s) && i <= maxHeld; {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch r {
		case '\n', '|':
			return i, i + size
		case '。', '！', '？':
			j := closers(s, i+size)
			return j, j
		case '.', '!', '?', '…':
			j := closers(s, i+size)
			if r == '.' && numbering(s[:i]) {
				break
			}
			if j == len(s) && final || j < len(s) && (s[j] == ' ' || s[j] == '\n' || s[j] == '\t') {
				return j, j
			}
		}
		i += size
	}
	if final {
		return len(s), len(s)
	}
	return -1, -1
}

// closers is the end of the closing brackets, quotes and emphasis from i.
func closers(s string, i int) int {
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !strings.ContainsRune(`)]}"'”’»」』*_`+"`", r) {
			break
		}
		i += size
	}
	return i
}

// numbering reports whether s ends with a list number ("1", "12", " 3") before a dot.
func numbering(s string) bool {
	t := strings.TrimRightFunc(s, func(r rune) bool { return '0' <= r && r <= '9' })
	return len(t) < len(s) && len(s)-len(t) <= 3 && (t == "" || t[len(t)-1] == ' ' || t[len(t)-1] == '\n' || t[len(t)-1] == '(')
}

// cut is where to cut s, at most n bytes in, at a space when there is one.
func cut(s string, n int) int {
	if i := strings.LastIndexByte(s[:n], ' '); i > 0 {
		return i
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return n
}

// Disclosure is the kind of what s, a text beside the answer, discloses, or "".
func (in *Instructions) Disclosure(s string) string {
	for s != "" {
		end, next := boundary(s, true)
		switch {
		case in.vocab.selfIdentifies("", s[:end]):
			return KindSelfIdentification
		case in.recital(s[:end], false):
			return KindInstructions
		}
		s = s[next:]
	}
	return ""
}
