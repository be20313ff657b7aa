// Package uistream writes the AI SDK's UI message stream protocol (version 1): Server-Sent
// Events whose data lines are JSON chunks, ending with "data: [DONE]". It is what the AI
// SDK's useChat (DefaultChatTransport) and assistant-ui's default runtime read.
//
//	data: {"type":"start"}
//
//	data: {"type":"text-start","id":"text-1"}
//
//	data: {"type":"text-delta","id":"text-1","delta":"Hello"}
//
//	data: {"type":"text-end","id":"text-1"}
//
//	data: {"type":"source-url","sourceId":"source-1","url":"https://...","title":"..."}
//
//	data: {"type":"finish","finishReason":"stop","messageMetadata":{...}}
//
//	data: [DONE]
//
// A stream ends with a finish chunk or an error chunk ({"type":"error","errorText":"..."}),
// then [DONE]. A stream without [DONE] means the connection broke.
package uistream

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/chatsvc/chat/pkg/wire/sse"
)

// The response headers of the protocol, as the AI SDK's own servers send them.
const (
	ContentType   = sse.ContentType
	VersionHeader = "X-Vercel-Ai-Ui-Message-Stream"
	Version       = "v1"
)

// ErrTerminated is returned by a write after the stream ended.
var ErrTerminated = errors.New("uistream: stream already terminated")

// Source is a web page the answer cites: one source-url chunk.
type Source struct {
	URL   string
	Title string
}

// Finish closes an answer.
type Finish struct {
	// Reason is the AI SDK's finish reason: stop, length, content-filter, tool-calls, error
	// or other; "" for none.
	Reason  string
	Sources []Source
	// Metadata becomes the message's metadata (messageMetadata); nil for none.
	Metadata any
	// Data are data parts written after the sources and before the finish chunk.
	Data []DataPart
}

// DataPart is a data-<Name> part.
type DataPart struct {
	Name, ID string
	Data     any
}

// Writer writes one stream. It is not safe for concurrent use.
type Writer struct {
	sse        *sse.Writer
	textID     string // the open text part, "" when none is open
	texts      int
	terminated bool
}

// NewWriter returns a Writer on w that flushes after every chunk. It writes nothing yet: call
// Begin (Start does both for an http.ResponseWriter).
func NewWriter(w io.Writer) *Writer { return &Writer{sse: sse.NewWriter(w)} }

// Start sets the protocol's headers, commits status 200, writes the start chunk and returns
// the Writer for the rest.
func Start(w http.ResponseWriter) (*Writer, error) {
	sse.StartHeaders(w.Header())
	w.Header().Set(VersionHeader, Version)
	w.WriteHeader(http.StatusOK)
	s := NewWriter(w)
	return s, s.Begin()
}

// Begin writes the start chunk.
func (s *Writer) Begin() error { return s.chunk(startChunk{Type: "start"}, false) }

// Data writes a data part, data-<name>, with id (a later part with the same id replaces it
// on the client); data is any JSON value.
func (s *Writer) Data(name, id string, data any) error {
	return s.chunk(dataChunk{Type: "data-" + name, ID: id, Data: data}, false)
}

// Text writes a chunk of answer text, opening a text part first if none is open. Empty
// chunks are skipped.
func (s *Writer) Text(delta string) error {
	if delta == "" {
		return nil
	}
	if s.textID == "" {
		s.texts++
		s.textID = "text-" + strconv.Itoa(s.texts)
		if err := s.chunk(textChunk{Type: "text-start", ID: s.textID}, false); err != nil {
			return err
		}
	}
	return s.chunk(textChunk{Type: "text-delta", ID: s.textID, Delta: &delta}, false)
}

// Finish closes the open text part, writes a source-url chunk for each source, the finish
// chunk and [DONE].
func (s *Writer) Finish(f Finish) error {
	if err := s.endText(); err != nil {
		return err
	}
	for i, src := range f.Sources {
		c := sourceChunk{Type: "source-url", SourceID: "source-" + strconv.Itoa(i+1), URL: src.URL, Title: src.Title}
		if err := s.chunk(c, false); err != nil {
			return err
		}
	}
	for _, d := range f.Data {
		if _, err := json.Marshal(d.Data); err != nil {
			continue // a part JSON cannot carry is left out, never the finish after it
		}
		if err := s.Data(d.Name, d.ID, d.Data); err != nil {
			return err
		}
	}
	if err := s.chunk(finishChunk{Type: "finish", FinishReason: f.Reason, MessageMetadata: f.Metadata}, true); err != nil {
		return err
	}
	return s.done()
}

// Error closes the open text part and ends the stream with an error chunk and [DONE];
// text is shown to the caller as it is.
func (s *Writer) Error(text string) error {
	if err := s.endText(); err != nil {
		return err
	}
	if err := s.chunk(errorChunk{Type: "error", ErrorText: text}, true); err != nil {
		return err
	}
	return s.done()
}

// Terminated reports whether the stream has ended.
func (s *Writer) Terminated() bool { return s.terminated }

func (s *Writer) endText() error {
	if s.textID == "" || s.terminated {
		return nil
	}
	id := s.textID
	s.textID = ""
	return s.chunk(textChunk{Type: "text-end", ID: id}, false)
}

type startChunk struct {
	Type string `json:"type"`
}

type textChunk struct {
	Type  string  `json:"type"`
	ID    string  `json:"id"`
	Delta *string `json:"delta,omitempty"`
}

type sourceChunk struct {
	Type     string `json:"type"`
	SourceID string `json:"sourceId"`
	URL      string `json:"url"`
	Title    string `json:"title,omitempty"`
}

// finishChunk carries the finish reason, which the AI SDK from 5.0.92 on and assistant-stream
// read (AI SDK 5.0.0 to 5.0.91 validated the chunk strictly and refused it).
type finishChunk struct {
	Type            string `json:"type"`
	FinishReason    string `json:"finishReason,omitempty"`
	MessageMetadata any    `json:"messageMetadata,omitempty"`
}

type dataChunk struct {
	Type string `json:"type"`
	ID   string `json:"id,omitempty"`
	Data any    `json:"data"`
}

type errorChunk struct {
	Type      string `json:"type"`
	ErrorText string `json:"errorText"`
}

func (s *Writer) chunk(c any, terminal bool) error {
	if s.terminated {
		return ErrTerminated
	}
	if terminal {
		s.terminated = true
	}
	return s.sse.JSON("", c)
}

func (s *Writer) done() error { return s.sse.Data("[DONE]") }
