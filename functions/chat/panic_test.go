package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"iter"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/aws/aws-lambda-go/lambdaurl"

	"github.com/chatsvc/chat/pkg/apikey"
	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/httpapi"
)

func TestAPIKeyVariableNamesAgree(t *testing.T) {
	if apikey.EnvVar != settings.APIKeyVar {
		t.Errorf("apikey publishes %s, the handler's settings name %s", apikey.EnvVar, settings.APIKeyVar)
	}
}

// fakeModel is a chat.Model made of a function.
type fakeModel struct {
	stream func(ctx context.Context, key string, c chat.Conversation) iter.Seq2[chat.Event, error]
}

var _ chat.Model = fakeModel{}

func (m fakeModel) Stream(ctx context.Context, key string, c chat.Conversation) iter.Seq2[chat.Event, error] {
	return m.stream(ctx, key, c)
}

// panicky panics before its first event when the question says "before", after one text
// event when it says "after", and answers normally otherwise.
var panicky = fakeModel{stream: func(_ context.Context, _ string, c chat.Conversation) iter.Seq2[chat.Event, error] {
	q := c.Messages[len(c.Messages)-1].Content
	return func(yield func(chat.Event, error) bool) {
		if strings.Contains(q, "before") {
			panic("boom before the stream")
		}
		if !yield(chat.Event{Text: "Hello"}, nil) {
			return
		}
		if strings.Contains(q, "after") {
			panic("boom in the middle of the stream")
		}
		yield(chat.Event{Finish: &chat.Finish{Reason: chat.FinishStop}}, nil)
	}
}}

// TestPanicInLambda drives the handler the way lambdaurl does inside the runtime loop, one
// invocation after another on one handler: a panic is answered, logged with the Lambda
// request id, and the next invocation is served.
func TestPanicInLambda(t *testing.T) {
	var logs bytes.Buffer
	h := httpapi.NewHandler(httpapi.Options{
		Model:     panicky,
		APIKey:    func() string { return "key" },
		RequestID: lambdaRequestID,
		Logger:    slog.New(slog.NewJSONHandler(&logs, nil)),
	})
	invoke := lambdaurl.Wrap(h)

	tests := []struct {
		name       string
		question   string
		wantStatus int
		wantBody   string
	}{
		{"panic before the stream", "before", 500, `{"error":"AI service error"`},
		{"panic after the first chunk", "after", 200, "data: 0:\"Hello\"\n\ndata: e:"},
		{"the next invocation", "hello", 200, "data: 0:\"Hello\"\n\ndata: d:{\"finishReason\":\"stop\","},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			id := "req-" + tc.question
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			ctx = lambdacontext.NewContext(ctx, &lambdacontext.LambdaContext{AwsRequestID: id})
			body, _ := json.Marshal(map[string]any{"messages": []map[string]string{{"role": "user", "content": tc.question}}})
			req := &events.LambdaFunctionURLRequest{RawPath: httpapi.Path, Body: string(body),
				Headers: map[string]string{"content-type": "application/json"}}
			req.RequestContext.HTTP.Method = "POST"
			req.RequestContext.DomainName = "fn.lambda-url.us-east-1.on.aws"

			resp, err := invoke(ctx, req)
			if err != nil {
				t.Fatalf("invoke: %v", err)
			}
			out, err := io.ReadAll(resp) // prelude, 8 NUL bytes, body: what goes to the Runtime API
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			head, rest, _ := bytes.Cut(out, make([]byte, 8))
			var prelude struct {
				StatusCode int               `json:"statusCode"`
				Headers    map[string]string `json:"headers"`
			}
			if err := json.Unmarshal(head, &prelude); err != nil {
				t.Fatalf("prelude %q: %v", head, err)
			}
			if prelude.StatusCode != tc.wantStatus || !strings.HasPrefix(string(rest), tc.wantBody) {
				t.Errorf("got %d %q, want %d %q...", prelude.StatusCode, rest, tc.wantStatus, tc.wantBody)
			}
			if prelude.Headers["X-Request-Id"] != id {
				t.Errorf("X-Request-Id = %q, want %q", prelude.Headers["X-Request-Id"], id)
			}
			lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
			if len(lines) != i+1 || !strings.Contains(lines[i], `"request_id":"`+id+`"`) {
				t.Fatalf("log line %d lacks request id %s:\n%s", i, id, logs.String())
			}
			if tc.question != "hello" && !strings.Contains(lines[i], "panic: boom") {
				t.Errorf("log line lacks the panic: %s", lines[i])
			}
		})
	}
}
