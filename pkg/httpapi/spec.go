package httpapi

// The specification's protocol: POST /api/chat with {"messages":[{"role","content"}]}, answered
// as its data stream (0:"text" ... d:{...}, errors as e:"..."; package datastream) and, before
// the stream, its JSON error body.

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/wire/datastream"
)

// specProtocol is the specification's protocol.
type specProtocol struct{ specEncoder }

func (specProtocol) name() string { return protoSpec }

func (specProtocol) decode(body map[string]json.RawMessage, l Limits) (chat.Conversation, Encoder, error) {
	conv, err := decodeSpec(body, l)
	return conv, specEncoder{}, err
}

// decodeSpec decodes the specification's shape.
func decodeSpec(body map[string]json.RawMessage, l Limits) (chat.Conversation, error) {
	return decodeMessages(body, l, "content", readSpecMessage)
}

// readSpecMessage reads a message of the specification's shape: a role and a content string.
func readSpecMessage(i int, fields map[string]json.RawMessage) (turn, error) {
	role, err := messageRole(i, fields)
	if err != nil {
		return turn{}, err
	}
	field := fmt.Sprintf("messages[%d].content", i)
	if _, ok := given(fields, "content"); !ok {
		if _, parts := given(fields, "parts"); parts {
			return turn{}, invalidAt(field,
				"messages[%d] has parts but no content, while another message has content: send content in every message (this service's format) or parts in every message (the AI SDK's UI messages), not a mix", i)
		}
	}
	content, err := stringField(i, "content", fields)
	return turn{role: role, texts: []string{content}, field: field}, err
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
	if server != nil && len(server.Candidates) > 0 {
		m.TokenCandidates = server.Candidates
	}
	if f.FactChecks != nil {
		m.FactChecks = f.FactChecks
	}
	m.FactChecksUnchecked = f.FactChecksUnchecked
	return m
}
