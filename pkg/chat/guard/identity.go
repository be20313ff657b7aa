package guard

// Self-identification: the model, its maker or a model ID named as what this service is or
// runs on, in any of the languages registered by the lang_*.go files (one file per language:
// adding a language is adding a file).

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// language is how one language names the assistant's own identity. Its patterns are regular
// expressions over the text as a reader sees it (lower case; package doc of normal.go) with
// three placeholders: {N} is any of the provider's names (Vocabulary.Names), {F} a few
// characters of anything, {G} a few English filler words ("a", "large", "model", "called").
type language struct {
	// hold are the words that may begin a self-identification, as read (normal.go): text
	// from one of them waits for the end of its sentence before it is judged. Each is a
	// whole word, or a word's beginning when it ends in "~"; Chinese, Japanese and Korean
	// ones match anywhere.
	hold []string
	// rule are the verbs of the instruction's rule against its own disclosure (reveal,
	// quote, summarise, translate, paraphrase): a sentence that lists three of them recites
	// the rule, in whatever language (ruleRun).
	rule []string
	// self are statements of identity: one that matches is removed.
	self []string
	// claims count only in a sentence that also has a cue: "built by" a maker, of the
	// assistant, not of a phone.
	claims []string
	cue    string
}

// languages are the registered languages, in the order their files register them.
var languages []language

func register(l language) { languages = append(languages, l) }

// genericOther are the domain's other senses of any word: a token's ticker or name ("$NAME",
// "a token named NAME", "the NAME token") is never the model.
const genericOther = `\$[\p{L}\p{N}]+|\b(?:token|coin|memecoin|ticker|symbol)s?\s+(?:(?:is\s+)?(?:named|called)\s+)?["']?[\p{L}\p{N}]+|[\p{L}\p{N}]+\s+(?:token|coin|memecoin)s?\b`

func expand(p, names string) string {
	return strings.NewReplacer(
		"{N}", `(?:`+names+`)`,
		"{F}", `.{0,40}?`,
		"{G}", `(?:[\s,:;()\-–—]+(?:a|an|the|just|actually|simply|really|called|named|known|as|large|multimodal|generative|conversational|language|model|ai|assistant|chatbot|bot|version|variant|of|based|on|built|trained|developed|created|made|designed|powered|by|from|at|with|running|here|now|still|indeed|officially|technically|basically|in|fact))*[\s,:;()\-–—]*`,
	).Replace(p)
}

// namePattern is the alternation of names: whole words for Latin ones, anywhere for others.
func namePattern(names []string) string {
	if len(names) == 0 {
		return never
	}
	q := make([]string, len(names))
	for i, n := range names {
		n = read(n).s
		q[i] = regexp.QuoteMeta(n)
		if n != "" && n[0] < 0x80 {
			q[i] = `\b` + q[i] + `\b`
		}
	}
	return strings.Join(q, "|")
}

// compileLanguages compiles every language's patterns against the names.
func (c *vocabulary) compileLanguages(names string) {
	var hold []string
	for _, l := range languages {
		hold = append(hold, l.hold...)
		for _, w := range l.rule {
			if !slices.Contains(c.rule, w) { // "cit~" of three languages counts once
				c.rule = append(c.rule, w)
			}
		}
		for _, p := range l.self {
			c.self = append(c.self, regexp.MustCompile(expand(p, names)))
		}
		if len(l.claims) > 0 {
			cl := claim{cue: regexp.MustCompile(`(?i)` + l.cue)}
			for _, p := range l.claims {
				cl.res = append(cl.res, regexp.MustCompile(expand(p, names)))
			}
			c.claims = append(c.claims, cl)
		}
	}
	c.hold = append(c.hold, hold...)
}

// claim is a language's claims and the cue they need.
type claim struct {
	res []*regexp.Regexp
	cue *regexp.Regexp
}

// selfIdentifies reports whether seg, said after ctx (a short segment before it: a question
// or a label), names the model, its maker or a model ID as the assistant's own.
func (v *vocabulary) selfIdentifies(ctx, seg string) bool {
	if v.modelID.MatchString(read(seg).s) {
		return true
	}
	r := read(ctx + seg)
	from := len(r.s)
	for i := range r.s {
		if r.off[i] >= len(ctx) {
			from = i
			break
		}
	}
	if !v.hasName(r.s[from:]) {
		return false
	}
	rest := v.allowed.ReplaceAllStringFunc(r.s, func(m string) string { return strings.Repeat(" ", len(m)) })
	if !v.names.MatchString(rest[from:]) {
		return false
	}
	after := func(re *regexp.Regexp) bool {
		for _, m := range re.FindAllStringIndex(rest, -1) {
			if m[1] > from {
				return true
			}
		}
		return false
	}
	for _, re := range v.self {
		if after(re) {
			return true
		}
	}
	for _, cl := range v.claims {
		if !cl.cue.MatchString(rest) {
			continue
		}
		for _, re := range cl.res {
			if after(re) {
				return true
			}
		}
	}
	return false
}

// holdAt is where the first of the hold words is in s (a text as read), or -1.
func (v *vocabulary) holdAt(s string) int {
	at := -1
	for _, w := range v.hold {
		prefix := strings.HasSuffix(w, "~")
		w = strings.TrimSuffix(w, "~")
		lim := s
		if at >= 0 {
			lim = s[:min(len(s), at+len(w))]
		}
		for i := 0; ; {
			j := strings.Index(lim[i:], w)
			if j < 0 {
				break
			}
			j += i
			if wordAt(s, j, j+len(w), prefix) {
				if at < 0 || j < at {
					at = j
				}
				break
			}
			i = j + 1
		}
	}
	return at
}

// beginsHoldWord reports whether s (a text as read) is the beginning of a hold word, cut
// short of its end.
func (v *vocabulary) beginsHoldWord(s string) bool {
	for _, w := range v.hold {
		if w = strings.TrimSuffix(w, "~"); len(s) < len(w) && strings.HasPrefix(w, s) {
			return true
		}
	}
	return false
}

// ruleGap is the most characters between two verbs of a list of the rule's verbs: ", ", "、",
// " or ", ", hoặc ".
const ruleGap = 8

// ruleRun is where in s (as read) the first list of n different verbs of the rule starts, or
// -1: verbs one after another with at most ruleGap characters between them ("reveal, quote,
// summarise", "透露、引用、总结"). Verbs apart are prose ("In summary, the audit revealed a
// hidden mint, and the quoted liquidity is thin").
func (v *vocabulary) ruleRun(s string, n int) int {
	type verb struct{ at, end, w int }
	var found []verb
	for k, w := range v.rule {
		prefix := strings.HasSuffix(w, "~")
		w = strings.TrimSuffix(w, "~")
		for i := 0; ; {
			j := strings.Index(s[i:], w)
			if j < 0 {
				break
			}
			if j += i; wordAt(s, j, j+len(w), prefix) {
				end := j + len(w)
				for r, size := utf8.DecodeRuneInString(s[end:]); spaced(r) && unicode.IsLetter(r); r, size = utf8.DecodeRuneInString(s[end:]) {
					end += size // to the word's end: "summarise" of "summar~"
				}
				found = append(found, verb{j, end, k})
			}
			i = j + len(w)
		}
	}
	slices.SortFunc(found, func(a, b verb) int { return a.at - b.at })
	for i := range found {
		seen, prev := map[int]bool{found[i].w: true}, found[i]
		for _, x := range found[i+1:] {
			if x.at < prev.end {
				continue
			}
			if utf8.RuneCountInString(s[prev.end:x.at]) > ruleGap {
				break
			}
			if seen[x.w], prev = true, x; len(seen) >= n {
				return found[i].at
			}
		}
	}
	return -1
}

// hasName reports whether s (as read) holds one of the names as a hold word.
func (v *vocabulary) hasName(s string) bool {
	for _, n := range v.prefixes {
		for i := 0; ; {
			j := strings.Index(s[i:], n)
			if j < 0 {
				break
			}
			if j += i; wordAt(s, j, j+len(n), false) {
				return true
			}
			i = j + 1
		}
	}
	return false
}

// wordAt reports whether s[i:j] stands as a word: no letter of its script (Latin or
// Cyrillic) just before it, nor just after unless prefix. Chinese, Japanese and Korean words
// stand anywhere.
func wordAt(s string, i, j int, prefix bool) bool {
	first, _ := utf8.DecodeRuneInString(s[i:])
	if !spaced(first) {
		return true
	}
	if r, _ := utf8.DecodeLastRuneInString(s[:i]); i > 0 && spaced(r) && unicode.IsLetter(r) {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(s[:j])
	if r, _ := utf8.DecodeRuneInString(s[j:]); !prefix && j < len(s) && unicode.IsLetter(last) && spaced(r) && unicode.IsLetter(r) {
		return false
	}
	return true
}

// spaced reports whether r is of a script that puts spaces between words.
func spaced(r rune) bool {
	return r < 0x2E80 && !unicode.Is(unicode.Hangul, r)
}
