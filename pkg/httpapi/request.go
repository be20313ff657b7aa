package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/chatsvc/chat/pkg/chat"

	"github.com/chatsvc/chat/pkg/chat/contract"
)

// Limits bound what a request may hold.
type Limits struct {
	MaxBodyBytes    int64
	MaxMessages     int
	MaxContentChars int
}

// DefaultLimits are the limits the service ships with.
var DefaultLimits = Limits{MaxBodyBytes: 256 << 10, MaxMessages: 50, MaxContentChars: 16000}

// RequestError says what is wrong with a request body, in words safe to return.
type RequestError struct {
	Details string
	// Param names the field at fault ("messages[2].content"), when there is one.
	Param string
}

func (e *RequestError) Error() string { return "invalid request: " + e.Details }

func invalid(format string, args ...any) error {
	return &RequestError{Details: fmt.Sprintf(format, args...)}
}

func invalidAt(param, format string, args ...any) error {
	return &RequestError{Details: fmt.Sprintf(format, args...), Param: param}
}

// DecodeRequest reads and validates a chat request body in the specification's shape
// ({"messages":[{"role","content"}]}). Unknown fields are ignored, as chat clients send extra
// ones (id, createdAt, ...). Every failure is a *RequestError.
func DecodeRequest(r io.Reader, l Limits) (chat.Conversation, error) {
	body, err := readJSON(r, l)
	if err != nil {
		return chat.Conversation{}, err
	}
	return decodeSpec(body, l)
}

// readJSON reads a request body under the limits and parses it as a JSON object, keeping its
// members raw for the protocol's decoder.
func readJSON(r io.Reader, l Limits) (map[string]json.RawMessage, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		if mbe, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return nil, invalid("the body is larger than %d bytes", mbe.Limit)
		}
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return nil, invalid("the body did not arrive in time")
		}
		// The read error names sockets and addresses: not for the caller.
		return nil, invalid("the body could not be read")
	}
	if l.MaxBodyBytes > 0 && int64(len(data)) > l.MaxBodyBytes {
		return nil, invalid("the body is larger than %d bytes", l.MaxBodyBytes)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, invalid("the body is empty: send a JSON object with a messages array")
	}
	if !utf8.Valid(data) {
		return nil, invalid("the body is not valid UTF-8")
	}
	if !json.Valid(data) {
		return nil, invalid("the body is not valid JSON: %s", syntaxError(data))
	}
	if err := checkRawText(data); err != nil {
		return nil, err
	}
	var body map[string]json.RawMessage
	if err := json.Unmarshal(data, &body); err != nil {
		return nil, invalid("the body must be a JSON object with a messages array")
	}
	return body, nil
}

// given is a member of a JSON object that the caller set: present and not null.
func given(fields map[string]json.RawMessage, name string) (json.RawMessage, bool) {
	raw, ok := fields[name]
	return raw, ok && string(raw) != "null"
}

// messageItems returns the raw items of the body's messages array, checked against the
// limits; shape names what an item should look like, for the error texts.
func messageItems(body map[string]json.RawMessage, l Limits, shape string) ([]json.RawMessage, error) {
	raw, ok := given(body, "messages")
	if !ok {
		return nil, invalidAt("messages", "messages is required: an array of %s objects", shape)
	}
	var items []json.RawMessage
	if raw[0] != '[' || json.Unmarshal(raw, &items) != nil {
		return nil, invalidAt("messages", "messages must be an array, not %s", jsonKind(raw))
	}
	switch {
	case len(items) == 0:
		return nil, invalidAt("messages", "messages is empty: send at least one user message")
	case l.MaxMessages > 0 && len(items) > l.MaxMessages:
		return nil, invalidAt("messages", "messages has %d items; the limit is %d", len(items), l.MaxMessages)
	}
	return items, nil
}

// turn is one message as its protocol carries it, before the checks every protocol shares:
// who wrote it, its text parts (a content string is one part, even when empty), and the
// field that holds them, which the error texts name.
type turn struct {
	role  chat.Role
	texts []string
	field string
}

// messageReader is what a protocol knows of its messages: how to read messages[i], given its
// members, as a turn. The zero turn is a message that carries nothing and is left out.
type messageReader func(i int, fields map[string]json.RawMessage) (turn, error)

// decodeMessages is the message loop of every protocol: the body's messages array under the
// limits, each item an object that read makes a turn, each turn's text checked the same way
// whatever carried it, and a conversation that ends with the user. textKey ("content" or
// "parts") is where a protocol's message keeps its text, for the error texts. A turn without
// text that is not the user's (an answer that failed before its first word, an empty system
// message) carries nothing and is left out.
func decodeMessages(body map[string]json.RawMessage, l Limits, textKey string, read messageReader) (chat.Conversation, error) {
	items, err := messageItems(body, l, "{role, "+textKey+"}")
	if err != nil {
		return chat.Conversation{}, err
	}
	conv := chat.Conversation{Messages: make([]chat.Message, 0, len(items))}
	for i, item := range items {
		fields, err := messageObject(i, item, "role and "+textKey)
		if err != nil {
			return chat.Conversation{}, err
		}
		t, err := read(i, fields)
		if err != nil {
			return chat.Conversation{}, err
		}
		if len(t.texts) == 0 && t.role != chat.RoleUser {
			continue
		}
		m, err := t.message(l)
		if err != nil {
			return chat.Conversation{}, err
		}
		conv.Messages = append(conv.Messages, m)
	}
	if len(conv.Messages) == 0 {
		return chat.Conversation{}, invalidAt("messages", "messages holds no text: send at least one user message")
	}
	return conv, lastFromUser(conv)
}

// lastFromUser checks that the conversation ends with a question.
func lastFromUser(conv chat.Conversation) error {
	n := len(conv.Messages)
	if last := conv.Messages[n-1]; last.Role != chat.RoleUser {
		return invalidAt(fmt.Sprintf("messages[%d].role", n-1), "messages[%d].role is %q: the last message must be from the user", n-1, string(last.Role))
	}
	return nil
}

// messageObject parses messages[i] as a JSON object; shape says what it should hold.
func messageObject(i int, raw json.RawMessage, shape string) (map[string]json.RawMessage, error) {
	var fields map[string]json.RawMessage
	if raw[0] != '{' || json.Unmarshal(raw, &fields) != nil {
		return nil, invalidAt(fmt.Sprintf("messages[%d]", i), "messages[%d] must be an object with %s, not %s", i, shape, jsonKind(raw))
	}
	return fields, nil
}

// messageRole reads messages[i].role: user or assistant.
func messageRole(i int, fields map[string]json.RawMessage) (chat.Role, error) {
	role, err := stringField(i, "role", fields)
	if err != nil {
		return "", err
	}
	switch chat.Role(role) {
	case chat.RoleUser, chat.RoleAssistant:
		return chat.Role(role), nil
	case "system", "developer":
		return "", invalidAt(fmt.Sprintf("messages[%d].role", i), "messages[%d].role %q is not accepted: the system prompt is fixed on the server; use user or assistant", i, role)
	default:
		return "", invalidAt(fmt.Sprintf("messages[%d].role", i), "messages[%d].role is not user or assistant: use one of those", i)
	}
}

// message validates a turn's text, whatever protocol carried it, and makes it a Message: its
// parts joined, and a user message's contract-address prefix split off.
func (t turn) message(l Limits) (chat.Message, error) {
	content, l, err := joinTexts(t.field, t.texts, l)
	if err != nil {
		return chat.Message{}, err
	}
	if err := checkContent(t.field, content, l); err != nil {
		return chat.Message{}, err
	}
	m := chat.Message{Role: t.role, Content: content}
	if m.Role != chat.RoleUser {
		return m, nil
	}
	addr, rest, found, err := contract.Split(content)
	switch {
	case err != nil:
		return chat.Message{}, invalidAt(t.field, "%s: %v", t.field, err)
	case found && isBlank(rest):
		return chat.Message{}, invalidAt(t.field, "%s: the question after the contract-address prefix is empty", t.field)
	case found:
		m.Content, m.Contract = rest, &addr
	}
	return m, nil
}

// partsJoin separates the text parts of one message.
const partsJoin = "\n\n"

// joinTexts joins the text parts of one message with a blank line. The length limit counts
// the caller's characters only, not the separators the join adds: the limits it returns,
// for checkContent, allow for those.
func joinTexts(field string, texts []string, l Limits) (string, Limits, error) {
	if l.MaxContentChars > 0 && len(texts) > 1 {
		n := 0
		for _, t := range texts {
			n += utf8.RuneCountInString(t)
		}
		if n > l.MaxContentChars {
			return "", l, invalidAt(field, "%s has %d characters; the limit is %d", field, n, l.MaxContentChars)
		}
		l.MaxContentChars += (len(texts) - 1) * utf8.RuneCountInString(partsJoin)
	}
	return strings.Join(texts, partsJoin), l, nil
}

// textRules are what a protocol says of the parts a message's text comes in: how its error
// texts describe a part (object) and the part's type (typeHint), and what becomes of a part
// that is not text (other: its refusal, or nil to leave it out).
type textRules struct {
	object, typeHint string
	other            func(field, typ string) error
}

// textParts reads the parts of the message text at field: the texts of its text parts, in
// order, the empty ones left out.
func textParts(field string, parts []json.RawMessage, rules textRules) ([]string, error) {
	var texts []string
	for j, p := range parts {
		text, err := textPart(fmt.Sprintf("%s[%d]", field, j), p, rules)
		if err != nil {
			return nil, err
		}
		if text != "" {
			texts = append(texts, text)
		}
	}
	return texts, nil
}

// textPart reads one part, named field: its text, or "" for a part left out.
func textPart(field string, raw json.RawMessage, rules textRules) (string, error) {
	var part map[string]json.RawMessage
	if raw[0] != '{' || json.Unmarshal(raw, &part) != nil {
		return "", invalidAt(field, "%s must be %s, not %s", field, rules.object, jsonKind(raw))
	}
	var typ, text string
	if t, ok := part["type"]; !ok || t[0] != '"' || json.Unmarshal(t, &typ) != nil {
		return "", invalidAt(field+".type", "%s.type is required%s", field, rules.typeHint)
	}
	if typ != "text" {
		return "", rules.other(field, typ)
	}
	if t, ok := part["text"]; !ok || t[0] != '"' || json.Unmarshal(t, &text) != nil {
		return "", invalidAt(field+".text", "%s.text must be a string", field)
	}
	return text, nil
}

func stringField(i int, name string, fields map[string]json.RawMessage) (string, error) {
	raw, ok := given(fields, name)
	param := fmt.Sprintf("messages[%d].%s", i, name)
	if !ok {
		return "", invalidAt(param, "%s is required", param)
	}
	var s string
	if raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		return "", invalidAt(param, "%s must be a string, not %s", param, jsonKind(raw))
	}
	return s, nil
}

func checkContent(field, s string, l Limits) error {
	if isBlank(s) {
		return invalidAt(field, "%s is empty (only spaces or invisible characters)", field)
	}
	if n := utf8.RuneCountInString(s); l.MaxContentChars > 0 && n > l.MaxContentChars {
		return invalidAt(field, "%s has %d characters; the limit is %d", field, n, l.MaxContentChars)
	}
	for j, r := range s {
		if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' {
			return invalidAt(field, "%s holds the control character %U at byte %d; only tab, newline and carriage return are allowed", field, r, j)
		}
	}
	return nil
}

func jsonKind(raw json.RawMessage) string {
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	default:
		return "a number"
	}
}

func syntaxError(data []byte) string {
	var v any
	err := json.Unmarshal(data, &v)
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		return fmt.Sprintf("%v (at byte %d)", se, se.Offset)
	}
	if err != nil {
		return err.Error()
	}
	return "malformed"
}
