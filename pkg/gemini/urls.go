package gemini

import (
	"slices"
	"strings"

	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/chat/prompt"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// MaxURLs is the most URLs the provider's URL tool takes in one request. It fetches every
// URL it finds in the request (the system instruction and every message) before it
// generates, and refuses the whole request past this many: 400 INVALID_ARGUMENT "Number of
// urls to lookup exceeds the limit (21 > 20)".
const MaxURLs = 20

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
func conversationURLs(conv chat.Conversation) int {
	n := 0
	for _, m := range conv.Messages {
		n += CountURLs(m.Content)
	}
	return n
}

// urlPlan is how a request stays within MaxURLs: the conversation's own URLs are the caller's
// and stay; the server's page suggestions give way first; and a conversation that alone holds
// more than MaxURLs goes without the URL tool (search stays).
type urlPlan struct {
	tool  bool // the URL tool is in the request
	pages int  // how many server page suggestions the system instruction may carry; -1: all
	conv  int  // the conversation's URLs, for the log
}

func planURLs(urlTool bool, system string, conv chat.Conversation) urlPlan {
	p := urlPlan{tool: urlTool, pages: -1, conv: conversationURLs(conv)}
	if !urlTool {
		return p
	}
	room := MaxURLs - CountURLs(system) - p.conv
	if room < 0 {
		p.tool, p.pages = false, -1
		return p
	}
	p.pages = room
	return p
}

// systemInstruction is the fixed system prompt, unchanged, followed by this request's
// server-made context: one block per distinct contract address, at the latest message that
// carried it, with the token facts the server read (conv.Context) and at most prompt.MaxPages
// URLs: the facts' source pages first, then pages to read. room < 0 keeps them all; otherwise
// at most room URLs stand in the context, the most recent address's first, its facts' pages
// before its pages to read.
func systemInstruction(system string, conv chat.Conversation, room int) string {
	blocks := contractBlocks(conv)
	for i := len(blocks) - 1; i >= 0; i-- {
		room = blocks[i].fit(room)
	}
	contexts := make([]prompt.ContractContext, len(blocks))
	for i, b := range blocks {
		contexts[i] = b.context()
	}
	return prompt.Instruction(system, contexts)
}

// contractBlock is one address's server-made context in the making.
type contractBlock struct {
	cc    prompt.ContractContext
	facts *token.Facts // nil without facts
}

// contractBlocks are the conversation's distinct addresses (its server-made context), in
// the order of the latest message that carried each, with their facts.
func contractBlocks(conv chat.Conversation) []contractBlock {
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
