package tokenfacts

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// The upstream bodies are decoded leniently, field by field: a number sent as a string, a flag
// sent as 1 instead of "1", or an object where a list was expected makes that one field
// unknown instead of making the whole answer unusable. Only a body that is not JSON at all
// (truncated, HTML) is an invalid response.

// num is a number that may arrive as a JSON number or a numeric string; anything else,
// including NaN, infinities and magnitudes past maxMagnitude, leaves it unset.
type num struct {
	v  float64
	ok bool
}

func (n *num) UnmarshalJSON(b []byte) error {
	*n = num{}
	s := string(bytes.TrimSpace(b))
	if unq, err := strconv.Unquote(s); err == nil {
		s = strings.TrimSpace(unq)
	}
	if s == "" || s == "null" {
		return nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err == nil && sound(v) {
		*n = num{v: v, ok: true}
	}
	return nil
}

// bit is GoPlus's "1"/"0" (also 1/0 or true/false); anything else, "" included, is unknown.
type bit struct {
	v  bool
	ok bool
}

func (f *bit) UnmarshalJSON(b []byte) error {
	*f = bit{}
	s := string(bytes.TrimSpace(b))
	if unq, err := strconv.Unquote(s); err == nil {
		s = strings.TrimSpace(unq)
	}
	switch s {
	case "1", "true":
		*f = bit{v: true, ok: true}
	case "0", "false":
		*f = bit{v: false, ok: true}
	}
	return nil
}

func (f bit) ptr() *bool {
	if !f.ok {
		return nil
	}
	return ptr(f.v)
}

// text is a string field that tolerates any other JSON type (which leaves it empty).
type text string

func (t *text) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		*t = text(s)
	} else {
		*t = ""
	}
	return nil
}

// lenient decodes a T, or leaves it unset when the JSON does not fit T.
type lenient[T any] struct {
	v  T
	ok bool
}

func (l *lenient[T]) UnmarshalJSON(b []byte) error {
	var v T
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) || json.Unmarshal(b, &v) != nil {
		*l = lenient[T]{}
		return nil
	}
	*l = lenient[T]{v: v, ok: true}
	return nil
}
