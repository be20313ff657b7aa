package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"iter"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/chat/prompt"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/httpapi"
)

func grounded() fakeprovider.Chunk {
	return fakeprovider.Grounded(" Sources follow.", "STOP",
		[]fakeprovider.Web{
			{URI: "https://etherscan.io/token/x", Title: "Etherscan"},
			{URI: "https://dexscreener.com/x", Title: "DEX Screener"},
			{URI: "https://etherscan.io/token/x", Title: "Etherscan again"}, // duplicate
		},
		[]string{"token x price"}, `<div class="chips">token x price</div>`, 120, 45)
}

func TestAnswerStreamsWithSources(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(20*time.Millisecond,
			fakeprovider.Text("## Risk\n\n"),
			fakeprovider.Text("The token has **high** risk: \"quoted\" <b>x</b>\n"),
			fakeprovider.Text("- liquidity unlocked\n"),
			grounded(),
		)
	})
	resp := st.Ask(t, "[Contract Address: 0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48]\n\nIs it safe?")
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	for k, v := range map[string]string{"Content-Type": "text/event-stream", "Cache-Control": "no-cache"} {
		if got := resp.Header.Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	s := teststack.ReadStream(t, resp.Body)
	want := "## Risk\n\nThe token has **high** risk: \"quoted\" <b>x</b>\n- liquidity unlocked\n Sources follow."
	if got := s.Text(); got != want {
		t.Errorf("reassembled text = %q, want %q", got, want)
	}
	if n := len(s.Lines); n != 5 {
		t.Errorf("got %d lines, want 4 text + 1 finish:\n%s", n, s.Describe())
	}
	m := s.Metadata(t)
	if m["finishReason"] != "stop" {
		t.Errorf("finishReason = %v", m["finishReason"])
	}
	srcs, _ := m["sources"].([]any)
	if len(srcs) != 2 {
		t.Fatalf("sources = %v, want 2 deduplicated", m["sources"])
	}
	if first := srcs[0].(map[string]any); first["url"] != "https://etherscan.io/token/x" || first["title"] != "Etherscan" {
		t.Errorf("first source = %v", first)
	}
	if m["searchSuggestions"] != `<div class="chips">token x price</div>` {
		t.Errorf("searchSuggestions = %v", m["searchSuggestions"])
	}
	usage, _ := m["usage"].(map[string]any)
	if usage["promptTokens"] != 120.0 || usage["completionTokens"] != 45.0 {
		t.Errorf("usage = %v", usage)
	}

	// What the provider received: a new key has no 2.5, so the answer came from the flash
	// alias after one refused call.
	if all := st.Upstream.Requests(); len(all) != 2 || all[0].Model != "gemini-2.5-flash" || all[0].Refused == "" {
		t.Errorf("upstream requests = %+v, want the refused 2.5 call first", all)
	}
	reqs := st.Upstream.Answered()
	if len(reqs) != 1 {
		t.Fatalf("upstream answered %d requests", len(reqs))
	}
	r := reqs[0]
	if r.Model != "gemini-flash-latest" || r.APIKey != teststack.TestKey {
		t.Errorf("model %q key %q", r.Model, r.APIKey)
	}
	// The system instruction: the fixed prompt first and unchanged, then the server-made
	// context of the address.
	si := r.Body.SystemInstruction
	if si == nil || len(si.Parts) != 1 {
		t.Fatalf("system instruction = %+v", si)
	}
	rest, ok := strings.CutPrefix(si.Parts[0].Text, prompt.System())
	if !ok {
		t.Errorf("system instruction does not start with the fixed prompt: %.200q", si.Parts[0].Text)
	}
	if !strings.Contains(rest, prompt.ContextHeader) ||
		!strings.Contains(rest, `"chainFamily": "evm"`) ||
		!strings.Contains(rest, "https://etherscan.io/token/0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48") {
		t.Errorf("contract context after the prompt = %q", rest)
	}
	tools, _ := json.Marshal(r.Body.Tools)
	if string(tools) != `[{"googleSearch":{}},{"urlContext":{}}]` {
		t.Errorf("tools = %s", tools)
	}
	gc := r.Body.GenerationConfig
	if gc["temperature"] != 0.7 || gc["maxOutputTokens"] != 4000.0+4096 {
		t.Errorf("generationConfig = %v", gc)
	}
	if th := r.Thinking(); th.Level != "LOW" || th.Budget != nil {
		t.Errorf("thinking = %+v, want level LOW only", th)
	}
	// The user turn carries only the question.
	c := r.Body.Contents
	if len(c) != 1 || c[0].Role != "user" || len(c[0].Parts) != 1 || c[0].Parts[0].Text != "Is it safe?" {
		t.Fatalf("contents = %+v", c)
	}

	log := st.Logs.WaitRequestLog(t, 1)[0]
	for k, v := range map[string]any{"status": 200.0, "finish_reason": "stop", "sources": 2.0, "prompt_tokens": 120.0, "completion_tokens": 45.0} {
		if log[k] != v {
			t.Errorf("log %s = %v, want %v", k, log[k], v)
		}
	}
	for _, k := range []string{"request_id", "ttfb_ms", "duration_ms"} {
		if _, ok := log[k]; !ok {
			t.Errorf("log line lacks %s: %v", k, log)
		}
	}
	if strings.Contains(st.Logs.String(), "Is it safe?") || strings.Contains(st.Logs.String(), teststack.TestKey) {
		t.Error("the log holds message content or the key")
	}
}

func TestRolesAndHistoryReachTheModel(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("ok"), fakeprovider.Finish("STOP"))
	})
	resp := st.Post(t, msgs("user", "first", "assistant", "answer", "user", "second"))
	teststack.ReadStream(t, resp.Body).Terminal(t)
	c := st.Upstream.Answered()[0].Body.Contents
	var got []string
	for _, x := range c {
		got = append(got, x.Role+":"+x.Parts[0].Text)
	}
	if strings.Join(got, "|") != "user:first|model:answer|user:second" {
		t.Errorf("contents = %v", got)
	}
}

func TestChunksAreForwardedAsTheyArrive(t *testing.T) {
	const gap = 150 * time.Millisecond
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(gap, fakeprovider.Text("a"), fakeprovider.Text("b"), fakeprovider.Text("c"), fakeprovider.Finish("STOP"))
	})
	resp := st.Ask(t, "hi")
	s := teststack.ReadStream(t, resp.Body)
	if len(s.Lines) != 4 {
		t.Fatalf("lines:\n%s", s.Describe())
	}
	// A buffering proxy would deliver everything at once; here each line arrives about one
	// upstream gap after the previous one.
	for i := 1; i < 3; i++ {
		if d := s.Lines[i].At.Sub(s.Lines[i-1].At); d < gap/2 {
			t.Errorf("line %d arrived %v after line %d: chunks were buffered", i, d, i-1)
		}
	}
}

func TestFinishReasonsOverTheWire(t *testing.T) {
	tests := map[string]struct {
		chunks   []fakeprovider.Chunk
		wantText string
		want     string
	}{
		"max tokens":     {chunks: []fakeprovider.Chunk{fakeprovider.Text("partial"), fakeprovider.Finish("MAX_TOKENS")}, wantText: "partial", want: "length"},
		"safety":         {chunks: []fakeprovider.Chunk{fakeprovider.Text("x"), fakeprovider.Finish("SAFETY")}, wantText: "x", want: "content-filter"},
		"blocked prompt": {chunks: []fakeprovider.Chunk{fakeprovider.Blocked("PROHIBITED_CONTENT")}, want: "content-filter"},
		"thought parts are never forwarded": {
			chunks:   []fakeprovider.Chunk{fakeprovider.Thought("secret plan"), fakeprovider.Text("answer"), fakeprovider.Thought("more"), fakeprovider.Finish("STOP")},
			wantText: "answer", want: "stop",
		},
		"malformed function call": {chunks: []fakeprovider.Chunk{fakeprovider.Finish("MALFORMED_FUNCTION_CALL")}, want: "tool-calls"},
		"function call then stop": {chunks: []fakeprovider.Chunk{fakeprovider.Text("Let me look."), fakeprovider.FunctionCall("lookup"), fakeprovider.Finish("STOP")}, wantText: "Let me look.", want: "tool-calls"},
		"unknown future reason":   {chunks: []fakeprovider.Chunk{fakeprovider.Text("y"), fakeprovider.Finish("SOMETHING_NEW")}, wantText: "y", want: "stop"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply { return fakeprovider.Stream(0, tc.chunks...) })
			resp := st.Ask(t, "q")
			if resp.StatusCode != 200 {
				t.Fatalf("status %d", resp.StatusCode)
			}
			s := teststack.ReadStream(t, resp.Body)
			if got := s.Metadata(t)["finishReason"]; got != tc.want {
				t.Errorf("finishReason = %v, want %s", got, tc.want)
			}
			if s.Text() != tc.wantText {
				t.Errorf("text = %q, want %q", s.Text(), tc.wantText)
			}
			if strings.Contains(s.Describe(), "secret plan") {
				t.Error("a thought part reached the caller")
			}
		})
	}
}

func TestAPIKeyNotConfigured(t *testing.T) {
	for name, key := range map[string]string{"empty": "", "blank": "  "} {
		t.Run(name, func(t *testing.T) {
			st := teststack.Start(t, nil, teststack.WithAPIKey(func() string { return key }))
			resp := st.Ask(t, "hi")
			if resp.StatusCode != 401 {
				t.Fatalf("status %d, want 401", resp.StatusCode)
			}
			if b := teststack.ErrorBody(t, resp); b.Error != "API key not configured" {
				t.Errorf("body = %+v", b)
			}
			if n := len(st.Upstream.Requests()); n != 0 {
				t.Errorf("upstream called %d times without a key", n)
			}
		})
	}
}

func TestKeyIsReadPerRequest(t *testing.T) {
	key := ""
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("ok"), fakeprovider.Finish("STOP"))
	}, teststack.WithAPIKey(func() string { return key }))
	if resp := st.Ask(t, "hi"); resp.StatusCode != 401 {
		t.Fatalf("status %d before the key is set", resp.StatusCode)
	}
	key = "rotated-key"
	resp := st.Ask(t, "hi")
	teststack.ReadStream(t, resp.Body).Metadata(t)
	if got := st.Upstream.Requests()[0].APIKey; got != "rotated-key" {
		t.Errorf("upstream key = %q", got)
	}
}

func TestRoutes(t *testing.T) {
	st := teststack.Start(t, nil)
	tests := map[string]struct {
		method, path string
		want         int
		wantAllow    string
	}{
		"GET chat":      {http.MethodGet, "/api/chat", 405, "POST"},
		"PUT chat":      {http.MethodPut, "/api/chat", 405, "POST"},
		"other path":    {http.MethodPost, "/api/other", 404, ""},
		"trailing path": {http.MethodPost, "/api/chat/x", 404, ""},
		// The error texts never repeat what the caller sent, here a path naming a model.
		"provider path": {http.MethodPost, "/v1beta/models/gemini-2.5-flash:streamGenerateContent", 404, ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			req, _ := http.NewRequest(tc.method, st.URL+tc.path, strings.NewReader(msgs("user", "hi")))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if resp.StatusCode != tc.want || resp.Header.Get("Allow") != tc.wantAllow {
				t.Errorf("status %d Allow %q, want %d %q", resp.StatusCode, resp.Header.Get("Allow"), tc.want, tc.wantAllow)
			}
			b := teststack.ErrorBody(t, resp)
			if b.Error == "" || b.Details == "" {
				t.Errorf("error body = %+v", b)
			}
			if strings.Contains(b.Details, "gemini") || (tc.path != httpapi.Path && strings.Contains(b.Details, tc.path)) || strings.Contains(b.Details, "PUT") {
				t.Errorf("details repeat the caller's request: %q", b.Details)
			}
		})
	}
}

func TestTimeLimitCutsTheAnswerGracefully(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		r := fakeprovider.Stream(0, fakeprovider.Text("first part"))
		r.Steps = append(r.Steps, fakeprovider.Step{Stall: true})
		return r
	}, teststack.WithMaxDuration(2*time.Second))
	start := time.Now()
	resp := st.Ask(t, "hi")
	s := teststack.ReadStream(t, resp.Body)
	elapsed := time.Since(start)
	if s.Text() != "first part" {
		t.Errorf("text already sent was lost: %q", s.Text())
	}
	term := s.Terminal(t)
	if term.Code != 'e' || !strings.Contains(term.Text(), "time limit") {
		t.Errorf("terminal = %c:%s, want e: with the time limit", term.Code, term.Payload)
	}
	if elapsed >= 2*time.Second {
		t.Errorf("the stream ended after %v, not before the 2s limit", elapsed)
	}
	select {
	case <-st.Upstream.Canceled():
	case <-time.After(5 * time.Second):
		t.Error("the upstream call was not cancelled at the time limit")
	}
}

// The time limit is not an upstream failure: a stall before any text still gets a stream that
// ends with the time-limit e: line, as a cut after some text does.
func TestStallBeforeFirstByteEndsWithTimeLimit(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Reply{Steps: []fakeprovider.Step{{Stall: true}}}
	}, teststack.WithMaxDuration(2*time.Second))
	start := time.Now()
	resp := st.Ask(t, "hi")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("status %d %s, want a 200 stream", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	s := teststack.ReadStream(t, resp.Body)
	if term := s.Terminal(t); term.Code != 'e' || term.Text() != "The answer was cut off: the time limit of 2s was reached." {
		t.Errorf("terminal = %c:%s", term.Code, term.Payload)
	}
	if len(s.Lines) != 1 || time.Since(start) >= 2*time.Second {
		t.Errorf("after %v:\n%s", time.Since(start), s.Describe())
	}
}

func TestCallerDisconnectCancelsUpstream(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		r := fakeprovider.Stream(0, fakeprovider.Text("first"))
		r.Steps = append(r.Steps, fakeprovider.Step{Delay: 10 * time.Second, Chunk: fakeprovider.Text("never")})
		return r
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, st.URL+"/api/chat", strings.NewReader(msgs("user", "hi")))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	if _, err := resp.Body.Read(buf); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	cancel()
	resp.Body.Close()
	select {
	case <-st.Upstream.Canceled():
		t.Logf("upstream saw the cancellation %v after the caller left", time.Since(start))
	case <-time.After(3 * time.Second):
		t.Fatal("the upstream request was not cancelled after the caller disconnected")
	}
	log := st.Logs.WaitRequestLog(t, 1)[0]
	if log["client_closed"] != true {
		t.Errorf("log = %v, want client_closed", log)
	}
}

// No response of any kind names the provider, a model ID, the raw upstream message or the key.
func TestNothingLeaksToTheCaller(t *testing.T) {
	const secret = "UPSTREAM-RAW-MESSAGE gemini-2.5-flash Google quota"
	replies := map[string]fakeprovider.Reply{
		"429":            fakeprovider.RateLimited(3 * time.Second),
		"500":            fakeprovider.Error(500, "INTERNAL", secret),
		"400 from model": fakeprovider.Error(400, "INVALID_ARGUMENT", secret+" API key not valid "+teststack.TestKey),
		"non-JSON body":  {Status: 503, Header: http.Header{"Content-Type": {"text/html"}}, Body: "<html>" + secret + "</html>"},
		"mid-stream": {Steps: []fakeprovider.Step{
			{Chunk: fakeprovider.Text("partial")},
			{Chunk: fakeprovider.MidStreamError(500, "INTERNAL", secret)},
		}},
	}
	for name, reply := range replies {
		t.Run(name, func(t *testing.T) {
			st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply { return reply })
			resp := st.Ask(t, "hi")
			body, _ := io.ReadAll(resp.Body)
			all := strings.ToLower(string(body) + " " + headerText(resp.Header))
			for _, bad := range []string{"gemini", "google", "upstream-raw", "quota", strings.ToLower(teststack.TestKey), "resource_exhausted", "internal"} {
				if strings.Contains(all, bad) {
					t.Errorf("response leaks %q: %s", bad, body)
				}
			}
			if log := st.Logs.WaitRequestLog(t, 1)[0]; !strings.Contains(log["cause"].(string), "UPSTREAM-RAW-MESSAGE") && name != "429" {
				t.Errorf("the log lacks the raw cause: %v", log)
			}
		})
	}
}

func headerText(h http.Header) string {
	var b strings.Builder
	for k, v := range h {
		b.WriteString(k + ": " + strings.Join(v, ",") + "\n")
	}
	return b.String()
}

// stallModel sends nothing until the request is cancelled.
type stallModel struct{}

func (stallModel) Stream(ctx context.Context, _ string, _ chat.Conversation) iter.Seq2[chat.Event, error] {
	return func(yield func(chat.Event, error) bool) {
		<-ctx.Done()
		yield(chat.Event{}, context.Cause(ctx))
	}
}

// A platform deadline shorter than the handler's margin (Lambda with little time left) cuts
// at once, and the e: line names the real limit rather than "0s".
func TestShortPlatformDeadlineNamesItsLimit(t *testing.T) {
	h := httpapi.NewHandler(httpapi.Options{Model: stallModel{}, APIKey: func() string { return "k" }, MaxDuration: 50 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	rec := httptest.NewRecorder()
	req := httptest.NewRequestWithContext(ctx, http.MethodPost, httpapi.Path, strings.NewReader(`{"messages":[{"role":"user","content":"hi"}]}`))
	h.ServeHTTP(rec, req)
	want := "data: e:\"The answer was cut off: the time limit of 0.3s was reached.\"\n\n"
	if rec.Code != http.StatusOK || rec.Body.String() != want {
		t.Errorf("got %d %q, want 200 %q", rec.Code, rec.Body.String(), want)
	}
}

// Every source in d: has a title to show: the provider's, or the page's host name.
func TestSourceWithoutTitleGetsItsHost(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Grounded("x", "STOP",
			[]fakeprovider.Web{{URI: "https://www.coingecko.com/en/coins/x"}, {URI: "https://etherscan.io/t", Title: "Etherscan"}}, nil, "", 1, 1))
	})
	s := teststack.ReadStream(t, st.Ask(t, "q").Body)
	got, _ := json.Marshal(s.Metadata(t)["sources"])
	want := `[{"title":"www.coingecko.com","url":"https://www.coingecko.com/en/coins/x"},{"title":"Etherscan","url":"https://etherscan.io/t"}]`
	if string(got) != want {
		t.Errorf("sources = %s, want %s", got, want)
	}
}

func TestClientAddress(t *testing.T) {
	tests := map[string]struct{ header, remote, want string }{
		"peer only":        {"", "203.0.113.7:51234", "203.0.113.7"},
		"cloudfront ipv4":  {"198.51.100.10:46532", "127.0.0.1:1", "198.51.100.10"},
		"cloudfront ipv6":  {"2001:db8::8a2e:370:7334:443", "127.0.0.1:1", "2001:db8::8a2e:370:7334"},
		"bracketed ipv6":   {"[2001:db8::1]:443", "", "2001:db8::1"},
		"lambda source ip": {"", "192.0.2.44", "192.0.2.44"},
		"junk header":      {strings.Repeat("z", 500), "127.0.0.1:1", strings.Repeat("z", 64)},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, httpapi.Path, nil)
			r.RemoteAddr = tc.remote
			if tc.header != "" {
				r.Header.Set(httpapi.ViewerAddressHeader, tc.header)
			}
			if got := httpapi.ClientAddress(r); !strings.HasPrefix(got, tc.want) || len(got) > len(tc.want)+32 {
				t.Errorf("ClientAddress = %q, want %q", got, tc.want)
			}
		})
	}
}

// The request log line names the client and keeps caller-controlled fields short.
func TestRequestLogNamesTheClientAndClipsFields(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("ok"), fakeprovider.Finish("STOP"))
	})
	req, _ := http.NewRequest(http.MethodPost, st.URL+"/"+strings.Repeat("p", 1<<20), strings.NewReader("{}"))
	req.Header.Set(httpapi.ViewerAddressHeader, "198.51.100.10:46532")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	teststack.ReadStream(t, st.Ask(t, "q").Body).Metadata(t)
	logs := st.Logs.WaitRequestLog(t, 2)
	if logs[0]["client"] != "198.51.100.10" || logs[1]["client"] != "127.0.0.1" {
		t.Errorf("clients = %v, %v", logs[0]["client"], logs[1]["client"])
	}
	for _, line := range strings.Split(st.Logs.String(), "\n") {
		if len(line) > 2048 {
			t.Errorf("a log line of %d bytes: %.200s", len(line), line)
		}
	}
}
