package chat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/chatsvc/chat/pkg/datastream"
	"github.com/chatsvc/chat/pkg/uistream"
)

// The AI SDK's UI messages (what useChat's DefaultChatTransport sends) carry their text in
// parts, not in content:
//
//	{"id":"...","messages":[{"id":"...","role":"user","parts":[{"type":"text","text":"..."}]}],
//	 "trigger":"submit-message","messageId":null}
//
// A request is in that shape when its messages carry parts and none carries content; it is
// then answered in the UI message stream protocol (package uistream).

// isUIRequest reports whether the body's messages are UI messages: at least one has parts
// and none has content (a null content is none). Anything else is left to the
// specification's decoder, whose errors it gets.
func isUIRequest(body map[string]json.RawMessage) bool {
	var items []map[string]json.RawMessage
	if json.Unmarshal(body["messages"], &items) != nil {
		return false
	}
	parts := false
	for _, m := range items {
		if c, ok := m["content"]; ok && string(c) != "null" {
			return false
		}
		_, has := m["parts"]
		parts = parts || has
	}
	return parts
}

// uiTextJoin separates the text parts of one message.
const uiTextJoin = "\n\n"

// joinTexts joins the text parts of one message with a blank line. The length limit counts
// the caller's characters only, not the separators the join adds: the limits it returns,
// for newMessage, allow for those.
func joinTexts(field string, texts []string, l Limits) (string, Limits, error) {
	if l.MaxContentChars > 0 && len(texts) > 1 {
		n := 0
		for _, t := range texts {
			n += utf8.RuneCountInString(t)
		}
		if n > l.MaxContentChars {
			return "", l, invalidAt(field, "%s has %d characters; the limit is %d", field, n, l.MaxContentChars)
		}
		l.MaxContentChars += (len(texts) - 1) * utf8.RuneCountInString(uiTextJoin)
	}
	return strings.Join(texts, uiTextJoin), l, nil
}

// decodeUI decodes UI messages. A message's text is its text parts, joined by a blank line.
// The parts an answer of this service leaves in the messages a client sends back (step
// starts, reasoning, sources, data parts) are ignored; parts the service cannot honour
// (files, tool calls and results, anything unknown) are refused by name. An assistant
// message without any text (an answer that failed before its first word) carries nothing
// and is left out.
func decodeUI(body map[string]json.RawMessage, l Limits) (Conversation, error) {
	if err := uiRefuseContext(body); err != nil {
		return Conversation{}, err
	}
	items, err := messageItems(body, l, "{role, parts}")
	if err != nil {
		return Conversation{}, err
	}
	conv := Conversation{Messages: make([]Message, 0, len(items))}
	for i, item := range items {
		fields, err := messageObject(i, item, "role and parts")
		if err != nil {
			return Conversation{}, err
		}
		role, err := messageRole(i, fields)
		if err != nil {
			return Conversation{}, err
		}
		texts, err := uiText(i, fields["parts"])
		if err != nil {
			return Conversation{}, err
		}
		if len(texts) == 0 && role == RoleAssistant {
			continue
		}
		field := fmt.Sprintf("messages[%d].parts", i)
		if len(texts) == 0 {
			return Conversation{}, invalidAt(field, "%s has no text part: send the question as a part {\"type\":\"text\",\"text\":\"...\"}", field)
		}
		text, ml, err := joinTexts(field, texts, l)
		if err != nil {
			return Conversation{}, err
		}
		m, err := newMessage(role, text, field, ml)
		if err != nil {
			return Conversation{}, err
		}
		conv.Messages = append(conv.Messages, m)
	}
	if len(conv.Messages) == 0 {
		return Conversation{}, invalidAt("messages", "messages holds no text: send at least one user message")
	}
	return conv, lastFromUser(conv)
}

// uiRefuseContext refuses what assistant-ui's transport adds beside the messages when the
// app sets it: its own system instructions and its front-end tools. Empty values (what it
// sends by default: no system, tools {}) pass; callSettings and config are sampling, which is
// the server's, as for every protocol.
func uiRefuseContext(body map[string]json.RawMessage) error {
	if raw, ok := body["system"]; ok && string(raw) != "null" && string(raw) != `""` {
		return invalidAt("system", "system is not accepted: the system prompt is fixed on the server")
	}
	if raw, ok := body["tools"]; ok && string(raw) != "null" && string(bytes.Join(bytes.Fields(raw), nil)) != "{}" && string(bytes.Join(bytes.Fields(raw), nil)) != "[]" {
		return invalidAt("tools", "tools is not accepted: this service calls no client tools (it searches the web itself)")
	}
	return nil
}

// uiText returns the non-empty text parts of messages[i].
func uiText(i int, raw json.RawMessage) ([]string, error) {
	field := fmt.Sprintf("messages[%d].parts", i)
	if raw == nil || string(raw) == "null" {
		return nil, invalidAt(field, "%s is required: an array of parts such as {\"type\":\"text\",\"text\":\"...\"}", field)
	}
	var parts []json.RawMessage
	if raw[0] != '[' || json.Unmarshal(raw, &parts) != nil {
		return nil, invalidAt(field, "%s must be an array, not %s", field, jsonKind(raw))
	}
	var texts []string
	for j, p := range parts {
		pf := fmt.Sprintf("%s[%d]", field, j)
		var part map[string]json.RawMessage
		if p[0] != '{' || json.Unmarshal(p, &part) != nil {
			return nil, invalidAt(pf, "%s must be an object with a type, not %s", pf, jsonKind(p))
		}
		var typ string
		if t, ok := part["type"]; !ok || t[0] != '"' || json.Unmarshal(t, &typ) != nil {
			return nil, invalidAt(pf+".type", "%s.type is required: a string such as \"text\"", pf)
		}
		switch {
		case typ == "text":
			var s string
			t, ok := part["text"]
			if !ok || t[0] != '"' || json.Unmarshal(t, &s) != nil {
				return nil, invalidAt(pf+".text", "%s.text must be a string", pf)
			}
			if s != "" {
				texts = append(texts, s)
			}
		case uiIgnoredPart(typ):
			// What an answer of this service leaves behind, sent back as history.
		case typ == "file":
			return nil, invalidAt(pf, "%s is a file part, which this service does not read: send text only", pf)
		case strings.HasPrefix(typ, "tool-") || typ == "dynamic-tool":
			return nil, invalidAt(pf, "%s is a tool part (%q): this service calls no client tools and takes no tool results", pf, clip(typ, 64))
		default:
			return nil, invalidAt(pf, "%s has the type %q, which this service does not take: send text parts", pf, clip(typ, 64))
		}
	}
	return texts, nil
}

// uiIgnoredPart reports whether a part is one that answers carry and clients send back:
// step boundaries, reasoning, sources and data parts. They hold nothing the model needs.
func uiIgnoredPart(typ string) bool {
	switch typ {
	case "step-start", "reasoning", "reasoning-file", "source-url", "source-document":
		return true
	}
	return strings.HasPrefix(typ, "data-")
}

// uiEncoder speaks the AI SDK's UI message stream. Errors before the stream keep the
// specification's statuses and JSON body.
type uiEncoder struct{}

func (uiEncoder) WriteError(w http.ResponseWriter, e *Error) { writeError(w, e) }

func (uiEncoder) Start(w http.ResponseWriter, info StreamInfo) Stream {
	s, _ := uistream.Start(w) // a failed first write shows at the next one
	// The token facts go before the first text: a front end can show them at once.
	for i, f := range info.Tokens {
		_ = s.Data("token", "token-"+strconv.Itoa(i+1), f)
	}
	return uiStream{s}
}

type uiStream struct{ *uistream.Writer }

func (s uiStream) Fail(e *Error) error { return s.Writer.Error(e.InStream) }

func (s uiStream) Finish(f *Finish) error {
	m := metadata(f)
	u := uistream.Finish{Reason: m.FinishReason, Metadata: UIMetadata{
		FinishReason: m.FinishReason, Usage: m.Usage, SearchQueries: m.SearchQueries, SearchSuggestions: m.SearchSuggestions,
	}}
	for _, src := range f.Sources {
		u.Sources = append(u.Sources, uistream.Source{URL: src.URL, Title: src.Title})
	}
	return s.Writer.Finish(u)
}

// UIMetadata is the message metadata of an answer in the UI message stream: the
// specification's finish payload without its sources, which travel as source-url parts.
type UIMetadata struct {
	// FinishReason is the specification's: stop, length, content-filter or tool-calls.
	FinishReason      string           `json:"finishReason"`
	Usage             datastream.Usage `json:"usage"`
	SearchQueries     []string         `json:"searchQueries,omitempty"`
	SearchSuggestions string           `json:"searchSuggestions,omitempty"`
}
