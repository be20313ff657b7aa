// Package sse writes Server-Sent Events data lines, one event per write, flushed at once: the
// framing that the service's three stream encoders (datastream, uistream, openai) share.
package sse

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
)

// ContentType is the media type of an event stream.
const ContentType = "text/event-stream"

// StartHeaders sets the headers of an event stream: its type, no caching, and no buffering by
// proxies such as nginx.
func StartHeaders(h http.Header) {
	h.Set("Content-Type", ContentType)
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
}

// Writer writes events to w and flushes after each one when w is an http.ResponseWriter. It
// is not safe for concurrent use.
type Writer struct {
	w     io.Writer
	flush func() error
	buf   bytes.Buffer
}

// NewWriter returns a Writer on w.
func NewWriter(w io.Writer) *Writer {
	s := &Writer{w: w, flush: func() error { return nil }}
	if rw, ok := w.(http.ResponseWriter); ok {
		rc := http.NewResponseController(rw)
		s.flush = func() error {
			if err := rc.Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
				return err
			}
			return nil
		}
	}
	return s
}

// JSON writes one event whose data is prefix followed by v as JSON (HTML characters not
// escaped; U+2028 and U+2029 are, as encoding/json always does).
func (s *Writer) JSON(prefix string, v any) error {
	s.buf.Reset()
	s.buf.WriteString("data: ")
	s.buf.WriteString(prefix)
	enc := json.NewEncoder(&s.buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	// Encode ends with one newline; the event needs a blank line after it.
	s.buf.WriteByte('\n')
	return s.send()
}

// Data writes one event whose data is the literal text (such as [DONE]); it must hold no
// newline.
func (s *Writer) Data(text string) error {
	s.buf.Reset()
	s.buf.WriteString("data: ")
	s.buf.WriteString(text)
	s.buf.WriteString("\n\n")
	return s.send()
}

func (s *Writer) send() error {
	if _, err := s.w.Write(s.buf.Bytes()); err != nil {
		return err
	}
	return s.flush()
}
