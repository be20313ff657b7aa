// Package datastream writes the chat stream wire format: Server-Sent Events whose data lines
// carry a one-character code and a JSON payload.
//
//	data: 0:"a chunk of answer text"
//
//	data: d:{"finishReason":"stop", ...}
//
// A stream holds any number of text lines and ends with exactly one terminal line, either
// d: (the answer finished) or e: (an error ended it). A stream that ends with neither means the
// connection broke.
package datastream

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/chatsvc/chat/pkg/wire/sse"
)

// ContentType is the media type of the stream.
const ContentType = sse.ContentType

// Line codes, as the specification names them.
const (
	CodeText   = '0'
	CodeFinish = 'd'
	CodeError  = 'e'
)

// ErrTerminated is returned by a write after the terminal line has gone out.
var ErrTerminated = errors.New("datastream: stream already terminated")

// Metadata is the payload of the terminal d: line.
type Metadata struct {
	// FinishReason is one of stop, length, content-filter, tool-calls.
	FinishReason string `json:"finishReason"`
	// Usage counts the tokens of the answer; zeros when the model reported none.
	Usage Usage `json:"usage"`
	// Sources are the web pages the answer was grounded on, deduplicated, in order; always
	// present, empty when the answer used no web source.
	Sources []Source `json:"sources"`
	// SearchQueries are the web searches the model ran.
	SearchQueries []string `json:"searchQueries,omitempty"`
	// SearchSuggestions is an HTML snippet the search provider's terms ask apps to show
	// next to a grounded answer. It is untrusted markup: render it isolated.
	SearchSuggestions string `json:"searchSuggestions,omitempty"`
	// Tokens are the market and security facts the server read for the conversation's
	// contract addresses (package tokenfacts' JSON shape), when there are any.
	Tokens any `json:"tokens,omitempty"`
	// TokenCandidates are the names or tickers of the question that matched several tokens
	// of comparable depth, none picked ({"query","candidates":[...]}), when there are any.
	TokenCandidates any `json:"tokenCandidates,omitempty"`
	// FactChecks are the figures the answer stated held against those facts
	// ({"fact","stated","value","source","as_of","verdict"}), when there are facts.
	FactChecks any `json:"factChecks,omitempty"`
	// FactChecksUnchecked counts the figures of a very long answer left unchecked (past the
	// length or the number of figures the checks judge), when there are any.
	FactChecksUnchecked int `json:"factChecksUnchecked,omitempty"`
}

// Usage counts tokens.
type Usage struct {
	PromptTokens     int `json:"promptTokens"`
	CompletionTokens int `json:"completionTokens"`
	// ReasoningTokens were spent thinking before the answer (billed as output).
	ReasoningTokens int `json:"reasoningTokens"`
	TotalTokens     int `json:"totalTokens"`
}

// Source is one web page an answer cites.
type Source struct {
	URL   string `json:"url"`
	Title string `json:"title"` // always there: the provider's title, else the page's host
}

// Writer writes one stream. It is not safe for concurrent use.
type Writer struct {
	sse        *sse.Writer
	terminated bool
}

// NewWriter returns a Writer on w that flushes after every line. It writes no header: call
// Start on an http.ResponseWriter, or use NewWriter directly on any io.Writer (tests,
// benchmarks).
func NewWriter(w io.Writer) *Writer { return &Writer{sse: sse.NewWriter(w)} }

// Start sets the stream headers, commits status 200 and returns a Writer for the body.
func Start(w http.ResponseWriter) *Writer {
	sse.StartHeaders(w.Header())
	w.WriteHeader(http.StatusOK)
	return NewWriter(w)
}

// Text writes a chunk of answer text. Empty chunks are skipped.
func (s *Writer) Text(chunk string) error {
	if chunk == "" {
		return nil
	}
	return s.line(CodeText, chunk, false)
}

// Finish writes the terminal d: line. Should the token facts, candidates or fact checks fail
// to encode (a number JSON cannot carry), the line goes out without them rather than not at
// all: a stream must end with d: or e:.
func (s *Writer) Finish(m Metadata) error {
	if m.Sources == nil {
		m.Sources = []Source{}
	}
	if s.terminated {
		return ErrTerminated
	}
	if _, err := json.Marshal(m); err != nil {
		m.Tokens, m.TokenCandidates, m.FactChecks = nil, nil, nil
	}
	return s.line(CodeFinish, m, true)
}

// Error writes the terminal e: line; msg is shown to the caller as it is.
func (s *Writer) Error(msg string) error { return s.line(CodeError, msg, true) }

// Terminated reports whether the terminal line has been written.
func (s *Writer) Terminated() bool { return s.terminated }

func (s *Writer) line(code byte, payload any, terminal bool) error {
	if s.terminated {
		return ErrTerminated
	}
	if terminal {
		s.terminated = true
	}
	return s.sse.JSON(prefixes[code], payload)
}

// prefixes are the data prefixes of the line codes, made once.
var prefixes = map[byte]string{CodeText: "0:", CodeFinish: "d:", CodeError: "e:"}
