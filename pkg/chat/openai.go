package chat

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chatsvc/chat/pkg/openai"
)

// The OpenAI-compatible API: GET /v1/models lists the service as one model, and
// POST /v1/chat/completions answers in Chat Completions, streamed or whole, through the same
// validation, model and limits as /api/chat.
const (
	openAIPrefix = "/v1"
	// ModelID is the one model the OpenAI-compatible API lists and takes.
	ModelID = "crypto-analyst"
	// modelOwner is the list's owned_by: the service, never the provider behind it.
	modelOwner = "chatsvc"
)

// modelCreated is the model's creation time in the list: when the service first answered.
var modelCreated = time.Date(2025, time.June, 1, 0, 0, 0, 0, time.UTC)

func (h *Handler) routeOpenAI(x *exchange) {
	r := x.r
	p := strings.TrimPrefix(r.URL.Path, openAIPrefix)
	switch {
	case p == "/models" || strings.HasPrefix(p, "/models/"):
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			x.w.Header().Set("Allow", "GET, HEAD")
			x.fail(MethodNotAllowed(fmt.Sprintf("%s is not supported on %s; use GET", clip(r.Method, 16), openAIPrefix+"/models")))
			return
		}
		x.out.status = http.StatusOK
		model := openai.NewModel(ModelID, modelCreated, modelOwner)
		if p == "/models" {
			openai.WriteJSON(x.w, openai.ModelList{Object: "list", Data: []openai.Model{model}})
			return
		}
		if id := strings.TrimPrefix(p, "/models/"); id != ModelID {
			x.fail(modelNotFound(id))
			return
		}
		openai.WriteJSON(x.w, model)
	case p == "/chat/completions":
		if r.Method != http.MethodPost {
			x.w.Header().Set("Allow", http.MethodPost)
			x.fail(MethodNotAllowed("this method is not supported on " + openAIPrefix + p + "; use POST"))
			return
		}
		body, err := h.readBody(x)
		if err != nil {
			x.fail(AsError(err, 0))
			return
		}
		req, err := decodeOpenAI(body, h.limits)
		if err == nil {
			x.enc = openAIEncoder{stream: req.stream, includeUsage: req.includeUsage}
		}
		h.answer(x, req.conv, err)
	default:
		x.fail(NotFound(fmt.Sprintf("Invalid URL (%s %s): the endpoints are GET %s/models and POST %s/chat/completions",
			clip(r.Method, 16), clip(r.URL.Path, 128), openAIPrefix, openAIPrefix)))
	}
}

func modelNotFound(id string) *Error {
	d := fmt.Sprintf("The model `%s` does not exist; this service has one model, `%s`.", clip(id, 128), ModelID)
	return &Error{Code: CodeModelNotFound, Status: http.StatusNotFound, Message: "Model not found", Details: d, Param: "model", InStream: d}
}

// openAIRequest is a decoded Chat Completions request.
type openAIRequest struct {
	conv         Conversation
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
	var req openAIRequest
	var model string
	if raw, ok := body["model"]; !ok || string(raw) == "null" {
		return req, invalidAt("model", "you must provide a model parameter: %q", ModelID)
	} else if raw[0] != '"' || json.Unmarshal(raw, &model) != nil {
		return req, invalidAt("model", "model must be a string, not %s", jsonKind(raw))
	}
	if model != ModelID {
		return req, modelNotFound(model)
	}
	var err error
	if req.stream, err = boolField(body, "stream"); err != nil {
		return req, err
	}
	if raw, ok := body["stream_options"]; ok && string(raw) != "null" {
		if !req.stream {
			return req, invalidAt("stream_options", "stream_options is only allowed when stream is true")
		}
		var so map[string]json.RawMessage
		if raw[0] != '{' || json.Unmarshal(raw, &so) != nil {
			return req, invalidAt("stream_options", "stream_options must be an object, not %s", jsonKind(raw))
		}
		if req.includeUsage, err = boolField(so, "include_usage"); err != nil {
			return req, invalidAt("stream_options.include_usage", "stream_options.include_usage must be a boolean")
		}
	}
	if err := refuseUnsupported(body); err != nil {
		return req, err
	}
	for _, name := range []string{"max_completion_tokens", "max_tokens"} {
		raw, ok := body[name]
		if !ok || string(raw) == "null" {
			continue
		}
		var n int
		if json.Unmarshal(raw, &n) != nil || n < 1 {
			return req, invalidAt(name, "%s must be a positive integer", name)
		}
		if req.conv.MaxTokens == 0 || n < req.conv.MaxTokens {
			req.conv.MaxTokens = n
		}
	}
	items, err := messageItems(body, l, "{role, content}")
	if err != nil {
		return req, err
	}
	msgs := make([]Message, 0, len(items))
	for i, item := range items {
		fields, err := messageObject(i, item, "role and content")
		if err != nil {
			return req, err
		}
		var role string
		if raw, ok := fields["role"]; ok && raw[0] == '"' && json.Unmarshal(raw, &role) == nil && (role == "tool" || role == "function") {
			return req, invalidAt(fmt.Sprintf("messages[%d].role", i), "messages[%d].role %q is not accepted: this service calls no client tools", i, role)
		}
		if tc, ok := fields["tool_calls"]; ok && string(tc) != "null" && string(tc) != "[]" {
			return req, invalidAt(fmt.Sprintf("messages[%d].tool_calls", i), "messages[%d].tool_calls is not accepted: this service calls no client tools", i)
		}
		// Some front ends (Hugging Face chat-ui) always send a system message, empty when
		// the user set no instructions, and assistant turns may be empty: a message with no
		// text carries nothing and is left out. A system message with text is refused below.
		if (role == "system" || role == "developer" || role == "assistant") && openAIEmpty(fields["content"]) {
			continue
		}
		r, err := messageRole(i, fields)
		if err != nil {
			return req, err
		}
		texts, field, err := openAIContent(i, role, fields["content"])
		if err != nil {
			return req, err
		}
		if len(texts) == 0 && r == RoleAssistant {
			continue // only a refusal
		}
		text, ml, err := joinTexts(field, texts, l)
		if err != nil {
			return req, err
		}
		m, err := newMessage(r, text, field, ml)
		if err != nil {
			return req, err
		}
		msgs = append(msgs, m)
	}
	if len(msgs) == 0 {
		return req, invalidAt("messages", "messages holds no text: send at least one user message")
	}
	req.conv.Messages = msgs
	return req, lastFromUser(req.conv)
}

// refuseUnsupported refuses the request fields that would change what the answer is, which
// the service cannot do: more than one choice, client tools, a response format other than
// text, log probabilities, and output other than text.
func refuseUnsupported(body map[string]json.RawMessage) error {
	present := func(name string) (json.RawMessage, bool) {
		raw, ok := body[name]
		return raw, ok && string(raw) != "null"
	}
	if raw, ok := present("n"); ok && string(raw) != "1" {
		return invalidAt("n", "n must be 1: this service returns one choice")
	}
	for _, name := range []string{"tools", "functions"} {
		if raw, ok := present(name); ok && string(raw) != "[]" {
			return invalidAt(name, "%s is not supported: this service calls no client tools (it searches the web itself)", name)
		}
	}
	if raw, ok := present("tool_choice"); ok && string(raw) != `"none"` && string(raw) != `"auto"` {
		return invalidAt("tool_choice", "tool_choice must be \"none\" or \"auto\": this service calls no client tools")
	}
	if raw, ok := present("response_format"); ok {
		var rf struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(raw, &rf) != nil || rf.Type != "text" {
			return invalidAt("response_format", "response_format must be {\"type\":\"text\"}: this service answers in Markdown text")
		}
	}
	if raw, ok := present("logprobs"); ok && string(raw) != "false" {
		return invalidAt("logprobs", "logprobs is not supported")
	}
	if _, ok := present("audio"); ok {
		return invalidAt("audio", "audio output is not supported: this service answers in text")
	}
	if raw, ok := present("modalities"); ok {
		var mods []string
		if json.Unmarshal(raw, &mods) != nil || len(mods) != 1 || mods[0] != "text" {
			return invalidAt("modalities", "modalities must be [\"text\"]: this service answers in text")
		}
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
	raw, ok := fields[name]
	if !ok || string(raw) == "null" {
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
func openAIContent(i int, role string, raw json.RawMessage) ([]string, string, error) {
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
	var texts []string
	for j, p := range parts {
		pf := fmt.Sprintf("%s[%d]", field, j)
		var part map[string]json.RawMessage
		if p[0] != '{' || json.Unmarshal(p, &part) != nil {
			return nil, field, invalidAt(pf, "%s must be an object {\"type\":\"text\",\"text\":\"...\"}, not %s", pf, jsonKind(p))
		}
		var typ, text string
		if t, ok := part["type"]; !ok || t[0] != '"' || json.Unmarshal(t, &typ) != nil {
			return nil, field, invalidAt(pf+".type", "%s.type is required", pf)
		}
		if typ == "refusal" && role == "assistant" {
			continue // what the model declined; the history needs only what it said
		}
		if typ != "text" {
			return nil, field, invalidAt(pf, "%s has the type %q, which this service does not read: send text parts", pf, clip(typ, 64))
		}
		t, ok := part["text"]
		if !ok || t[0] != '"' || json.Unmarshal(t, &text) != nil {
			return nil, field, invalidAt(pf+".text", "%s.text must be a string", pf)
		}
		if text != "" {
			texts = append(texts, text)
		}
	}
	return texts, field, nil
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
func openAIFinishReason(r FinishReason) string {
	switch r {
	case FinishLength:
		return "length"
	case FinishContentFilter:
		return "content_filter"
	}
	return "stop"
}

func openAIUsage(u *Usage) *openai.Usage {
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
func openAIAnnotations(sources []Source, chars int) []openai.Annotation {
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

func (s *openAIStream) Finish(f *Finish) error {
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

func (b *openAIBuffered) Finish(f *Finish) error {
	b.terminated = true
	content := b.text.String()
	c := openai.NewCompletion(b.id, ModelID, b.created, content, openAIFinishReason(f.Reason),
		openAIAnnotations(f.Sources, utf8.RuneCountInString(content)), openAIUsage(f.Usage))
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
