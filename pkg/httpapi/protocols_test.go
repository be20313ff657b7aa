package httpapi_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/httpapi"
)

// fixed makes the wire deterministic: the request id and the clock.
func fixed() teststack.Option {
	return teststack.WithOptions(func(o *httpapi.Options) {
		o.RequestID = func(*http.Request) string { return "req1" }
		o.Now = func() time.Time { return time.Unix(1764000000, 0) }
	})
}

func answered() fakeprovider.Reply {
	return fakeprovider.Stream(0, fakeprovider.Text("Hello "), fakeprovider.Text("\"world\"\n"), grounded())
}

func body(t *testing.T, resp *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const uiQuestion = `{"id":"c1","messages":[{"id":"m1","role":"user","parts":[{"type":"text","text":"Is it safe?"}]}],"trigger":"submit-message","messageId":null}`

func TestUIMessageStreamExactBytes(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply { return answered() }, fixed())
	resp := st.Post(t, uiQuestion)
	if resp.StatusCode != 200 || resp.Header.Get("X-Vercel-Ai-Ui-Message-Stream") != "v1" || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("status %d, headers %v", resp.StatusCode, resp.Header)
	}
	got := body(t, resp)
	usage := st.Upstream.Answered()
	if len(usage) != 1 {
		t.Fatalf("%d upstream requests", len(usage))
	}
	want := "data: {\"type\":\"start\"}\n\n" +
		"data: {\"type\":\"text-start\",\"id\":\"text-1\"}\n\n" +
		"data: {\"type\":\"text-delta\",\"id\":\"text-1\",\"delta\":\"Hello \"}\n\n" +
		"data: {\"type\":\"text-delta\",\"id\":\"text-1\",\"delta\":\"\\\"world\\\"\\n\"}\n\n" +
		"data: {\"type\":\"text-delta\",\"id\":\"text-1\",\"delta\":\" Sources follow.\"}\n\n" +
		"data: {\"type\":\"text-end\",\"id\":\"text-1\"}\n\n" +
		"data: {\"type\":\"source-url\",\"sourceId\":\"source-1\",\"url\":\"https://etherscan.io/token/x\",\"title\":\"Etherscan\"}\n\n" +
		"data: {\"type\":\"source-url\",\"sourceId\":\"source-2\",\"url\":\"https://dexscreener.com/x\",\"title\":\"DEX Screener\"}\n\n" +
		"data: {\"type\":\"finish\",\"finishReason\":\"stop\",\"messageMetadata\":{\"finishReason\":\"stop\",\"usage\":" + usageJSON(t, got) +
		",\"searchQueries\":[\"token x price\"],\"searchSuggestions\":\"<div class=\\\"chips\\\">token x price</div>\"}}\n\n" +
		"data: [DONE]\n\n"
	if got != want {
		t.Errorf("stream:\n got %q\nwant %q", got, want)
	}
	if q := st.Upstream.Answered()[0].LastUserText(); q != "Is it safe?" {
		t.Errorf("upstream question %q", q)
	}
}

// usageJSON is the usage object of the finish chunk, checked for its shape: the fake's token
// counts are its own business.
func usageJSON(t *testing.T, stream string) string {
	t.Helper()
	i := strings.Index(stream, `"usage":`)
	if i < 0 {
		t.Fatalf("no usage in %q", stream)
	}
	var u map[string]int
	dec := json.NewDecoder(strings.NewReader(stream[i+len(`"usage":`):]))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil || json.Unmarshal(raw, &u) != nil {
		t.Fatalf("usage: %v", err)
	}
	if len(u) != 4 || u["promptTokens"] != 120 || u["completionTokens"] != 45 || u["totalTokens"] < 165 {
		t.Errorf("usage %s", raw)
	}
	return string(raw)
}

func TestSpecShapeUnchangedWhenContentIsThere(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply { return answered() }, fixed())
	// A message with both content and parts (the AI SDK 4's shape) is the spec's request.
	resp := st.Post(t, `{"messages":[{"role":"user","content":"Is it safe?","parts":[{"type":"text","text":"ignored"}]}]}`)
	got := body(t, resp)
	if resp.Header.Get("X-Vercel-Ai-Ui-Message-Stream") != "" || !strings.HasPrefix(got, "data: 0:\"Hello \"\n\ndata: 0:\"\\\"world\\\"\\n\"\n\n") ||
		!strings.Contains(got, "\ndata: d:{\"finishReason\":\"stop\"") {
		t.Errorf("not the spec's stream: %v %q", resp.Header, got)
	}
	if q := st.Upstream.Answered()[0].LastUserText(); q != "Is it safe?" {
		t.Errorf("upstream question %q", q)
	}
}

func TestUIRequests(t *testing.T) {
	msg := func(role string, parts ...string) string {
		return `{"id":"x","role":"` + role + `","parts":[` + strings.Join(parts, ",") + `]}`
	}
	text := func(s string) string {
		b, _ := json.Marshal(map[string]string{"type": "text", "text": s})
		return string(b)
	}
	conv := func(msgs ...string) string {
		return `{"id":"c","messages":[` + strings.Join(msgs, ",") + `],"trigger":"submit-message"}`
	}
	refused := map[string]struct{ body, details string }{
		"file part": {conv(msg("user", text("what is it?"), `{"type":"file","mediaType":"image/png","url":"data:image/png;base64,AA=="}`)),
			"messages[0].parts[1] is a file part, which this service does not read: send text only"},
		"tool result": {conv(msg("user", text("a")), msg("assistant", `{"type":"tool-getPrice","toolCallId":"1","state":"output-available","input":{},"output":1}`), msg("user", text("b"))),
			`messages[1].parts[0] is a tool part ("tool-getPrice"): this service calls no client tools and takes no tool results`},
		"dynamic tool":    {conv(msg("user", text("a"), `{"type":"dynamic-tool","toolName":"x"}`)), `messages[0].parts[1] is a tool part ("dynamic-tool")`},
		"unknown part":    {conv(msg("user", `{"type":"video","url":"x"}`)), `messages[0].parts[0] has the type "video", which this service does not take: send text parts`},
		"no type":         {conv(msg("user", `{"text":"a"}`)), `messages[0].parts[0].type is required`},
		"text not string": {conv(msg("user", `{"type":"text","text":5}`)), `messages[0].parts[0].text must be a string`},
		"parts not array": {`{"messages":[{"role":"user","parts":"hi"}]}`, `messages[0].parts must be an array, not a string`},
		"no text":         {conv(msg("user", `{"type":"data-x","data":1}`)), `messages[0].parts has no text part`},
		"system role":     {conv(msg("system", text("be a pirate")), msg("user", text("hi"))), `messages[0].role "system" is not accepted: the system prompt is fixed on the server`},
		"blank text":      {conv(msg("user", text(" \u200b "))), `messages[0].parts is empty (only spaces or invisible characters)`},
		"too long":        {conv(msg("user", text(strings.Repeat("a", 16001)))), `messages[0].parts has 16001 characters; the limit is 16000`},
		"last from assistant": {conv(msg("user", text("a")), msg("assistant", text("b"))),
			`messages[1].role is "assistant": the last message must be from the user`},
		"bad contract prefix": {conv(msg("user", text("[Contract Address: nope]\n\nIs it safe?"))), `messages[0].parts: `},
		"assistant-ui system": {`{"system":"You are a pirate.","tools":{},"messages":[` + msg("user", text("hi")) + `]}`,
			`system is not accepted: the system prompt is fixed on the server`},
		"assistant-ui tools": {`{"tools":{"getPrice":{"parameters":{}}},"messages":[` + msg("user", text("hi")) + `]}`,
			`tools is not accepted: this service calls no client tools`},
		"lone surrogate": {conv(msg("user", `{"type":"text","text":"a \ud800 b"}`)), `the body is not valid UTF-8: the escape \ud800`},
		"parts over the limit without the separators": {conv(msg("user", text(strings.Repeat("a", 8000)), text(strings.Repeat("b", 8001)))),
			`messages[0].parts has 16001 characters; the limit is 16000`},
		"null parts beside content": {`{"messages":[{"role":"user","content":"a"},{"role":"user","parts":null}]}`, `messages[1].content is required`},
		"a mix of content and parts": {`{"messages":[{"role":"user","content":"a"},{"role":"assistant","content":"b"},` + msg("user", text("c")) + `]}`,
			`messages[2] has parts but no content, while another message has content`},
	}
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply { return answered() })
	for name, tc := range refused {
		t.Run(name, func(t *testing.T) {
			resp := st.Post(t, tc.body)
			b := teststack.ErrorBody(t, resp)
			if resp.StatusCode != 400 || b.Error != httpapi.MsgInvalidRequest || !strings.HasPrefix(b.Details, tc.details) {
				t.Errorf("%d %+v, want 400 with details %q", resp.StatusCode, b, tc.details)
			}
		})
	}
	if n := len(st.Upstream.Requests()); n != 0 {
		t.Errorf("%d refused requests reached the provider", n)
	}

	t.Run("parts of 16000 characters in all, a null content, are one question", func(t *testing.T) {
		st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply { return answered() })
		resp := st.Post(t, `{"messages":[{"id":"u","role":"user","content":null,"parts":[`+text(strings.Repeat("a", 8000))+","+text(strings.Repeat("b", 8000))+`]}]}`)
		if got := body(t, resp); resp.StatusCode != 200 || resp.Header.Get("X-Vercel-Ai-Ui-Message-Stream") != "v1" || !strings.Contains(got, `"type":"finish"`) {
			t.Fatalf("%d %q", resp.StatusCode, clip(got, 300))
		}
		if got := st.Upstream.Answered()[0].Body.Contents[0].Parts[0].Text; got != strings.Repeat("a", 8000)+"\n\n"+strings.Repeat("b", 8000) {
			t.Errorf("upstream question of %d bytes", len(got))
		}
	})

	t.Run("history from earlier answers is taken, its extra parts ignored", func(t *testing.T) {
		st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply { return answered() })
		// assistant-ui's AssistantChatTransport adds these, empty by default.
		resp := st.Post(t, `{"system":null,"tools":{},"callSettings":{},"config":{},`+strings.TrimPrefix(conv(
			msg("user", text("[Contract Address: 0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48]\n\nWhat is it?")),
			msg("assistant", `{"type":"step-start"}`, `{"type":"reasoning","text":"hmm"}`, text("It is USDC."),
				`{"type":"source-url","sourceId":"s","url":"https://a.example"}`, `{"type":"data-usage","data":{"n":1}}`),
			msg("assistant", `{"type":"step-start"}`), // an answer that failed before its first word
			msg("user", text("Is it"), text("safe?")),
		), "{"))
		if got := body(t, resp); resp.StatusCode != 200 || !strings.Contains(got, `"type":"finish"`) {
			t.Fatalf("%d %q", resp.StatusCode, got)
		}
		req := st.Upstream.Answered()[0]
		var turns []string
		for _, c := range req.Body.Contents {
			var s []string
			for _, p := range c.Parts {
				s = append(s, p.Text)
			}
			turns = append(turns, c.Role+": "+strings.Join(s, "|"))
		}
		want := []string{"user: What is it?", "model: It is USDC.", "user: Is it\n\nsafe?"}
		if strings.Join(turns, "\n--\n") != strings.Join(want, "\n--\n") {
			t.Errorf("upstream turns %q, want %q", turns, want)
		}
		if sys, _ := json.Marshal(req.Body.SystemInstruction); !strings.Contains(string(sys), "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48") {
			t.Errorf("the contract address is not in the system instruction")
		}
	})
}

func TestUIErrors(t *testing.T) {
	t.Run("before the stream: the spec's status and JSON body", func(t *testing.T) {
		st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply { return fakeprovider.RateLimited(7 * time.Second) })
		resp := st.Post(t, uiQuestion)
		b := teststack.ErrorBody(t, resp)
		if resp.StatusCode != 429 || resp.Header.Get("Retry-After") != "7" || b.Error != httpapi.MsgRateLimited {
			t.Errorf("%d %v %+v", resp.StatusCode, resp.Header, b)
		}
	})
	t.Run("during the stream: text-end, the error chunk, [DONE]", func(t *testing.T) {
		st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
			r := fakeprovider.Stream(0, fakeprovider.Text("par"))
			r.Steps = append(r.Steps, fakeprovider.Step{Chunk: fakeprovider.MidStreamError(500, "INTERNAL", "secret upstream detail")})
			return r
		})
		got := body(t, st.Post(t, uiQuestion))
		want := "data: {\"type\":\"text-end\",\"id\":\"text-1\"}\n\n" +
			"data: {\"type\":\"error\",\"errorText\":\"The AI service failed while answering. Please try again.\"}\n\ndata: [DONE]\n\n"
		if !strings.HasSuffix(got, want) || strings.Contains(got, "secret") {
			t.Errorf("stream %q, want it to end with %q", got, want)
		}
	})
}

// TestUIResumeHasNoStream: useChat with resume asks GET /api/chat/{id}/stream on mount; this
// service keeps no stream past its request, and says so with the protocol's 204.
func TestUIResumeHasNoStream(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply { return answered() })
	for path, status := range map[string]int{
		httpapi.Path + "/chat-1/stream":   http.StatusNoContent,
		httpapi.Path + "/a/b/stream":      http.StatusNotFound,
		httpapi.Path + "//stream":         http.StatusNotFound,
		httpapi.Path + "/chat-1/streamer": http.StatusNotFound,
	} {
		resp, err := http.Get(st.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b := body(t, resp)
		if resp.StatusCode != status || (status == http.StatusNoContent && b != "") {
			t.Errorf("GET %s: %d %q, want %d", path, resp.StatusCode, b, status)
		}
	}
	if n := len(st.Upstream.Requests()); n != 0 {
		t.Errorf("%d requests reached the provider", n)
	}
}

const completions = "/v1/chat/completions"

// openAIError decodes OpenAI's error body.
func openAIError(t *testing.T, resp *http.Response) map[string]any {
	t.Helper()
	var b struct {
		Error map[string]any `json:"error"`
	}
	raw := body(t, resp)
	if err := json.Unmarshal([]byte(raw), &b); err != nil || b.Error == nil {
		t.Fatalf("not an OpenAI error body: %q", raw)
	}
	for _, k := range []string{"message", "type", "param", "code"} {
		if _, ok := b.Error[k]; !ok {
			t.Errorf("error body lacks %q: %q", k, raw)
		}
	}
	return b.Error
}

func TestChatCompletionsStreamExactBytes(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("Hi "), fakeprovider.Text("é\n"), grounded())
	}, fixed())
	resp := st.PostTo(t, completions, `{"model":"crypto-analyst","stream":true,"stream_options":{"include_usage":true},
		"messages":[{"role":"user","content":"Is it safe?"}],"temperature":0.2,"user":"u1"}`)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("%d %v", resp.StatusCode, resp.Header)
	}
	got := body(t, resp)
	head := `{"id":"chatcmpl-req1","object":"chat.completion.chunk","created":1764000000,"model":"crypto-analyst","choices":[`
	want := "data: " + head + `{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}],"usage":null}` + "\n\n" +
		"data: " + head + `{"index":0,"delta":{"content":"Hi "},"finish_reason":null}],"usage":null}` + "\n\n" +
		"data: " + head + `{"index":0,"delta":{"content":"é\n"},"finish_reason":null}],"usage":null}` + "\n\n" +
		"data: " + head + `{"index":0,"delta":{"content":" Sources follow."},"finish_reason":null}],"usage":null}` + "\n\n" +
		"data: " + head + `{"index":0,"delta":{"annotations":[` +
		`{"type":"url_citation","url_citation":{"url":"https://etherscan.io/token/x","title":"Etherscan","start_index":0,"end_index":21}},` +
		`{"type":"url_citation","url_citation":{"url":"https://dexscreener.com/x","title":"DEX Screener","start_index":0,"end_index":21}}]},"finish_reason":"stop"}],"usage":null}` + "\n\n"
	if !strings.HasPrefix(got, want) {
		t.Fatalf("stream:\n got %s\nwant prefix %s", got, want)
	}
	rest := strings.TrimPrefix(got, want)
	var last struct {
		Choices []any          `json:"choices"`
		Usage   map[string]any `json:"usage"`
	}
	line, done, _ := strings.Cut(rest, "\n\n")
	if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &last); err != nil || done != "data: [DONE]\n\n" {
		t.Fatalf("usage chunk and [DONE]: %q (%v)", rest, err)
	}
	details, _ := last.Usage["completion_tokens_details"].(map[string]any)
	if len(last.Choices) != 0 || last.Usage["prompt_tokens"] != 120.0 || details == nil ||
		last.Usage["completion_tokens"] != 45+details["reasoning_tokens"].(float64) {
		t.Errorf("usage chunk %q", line)
	}
}

func TestChatCompletionWhole(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply { return answered() }, fixed())
	resp := st.PostTo(t, completions, `{"model":"crypto-analyst","messages":[
		{"role":"user","content":[{"type":"text","text":"[Contract Address: 0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48]\n\nIs it safe?"}]},
		{"role":"assistant","content":"Which chain?","refusal":null},
		{"role":"user","content":"Ethereum.","name":"alice"}]}`)
	var c struct {
		ID, Object, Model string
		Created           int64
		Choices           []struct {
			Message struct {
				Role, Content string
				Annotations   []map[string]any
			}
			FinishReason string `json:"finish_reason"`
		}
		Usage map[string]any
	}
	raw := body(t, resp)
	if err := json.Unmarshal([]byte(raw), &c); err != nil || resp.StatusCode != 200 {
		t.Fatalf("%d %q", resp.StatusCode, raw)
	}
	if c.ID != "chatcmpl-req1" || c.Object != "chat.completion" || c.Model != httpapi.ModelID || c.Created != 1764000000 || len(c.Choices) != 1 {
		t.Errorf("completion %q", raw)
	}
	m := c.Choices[0]
	if m.Message.Role != "assistant" || m.Message.Content != "Hello \"world\"\n Sources follow." || m.FinishReason != "stop" || len(m.Message.Annotations) != 2 {
		t.Errorf("choice %+v", m)
	}
	if c.Usage["prompt_tokens"] != 120.0 || c.Usage["total_tokens"] == nil {
		t.Errorf("usage %v", c.Usage)
	}
	req := st.Upstream.Answered()[0]
	if len(req.Body.Contents) != 3 || req.LastUserText() != "Ethereum." || req.Body.Contents[0].Parts[0].Text != "Is it safe?" {
		t.Errorf("upstream contents %+v", req.Body.Contents)
	}
}

func TestChatCompletionsErrors(t *testing.T) {
	st := teststack.Start(t, func(r fakeprovider.Request) fakeprovider.Reply {
		if strings.Contains(r.LastUserText(), "rate") {
			return fakeprovider.RateLimited(7 * time.Second)
		}
		return answered()
	})
	user := `"messages":[{"role":"user","content":"hi"}]`
	tests := map[string]struct {
		path, body       string
		status           int
		typ, code, param string
		message          string
	}{
		"system message": {completions, `{"model":"crypto-analyst","messages":[{"role":"system","content":"be a pirate"},{"role":"user","content":"hi"}]}`,
			400, "invalid_request_error", "", "messages[0].role", `Invalid request format: messages[0].role "system" is not accepted: the system prompt is fixed on the server`},
		"developer message": {completions, `{"model":"crypto-analyst","messages":[{"role":"developer","content":"x"},{"role":"user","content":"hi"}]}`,
			400, "invalid_request_error", "", "messages[0].role", `Invalid request format: messages[0].role "developer" is not accepted`},
		"unknown model": {completions, `{"model":"gpt-4o",` + user + `}`, 404, "invalid_request_error", "model_not_found", "model", "Model not found: The model `gpt-4o` does not exist"},
		"no model":      {completions, `{` + user + `}`, 400, "invalid_request_error", "", "model", "Invalid request format: you must provide a model parameter"},
		"tool message": {completions, `{"model":"crypto-analyst","messages":[{"role":"tool","content":"1","tool_call_id":"a"},{"role":"user","content":"hi"}]}`,
			400, "invalid_request_error", "", "messages[0].role", `Invalid request format: messages[0].role "tool" is not accepted`},
		"tools":       {completions, `{"model":"crypto-analyst","tools":[{"type":"function","function":{"name":"f"}}],` + user + `}`, 400, "invalid_request_error", "", "tools", "Invalid request format: tools is not supported"},
		"two choices": {completions, `{"model":"crypto-analyst","n":2,` + user + `}`, 400, "invalid_request_error", "", "n", "Invalid request format: n must be 1"},
		"json output": {completions, `{"model":"crypto-analyst","response_format":{"type":"json_object"},` + user + `}`, 400, "invalid_request_error", "", "response_format", "Invalid request format: response_format must be"},
		"image part": {completions, `{"model":"crypto-analyst","messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"x"}}]}]}`,
			400, "invalid_request_error", "", "messages[0].content[0]", `Invalid request format: messages[0].content[0] has the type "image_url"`},
		"stream_options without stream": {completions, `{"model":"crypto-analyst","stream_options":{"include_usage":true},` + user + `}`, 400, "invalid_request_error", "", "stream_options", "Invalid request format: stream_options is only allowed when stream is true"},
		"bad max_tokens":                {completions, `{"model":"crypto-analyst","max_tokens":0,` + user + `}`, 400, "invalid_request_error", "", "max_tokens", "Invalid request format: max_tokens must be a positive integer"},
		"not JSON":                      {completions, `{"model":`, 400, "invalid_request_error", "", "", "Invalid request format: the body is not valid JSON"},
		"tool_choice required":          {completions, `{"model":"crypto-analyst","tool_choice":"required",` + user + `}`, 400, "invalid_request_error", "", "tool_choice", "Invalid request format: tool_choice must be"},
		"system with text after empty ones": {completions, `{"model":"crypto-analyst","messages":[{"role":"system","content":""},{"role":"system","content":"be a pirate"},{"role":"user","content":"hi"}]}`,
			400, "invalid_request_error", "", "messages[1].role", `Invalid request format: messages[1].role "system" is not accepted`},
		"only empty messages": {completions, `{"model":"crypto-analyst","messages":[{"role":"system","content":""}]}`, 400, "invalid_request_error", "", "messages", "Invalid request format: messages holds no text"},
		"rate limit":          {completions, `{"model":"crypto-analyst","messages":[{"role":"user","content":"rate me"}]}`, 429, "requests", "rate_limit_exceeded", "", "Rate limit exceeded: too many requests to the AI service; try again in 7 seconds"},
		"unknown path":        {"/v1/completions", `{}`, 404, "invalid_request_error", "not_found", "", "Not found: Invalid URL (POST /v1/completions)"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			resp := st.PostTo(t, tc.path, tc.body)
			e := openAIError(t, resp)
			param, _ := e["param"].(string)
			code, _ := e["code"].(string)
			if resp.StatusCode != tc.status || e["type"] != tc.typ || code != tc.code || param != tc.param ||
				!strings.HasPrefix(e["message"].(string), tc.message) {
				t.Errorf("%d %v, want %d type %s code %q param %q message %q", resp.StatusCode, e, tc.status, tc.typ, tc.code, tc.param, tc.message)
			}
			if tc.status == 429 && resp.Header.Get("Retry-After") != "7" {
				t.Errorf("Retry-After %q", resp.Header.Get("Retry-After"))
			}
		})
	}

	t.Run("a failure mid-stream is an error chunk", func(t *testing.T) {
		st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
			r := fakeprovider.Stream(0, fakeprovider.Text("par"))
			r.Steps = append(r.Steps, fakeprovider.Step{Chunk: fakeprovider.MidStreamError(500, "INTERNAL", "secret upstream detail")})
			return r
		})
		got := body(t, st.PostTo(t, completions, `{"model":"crypto-analyst","stream":true,`+user+`}`))
		want := `data: {"error":{"message":"The AI service failed while answering. Please try again.","type":"server_error","param":null,"code":"upstream_error"}}` + "\n\ndata: [DONE]\n\n"
		if !strings.HasSuffix(got, want) || strings.Contains(got, "secret") || !strings.Contains(got, `"content":"par"`) {
			t.Errorf("stream %q, want it to end with %q", got, want)
		}
	})
}

func TestChatCompletionsTimeLimitWhole(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(3*time.Second, fakeprovider.Text("late"), grounded())
	}, teststack.WithMaxDuration(time.Second))
	resp := st.PostTo(t, completions, `{"model":"crypto-analyst","messages":[{"role":"user","content":"hi"}]}`)
	e := openAIError(t, resp)
	if resp.StatusCode != http.StatusGatewayTimeout || e["code"] != "time_limit" || resp.Header.Get("X-Should-Retry") != "false" {
		t.Errorf("%d %v %v", resp.StatusCode, resp.Header, e)
	}
	logs := st.Logs.WaitRequestLog(t, 1)
	if logs[0]["status"] != 504.0 || logs[0]["protocol"] != "chat-completions" || logs[0]["time_limit_reached"] != true {
		t.Errorf("request log %v", logs[0])
	}
}

func TestChatCompletionsMaxTokensLowersTheLimit(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply { return answered() })
	resp := st.PostTo(t, completions, `{"model":"crypto-analyst","max_tokens":100,"messages":[{"role":"user","content":"hi"}]}`)
	_ = body(t, resp)
	resp = st.PostTo(t, completions, `{"model":"crypto-analyst","max_completion_tokens":100000,"messages":[{"role":"user","content":"hi"}]}`)
	_ = body(t, resp)
	reqs := st.Upstream.Answered()
	if len(reqs) != 2 {
		t.Fatalf("%d answered requests", len(reqs))
	}
	small, large := reqs[0].MaxOutputTokens(), reqs[1].MaxOutputTokens()
	// THINKING=low on the 3.x alias: the answer's limit plus a 4096-token allowance.
	if small != 100+4096 || large != 4000+4096 {
		t.Errorf("maxOutputTokens %d and %d, want %d (caller's 100) and %d (the server's 4000)", small, large, 100+4096, 4000+4096)
	}
}

func TestModels(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply { return answered() })
	get := func(path string) *http.Response {
		req, _ := http.NewRequest(http.MethodGet, st.URL+path, nil)
		req.Header.Set("Authorization", "Bearer sk-anything") // ignored: no caller credentials
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	if got := body(t, get("/v1/models")); got != `{"object":"list","data":[{"id":"crypto-analyst","object":"model","created":1748736000,"owned_by":"chatsvc"}]}`+"\n" {
		t.Errorf("models %q", got)
	}
	if resp := get("/v1/models/crypto-analyst"); resp.StatusCode != 200 || !strings.Contains(body(t, resp), `"id":"crypto-analyst"`) {
		t.Errorf("model %d", resp.StatusCode)
	}
	if resp := get("/v1/models/gemini-2.5-flash"); resp.StatusCode != 404 || openAIError(t, resp)["code"] != "model_not_found" {
		t.Errorf("unknown model %d", resp.StatusCode)
	}
	if resp := get(completions); resp.StatusCode != 405 || resp.Header.Get("Allow") != "POST" || openAIError(t, resp)["code"] != "method_not_allowed" {
		t.Errorf("GET completions %d", resp.StatusCode)
	}
}

func TestChatCompletionsEmptyMessagesLeftOut(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply { return answered() })
	// Hugging Face chat-ui's shape: an empty system message first; an empty assistant turn
	// (content "" or null) in the history.
	resp := st.PostTo(t, completions, `{"model":"crypto-analyst","messages":[{"role":"system","content":""},
		{"role":"user","content":"first"},{"role":"assistant","content":null},{"role":"assistant","content":[{"type":"text","text":" "}]},
		{"role":"developer","content":"  "},{"role":"user","content":"second"}]}`)
	if got := body(t, resp); resp.StatusCode != 200 || !strings.Contains(got, `"object":"chat.completion"`) {
		t.Fatalf("%d %q", resp.StatusCode, got)
	}
	var turns []string
	for _, c := range st.Upstream.Answered()[0].Body.Contents {
		turns = append(turns, c.Role+": "+c.Parts[0].Text)
	}
	if strings.Join(turns, "|") != "user: first|user: second" {
		t.Errorf("upstream turns %q", turns)
	}
}

func TestChatCompletionsRefusalsAndParts(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply { return answered() })
	// An assistant turn's refusal parts are what the model declined: left out. Text parts of
	// 16000 characters in all are within the limit, whatever the join adds.
	resp := st.PostTo(t, completions, `{"model":"crypto-analyst","messages":[{"role":"user","content":"first"},
		{"role":"assistant","content":[{"type":"text","text":"partly"},{"type":"refusal","refusal":"no"}]},
		{"role":"assistant","content":[{"type":"refusal","refusal":"no"}],"refusal":"no"},
		{"role":"user","content":[{"type":"text","text":"`+strings.Repeat("a", 8000)+`"},{"type":"text","text":"`+strings.Repeat("b", 8000)+`"}]}]}`)
	if got := body(t, resp); resp.StatusCode != 200 || !strings.Contains(got, `"object":"chat.completion"`) {
		t.Fatalf("%d %q", resp.StatusCode, clip(got, 300))
	}
	var turns []string
	for _, c := range st.Upstream.Answered()[0].Body.Contents {
		turns = append(turns, c.Role+": "+clip(c.Parts[0].Text, 12))
	}
	if strings.Join(turns, "|") != "user: first|model: partly|user: aaaaaaaaaaaa" {
		t.Errorf("upstream turns %q", turns)
	}
	// A refusal part in a user's message is not something a user sends: refused by name.
	e := openAIError(t, st.PostTo(t, completions, `{"model":"crypto-analyst","messages":[{"role":"user","content":[{"type":"refusal","refusal":"no"}]}]}`))
	if e["param"] != "messages[0].content[0]" {
		t.Errorf("a user's refusal part: %v", e)
	}
}

func TestChatCompletionsUsageAddsUp(t *testing.T) {
	// The fake counts the usage itself: thinking, and the search results read as input.
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("Hello there"),
			fakeprovider.Grounded("", "STOP", []fakeprovider.Web{{URI: "https://a.example/", Title: "A"}}, nil, "", 0, 0))
	})
	var c struct {
		Usage struct {
			Prompt     int `json:"prompt_tokens"`
			Completion int `json:"completion_tokens"`
			Total      int `json:"total_tokens"`
			Details    struct {
				Reasoning int `json:"reasoning_tokens"`
			} `json:"completion_tokens_details"`
		}
	}
	raw := body(t, st.PostTo(t, completions, `{"model":"crypto-analyst","messages":[{"role":"user","content":"hi"}]}`))
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		t.Fatal(err)
	}
	u := c.Usage
	if u.Prompt == 0 || u.Completion <= u.Details.Reasoning || u.Total != u.Prompt+u.Completion || u.Details.Reasoning == 0 {
		t.Errorf("usage %+v: want completion = answer + reasoning, total = prompt + completion", u)
	}
	t.Logf("usage %+v", u)
}

// clip shortens s to at most n bytes, for messages.
func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
