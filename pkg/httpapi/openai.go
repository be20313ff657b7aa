package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/wire/openai"
)

// openAIPrefix is where the OpenAI-compatible API lives (its routes are in routes.go).
const openAIPrefix = settings.OpenAIPrefix

// openAIProtocol is OpenAI's Chat Completions.
type openAIProtocol struct{ openAIEncoder }

func (openAIProtocol) name() string { return protoOpenAI }

func (openAIProtocol) decode(body map[string]json.RawMessage, l Limits) (chat.Conversation, Encoder, error) {
	req, err := decodeOpenAI(body, l)
	return req.conv, openAIEncoder{stream: req.stream, includeUsage: req.includeUsage}, err
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

// openAIEncoder speaks Chat Completions: a stream of chunks, or one completion object.
type openAIEncoder struct {
	stream, includeUsage bool
}

// openAIErrors renders errors of the /v1 paths before a request was decoded.
type openAIErrors = openAIEncoder

func (openAIEncoder) WriteError(w http.ResponseWriter, e *Error) {
	// The SDKs retry a 429 on their own within a minute: a longer wait (a daily allowance
	// used up) is not worth their retries.
	retry := e.Code != CodeTimeLimit && e.RetryAfter <= time.Minute
	openai.WriteError(w, e.Status, openAIError(e), e.RetryAfter, retry)
}

func (enc openAIEncoder) Start(w http.ResponseWriter, info StreamInfo) Stream {
	id := "chatcmpl-" + info.ID
	if !enc.stream {
		return &openAIBuffered{w: w, id: id, created: info.Created}
	}
	s := openai.Start(w, id, ModelID, info.Created, enc.includeUsage)
	_ = s.Begin() // a failed first write shows at the next one
	return &openAIStream{w: s}
}

// openAIError renders an error as OpenAI's error object.
func openAIError(e *Error) openai.Error {
	msg := e.Message
	if e.Details != "" {
		msg += ": " + e.Details
	}
	o := openai.Error{Message: msg, Type: "server_error"}
	switch {
	case e.Code == CodeRateLimited:
		o.Type = "requests"
		o.Code = ptr("rate_limit_exceeded")
	case e.Status >= 400 && e.Status < 500 && e.Code != CodeNotConfigured:
		o.Type = "invalid_request_error"
	}
	if o.Code == nil && e.Code != CodeInvalidRequest {
		o.Code = ptr(string(e.Code))
	}
	if e.Param != "" {
		o.Param = ptr(e.Param)
	}
	return o
}

func ptr[T any](v T) *T { return &v }

// openAIFinishReason maps the specification's finish reasons to OpenAI's. tool-calls (a
// malformed call of the model's own search tools) would promise tool calls that never come:
// stop.
func openAIFinishReason(r chat.FinishReason) string {
	switch r {
	case chat.FinishLength:
		return "length"
	case chat.FinishContentFilter:
		return "content_filter"
	}
	return "stop"
}

func openAIUsage(u *chat.Usage) *openai.Usage {
	if u == nil {
		return &openai.Usage{CompletionTokensDetails: &openai.CompletionTokensDetails{}}
	}
	completion := u.CompletionTokens + u.ReasoningTokens
	// The provider's total also counts the search results the model read (input, billed as
	// input): they are prompt tokens here, so that prompt + completion = total, as OpenAI's
	// clients expect.
	prompt := max(u.PromptTokens, u.TotalTokens-completion)
	return &openai.Usage{PromptTokens: prompt, CompletionTokens: completion, TotalTokens: prompt + completion,
		CompletionTokensDetails: &openai.CompletionTokensDetails{ReasoningTokens: u.ReasoningTokens}}
}

// openAIAnnotations cite each source for the whole answer (the service does not track which
// sentence a source supports): indexes 0 to the answer's length in characters.
func openAIAnnotations(sources []chat.Source, chars int) []openai.Annotation {
	var out []openai.Annotation
	for _, s := range sources {
		out = append(out, openai.Citation(s.URL, s.Title, 0, chars))
	}
	return out
}

type openAIStream struct {
	w     *openai.StreamWriter
	chars int
}

func (s *openAIStream) Text(chunk string) error {
	s.chars += utf8.RuneCountInString(chunk)
	return s.w.Text(chunk)
}

func (s *openAIStream) Finish(f *chat.Finish) error {
	if f.FactChecks != nil {
		s.w.FactChecks = f.FactChecks
	}
	return s.w.Finish(openAIFinishReason(f.Reason), openAIAnnotations(f.Sources, s.chars), openAIUsage(f.Usage))
}

func (s *openAIStream) Fail(e *Error) error { return s.w.Error(openAIStreamError(e)) }
func (s *openAIStream) Terminated() bool    { return s.w.Terminated() }

// openAIStreamError is the error event of a failure mid-stream: the caller-safe text of the
// stream, with the kind's type and code.
func openAIStreamError(e *Error) openai.Error {
	o := openAIError(e)
	o.Message, o.Param = e.InStream, nil
	return o
}

// openAIBuffered answers a request with stream false: it writes nothing until the answer
// ends, then one completion object, or an error response with its status.
type openAIBuffered struct {
	w          http.ResponseWriter
	id         string
	created    time.Time
	text       strings.Builder
	terminated bool
}

func (b *openAIBuffered) Text(chunk string) error {
	b.text.WriteString(chunk)
	return nil
}

func (b *openAIBuffered) Finish(f *chat.Finish) error {
	b.terminated = true
	content := b.text.String()
	c := openai.NewCompletion(b.id, ModelID, b.created, content, openAIFinishReason(f.Reason),
		openAIAnnotations(f.Sources, utf8.RuneCountInString(content)), openAIUsage(f.Usage))
	if f.FactChecks != nil {
		c.FactChecks = f.FactChecks
	}
	openai.WriteJSON(b.w, c)
	return nil
}

func (b *openAIBuffered) Fail(e *Error) error {
	b.terminated = true
	openAIEncoder{}.WriteError(b.w, e)
	return nil
}

func (b *openAIBuffered) Terminated() bool { return b.terminated }

// Committed is false: a buffered answer has written nothing, so a failure still gets its
// own status.
func (b *openAIBuffered) Committed() bool { return b.terminated }
