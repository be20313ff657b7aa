package main_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
)

const (
	testKey  = "test-key-SECRET-0123456789"
	chunkGap = 200 * time.Millisecond
	// The address in events/contract-address.json.
	contractAddress = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
)

var answerChunks = []string{"Memecoins ", "are ", "volatile: ", "liquidity ", "can vanish."}

// upstream is the fake model provider of these tests.
type upstream struct {
	*fakeprovider.Server
	gap atomic.Int64 // between the answer's chunks: chunkGap unless a test paces it
}

func startUpstream(t *testing.T) *upstream {
	t.Helper()
	up := &upstream{}
	up.gap.Store(int64(chunkGap))
	up.Server = fakeprovider.NewServer(up.script)
	t.Cleanup(up.Close)
	return up
}

// script answers every question with five text chunks gap apart, then a finish.
func (up *upstream) script(fakeprovider.Request) fakeprovider.Reply {
	var chunks []fakeprovider.Chunk
	for _, c := range answerChunks {
		chunks = append(chunks, fakeprovider.Text(c))
	}
	chunks = append(chunks, fakeprovider.Grounded("", "STOP",
		[]fakeprovider.Web{{URI: "https://example.com/risks", Title: "Risks"}}, []string{"memecoin risks"}, "", 10, 20))
	return fakeprovider.Stream(time.Duration(up.gap.Load()), chunks...)
}

// pace sends the answers' chunks gap apart until the test ends.
func (up *upstream) pace(t *testing.T, gap time.Duration) {
	up.gap.Store(int64(gap))
	t.Cleanup(func() { up.gap.Store(int64(chunkGap)) })
}

// invocationCase is one invocation of TestFunctionURLInvocations and what its answer must be.
type invocationCase struct {
	event   string
	timeout time.Duration // from when the function takes the invocation to its deadline
	gap     time.Duration // between the answer's chunks, when not chunkGap
	check   func(t *testing.T, r response, res result)
}

// TestFunctionURLInvocations runs the bootstrap under a fake Runtime API and feeds one process
// the sample events, one after another, in any order.
func TestFunctionURLInvocations(t *testing.T) {
	up := startUpstream(t)
	fn := startFunction(t, map[string]string{
		"AIPROVIDER_BASE_URL":              up.BaseURL(),
		"AIPROVIDER_GENERATIVE_AI_API_KEY": testKey,
		"MAX_DURATION_SECONDS":             "50",
	})

	const long = 30 * time.Second
	tests := map[string]invocationCase{
		"question streams chunk by chunk": {event: "question.json", timeout: long, check: checkStreamedAnswer},
		"contract address": {event: "contract-address.json", timeout: long, check: func(t *testing.T, r response, _ result) {
			checkAddressSentUpstream(t, r, up)
		}},
		"UI messages get the UI message stream": {event: "ui-message.json", timeout: long, check: checkUIMessageStream},
		"OpenAI chat completions stream":        {event: "chat-completions.json", timeout: long, check: checkChatCompletionsStream},
		"OpenAI model list":                     {event: "models.json", timeout: long, check: checkModelList},
		"malformed body is a buffered 400":      {event: "malformed-body.json", timeout: long, check: checkBadRequest},
		"wrong method is a buffered 405":        {event: "wrong-method.json", timeout: long, check: checkMethodNotAllowed},
		// The handler cuts the answer a tenth of the time left before the deadline (at most
		// 1 s): at 2.7 s, between the answer's second chunk (1 s) and its fifth (5 s), 300 ms
		// before the deadline. Each margin is hundreds of milliseconds, so that a loaded
		// machine's scheduling does not decide the outcome (with 700 ms and chunks 200 ms apart,
		// a pause of 70 ms after the cut did).
		"short invocation deadline ends the stream with e:": {
			event: "question.json", timeout: 3 * time.Second, gap: time.Second, check: checkCutBeforeDeadline,
		},
		// Only a fake Runtime API hands out a spent invocation, but the answer must still be
		// a stream with its terminal line, not an empty 200.
		"deadline already passed ends with e: alone": {
			event: "question.json", timeout: -time.Second, check: checkSpentDeadline,
		},
	}
	served := 0
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			if tc.gap != 0 {
				up.pace(t, tc.gap)
			}
			res := fn.api.invoke(t, readEvent(t, tc.event), tc.timeout)
			served++
			r := decode(t, res)
			if id := r.prelude.Headers["X-Request-Id"]; !strings.HasPrefix(id, "8f5c3e1a-") {
				t.Errorf("X-Request-Id = %q, want the invocation's request id", id)
			}
			tc.check(t, r, res)
		})
	}

	// Still the same process, still serving.
	t.Run("after all of them, one more", func(t *testing.T) {
		r := decode(t, fn.api.invoke(t, readEvent(t, "question.json"), long))
		served++
		if term := r.terminal(t); term.code != 'd' {
			t.Errorf("terminal line %c:%s, want d:", term.code, term.payload)
		}
	})
	select {
	case <-fn.exited:
		t.Fatalf("the function exited: %v", fn.err)
	default:
	}
	checkRequestLog(t, fn, up, served)
}

// checkStreamedAnswer: the whole answer, chunk by chunk as the upstream sent it, and d:.
func checkStreamedAnswer(t *testing.T, r response, res result) {
	assertStream(t, r)
	if term := r.terminal(t); term.code != 'd' || !strings.Contains(term.payload, `"finishReason":"stop"`) {
		t.Errorf("terminal line %c:%s, want d: with finishReason stop", term.code, term.payload)
	}
	if got, want := r.text(), strings.Join(answerChunks, ""); got != want {
		t.Errorf("text = %q, want %q", got, want)
	}
	assertChunkByChunk(t, r, res)
}

// checkAddressSentUpstream: an answer, and the question's contract address reached the model.
func checkAddressSentUpstream(t *testing.T, r response, up *upstream) {
	assertStream(t, r)
	if term := r.terminal(t); term.code != 'd' {
		t.Errorf("terminal line %c:%s, want d:", term.code, term.payload)
	}
	found := false
	for _, q := range up.Requests() {
		found = found || strings.Contains(string(q.Raw), contractAddress)
	}
	if !found {
		t.Errorf("no upstream request carried the address %s", contractAddress)
	}
}

// checkUIMessageStream: the AI SDK's UI message stream, from start to [DONE].
func checkUIMessageStream(t *testing.T, r response, _ result) {
	if r.prelude.StatusCode != 200 || r.prelude.Headers["X-Vercel-Ai-Ui-Message-Stream"] != "v1" {
		t.Errorf("prelude %+v", r.prelude)
	}
	body := string(r.body)
	if !strings.HasPrefix(body, "data: {\"type\":\"start\"}\n\n") || !strings.Contains(body, `"type":"text-delta"`) ||
		!strings.HasSuffix(body, "data: [DONE]\n\n") || !strings.Contains(body, `"type":"finish","finishReason":"stop","messageMetadata":{"finishReason":"stop"`) {
		t.Errorf("body %q", body)
	}
}

// checkChatCompletionsStream: OpenAI's chunks, one per answer chunk, the usage and [DONE].
func checkChatCompletionsStream(t *testing.T, r response, _ result) {
	body := string(r.body)
	if r.prelude.StatusCode != 200 || !strings.Contains(body, `"object":"chat.completion.chunk"`) ||
		!strings.Contains(body, `"finish_reason":"stop"`) || !strings.Contains(body, `"choices":[],"usage":{"prompt_tokens"`) ||
		!strings.HasSuffix(body, "data: [DONE]\n\n") {
		t.Errorf("prelude %+v, body %q", r.prelude, body)
	}
	if got, want := strings.Count(body, `"delta":{"content":`), len(answerChunks); got != want {
		t.Errorf("%d content chunks, want %d", got, want)
	}
}

// checkModelList: OpenAI's model list names the service's one model.
func checkModelList(t *testing.T, r response, _ result) {
	if r.prelude.StatusCode != 200 || !strings.Contains(string(r.body), `"data":[{"id":"crypto-analyst","object":"model"`) {
		t.Errorf("prelude %+v, body %q", r.prelude, r.body)
	}
}

// checkBadRequest: a buffered 400 JSON error.
func checkBadRequest(t *testing.T, r response, _ result) {
	if r.prelude.StatusCode != http.StatusBadRequest {
		t.Errorf("prelude statusCode = %d, want 400", r.prelude.StatusCode)
	}
	if got := r.errorBody(t)["error"]; got != "Invalid request format" {
		t.Errorf("error = %q, want Invalid request format", got)
	}
}

// checkMethodNotAllowed: a buffered 405 JSON error that allows POST.
func checkMethodNotAllowed(t *testing.T, r response, _ result) {
	if r.prelude.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("prelude statusCode = %d, want 405", r.prelude.StatusCode)
	}
	if got := r.prelude.Headers["Allow"]; got != http.MethodPost {
		t.Errorf("Allow = %q, want POST", got)
	}
	r.errorBody(t)
}

// checkCutBeforeDeadline: the answer is cut in its middle by e: about the time limit, and the
// response ends before the invocation deadline.
func checkCutBeforeDeadline(t *testing.T, r response, res result) {
	assertStream(t, r)
	term := r.terminal(t)
	if term.code != 'e' || !strings.Contains(term.text(), "time limit") {
		t.Errorf("terminal line %c:%s, want e: about the time limit", term.code, term.payload)
	}
	if n := len(r.lines) - 1; n == 0 || n >= len(answerChunks) {
		t.Errorf("%d text chunks before the cut, want some but not all", n)
	}
	if !res.done.Before(res.deadline) {
		t.Errorf("the response ended %v after the invocation deadline", res.done.Sub(res.deadline))
	}
}

// checkSpentDeadline: a stream of one line, e: about the time limit.
func checkSpentDeadline(t *testing.T, r response, _ result) {
	assertStream(t, r)
	term := r.terminal(t)
	if len(r.lines) != 1 || term.code != 'e' || !strings.Contains(term.text(), "time limit") {
		t.Errorf("lines %+v, want one e: about the time limit", r.lines)
	}
}

// checkRequestLog: one request log line per invocation served, each with its Lambda request
// id, and the configured key on every upstream request.
func checkRequestLog(t *testing.T, fn *function, up *upstream, served int) {
	// The request line is logged after the response ends, so the Runtime API can hold the
	// whole response before the line is written: wait for it rather than read too early.
	fn.stderr.WaitRequestLog(t, served)
	logs := fn.stderr.String()
	if n := strings.Count(logs, `"msg":"chat request"`); n != served {
		t.Errorf("%d request log lines, want %d", n, served)
	}
	for i := 1; i <= served; i++ {
		if id := invocationID(i); !strings.Contains(logs, `"request_id":"`+id+`"`) {
			t.Errorf("no request log line with the Lambda request id %s", id)
		}
	}
	for _, q := range up.Requests() {
		if q.APIKey != testKey {
			t.Errorf("upstream got key %q, want the configured one", q.APIKey)
		}
	}
}

// TestHealthzInLambda: the bootstrap, through aws-lambda-go's runtime loop and lambdaurl,
// answers a Function URL's GET /healthz with 200 {"status":"ok"}, asking the model provider
// nothing.
func TestHealthzInLambda(t *testing.T) {
	up := startUpstream(t)
	fn := startFunction(t, map[string]string{
		"AIPROVIDER_BASE_URL":              up.BaseURL(),
		"AIPROVIDER_GENERATIVE_AI_API_KEY": testKey,
	})
	for range 2 { // and again, in the same process
		r := decode(t, fn.api.invoke(t, readEvent(t, "healthz.json"), 30*time.Second))
		if r.prelude.StatusCode != http.StatusOK || !strings.HasPrefix(r.prelude.Headers["Content-Type"], "application/json") ||
			strings.TrimSpace(string(r.body)) != `{"status":"ok"}` {
			t.Errorf("prelude %+v, body %q; want 200 application/json {\"status\":\"ok\"}", r.prelude, r.body)
		}
	}
	if reqs := up.Requests(); len(reqs) != 0 {
		t.Errorf("GET /healthz made %d upstream requests, want none", len(reqs))
	}
}

// assertStream checks the head of a 200 event stream.
func assertStream(t *testing.T, r response) {
	t.Helper()
	if r.prelude.StatusCode != http.StatusOK {
		t.Fatalf("prelude statusCode = %d, want 200; body %s", r.prelude.StatusCode, r.body)
	}
	if ct := r.prelude.Headers["Content-Type"]; !strings.HasPrefix(ct, "text/event-stream") {
		t.Errorf("Content-Type = %q, want text/event-stream", ct)
	}
}

// assertChunkByChunk checks that the text lines reached the Runtime API about as far apart
// as the upstream sent them, not in one lump at the end.
func assertChunkByChunk(t *testing.T, r response, res result) {
	t.Helper()
	var texts []line
	for _, l := range r.lines {
		if l.code == '0' {
			texts = append(texts, l)
		}
	}
	if len(texts) < 3 {
		t.Fatalf("only %d text lines", len(texts))
	}
	if len(res.pieces) < len(texts) {
		t.Errorf("the body arrived in %d reads for %d text lines", len(res.pieces), len(texts))
	}
	for i := 1; i < len(texts); i++ {
		if gap := texts[i].at.Sub(texts[i-1].at); gap < chunkGap/2 {
			t.Errorf("text line %d arrived %v after the one before, want about %v", i, gap, chunkGap)
		}
	}
	if early := res.done.Sub(texts[0].at); early < time.Duration(len(texts)-1)*chunkGap/2 {
		t.Errorf("the first text line arrived only %v before the end of the response", early)
	}
}

// TestInitErrorReported checks that invalid settings are reported on /init/error.
func TestInitErrorReported(t *testing.T) {
	fn := startFunction(t, map[string]string{"MAX_DURATION_SECONDS": "forever"})
	select {
	case b := <-fn.api.initErr:
		var e struct{ ErrorType, ErrorMessage string }
		if err := json.Unmarshal(b, &e); err != nil {
			t.Fatalf("init error body %q: %v", b, err)
		}
		if !strings.Contains(e.ErrorMessage, "MAX_DURATION_SECONDS") {
			t.Errorf("init error %+v does not name the variable", e)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no init error reported")
	}
	select {
	case <-fn.exited:
		if fn.err == nil {
			t.Error("the function exited with status 0")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the function did not exit")
	}
}

// TestSIGTERMEndsTheFunction: Lambda's SIGTERM at shutdown ends the process with status 0,
// instead of leaving it waiting for the next invocation until the SIGKILL; an answer in flight
// when it comes still ends with its terminal line.
func TestSIGTERMEndsTheFunction(t *testing.T) {
	up := startUpstream(t)
	fn := startFunction(t, map[string]string{
		"AIPROVIDER_BASE_URL":              up.BaseURL(),
		"AIPROVIDER_GENERATIVE_AI_API_KEY": testKey,
	})
	signaled := make(chan error, 1)
	go func() {
		time.Sleep(2 * chunkGap) // the answer is under way: its chunks are chunkGap apart
		signaled <- fn.proc.Signal(syscall.SIGTERM)
	}()
	r := decode(t, fn.api.invoke(t, readEvent(t, "question.json"), 30*time.Second))
	if err := <-signaled; err != nil {
		t.Fatal(err)
	}
	if term := r.terminal(t); term.code != 'd' || r.text() != strings.Join(answerChunks, "") {
		t.Errorf("answer in flight at SIGTERM: text %q, terminal %c:%s; want the whole answer and d:", r.text(), term.code, term.payload)
	}
	select {
	case <-fn.exited:
		if fn.err != nil {
			t.Errorf("the function ended with %v, want exit status 0", fn.err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the function still runs 5 s after SIGTERM and its last answer")
	}
	if logs := fn.stderr.String(); !strings.Contains(logs, "shutting down") {
		t.Errorf("no shutdown line in the log:\n%s", logs)
	}
}

// TestInitErrorIsOneJSONLine (issue 13, item 6): under Lambda, whose log is JSON, an invalid
// setting at start-up is logged as one JSON line at ERROR, like every other line of the
// function, and nothing else (no plain "chat: ..." line) is written.
func TestInitErrorIsOneJSONLine(t *testing.T) {
	fn := startFunction(t, map[string]string{"TEMPERATURE": "hot", "MAX_TOKENS": "0"})
	select {
	case <-fn.api.initErr:
	case <-time.After(10 * time.Second):
		t.Fatal("no init error reported")
	}
	select {
	case <-fn.exited:
	case <-time.After(10 * time.Second):
		t.Fatal("the function did not exit")
	}
	lines := strings.Split(strings.TrimSpace(fn.stderr.String()), "\n")
	if len(lines) != 1 {
		t.Fatalf("the function wrote %d lines, want one:\n%s", len(lines), fn.stderr.String())
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &m); err != nil {
		t.Fatalf("the line %q is not JSON: %v", lines[0], err)
	}
	e, _ := m["error"].(string)
	if m["level"] != "ERROR" || m["time"] == nil || m["msg"] == "" || !strings.Contains(e, "TEMPERATURE") || !strings.Contains(e, "MAX_TOKENS") {
		t.Errorf("line = %v, want time, level ERROR, msg and an error naming TEMPERATURE and MAX_TOKENS", m)
	}
}
