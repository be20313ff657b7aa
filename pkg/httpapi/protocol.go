package httpapi

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/chatsvc/chat/pkg/chat"

	"github.com/chatsvc/chat/pkg/deploy/settings"
)

// The protocols, as the request log names them.
const (
	protoSpec   = "datastream"
	protoUI     = "ui-message-stream"
	protoOpenAI = "chat-completions"
)

// protocol is one wire protocol the endpoint speaks, in one file of its own (spec.go, ui.go,
// openai.go): how its requests decode and how its answers and errors are written.
type protocol interface {
	Encoder
	// name is the protocol as the request log names it.
	name() string
	// decode reads a request's body into its conversation and the encoder of its answer
	// (which may depend on the request: OpenAI's stream flag).
	decode(body map[string]json.RawMessage, l Limits) (chat.Conversation, Encoder, error)
}

// protocolFor picks the protocol of a request, the one place that does: OpenAI's Chat
// Completions under /v1; on /api/chat the AI SDK's UI messages when the messages carry parts
// (body nil: not read yet), else the specification's data stream.
func protocolFor(path string, body map[string]json.RawMessage) protocol {
	switch {
	case settings.IsOpenAIPath(path):
		return openAIProtocol{}
	case body != nil && isUIRequest(body):
		return uiProtocol{}
	}
	return specProtocol{}
}

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
	protocolFor(r.URL.Path, nil).WriteError(w, e)
}
