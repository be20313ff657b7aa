package httpapi

import (
	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/deploy/settings"

	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/chatsvc/chat/pkg/wire/openai"
)

// The OpenAI-compatible API: GET /v1/models lists the service as one model, and
// POST /v1/chat/completions answers in Chat Completions, streamed or whole, through the same
// validation, model and limits as /api/chat.
const (
	openAIPrefix = settings.OpenAIPrefix
	// ModelID is the one model the OpenAI-compatible API lists and takes.
	ModelID = "crypto-analyst"
	// modelOwner is the list's owned_by: the service, never the provider behind it.
	modelOwner = "chatsvc"
)

// modelCreated is the model's creation time in the list: when the service first answered.
var modelCreated = time.Date(2025, time.June, 1, 0, 0, 0, 0, time.UTC)

// routeOpenAI serves the paths under /v1.
func (h *Handler) routeOpenAI(x *exchange) error {
	r := x.r
	switch p := strings.TrimPrefix(r.URL.Path, openAIPrefix); {
	case p == "/models" || strings.HasPrefix(p, "/models/"):
		return models(x, p)
	case p == "/chat/completions":
		body, err := h.readPost(x)
		if err != nil {
			return err
		}
		req, err := decodeOpenAI(body, h.limits)
		if err != nil {
			return err
		}
		x.enc = openAIEncoder{stream: req.stream, includeUsage: req.includeUsage}
		return h.answer(x, req.conv)
	}
	return NotFound(fmt.Sprintf("Invalid URL (%s %s): the endpoints are GET %s/models and POST %s/chat/completions",
		clip(r.Method, 16), clip(r.URL.Path, 128), openAIPrefix, openAIPrefix))
}

// models answers GET /v1/models, the list of the one model, and /v1/models/{id}.
func models(x *exchange, p string) error {
	if r := x.r; r.Method != http.MethodGet && r.Method != http.MethodHead {
		x.w.Header().Set("Allow", "GET, HEAD")
		return MethodNotAllowed(fmt.Sprintf("%s is not supported on %s; use GET", clip(r.Method, 16), openAIPrefix+"/models"))
	}
	model := openai.NewModel(ModelID, modelCreated, modelOwner)
	if p == "/models" {
		openai.WriteJSON(x.w, openai.ModelList{Object: "list", Data: []openai.Model{model}})
		return nil
	}
	if id := strings.TrimPrefix(p, "/models/"); id != ModelID {
		return modelNotFound(id)
	}
	openai.WriteJSON(x.w, model)
	return nil
}

func modelNotFound(id string) *Error {
	d := fmt.Sprintf("The model `%s` does not exist; this service has one model, `%s`.", clip(id, 128), ModelID)
	return &Error{Code: CodeModelNotFound, Status: http.StatusNotFound, Message: "Model not found", Details: d, Param: "model", InStream: d}
}

// openAIRequest is a decoded Chat Completions request.
type openAIRequest struct {
	conv         chat.Conversation
	stream       bool
	includeUsage bool
}

// openAIIgnored are request fields the service accepts and does not use: sampling is the
// server's, the same for every protocol. They are listed in the README.
// (temperature, top_p, presence_penalty, frequency_penalty, seed, stop, user, metadata,
// store, service_tier, reasoning_effort, parallel_tool_calls, tool_choice "none"/"auto",
// logit_bias, prediction, web_search_options, verbosity.)

// decodeOpenAI decodes a Chat Completions request: the model, the messages (content a string
// or text parts), stream and stream_options, and the output limit. What the service cannot
// honour (several choices, client tools, structured output, images, audio) is refused by
// name.
func decodeOpenAI(body map[string]json.RawMessage, l Limits) (openAIRequest, error) {
	req, err := openAIOptions(body)
	if err != nil {
		return req, err
	}
	conv, err := decodeMessages(body, l, "content", readOpenAIMessage)
	conv.MaxTokens = req.conv.MaxTokens
	req.conv = conv
	return req, err
}

// openAIOptions reads what a request says beside its messages, in the order its errors are
// reported: the model, streaming, what the service refuses, and the output limit.
func openAIOptions(body map[string]json.RawMessage) (openAIRequest, error) {
	var req openAIRequest
	if err := openAIModel(body); err != nil {
		return req, err
	}
	var err error
	if req.stream, req.includeUsage, err = openAIStreaming(body); err != nil {
		return req, err
	}
	if err := refuseUnsupported(body); err != nil {
		return req, err
	}
	req.conv.MaxTokens, err = openAIMaxTokens(body)
	return req, err
}

// openAIModel checks that the request names the service's one model.
func openAIModel(body map[string]json.RawMessage) error {
	raw, ok := given(body, "model")
	if !ok {
		return invalidAt("model", "you must provide a model parameter: %q", ModelID)
	}
	var model string
	if raw[0] != '"' || json.Unmarshal(raw, &model) != nil {
		return invalidAt("model", "model must be a string, not %s", jsonKind(raw))
	}
	if model != ModelID {
		return modelNotFound(model)
	}
	return nil
}

// openAIStreaming reads stream and stream_options.include_usage.
func openAIStreaming(body map[string]json.RawMessage) (stream, includeUsage bool, err error) {
	if stream, err = boolField(body, "stream"); err != nil {
		return false, false, err
	}
	raw, ok := given(body, "stream_options")
	switch {
	case !ok:
		return stream, false, nil
	case !stream:
		return false, false, invalidAt("stream_options", "stream_options is only allowed when stream is true")
	}
	var so map[string]json.RawMessage
	if raw[0] != '{' || json.Unmarshal(raw, &so) != nil {
		return false, false, invalidAt("stream_options", "stream_options must be an object, not %s", jsonKind(raw))
	}
	if includeUsage, err = boolField(so, "include_usage"); err != nil {
		return false, false, invalidAt("stream_options.include_usage", "stream_options.include_usage must be a boolean")
	}
	return stream, includeUsage, nil
}

// openAIMaxTokens is the caller's output limit, 0 when it set none: the lower of
// max_completion_tokens and the older max_tokens.
func openAIMaxTokens(body map[string]json.RawMessage) (int, error) {
	limit := 0
	for _, name := range []string{"max_completion_tokens", "max_tokens"} {
		raw, ok := given(body, name)
		if !ok {
			continue
		}
		var n int
		if json.Unmarshal(raw, &n) != nil || n < 1 {
			return 0, invalidAt(name, "%s must be a positive integer", name)
		}
		if limit == 0 || n < limit {
			limit = n
		}
	}
	return limit, nil
}

// openAIRefused are the request fields that would change what the answer is, which the
// service cannot do: more than one choice, client tools, a response format other than text,
// log probabilities, and output other than text. A field passes when it is absent, null, or
// allowed: set to what the service does anyway.
var openAIRefused = []struct {
	name    string
	allowed func(raw json.RawMessage) bool
	refusal string
}{
	{"n", oneOf("1"), "n must be 1: this service returns one choice"},
	{"tools", oneOf("[]"), "tools is not supported: this service calls no client tools (it searches the web itself)"},
	{"functions", oneOf("[]"), "functions is not supported: this service calls no client tools (it searches the web itself)"},
	{"tool_choice", oneOf(`"none"`, `"auto"`), `tool_choice must be "none" or "auto": this service calls no client tools`},
	{"response_format", textFormat, `response_format must be {"type":"text"}: this service answers in Markdown text`},
	{"logprobs", oneOf("false"), "logprobs is not supported"},
	{"audio", oneOf(), "audio output is not supported: this service answers in text"},
	{"modalities", textOnly, `modalities must be ["text"]: this service answers in text`},
}

// refuseUnsupported refuses the first of openAIRefused that the request sets to what the
// service cannot do.
func refuseUnsupported(body map[string]json.RawMessage) error {
	for _, f := range openAIRefused {
		if raw, ok := given(body, f.name); ok && !f.allowed(raw) {
			return invalidAt(f.name, "%s", f.refusal)
		}
	}
	return nil
}

// oneOf allows exactly the JSON texts given.
func oneOf(texts ...string) func(json.RawMessage) bool {
	return func(raw json.RawMessage) bool { return slices.Contains(texts, string(raw)) }
}

// textFormat allows the response format {"type":"text"}.
func textFormat(raw json.RawMessage) bool {
	var rf struct {
		Type string `json:"type"`
	}
	return json.Unmarshal(raw, &rf) == nil && rf.Type == "text"
}

// textOnly allows the modalities ["text"].
func textOnly(raw json.RawMessage) bool {
	var mods []string
	return json.Unmarshal(raw, &mods) == nil && len(mods) == 1 && mods[0] == "text"
}

// readOpenAIMessage reads a Chat Completions message. Tool messages and tool calls are
// refused by name. Some front ends (Hugging Face chat-ui) always send a system message,
// empty when the user set no instructions, and assistant turns may be empty: a message with
// no text carries nothing and is left out; a system message with text is refused by
// messageRole.
func readOpenAIMessage(i int, fields map[string]json.RawMessage) (turn, error) {
	var role string
	if raw, ok := fields["role"]; ok && raw[0] == '"' {
		_ = json.Unmarshal(raw, &role)
	}
	if err := refuseToolUse(i, role, fields); err != nil {
		return turn{}, err
	}
	if (role == "system" || role == "developer" || role == "assistant") && openAIEmpty(fields["content"]) {
		return turn{}, nil
	}
	r, err := messageRole(i, fields)
	if err != nil {
		return turn{}, err
	}
	texts, field, err := openAIContent(i, r, fields["content"])
	return turn{role: r, texts: texts, field: field}, err
}

// refuseToolUse refuses the messages of client tools: a tool's result, or an assistant's
// call of one.
func refuseToolUse(i int, role string, fields map[string]json.RawMessage) error {
	if role == "tool" || role == "function" {
		return invalidAt(fmt.Sprintf("messages[%d].role", i), "messages[%d].role %q is not accepted: this service calls no client tools", i, role)
	}
	if tc, ok := given(fields, "tool_calls"); ok && string(tc) != "[]" {
		return invalidAt(fmt.Sprintf("messages[%d].tool_calls", i), "messages[%d].tool_calls is not accepted: this service calls no client tools", i)
	}
	return nil
}

// openAIEmpty reports whether a message's content holds no visible text: absent, null, blank,
// or text parts that are all blank.
func openAIEmpty(raw json.RawMessage) bool {
	if raw == nil || string(raw) == "null" {
		return true
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return isBlank(s)
	}
	var parts []struct {
		Type string  `json:"type"`
		Text *string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return false
	}
	for _, p := range parts {
		if p.Type != "text" || p.Text == nil || !isBlank(*p.Text) {
			return false
		}
	}
	return true
}

func boolField(fields map[string]json.RawMessage, name string) (bool, error) {
	raw, ok := given(fields, name)
	if !ok {
		return false, nil
	}
	var b bool
	if json.Unmarshal(raw, &b) != nil {
		return false, invalidAt(name, "%s must be a boolean, not %s", name, jsonKind(raw))
	}
	return b, nil
}

// openAIContent reads messages[i].content: a string, or an array of text parts (an assistant
// message's refusal parts are left out, as its empty texts are). It returns the texts and the
// field's name.
func openAIContent(i int, role chat.Role, raw json.RawMessage) ([]string, string, error) {
	field := fmt.Sprintf("messages[%d].content", i)
	switch {
	case raw == nil || string(raw) == "null":
		return nil, field, invalidAt(field, "%s is required", field)
	case raw[0] == '"':
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return nil, field, invalidAt(field, "%s must be a string", field)
		}
		return []string{s}, field, nil
	case raw[0] != '[':
		return nil, field, invalidAt(field, "%s must be a string or an array of text parts, not %s", field, jsonKind(raw))
	}
	var parts []json.RawMessage
	if json.Unmarshal(raw, &parts) != nil {
		return nil, field, invalidAt(field, "%s must be a string or an array of text parts", field)
	}
	texts, err := textParts(field, parts, openAIParts(role))
	return texts, field, err
}

// openAIParts are the rules of a Chat Completions message's parts: text only, but for an
// assistant's refusal, which is what the model declined: the history needs only what it said.
func openAIParts(role chat.Role) textRules {
	return textRules{object: `an object {"type":"text","text":"..."}`, other: func(field, typ string) error {
		if typ == "refusal" && role == chat.RoleAssistant {
			return nil
		}
		return invalidAt(field, "%s has the type %q, which this service does not read: send text parts", field, clip(typ, 64))
	}}
}
