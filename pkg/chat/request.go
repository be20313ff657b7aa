package chat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"unicode"
	"unicode/utf8"

	"github.com/chatsvc/chat/pkg/contract"
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
func DecodeRequest(r io.Reader, l Limits) (Conversation, error) {
	body, err := readJSON(r, l)
	if err != nil {
		return Conversation{}, err
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

// messageItems returns the raw items of the body's messages array, checked against the
// limits; shape names what an item should look like, for the error texts.
func messageItems(body map[string]json.RawMessage, l Limits, shape string) ([]json.RawMessage, error) {
	raw, ok := body["messages"]
	if !ok || string(raw) == "null" {
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

// decodeSpec decodes the specification's shape.
func decodeSpec(body map[string]json.RawMessage, l Limits) (Conversation, error) {
	items, err := messageItems(body, l, "{role, content}")
	if err != nil {
		return Conversation{}, err
	}
	conv := Conversation{Messages: make([]Message, 0, len(items))}
	for i, item := range items {
		fields, err := messageObject(i, item, "role and content")
		if err != nil {
			return Conversation{}, err
		}
		role, err := messageRole(i, fields)
		if err != nil {
			return Conversation{}, err
		}
		if c, p := fields["content"], fields["parts"]; (c == nil || string(c) == "null") && p != nil && string(p) != "null" {
			return Conversation{}, invalidAt(fmt.Sprintf("messages[%d].content", i),
				"messages[%d] has parts but no content, while another message has content: send content in every message (this service's format) or parts in every message (the AI SDK's UI messages), not a mix", i)
		}
		content, err := stringField(i, "content", fields)
		if err != nil {
			return Conversation{}, err
		}
		m, err := newMessage(role, content, fmt.Sprintf("messages[%d].content", i), l)
		if err != nil {
			return Conversation{}, err
		}
		conv.Messages = append(conv.Messages, m)
	}
	return conv, lastFromUser(conv)
}

// lastFromUser checks that the conversation ends with a question.
func lastFromUser(conv Conversation) error {
	n := len(conv.Messages)
	if last := conv.Messages[n-1]; last.Role != RoleUser {
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
func messageRole(i int, fields map[string]json.RawMessage) (Role, error) {
	role, err := stringField(i, "role", fields)
	if err != nil {
		return "", err
	}
	switch Role(role) {
	case RoleUser, RoleAssistant:
		return Role(role), nil
	case "system", "developer":
		return "", invalidAt(fmt.Sprintf("messages[%d].role", i), "messages[%d].role %q is not accepted: the system prompt is fixed on the server; use user or assistant", i, role)
	default:
		return "", invalidAt(fmt.Sprintf("messages[%d].role", i), "messages[%d].role is not user or assistant: use one of those", i)
	}
}

// newMessage validates one message's text, whatever protocol carried it: field names it in
// the error texts. A user message's
// contract-address prefix is split off.
func newMessage(role Role, content, field string, l Limits) (Message, error) {
	if err := checkContent(field, content, l); err != nil {
		return Message{}, err
	}
	m := Message{Role: role, Content: content}
	if m.Role == RoleUser {
		addr, rest, found, err := contract.Split(content)
		if err != nil {
			return Message{}, invalidAt(field, "%s: %v", field, err)
		}
		if found {
			if isBlank(rest) {
				return Message{}, invalidAt(field, "%s: the question after the contract-address prefix is empty", field)
			}
			m.Content, m.Contract = rest, &addr
		}
	}
	return m, nil
}

func stringField(i int, name string, fields map[string]json.RawMessage) (string, error) {
	raw, ok := fields[name]
	param := fmt.Sprintf("messages[%d].%s", i, name)
	if !ok || string(raw) == "null" {
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
