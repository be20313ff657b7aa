package httpapi

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/chatsvc/chat/pkg/chat"

	"github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/wire/datastream"
)

// The protocols, as the request log names them.
const (
	protoSpec   = "datastream"
	protoUI     = "ui-message-stream"
	protoOpenAI = "chat-completions"
)

// Encoder renders one request's outcome in one wire protocol. The handler produces one
// sequence (text, then a finish or an error) whatever the protocol; the encoder chosen for
// the request turns it into bytes.
type Encoder interface {
	// WriteError answers with e when no answer began.
	WriteError(w http.ResponseWriter, e *Error)
	// Start begins an answer. What it writes at once (headers, a first event) is the
	// protocol's business: a buffered protocol writes nothing until the end.
	Start(w http.ResponseWriter, info StreamInfo) Stream
}

// StreamInfo is what an encoder may put on the wire about the answer as a whole.
type StreamInfo struct {
	// ID names the answer (the request id).
	ID string
	// Created is when the answer began.
	Created time.Time
	// Context is the request's server-made context (the facts the answer rests on, known
	// before its first text), nil when there is none.
	Context *chat.ServerContext
}

// Stream writes one answer. Exactly one of Finish and Fail ends it; a write error means the
// caller is gone.
type Stream interface {
	Text(chunk string) error
	Finish(f *chat.Finish) error
	Fail(e *Error) error
	Terminated() bool
}

// ErrorBody is the specification's JSON body of every non-stream response; the UI message
// stream protocol shares it.
type ErrorBody struct {
	Error   string `json:"error"`
	Details string `json:"details,omitempty"`
}

// WriteError answers r with e in the error body of its path's protocol: OpenAI's under /v1,
// the specification's elsewhere. It is for the guards in front of the Handler, so that their
// refusals read like the Handler's own.
func WriteError(w http.ResponseWriter, r *http.Request, e *Error) {
	if settings.IsOpenAIPath(r.URL.Path) {
		openAIErrors{}.WriteError(w, e)
		return
	}
	writeSpecError(w, e)
}

// writeSpecError writes the specification's error response.
func writeSpecError(w http.ResponseWriter, e *Error) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	e.SetRetryAfter(h)
	w.WriteHeader(e.Status)
	_ = json.NewEncoder(w).Encode(ErrorBody{Error: e.Message, Details: e.Details})
}

// specEncoder speaks the specification's data stream (package datastream).
type specEncoder struct{}

func (specEncoder) WriteError(w http.ResponseWriter, e *Error) { writeSpecError(w, e) }

func (specEncoder) Start(w http.ResponseWriter, info StreamInfo) Stream {
	return specStream{datastream.Start(w), info.Context}
}

type specStream struct {
	*datastream.Writer
	server *chat.ServerContext
}

func (s specStream) Finish(f *chat.Finish) error { return s.Writer.Finish(metadata(f, s.server)) }
func (s specStream) Fail(e *Error) error         { return s.Writer.Error(e.InStream) }

// metadata is the d: line of an answer: its finish, and the facts of the request's
// server-made context.
func metadata(f *chat.Finish, server *chat.ServerContext) datastream.Metadata {
	m := datastream.Metadata{
		FinishReason:      string(f.Reason),
		SearchQueries:     f.SearchQueries,
		SearchSuggestions: f.SearchSuggestions,
	}
	if f.Usage != nil {
		m.Usage = datastream.Usage{PromptTokens: f.Usage.PromptTokens, CompletionTokens: f.Usage.CompletionTokens,
			ReasoningTokens: f.Usage.ReasoningTokens, TotalTokens: f.Usage.TotalTokens}
	}
	for _, s := range f.Sources {
		m.Sources = append(m.Sources, datastream.Source{URL: s.URL, Title: s.Title})
	}
	if facts := server.FactsList(); len(facts) > 0 {
		m.Tokens = facts
	}
	if f.FactChecks != nil {
		m.FactChecks = f.FactChecks
	}
	return m
}
