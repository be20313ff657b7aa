package chat

import (
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// ServerContext is what the server makes for one request, once, before the model is called:
// the tokens the conversation names and the facts read for them. Assistant.Prepare builds it
// and hands the one value to the model, in the Conversation; the HTTP adapter's encoder reads
// the same value; nothing copies it.
type ServerContext struct {
	// Contracts are the conversation's distinct contract addresses, the most recent first.
	Contracts []ContractRef
	// Facts are the market and security facts the server read for the most recent
	// MaxFactAddresses of them, for the model as data and for the caller's metadata.
	Facts []token.Facts
	// Candidates are, for the latest message, the names or tickers that matched several
	// tokens of comparable depth and picked none: the model asks which one is meant.
	Candidates []token.Candidates
	// LookupTime is how long reading the facts took, for the log.
	LookupTime time.Duration
}

// ContractRef is one distinct address of a conversation, and the latest message that
// carried it.
type ContractRef struct {
	Address contract.Address
	// Message is that message's position in the conversation, from 1.
	Message int
	// Identified says how the address was found in that message.
	Identified token.Identified
}

// MaxFactAddresses is how many distinct addresses of a conversation get facts: the most
// recent ones.
const MaxFactAddresses = token.MaxAddresses

// FactAddresses are the addresses whose facts the server reads: the most recent
// MaxFactAddresses.
func (s *ServerContext) FactAddresses() []contract.Address {
	if s == nil {
		return nil
	}
	out := make([]contract.Address, 0, min(len(s.Contracts), MaxFactAddresses))
	for _, r := range s.Contracts[:min(len(s.Contracts), MaxFactAddresses)] {
		out = append(out, r.Address)
	}
	return out
}

// FactsOf is the facts read for a, or nil.
func (s *ServerContext) FactsOf(a contract.Address) *token.Facts {
	if s == nil {
		return nil
	}
	for i := range s.Facts {
		if f := &s.Facts[i]; a.Equal(contract.Address{Value: f.Token.Address, Chain: a.Chain}) {
			return f
		}
	}
	return nil
}

// FactsList is the facts, or nil for no context.
func (s *ServerContext) FactsList() []token.Facts {
	if s == nil {
		return nil
	}
	return s.Facts
}

// Sources are an answer's sources: the model's own, then the pages behind the token facts,
// each page once. A source whose link is not http(s) (javascript:, data:, a relative or
// malformed URL) is left out, and titles are plain text: no markup, control or bidi
// characters. Every protocol carries these.
func (s *ServerContext) Sources(model []Source) []Source {
	out := make([]Source, 0, len(model))
	for _, src := range model {
		if u, ok := safeURL(src.URL); ok {
			out = append(out, Source{URL: u, Title: plainTitle(src.Title, u)})
		}
	}
	for _, f := range s.FactsList() {
		for _, src := range f.Sources {
			u, ok := safeURL(src.URL)
			if ok && !slices.ContainsFunc(out, func(s Source) bool { return s.URL == u }) {
				out = append(out, Source{URL: u, Title: plainTitle(src.Name+": "+tokenTitle(f.Token), u)})
			}
		}
	}
	return out
}

// tokenTitle names a token in a source title: its symbol, else its address.
func tokenTitle(t token.Token) string {
	if t.Symbol != "" {
		return t.Symbol
	}
	return t.Address
}

// safeURL is u when it is an absolute http(s) URL with a host and no credentials, trimmed.
func safeURL(raw string) (string, bool) {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || len(raw) > 2048 {
		return "", false
	}
	return raw, true
}

// markup is an HTML tag or comment in a title.
var markup = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`<[^<>]*>`) })

// maxTitleRunes bounds a source title.
const maxTitleRunes = 200

// plainTitle is a title as plain text: tags removed, control, format (bidi overrides,
// isolates, zero-width) and private-use characters dropped, white space collapsed, at most
// maxTitleRunes; the URL's host when nothing is left.
func plainTitle(title, link string) string {
	title = markup().ReplaceAllString(title, " ")
	var b strings.Builder
	space, n := false, 0
	for _, r := range title {
		switch {
		case unicode.IsSpace(r):
			space = true
			continue
		case unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r) || r == '<' || r == '>':
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		if n++; n > maxTitleRunes {
			b.WriteString("…")
			break
		}
		b.WriteRune(r)
	}
	if b.Len() == 0 {
		if u, err := url.Parse(link); err == nil {
			return strings.TrimPrefix(u.Hostname(), "www.")
		}
	}
	return b.String()
}
