package gemini

import (
	"errors"
	"net/http"
	"strings"

	"google.golang.org/genai"

	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/prompt"
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

// systemInstruction is SystemInstruction with at most pages of the server's page suggestions
// (the most recent address's first); pages < 0 keeps them all.
func systemInstruction(system string, conv chat.Conversation, pages int) string {
	var blocks []prompt.ContractContext
	for i, m := range conv.Messages {
		if m.Contract != nil {
			cc := prompt.ContextFor(*m.Contract)
			cc.Message = i + 1
			blocks = append(blocks, cc)
		}
	}
	if pages >= 0 {
		for i := len(blocks) - 1; i >= 0; i-- {
			b := &blocks[i]
			b.Markets, pages = keep(b.Markets, pages)
			b.Explorers, pages = keep(b.Explorers, pages)
		}
	}
	return prompt.Instruction(system, blocks)
}

// keep is the first room items of list, and the room left.
func keep(list []string, room int) ([]string, int) {
	n := min(len(list), room)
	return list[:n], room - n
}

// refusedURLs reports whether a provider error is the URL tool's refusal of a request with
// too many URLs.
func refusedURLs(e *chat.UpstreamError) bool {
	if e.Status != http.StatusBadRequest {
		return false
	}
	var apiErr genai.APIError
	if !errors.As(e.Err, &apiErr) {
		return false
	}
	msg := strings.ToLower(apiErr.Message)
	return strings.Contains(msg, "urls to lookup") || strings.Contains(msg, "number of urls")
}
