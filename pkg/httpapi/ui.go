package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/chatsvc/chat/pkg/chat"

	"github.com/chatsvc/chat/pkg/wire/datastream"
	"github.com/chatsvc/chat/pkg/wire/uistream"
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

// decodeUI decodes UI messages. A message's text is its text parts, joined by a blank line.
// The parts an answer of this service leaves in the messages a client sends back (step
// starts, reasoning, sources, data parts) are ignored; parts the service cannot honour
// (files, tool calls and results, anything unknown) are refused by name. An assistant
// message without any text (an answer that failed before its first word) carries nothing
// and is left out.
func decodeUI(body map[string]json.RawMessage, l Limits) (chat.Conversation, error) {
	if err := uiRefuseContext(body); err != nil {
		return chat.Conversation{}, err
	}
	return decodeMessages(body, l, "parts", readUIMessage)
}

// readUIMessage reads a UI message: a role and its text parts, of which a user message needs
// one.
func readUIMessage(i int, fields map[string]json.RawMessage) (turn, error) {
	role, err := messageRole(i, fields)
	if err != nil {
		return turn{}, err
	}
	texts, err := uiText(i, fields)
	if err != nil {
		return turn{}, err
	}
	field := fmt.Sprintf("messages[%d].parts", i)
	if len(texts) == 0 && role == chat.RoleUser {
		return turn{}, invalidAt(field, "%s has no text part: send the question as a part {\"type\":\"text\",\"text\":\"...\"}", field)
	}
	return turn{role: role, texts: texts, field: field}, nil
}

// uiRefuseContext refuses what assistant-ui's transport adds beside the messages when the
// app sets it: its own system instructions and its front-end tools. Empty values (what it
// sends by default: no system, tools {}) pass; callSettings and config are sampling, which is
// the server's, as for every protocol.
func uiRefuseContext(body map[string]json.RawMessage) error {
	if raw, ok := given(body, "system"); ok && string(raw) != `""` {
		return invalidAt("system", "system is not accepted: the system prompt is fixed on the server")
	}
	raw, ok := given(body, "tools")
	if tools := string(bytes.Join(bytes.Fields(raw), nil)); ok && tools != "{}" && tools != "[]" {
		return invalidAt("tools", "tools is not accepted: this service calls no client tools (it searches the web itself)")
	}
	return nil
}

// uiText returns the non-empty text parts of messages[i].
func uiText(i int, fields map[string]json.RawMessage) ([]string, error) {
	field := fmt.Sprintf("messages[%d].parts", i)
	raw, ok := given(fields, "parts")
	if !ok {
		return nil, invalidAt(field, "%s is required: an array of parts such as {\"type\":\"text\",\"text\":\"...\"}", field)
	}
	var parts []json.RawMessage
	if raw[0] != '[' || json.Unmarshal(raw, &parts) != nil {
		return nil, invalidAt(field, "%s must be an array, not %s", field, jsonKind(raw))
	}
	return textParts(field, parts, uiParts)
}

// uiParts are the rules of a UI message's parts.
var uiParts = textRules{object: "an object with a type", typeHint: `: a string such as "text"`, other: uiOtherPart}

// uiOtherPart leaves out the parts an answer of this service leaves behind, sent back as
// history, and refuses the rest by name.
func uiOtherPart(field, typ string) error {
	switch {
	case uiIgnoredPart(typ):
		return nil
	case typ == "file":
		return invalidAt(field, "%s is a file part, which this service does not read: send text only", field)
	case strings.HasPrefix(typ, "tool-") || typ == "dynamic-tool":
		return invalidAt(field, "%s is a tool part (%q): this service calls no client tools and takes no tool results", field, clip(typ, 64))
	}
	return invalidAt(field, "%s has the type %q, which this service does not take: send text parts", field, clip(typ, 64))
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

// uiProtocol is the AI SDK's UI message stream protocol.
type uiProtocol struct{ uiEncoder }

func (uiProtocol) name() string { return protoUI }

func (uiProtocol) decode(body map[string]json.RawMessage, l Limits) (chat.Conversation, Encoder, error) {
	conv, err := decodeUI(body, l)
	return conv, uiEncoder{}, err
}

// uiEncoder speaks the AI SDK's UI message stream. Errors before the stream keep the
// specification's statuses and JSON body.
type uiEncoder struct{}

func (uiEncoder) WriteError(w http.ResponseWriter, e *Error) { writeSpecError(w, e) }

func (uiEncoder) Start(w http.ResponseWriter, info StreamInfo) Stream {
	s, _ := uistream.Start(w) // a failed first write shows at the next one
	// The token facts go before the first text: a front end can show them at once.
	for i, f := range info.Context.FactsList() {
		_ = s.Data("token", "token-"+strconv.Itoa(i+1), f)
	}
	if info.Context != nil {
		for i, c := range info.Context.Candidates {
			_ = s.Data("token-candidates", "token-candidates-"+strconv.Itoa(i+1), c)
		}
	}
	return uiStream{s}
}

type uiStream struct{ *uistream.Writer }

func (s uiStream) Fail(e *Error) error { return s.Writer.Error(e.InStream) }

func (s uiStream) Finish(f *chat.Finish) error {
	m := metadata(f, nil) // the facts went as data parts at the start
	u := uistream.Finish{Reason: m.FinishReason, Metadata: UIMetadata{
		FinishReason: m.FinishReason, Usage: m.Usage, SearchQueries: m.SearchQueries, SearchSuggestions: m.SearchSuggestions,
	}}
	for _, src := range f.Sources {
		u.Sources = append(u.Sources, uistream.Source{URL: src.URL, Title: src.Title})
	}
	if f.FactChecks != nil {
		// The fact checks: one data part right before the finish.
		u.Data = append(u.Data, uistream.DataPart{Name: "fact-check", ID: "fact-checks", Data: f.FactChecks})
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
