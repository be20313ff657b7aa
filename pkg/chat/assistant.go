package chat

import (
	"context"
	"iter"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/factcheck"
	"github.com/chatsvc/chat/pkg/chat/guard"
	"github.com/chatsvc/chat/pkg/chat/prompt"
)

// Traits are what the domain must know of the model behind a Model, declared by its adapter.
type Traits struct {
	// Vocabulary is what the model and its provider go by: an answer never says it of
	// itself.
	Vocabulary guard.Vocabulary
	// MaxURLs is how many URLs the model's page reader takes in one request; 0 when it
	// reads no pages.
	MaxURLs int
}

// Assistant is the service's analyst, whatever carries its answers: it prepares a
// conversation (its server-made context and the model's instructions), has the model answer,
// and reviews the answer before any protocol writes it.
type Assistant struct {
	model  Model
	facts  TokenFacts
	finder TokenFinder
	traits Traits
	system string
	// instructions index the system prompt for the guard, once: begun in the background
	// when the assistant is made, so that a process's start (and its first answer, when it
	// comes soon after) does not wait for it.
	instructions func() *guard.Instructions
}

// NewAssistant returns the assistant answering with model under the fixed system prompt; a
// nil facts turns token facts off, a nil finder the tokens named by link or by search.
func NewAssistant(model Model, facts TokenFacts, finder TokenFinder, traits Traits) *Assistant {
	system := prompt.System()
	a := &Assistant{model: model, facts: facts, finder: finder, traits: traits, system: system,
		instructions: sync.OnceValue(func() *guard.Instructions { return guard.NewInstructions(system, traits.Vocabulary) })}
	go a.instructions()
	return a
}

// Prepare makes conv's server-made context (the tokens its messages name, however they name
// them, and the facts of the most recent read within the token facts' own budget: a source
// that fails or hangs costs the answer nothing but its facts) and the model's instructions.
func (a *Assistant) Prepare(ctx context.Context, conv Conversation) Conversation {
	start := time.Now()
	sc := identifyTokens(ctx, a.finder, conv.Messages)
	if addrs := sc.FactAddresses(); a.facts != nil && len(addrs) > 0 {
		sc.Facts = a.facts.Lookup(ctx, addrs)
		for i := range sc.Facts {
			for _, r := range sc.Contracts {
				if f := &sc.Facts[i]; r.Address.Equal(contract.Address{Value: f.Token.Address, Chain: r.Address.Chain}) {
					id := r.Identified
					f.Identified = &id
					break
				}
			}
		}
	}
	if sc != nil {
		sc.LookupTime = time.Since(start)
	}
	conv.Context = sc
	conv.Instructions = Instruct(a.system, conv, a.traits.MaxURLs)
	return conv
}

// Stream is the model's answer to a prepared conversation.
func (a *Assistant) Stream(ctx context.Context, apiKey string, conv Conversation) iter.Seq2[Event, error] {
	return a.model.Stream(ctx, apiKey, conv)
}

// Review is what the server checks in one answer before any protocol writes it: the guard's
// removals (package guard) and the figures held against the token facts (package factcheck).
// It is not safe for concurrent use.
type Review struct {
	in     *guard.Instructions
	guard  *guard.Guard
	server *ServerContext
	// beside are the kinds of what was removed beside the text (queries, sources).
	beside []string
	// said is the answer's text as let through, kept only when there are facts to check it
	// against.
	said strings.Builder
}

// Review starts the review of one answer in the server-made context sc (nil for none).
func (a *Assistant) Review(sc *ServerContext) *Review {
	in := a.instructions()
	return &Review{in: in, guard: guard.New(in), server: sc}
}

// Text takes the next chunk of the answer and returns what may be written now.
func (r *Review) Text(chunk string) string { return r.keep(r.guard.Write(chunk)) }

// Flush returns what the guard still held, at the answer's end.
func (r *Review) Flush() string { return r.keep(r.guard.Flush()) }

// Removed lists the kinds of what the guard removed, in order (for the log: never the text).
// Those beside the text (a search query, a source) come last, once Finish has run.
func (r *Review) Removed() []string {
	return append(slices.Clip(r.guard.Removed()), r.beside...)
}

// disclosing reports whether s discloses what the guard removes, and notes its kind.
func (r *Review) disclosing(s string) bool {
	kind := r.in.Disclosure(s)
	if kind != "" {
		r.beside = append(r.beside, kind)
	}
	return kind != ""
}

func (r *Review) keep(text string) string {
	if text != "" && len(r.server.FactsList()) > 0 {
		r.said.WriteString(text)
	}
	return text
}

// Finish is a copy of the model's finish as the caller gets it: the model's sources, then
// the facts' pages, each once and safe to link; and, when there are facts, the figures of
// the answer as let through held against them (empty when it stated none). What stands
// beside the text passes the guard too: a search query that names the model as the
// assistant's own (or recites its instructions) is dropped, with the provider's search
// suggestions that would show it, such a source title gives way to the source's host, and a link that names a model ID is
// dropped.
func (r *Review) Finish(f Finish) *Finish {
	n := len(f.SearchQueries)
	f.SearchQueries = slices.DeleteFunc(slices.Clone(f.SearchQueries), r.disclosing)
	if len(f.SearchQueries) < n {
		f.SearchSuggestions = ""
	}
	f.Sources = slices.DeleteFunc(r.server.Sources(f.Sources), func(s Source) bool { return r.disclosing(s.URL) })
	for i, s := range f.Sources {
		if r.disclosing(s.Title) {
			f.Sources[i].Title = plainTitle("", s.URL) // the source's host
		}
	}
	if facts := r.server.FactsList(); len(facts) > 0 {
		report := factcheck.AuditWithin(r.said.String(), facts, FactCheckTime)
		f.FactChecks, f.FactChecksUnchecked = report.Checks, report.Unchecked
		if f.FactChecks == nil {
			f.FactChecks = []factcheck.Check{}
		}
	}
	return &f
}

// FactCheckTime is the longest the fact checks judge figures while an answer's end waits for
// them; the figures they do not come to are counted as unchecked. A 2.3 KB answer takes 36-38
// ms on a whole core (BenchmarkVerify), a 32 KB one packed with figures some 0.45 s. Lambda
// gives a function CPU in proportion to its memory (a whole vCPU only at 1,769 MB), so at the
// dev stage's 256 MB the same work should take some seven times as long: a dev answer (at
// most 1,000 tokens) up to about 0.4 s by that estimate, which this limit leaves whole, while
// a long one holds the d: line no more than half a second past finding its figures
// (docs/BENCHMARKS.md).
const FactCheckTime = 500 * time.Millisecond

// Contradictions counts the checks whose figure contradicts the facts.
func Contradictions(checks []factcheck.Check) int {
	n := 0
	for _, c := range checks {
		if c.Verdict == factcheck.Contradicts {
			n++
		}
	}
	return n
}
