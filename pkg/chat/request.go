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
type RequestError struct{ Details string }

func (e *RequestError) Error() string { return "invalid request: " + e.Details }

func invalid(format string, args ...any) error {
	return &RequestError{Details: fmt.Sprintf(format, args...)}
}

// DecodeRequest reads and validates a chat request body. Unknown fields are ignored, as chat
// clients send extra ones (id, createdAt, ...). Every failure is a *RequestError.
func DecodeRequest(r io.Reader, l Limits) (Conversation, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		if mbe, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return Conversation{}, invalid("the body is larger than %d bytes", mbe.Limit)
		}
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return Conversation{}, invalid("the body did not arrive in time")
		}
		// The read error names sockets and addresses: not for the caller.
		return Conversation{}, invalid("the body could not be read")
	}
	if l.MaxBodyBytes > 0 && int64(len(data)) > l.MaxBodyBytes {
		return Conversation{}, invalid("the body is larger than %d bytes", l.MaxBodyBytes)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return Conversation{}, invalid("the body is empty: send a JSON object with a messages array")
	}
	if !utf8.Valid(data) {
		return Conversation{}, invalid("the body is not valid UTF-8")
	}
	if !json.Valid(data) {
		return Conversation{}, invalid("the body is not valid JSON: %s", syntaxError(data))
	}
	if err := checkRawText(data); err != nil {
		return Conversation{}, err
	}
	var body map[string]json.RawMessage
	if err := json.Unmarshal(data, &body); err != nil {
		return Conversation{}, invalid("the body must be a JSON object with a messages array")
	}
	raw, ok := body["messages"]
	if !ok || string(raw) == "null" {
		return Conversation{}, invalid("messages is required: an array of {role, content} objects")
	}
	var items []json.RawMessage
	if raw[0] != '[' || json.Unmarshal(raw, &items) != nil {
		return Conversation{}, invalid("messages must be an array, not %s", jsonKind(raw))
	}
	switch {
	case len(items) == 0:
		return Conversation{}, invalid("messages is empty: send at least one user message")
	case l.MaxMessages > 0 && len(items) > l.MaxMessages:
		return Conversation{}, invalid("messages has %d items; the limit is %d", len(items), l.MaxMessages)
	}
	conv := Conversation{Messages: make([]Message, 0, len(items))}
	for i, item := range items {
		m, err := decodeMessage(i, item, l)
		if err != nil {
			return Conversation{}, err
		}
		conv.Messages = append(conv.Messages, m)
	}
	if last := conv.Messages[len(conv.Messages)-1]; last.Role != RoleUser {
		return Conversation{}, invalid("messages[%d].role is %q: the last message must be from the user", len(items)-1, string(last.Role))
	}
	return conv, nil
}

func decodeMessage(i int, raw json.RawMessage, l Limits) (Message, error) {
	var fields map[string]json.RawMessage
	if raw[0] != '{' || json.Unmarshal(raw, &fields) != nil {
		return Message{}, invalid("messages[%d] must be an object with role and content, not %s", i, jsonKind(raw))
	}
	role, err := stringField(i, "role", fields)
	if err != nil {
		return Message{}, err
	}
	switch Role(role) {
	case RoleUser, RoleAssistant:
	case "system":
		return Message{}, invalid("messages[%d].role \"system\" is not accepted: the system prompt is fixed on the server; use user or assistant", i)
	default:
		return Message{}, invalid("messages[%d].role is not user or assistant: use one of those", i)
	}
	content, err := stringField(i, "content", fields)
	if err != nil {
		return Message{}, err
	}
	if err := checkContent(i, content, fields["content"], l); err != nil {
		return Message{}, err
	}
	m := Message{Role: Role(role), Content: content}
	if m.Role == RoleUser {
		addr, rest, found, err := contract.Split(content)
		if err != nil {
			return Message{}, invalid("messages[%d].content: %v", i, err)
		}
		if found {
			if isBlank(rest) {
				return Message{}, invalid("messages[%d].content: the question after the contract-address prefix is empty", i)
			}
			m.Content, m.Contract = rest, &addr
		}
	}
	return m, nil
}

func stringField(i int, name string, fields map[string]json.RawMessage) (string, error) {
	raw, ok := fields[name]
	if !ok || string(raw) == "null" {
		return "", invalid("messages[%d].%s is required", i, name)
	}
	var s string
	if raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		return "", invalid("messages[%d].%s must be a string, not %s", i, name, jsonKind(raw))
	}
	return s, nil
}

func checkContent(i int, s string, raw json.RawMessage, l Limits) error {
	if isBlank(s) {
		return invalid("messages[%d].content is empty (only spaces or invisible characters)", i)
	}
	if n := utf8.RuneCountInString(s); l.MaxContentChars > 0 && n > l.MaxContentChars {
		return invalid("messages[%d].content has %d characters; the limit is %d", i, n, l.MaxContentChars)
	}
	for j, r := range s {
		if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' {
			return invalid("messages[%d].content holds the control character %U at byte %d; only tab, newline and carriage return are allowed", i, r, j)
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
