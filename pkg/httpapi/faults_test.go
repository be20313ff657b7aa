package httpapi_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	sse "github.com/tmaxmax/go-sse"
	"go.uber.org/goleak"

	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/gemini"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/httpapi"
)

// fault is one upstream failure and what a caller must get for it.
type fault struct {
	// replies are the fake's answers to successive calls; the last one repeats.
	replies []fakeprovider.Reply
	// maxDuration is the request time limit; zero means 2 s.
	maxDuration time.Duration

	status     int    // the HTTP status the caller gets
	errorText  string // non-200: the error body's error field
	details    string // non-200: a part of the error body's details
	retryAfter string // non-200: the Retry-After header ("" for none)

	terminal byte   // 200: the terminal line's code, 'd' or 'e'
	payload  string // 200: a part of the terminal payload
	text     string // 200: the answer text before the terminal line

	calls    int    // upstream calls made (retries included)
	cause    string // a part of the request log line's cause ("" for no cause)
	log      string // a part of the whole log, when the cause is logged elsewhere
	canceled bool   // the upstream call must have been cancelled
}

// TestFaults drives the real handler and the real genai client against every upstream
// fault of the matrix, and checks for each: what the caller gets, exactly one
// terminal line in a stream, the log line with the cause, no panic, and no goroutine left
// behind once the servers are closed.
//
// Retry policy (pkg/gemini): 500, 502, 503 and 504 before any answer text are retried, three
// calls in all, 200 ms then 400 ms apart, only while the deadline leaves a second for the next
// call; 429, other 4xx, network and format errors are never retried. A 429 falls over at once
// to the next candidate model of another quota bucket (here the flash-lite alias, which the
// script refuses too: two calls).
func TestFaults(t *testing.T) {
	const bigText = 1 << 20 // one 1 MiB text chunk is still an answer, forwarded whole
	big := strings.Repeat("x", bigText)
	hello := fakeprovider.Step{Chunk: fakeprovider.Text("Hello")}
	stop := fakeprovider.Step{Chunk: fakeprovider.Finish("STOP")}

	cases := map[string]fault{
		// A 429 that says nothing of the quota closes its bucket for a minute: the wait
		// the caller is told is that minute.
		"429 without retry delay": {
			replies: []fakeprovider.Reply{fakeprovider.RateLimited(0)},
			status:  http.StatusTooManyRequests, errorText: httpapi.MsgRateLimited, details: "try again in 60 seconds",
			retryAfter: "60", calls: 2, cause: "Error 429",
		},
		"429 with retry delay": {
			replies: []fakeprovider.Reply{fakeprovider.RateLimited(34400 * time.Millisecond)},
			status:  http.StatusTooManyRequests, errorText: httpapi.MsgRateLimited, details: "try again in 35 seconds",
			retryAfter: "35", calls: 2, cause: "Error 429",
		},
		"429 for one second": {
			replies: []fakeprovider.Reply{fakeprovider.RateLimited(800 * time.Millisecond)},
			status:  http.StatusTooManyRequests, errorText: httpapi.MsgRateLimited, details: "try again in 1 second",
			retryAfter: "1", calls: 2, cause: "Error 429",
		},
		"429 with only an HTTP Retry-After header": {
			replies: []fakeprovider.Reply{{Status: 429, Header: http.Header{"Retry-After": {"12"}},
				Body: fakeprovider.ErrorBody(429, "RESOURCE_EXHAUSTED", "quota exceeded")}},
			status: http.StatusTooManyRequests, errorText: httpapi.MsgRateLimited, details: "try again in 12 seconds",
			retryAfter: "12", calls: 2, cause: "Error 429",
		},
		"500 retried then given up": {
			replies: []fakeprovider.Reply{fakeprovider.Error(500, "INTERNAL", "internal error")},
			status:  http.StatusInternalServerError, errorText: httpapi.MsgServiceError, details: "upstream status 500",
			calls: 3, cause: "Error 500", log: "retrying",
		},
		"502 retried then given up": {
			replies: []fakeprovider.Reply{fakeprovider.Error(502, "UNAVAILABLE", "bad gateway")},
			status:  http.StatusInternalServerError, errorText: httpapi.MsgServiceError, details: "upstream status 502",
			calls: 3, cause: "Error 502",
		},
		"503 retried then given up": {
			replies: []fakeprovider.Reply{fakeprovider.Error(503, "UNAVAILABLE", "The model is overloaded.")},
			status:  http.StatusInternalServerError, errorText: httpapi.MsgServiceError, details: "upstream status 503",
			calls: 3, cause: "Error 503",
		},
		"504 retried then given up": {
			replies: []fakeprovider.Reply{fakeprovider.Error(504, "DEADLINE_EXCEEDED", "deadline exceeded")},
			status:  http.StatusInternalServerError, errorText: httpapi.MsgServiceError, details: "upstream status 504",
			calls: 3, cause: "Error 504",
		},
		"503 once then an answer": {
			replies: []fakeprovider.Reply{
				fakeprovider.Error(503, "UNAVAILABLE", "The model is overloaded."),
				{Steps: []fakeprovider.Step{hello, stop}},
			},
			status: http.StatusOK, terminal: 'd', payload: `"finishReason":"stop"`, text: "Hello",
			calls: 2, log: "retrying",
		},
		"503 too near the deadline is not retried": {
			replies:     []fakeprovider.Reply{{Status: 503, Delay: 700 * time.Millisecond, Body: fakeprovider.ErrorBody(503, "UNAVAILABLE", "overloaded")}},
			maxDuration: 2 * time.Second,
			status:      http.StatusInternalServerError, errorText: httpapi.MsgServiceError, details: "upstream status 503",
			calls: 1, cause: "Error 503",
		},
		"400 is not retried": {
			replies: []fakeprovider.Reply{fakeprovider.Error(400, "INVALID_ARGUMENT", "bad request")},
			status:  http.StatusInternalServerError, errorText: httpapi.MsgServiceError, details: "upstream status 400",
			calls: 1, cause: "Error 400",
		},
		"non-JSON error body": {
			replies: []fakeprovider.Reply{{Status: 502, Header: http.Header{"Content-Type": {"text/html"}}, Body: "<html><body>502 Bad Gateway</body></html>"}},
			status:  http.StatusInternalServerError, errorText: httpapi.MsgServiceError, details: "upstream status 502",
			calls: 3, cause: "502 Bad Gateway",
		},
		// The time limit ends a stream with e:, also when no text came before it.
		"stall before the status past the deadline": {
			replies: []fakeprovider.Reply{{Delay: time.Minute}},
			status:  http.StatusOK, terminal: 'e', payload: "time limit",
			calls: 1, cause: "time limit reached", canceled: true,
		},
		"stall after the status before the first chunk": {
			replies: []fakeprovider.Reply{{Steps: []fakeprovider.Step{{Stall: true}}}},
			status:  http.StatusOK, terminal: 'e', payload: "time limit",
			calls: 1, cause: "time limit reached", canceled: true,
		},
		// A finished answer stays finished when the upstream keeps the connection open.
		"stall after the finish reason": {
			replies:     []fakeprovider.Reply{{Steps: []fakeprovider.Step{hello, stop, {Stall: true}}}},
			maxDuration: 10 * time.Second,
			status:      http.StatusOK, terminal: 'd', payload: `"finishReason":"stop"`, text: "Hello",
			calls: 1, log: "after the finish reason", canceled: true,
		},
		"dropped connection after the finish reason": {
			replies: []fakeprovider.Reply{{Steps: []fakeprovider.Step{hello, stop, {Drop: true}}}},
			status:  http.StatusOK, terminal: 'd', payload: `"finishReason":"stop"`, text: "Hello",
			calls: 1, log: "after the finish reason",
		},
		"error event after the finish reason is not retried": {
			replies: []fakeprovider.Reply{{Steps: []fakeprovider.Step{stop, {Chunk: fakeprovider.MidStreamError(503, "UNAVAILABLE", "overloaded")}}}},
			status:  http.StatusOK, terminal: 'd', payload: `"finishReason":"stop"`,
			calls: 1, log: "after the finish reason",
		},
		// The time limit falls inside the grace (finish at 2.8 s, cut at 3.6 s, grace until
		// 3.8 s): the answer was complete, so it ends with d:.
		"time limit after the finish reason": {
			replies:     []fakeprovider.Reply{{Steps: []fakeprovider.Step{hello, {Delay: 2800 * time.Millisecond, Chunk: fakeprovider.Finish("STOP")}, {Stall: true}}}},
			maxDuration: 4 * time.Second,
			status:      http.StatusOK, terminal: 'd', payload: `"finishReason":"stop"`, text: "Hello",
			calls: 1, log: "after the finish reason", canceled: true,
		},
		"stall mid-stream": {
			replies: []fakeprovider.Reply{{Steps: []fakeprovider.Step{hello, {Stall: true}}}},
			status:  http.StatusOK, terminal: 'e', payload: "time limit", text: "Hello",
			calls: 1, cause: "time limit reached", canceled: true,
		},
		"garbage before the first chunk": {
			replies: []fakeprovider.Reply{{Steps: []fakeprovider.Step{{Raw: "data: {\"candidates\": [garbage\r\n\r\n"}}}},
			status:  http.StatusInternalServerError, errorText: httpapi.MsgServiceError, details: "malformed",
			calls: 1, cause: "unmarshalling",
		},
		"garbage bytes mid-stream": {
			replies: []fakeprovider.Reply{{Steps: []fakeprovider.Step{hello, {Raw: "\x00\xff\xfe\x01 not an event\r\n\r\n"}, stop}}},
			status:  http.StatusOK, terminal: 'e', payload: "failed while answering", text: "Hello",
			calls: 1, cause: "invalid stream chunk",
		},
		"oversized chunk is forwarded whole": {
			// Verbatim: this is about the bytes, not the model simulation. The provider's
			// count keeps it under MAX_TOKENS (a run of one letter is few real tokens).
			replies: []fakeprovider.Reply{{Steps: []fakeprovider.Step{fakeprovider.Verbatim(withCount(fakeprovider.Text(big), 3000)), stop}}},
			status:  http.StatusOK, terminal: 'd', payload: `"finishReason":"stop"`, text: big,
			calls: 1,
		},
		"event over the upstream event bound": {
			replies: []fakeprovider.Reply{{Steps: []fakeprovider.Step{hello, fakeprovider.Verbatim(fakeprovider.Text(strings.Repeat("y", gemini.MaxEventBytes))), stop}}},
			status:  http.StatusOK, terminal: 'e', payload: "failed while answering", text: "Hello",
			calls: 1, cause: "exceeds 4 MiB", log: "exceeds 4 MiB",
			// The cut comes from the byte count; a short limit would race it on a busy
			// machine under -race (4 MiB through the SDK's scanner).
			maxDuration: 15 * time.Second,
		},
		"dropped connection before the first chunk": {
			replies: []fakeprovider.Reply{{Steps: []fakeprovider.Step{{Drop: true}}}},
			status:  http.StatusInternalServerError, errorText: httpapi.MsgServiceError, details: "could not be reached",
			calls: 1, cause: "unexpected EOF",
		},
		"dropped connection mid-stream": {
			replies: []fakeprovider.Reply{{Steps: []fakeprovider.Step{hello, {Drop: true}}}},
			status:  http.StatusOK, terminal: 'e', payload: "failed while answering", text: "Hello",
			calls: 1, cause: "unexpected EOF",
		},
		"clean close without finish reason": {
			replies: []fakeprovider.Reply{{Steps: []fakeprovider.Step{hello}}},
			status:  http.StatusOK, terminal: 'e', payload: "ended unexpectedly", text: "Hello",
			calls: 1, cause: "without a finish reason",
		},
		"clean close without any chunk": {
			replies: []fakeprovider.Reply{{}},
			status:  http.StatusInternalServerError, errorText: httpapi.MsgServiceError, details: "empty answer",
			calls: 1, cause: "without any event",
		},
		"blocked prompt": {
			replies: []fakeprovider.Reply{fakeprovider.Stream(0, fakeprovider.Blocked("SAFETY"))},
			status:  http.StatusOK, terminal: 'd', payload: `"finishReason":"content-filter"`,
			calls: 1, log: "prompt blocked",
		},
		"error object mid-stream": {
			replies: []fakeprovider.Reply{{Steps: []fakeprovider.Step{hello, {Chunk: fakeprovider.MidStreamError(500, "INTERNAL", "mid-stream failure")}, stop}}},
			status:  http.StatusOK, terminal: 'e', payload: "failed while answering", text: "Hello",
			calls: 1, cause: "mid-stream failure",
		},
		"rate-limit error object before any text": {
			replies: []fakeprovider.Reply{fakeprovider.Stream(0, fakeprovider.MidStreamError(429, "RESOURCE_EXHAUSTED", "quota"))},
			status:  http.StatusTooManyRequests, errorText: httpapi.MsgRateLimited, retryAfter: "60",
			calls: 2, cause: "Error 429",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			// Registered first, so it runs last: after the servers and bodies are closed.
			ignore := goleak.IgnoreCurrent()
			t.Cleanup(func() {
				// Connections wind down asynchronously; give a loaded machine 5 s.
				for end := time.Now().Add(5 * time.Second); goleak.Find(ignore) != nil && time.Now().Before(end); {
					time.Sleep(50 * time.Millisecond)
				}
				goleak.VerifyNone(t, ignore)
			})
			runFault(t, tc)
		})
	}
}

// withCount gives a chunk the provider's running count of answer tokens.
func withCount(c fakeprovider.Chunk, candidates int) fakeprovider.Chunk {
	c["usageMetadata"] = map[string]any{"candidatesTokenCount": candidates, "totalTokenCount": candidates}
	return c
}

func runFault(t *testing.T, tc fault) {
	t.Helper()
	var calls atomic.Int32
	script := func(fakeprovider.Request) fakeprovider.Reply {
		n := int(calls.Add(1))
		return tc.replies[min(n, len(tc.replies))-1]
	}
	limit := tc.maxDuration
	if limit == 0 {
		limit = 2 * time.Second
	}
	stack := teststack.Start(t, script, teststack.WithMaxDuration(limit))
	start := time.Now()
	resp := stack.Ask(t, "What is the price of ETH?")

	if resp.StatusCode != tc.status {
		t.Fatalf("status = %d, want %d", resp.StatusCode, tc.status)
	}
	if tc.status == http.StatusOK {
		st := readLargeStream(t, resp.Body)
		term := st.Terminal(t)
		if term.Code != tc.terminal || !strings.Contains(term.Payload, tc.payload) {
			t.Errorf("terminal = %c:%.200s, want %c: containing %q", term.Code, term.Payload, tc.terminal, tc.payload)
		}
		if got := st.Text(); got != tc.text {
			t.Errorf("answer text = %.80q (%d bytes), want %.80q (%d bytes)", got, len(got), tc.text, len(tc.text))
		}
	} else {
		body := teststack.ErrorBody(t, resp)
		if body.Error != tc.errorText || !strings.Contains(body.Details, tc.details) {
			t.Errorf("error body = %+v, want error %q, details containing %q", body, tc.errorText, tc.details)
		}
		if got := resp.Header.Get("Retry-After"); got != tc.retryAfter {
			t.Errorf("Retry-After = %q, want %q", got, tc.retryAfter)
		}
	}
	if took := time.Since(start); took > limit+time.Second {
		t.Errorf("answered after %v, beyond the time limit of %v", took, limit)
	}

	logLine := stack.Logs.WaitRequestLog(t, 1)[0]
	if got := int(logLine["status"].(float64)); got != tc.status {
		t.Errorf("logged status = %d, want %d", got, tc.status)
	}
	cause, _ := logLine["cause"].(string)
	switch {
	case tc.cause == "" && cause != "":
		t.Errorf("logged cause = %.300q, want none", cause)
	case !strings.Contains(cause, tc.cause):
		t.Errorf("logged cause = %.300q, want it to contain %q", cause, tc.cause)
	}
	logs := stack.Logs.String()
	for _, line := range strings.Split(logs, "\n") {
		if len(line) > 8<<10 {
			t.Errorf("a log line of %d bytes: %.300s", len(line), line)
		}
	}
	if !strings.Contains(logs, tc.log) {
		t.Errorf("log does not mention %q:\n%.2000s", tc.log, logs)
	}
	// Every line about this request, the model adapter's included, names it.
	if id, _ := logLine["request_id"].(string); id != "" {
		for _, line := range strings.Split(strings.TrimSpace(logs), "\n") {
			if strings.Contains(line, tc.log) && !strings.Contains(line, `"request_id":"`+id+`"`) {
				t.Errorf("log line without the request id %s: %.300s", id, line)
			}
		}
	} else {
		t.Error("the request log line has no request_id")
	}
	if strings.Contains(logs, "panic") {
		t.Errorf("a panic was logged:\n%.2000s", logs)
	}
	if got := int(calls.Load()); got != tc.calls {
		t.Errorf("upstream calls = %d, want %d", got, tc.calls)
	}
	if tc.canceled {
		select {
		case <-stack.Upstream.Canceled():
		case <-time.After(2 * time.Second):
			t.Error("the upstream call was not cancelled")
		}
	}
}

// readLargeStream is teststack.ReadStream with room for events up to 8 MiB (go-sse's default
// bound is 64 KiB; browsers have none).
func readLargeStream(t *testing.T, body io.Reader) teststack.Stream {
	t.Helper()
	var st teststack.Stream
	for ev, err := range sse.Read(body, &sse.ReadConfig{MaxEventSize: 8 << 20}) {
		if err != nil {
			st.Err = err
			break
		}
		code, payload, ok := strings.Cut(ev.Data, ":")
		if !ok || len(code) != 1 || !json.Valid([]byte(payload)) {
			t.Errorf("malformed stream event %.200q", ev.Data)
			continue
		}
		st.Lines = append(st.Lines, teststack.Line{Code: code[0], Payload: payload, At: time.Now()})
	}
	return st
}

// TestLongUpstreamCauseIsClipped: an upstream error that quotes a megabyte of the upstream's
// bytes (here the SDK's "error unmarshalling data" for a malformed 1 MiB event) is logged
// clipped.
func TestLongUpstreamCauseIsClipped(t *testing.T) {
	garbage := fakeprovider.Step{Raw: "data: {" + strings.Repeat("z", 1<<20) + "\r\n\r\n"}
	runFault(t, fault{
		replies: []fakeprovider.Reply{{Steps: []fakeprovider.Step{{Chunk: fakeprovider.Text("Hello")}, garbage}}},
		status:  http.StatusOK, terminal: 'e', payload: "failed while answering", text: "Hello",
		calls: 1, cause: "bytes cut]", maxDuration: 15 * time.Second,
	})
}
