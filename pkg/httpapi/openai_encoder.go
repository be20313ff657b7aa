package httpapi

// The OpenAI-compatible encoder: an answer as Chat Completions chunks (stream) or one
// completion (buffered), and errors in OpenAI's error body. Its decoder is openai.go.

import (
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chatsvc/chat/pkg/chat"

	"github.com/chatsvc/chat/pkg/wire/openai"
)

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
