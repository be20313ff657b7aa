// Package openai writes OpenAI's Chat Completions wire format: the chat.completion object,
// the stream of chat.completion.chunk events ending with "data: [DONE]", the model list, and
// the error body {"error":{"message","type","param","code"}}. It is what the openai SDKs,
// LangChain's ChatOpenAI, Open WebUI and other OpenAI-compatible clients read.
package openai

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/chatsvc/chat/pkg/wire/retryafter"
	"github.com/chatsvc/chat/pkg/wire/sse"
)

// ErrTerminated is returned by a write after the stream ended.
var ErrTerminated = errors.New("openai: stream already terminated")

// Error is the error object of OpenAI's error body.
type Error struct {
	Message string  `json:"message"`
	Type    string  `json:"type"`
	Param   *string `json:"param"`
	Code    *string `json:"code"`
}

// ErrorBody is OpenAI's error response body.
type ErrorBody struct {
	Error Error `json:"error"`
}

// WriteError writes an error response: the body, the status, and Retry-After (whole seconds,
// rounded up) when retryAfter is positive. shouldRetry false adds x-should-retry: false,
// which the openai SDKs honour instead of retrying a 5xx.
func WriteError(w http.ResponseWriter, status int, e Error, retryAfter time.Duration, shouldRetry bool) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	retryafter.Set(h, retryAfter)
	if !shouldRetry {
		h.Set("X-Should-Retry", "false")
	}
	w.WriteHeader(status)
	writeJSON(w, ErrorBody{Error: e})
}

// Model is one entry of the model list.
type Model struct {
	ID      string `json:"id"`
	Object  string `json:"object"`
	Created int64  `json:"created"`
	OwnedBy string `json:"owned_by"`
}

// NewModel returns the model object of id.
func NewModel(id string, created time.Time, ownedBy string) Model {
	return Model{ID: id, Object: "model", Created: created.Unix(), OwnedBy: ownedBy}
}

// ModelList is the body of GET /v1/models.
type ModelList struct {
	Object string  `json:"object"`
	Data   []Model `json:"data"`
}

// WriteJSON writes a 200 JSON response.
func WriteJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	writeJSON(w, v)
}

// Usage counts the tokens of a completion. CompletionTokens include the reasoning tokens,
// as OpenAI counts them.
type Usage struct {
	PromptTokens            int                      `json:"prompt_tokens"`
	CompletionTokens        int                      `json:"completion_tokens"`
	TotalTokens             int                      `json:"total_tokens"`
	CompletionTokensDetails *CompletionTokensDetails `json:"completion_tokens_details,omitempty"`
}

// CompletionTokensDetails break down the completion tokens.
type CompletionTokensDetails struct {
	ReasoningTokens int `json:"reasoning_tokens"`
}

// Annotation marks a source of the message: a url_citation.
type Annotation struct {
	Type        string      `json:"type"`
	URLCitation URLCitation `json:"url_citation"`
}

// URLCitation is a web page the message cites; the indexes are the span of the content it
// supports, in characters.
type URLCitation struct {
	URL        string `json:"url"`
	Title      string `json:"title"`
	StartIndex int    `json:"start_index"`
	EndIndex   int    `json:"end_index"`
}

// Citation returns the url_citation annotation of a page.
func Citation(url, title string, start, end int) Annotation {
	return Annotation{Type: "url_citation", URLCitation: URLCitation{URL: url, Title: title, StartIndex: start, EndIndex: end}}
}

// Completion is a whole answer (a request with stream false).
type Completion struct {
	ID      string   `json:"id"`
	Object  string   `json:"object"`
	Created int64    `json:"created"`
	Model   string   `json:"model"`
	Choices []Choice `json:"choices"`
	Usage   *Usage   `json:"usage"`
	// FactChecks is this service's extension: the figures of the answer held against the
	// token facts (left out when the request had no facts). OpenAI's clients keep unknown
	// fields on the object they return.
	FactChecks any `json:"fact_checks,omitempty"`
}

// Choice is the one choice of a Completion.
type Choice struct {
	Index        int     `json:"index"`
	Message      Message `json:"message"`
	FinishReason string  `json:"finish_reason"`
}

// Message is the assistant's message of a Completion.
type Message struct {
	Role        string       `json:"role"`
	Content     string       `json:"content"`
	Refusal     *string      `json:"refusal"`
	Annotations []Annotation `json:"annotations"`
}

// NewCompletion returns the completion object of an answer.
func NewCompletion(id, model string, created time.Time, content, finishReason string, annotations []Annotation, usage *Usage) Completion {
	if annotations == nil {
		annotations = []Annotation{}
	}
	return Completion{
		ID: id, Object: "chat.completion", Created: created.Unix(), Model: model,
		Choices: []Choice{{Message: Message{Role: "assistant", Content: content, Annotations: annotations}, FinishReason: finishReason}},
		Usage:   usage,
	}
}

// StreamWriter writes the chunks of one streamed completion. It is not safe for concurrent
// use.
type StreamWriter struct {
	sse          *sse.Writer
	id, model    string
	created      int64
	includeUsage bool
	terminated   bool
	// FactChecks, when set before Finish, goes on the chunk that carries the finish reason
	// (fact_checks, this service's extension).
	FactChecks any
}

// Start sets the stream's headers, commits status 200 and returns its writer. includeUsage
// (stream_options.include_usage) adds "usage":null to every chunk and a last chunk with the
// usage and no choices.
func Start(w http.ResponseWriter, id, model string, created time.Time, includeUsage bool) *StreamWriter {
	sse.StartHeaders(w.Header())
	w.WriteHeader(http.StatusOK)
	return NewStreamWriter(w, id, model, created, includeUsage)
}

// NewStreamWriter returns a writer on w that flushes after every chunk, without headers
// (tests, benchmarks).
func NewStreamWriter(w io.Writer, id, model string, created time.Time, includeUsage bool) *StreamWriter {
	return &StreamWriter{sse: sse.NewWriter(w), id: id, model: model, created: created.Unix(), includeUsage: includeUsage}
}

type chunk struct {
	ID      string        `json:"id"`
	Object  string        `json:"object"`
	Created int64         `json:"created"`
	Model   string        `json:"model"`
	Choices []chunkChoice `json:"choices"`
	// FactChecks is set on the chunk with the finish reason only (see StreamWriter).
	FactChecks any `json:"fact_checks,omitempty"`
}

// usageChunk is a chunk of a stream that asked for usage: "usage" is null but on the last.
type usageChunk struct {
	chunk
	Usage *Usage `json:"usage"`
}

type chunkChoice struct {
	Index        int     `json:"index"`
	Delta        delta   `json:"delta"`
	FinishReason *string `json:"finish_reason"`
}

type delta struct {
	Role        string       `json:"role,omitempty"`
	Content     *string      `json:"content,omitempty"`
	Annotations []Annotation `json:"annotations,omitempty"`
}

// Begin writes the first chunk: the assistant's role and empty content.
func (s *StreamWriter) Begin() error {
	empty := ""
	return s.choice(delta{Role: "assistant", Content: &empty}, nil)
}

// Text writes a content delta. Empty chunks are skipped.
func (s *StreamWriter) Text(content string) error {
	if content == "" {
		return nil
	}
	return s.choice(delta{Content: &content}, nil)
}

// Finish writes the last choice chunk with the finish reason and the annotations, then the
// usage chunk when usage was asked for, then [DONE].
func (s *StreamWriter) Finish(finishReason string, annotations []Annotation, usage *Usage) error {
	if err := s.choice(delta{Annotations: annotations}, &finishReason); err != nil {
		return err
	}
	if s.includeUsage {
		if usage == nil {
			usage = &Usage{}
		}
		c := chunk{ID: s.id, Object: "chat.completion.chunk", Created: s.created, Model: s.model, Choices: []chunkChoice{}}
		if err := s.write(usageChunk{c, usage}); err != nil {
			return err
		}
	}
	s.terminated = true
	return s.done()
}

// Error ends the stream with an error event ({"error":{...}}), on which the openai SDKs
// throw, then [DONE].
func (s *StreamWriter) Error(e Error) error {
	if s.terminated {
		return ErrTerminated
	}
	if err := s.write(ErrorBody{Error: e}); err != nil {
		return err
	}
	s.terminated = true
	return s.done()
}

// Terminated reports whether the stream has ended.
func (s *StreamWriter) Terminated() bool { return s.terminated }

func (s *StreamWriter) choice(d delta, finishReason *string) error {
	c := chunk{ID: s.id, Object: "chat.completion.chunk", Created: s.created, Model: s.model,
		Choices: []chunkChoice{{Delta: d, FinishReason: finishReason}}}
	if finishReason != nil {
		c.FactChecks = s.FactChecks
	}
	if s.includeUsage {
		return s.write(usageChunk{chunk: c})
	}
	return s.write(c)
}

func (s *StreamWriter) write(v any) error {
	if s.terminated {
		return ErrTerminated
	}
	return s.sse.JSON("", v)
}

func (s *StreamWriter) done() error { return s.sse.Data("[DONE]") }

func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}
