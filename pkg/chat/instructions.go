package chat

import (
	"slices"
	"strings"

	"github.com/chatsvc/chat/pkg/chat/prompt"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// Instructions is what the model is told for one request, assembled here, in the domain, and
// handed to the Model finished: the adapter adds nothing to it and reads nothing else of the
// server's context.
type Instructions struct {
	// System is the fixed system prompt, unchanged, followed by the request's server-made
	// context (one block per distinct contract address: its token facts and pages to read).
	System string
	// TooManyURLs says the model's page reader must be left out: the conversation alone
	// holds more URLs than it takes (search stays).
	TooManyURLs bool
	// ConversationURLs counts the URLs in the conversation's own messages, for the log.
	ConversationURLs int
}

// Instruct assembles the instructions for conv under the fixed system prompt. maxURLs is how
// many URLs the model's page reader takes in one request (Traits.MaxURLs); 0 means it has no
// page reader, and then every page suggestion stays. A reader that finds more URLs than it
// takes refuses the whole request, so the conversation's own URLs (the caller's) stay; the
// server's page suggestions give way first, then the facts' source pages; and a conversation
// that alone holds more than maxURLs goes without the reader.
func Instruct(system string, conv Conversation, maxURLs int) Instructions {
	in := Instructions{ConversationURLs: conversationURLs(conv)}
	room := -1
	if maxURLs > 0 {
		room = maxURLs - CountURLs(system) - in.ConversationURLs
		if room < 0 {
			in.TooManyURLs, room = true, -1
		}
	}
	in.System = systemInstruction(system, conv, room)
	return in
}

// CountURLs counts the http(s) URLs in s as the URL tool finds them: every occurrence, so
// that a count within MaxURLs is within the limit however the tool counts repeats.
func CountURLs(s string) int {
	n := 0
	for rest := s; ; {
		i := strings.Index(rest, "://")
		if i < 0 {
			return n
		}
		if isHTTPScheme(rest[:i]) && i+3 < len(rest) && !isURLEnd(rest[i+3]) {
			n++
		}
		rest = rest[i+3:]
	}
}

// isHTTPScheme reports whether before ends in the scheme http or https, in any letter case,
// standing as a word of its own.
func isHTTPScheme(before string) bool {
	for _, scheme := range [...]string{"https", "http"} {
		if len(before) < len(scheme) || !strings.EqualFold(before[len(before)-len(scheme):], scheme) {
			continue
		}
		start := len(before) - len(scheme)
		return start == 0 || !isWordByte(before[start-1])
	}
	return false
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isURLEnd(c byte) bool { return c <= ' ' || c == '"' || c == '\'' || c == '<' || c == '>' }

// conversationURLs counts the URLs in the messages of a conversation.
func conversationURLs(conv Conversation) int {
	n := 0
	for _, m := range conv.Messages {
		n += CountURLs(m.Content)
	}
	return n
}

// systemInstruction is the fixed system prompt, unchanged, followed by this request's
// server-made context: one block per distinct contract address, at the latest message that
// carried it, with the token facts the server read (conv.Context) and at most prompt.MaxPages
// URLs: the facts' source pages first, then pages to read. room < 0 keeps them all; otherwise
// at most room URLs stand in the context, the most recent address's first, its facts' pages
// before its pages to read.
func systemInstruction(system string, conv Conversation, room int) string {
	blocks := contractBlocks(conv)
	for i := len(blocks) - 1; i >= 0; i-- {
		room = blocks[i].fit(room)
	}
	contexts := make([]prompt.ContractContext, len(blocks))
	for i, b := range blocks {
		contexts[i] = b.context()
	}
	var candidates []token.Candidates
	if conv.Context != nil {
		candidates = conv.Context.Candidates
	}
	return prompt.Instruction(system, contexts, candidates)
}

// contractBlock is one address's server-made context in the making.
type contractBlock struct {
	cc    prompt.ContractContext
	facts *token.Facts // nil without facts
}

// contractBlocks are the conversation's distinct addresses (its server-made context), in
// the order of the latest message that carried each, with their facts.
func contractBlocks(conv Conversation) []contractBlock {
	var blocks []contractBlock
	if conv.Context == nil {
		return nil
	}
	for _, ref := range slices.Backward(conv.Context.Contracts) {
		b := contractBlock{cc: prompt.ContextFor(ref.Address)}
		b.cc.Message = ref.Message
		if f := conv.Context.FactsOf(ref.Address); f != nil {
			b.withFacts(*f)
		}
		blocks = append(blocks, b)
	}
	return blocks
}

// withFacts adds the facts and leaves room for their source pages within prompt.MaxPages:
// the pages to read are the chain's explorer page first, when the facts name the chain.
func (b *contractBlock) withFacts(f token.Facts) {
	f.Sources = slices.Clone(f.Sources)
	b.facts = &f
	pages := b.cc.Pages
	if explorer := prompt.ExplorerPage(f.Token.Chain, b.cc.Address); explorer != "" {
		pages = append([]string{explorer}, slices.DeleteFunc(slices.Clone(pages), func(p string) bool { return p == explorer })...)
	}
	b.cc.Pages, _ = keep(pages, max(0, prompt.MaxPages-b.factsURLs()))
}

// factsURLs counts the URLs the facts hand the model: their source pages.
func (b *contractBlock) factsURLs() int {
	if b.facts == nil {
		return 0
	}
	n := 0
	for _, s := range b.facts.Sources {
		if s.URL != "" {
			n++
		}
	}
	return n
}

// fit keeps the block's URLs within room (room < 0: no limit) and returns the room left:
// the pages to read give way first, then the facts' source pages (the facts stay, without
// their links).
func (b *contractBlock) fit(room int) int {
	if room < 0 {
		return room
	}
	if n := b.factsURLs(); n > room {
		for i := range b.facts.Sources {
			b.facts.Sources[i].URL = ""
		}
	} else {
		room -= n
	}
	b.cc.Pages, room = keep(b.cc.Pages, room)
	return room
}

func (b *contractBlock) context() prompt.ContractContext {
	if b.facts != nil {
		b.cc.Facts = b.facts.ModelJSON()
	}
	return b.cc
}

// keep is the first room items of list, and the room left.
func keep(list []string, room int) ([]string, int) {
	n := min(len(list), room)
	return list[:n], room - n
}
