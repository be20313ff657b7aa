package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/loadtest"
	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
)

// startLocal runs the program as `go run ./functions/chat` would, on a free port, and returns
// its base URL once it serves, its stderr log and a channel with run's result.
func startLocal(t *testing.T, ctx context.Context, env map[string]string, args ...string) (string, *teststack.Logs, <-chan error) {
	t.Helper()
	url, logs, _, done := serve(t, ctx, teststack.WithFakeTokenData(t, env), args...)
	return url, logs, done
}

// serve starts run on a free loopback port (PORT) and returns once GET /healthz answers 200
// on 127.0.0.1: the base URL, the log (stderr), stdout, and a channel with run's result.
func serve(t *testing.T, ctx context.Context, env map[string]string, args ...string) (string, *teststack.Logs, *teststack.Logs, <-chan error) {
	t.Helper()
	port, err := loadtest.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	env["PORT"] = strconv.Itoa(port)
	logs, stdout := &teststack.Logs{}, &teststack.Logs{}
	done := make(chan error, 1)
	returned := make(chan struct{})
	go func() {
		done <- run(ctx, args, testEnv(env), stdout, logs)
		close(returned)
	}()
	url := "http://127.0.0.1:" + env["PORT"]
	if err := loadtest.WaitWhileRunning(ctx, url, returned, 20*time.Second, loadtest.WaitHealthy); err != nil {
		select {
		case <-returned:
			t.Fatalf("run returned %v before it served; log:\n%s", <-done, logs.String())
		default:
			t.Fatalf("%v; log:\n%s", err, logs.String())
		}
	}
	return url, logs, stdout, done
}

func TestLocalServerAnswersAndShutsDownGracefully(t *testing.T) {
	up := fakeprovider.NewServer(func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(300*time.Millisecond, fakeprovider.Text("one "), fakeprovider.Text("two"), fakeprovider.Finish("STOP"))
	})
	defer up.Close()
	web := t.TempDir()
	if err := os.WriteFile(filepath.Join(web, "index.html"), []byte("<title>chat page</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url, logs, done := startLocal(t, ctx, map[string]string{
		"AIPROVIDER_BASE_URL":              up.BaseURL(),
		"AIPROVIDER_GENERATIVE_AI_API_KEY": "k",
		"MAX_DURATION_SECONDS":             "20",
		"MAX_MESSAGE_CHARS":                "100",
		"WEB_DIR":                          web,
	})

	// The page learns the server's limits, the default ones too, from config.json.
	resp, err := http.Get(url + "/config.json")
	if err != nil {
		t.Fatal(err)
	}
	var cfg map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&cfg)
	resp.Body.Close()
	if cfg["apiUrl"] != "" || cfg["cooldownSeconds"] != 20.0 || cfg["demo"] != false ||
		cfg["maxContentChars"] != 100.0 || cfg["maxMessages"] != 50.0 || cfg["maxBodyBytes"] != float64(256<<10) {
		t.Errorf("config.json = %v", cfg)
	}
	resp, err = http.Get(url + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(page), "chat page") {
		t.Errorf("GET / = %q, want the page from WEB_DIR", page)
	}

	// Any other path or method gets the endpoint's JSON error, as under /api/.
	for _, tc := range []struct {
		method, path string
		want         int
	}{
		{http.MethodGet, "/nope", 404},
		{http.MethodPost, "/", 404},
		{http.MethodPost, "/foo", 404},
		{http.MethodGet, "/api/chat", 405},
		// Paths an http.ServeMux would redirect with a bodiless 307.
		{http.MethodPost, "/api", 404},
		{http.MethodGet, "/api", 404},
		{http.MethodPost, "//api/chat", 404},
		{http.MethodPost, "/api/./chat", 404},
		{http.MethodPost, "/config.json", 404},
	} {
		req, _ := http.NewRequest(tc.method, url+tc.path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b := teststack.ErrorBody(t, resp)
		resp.Body.Close()
		if resp.StatusCode != tc.want || b.Error == "" || b.Details == "" {
			t.Errorf("%s %s = %d %+v, want %d with a JSON error body", tc.method, tc.path, resp.StatusCode, b, tc.want)
		}
	}

	// Start an answer, then ask the server to stop: the open answer still completes.
	resp, err = http.Post(url+"/api/chat", "application/json", strings.NewReader(`{"messages":[{"role":"user","content":"hi"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	cancel()
	s := teststack.ReadStream(t, resp.Body)
	if s.Text() != "one two" || s.Metadata(t)["finishReason"] != "stop" {
		t.Errorf("stream during shutdown:\n%s", s.Describe())
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("run returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not return after shutdown")
	}
	if _, err := http.Get(url + "/config.json"); err == nil {
		t.Error("the server still accepts connections after shutdown")
	}
	if !strings.Contains(logs.String(), `"msg":"chat request"`) {
		t.Errorf("no request log line:\n%s", logs.String())
	}
}

func TestDemoModeNeedsNoKey(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url, logs, done := startLocal(t, ctx, map[string]string{}, "-demo")
	resp, err := http.Post(url+"/api/chat", "application/json", strings.NewReader(`{"messages":[{"role":"user","content":"hello"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	s := teststack.ReadStream(t, resp.Body)
	resp.Body.Close()
	if !strings.HasPrefix(s.Text(), fakeprovider.DemoNotice) || len(s.Metadata(t)["sources"].([]any)) != 2 {
		t.Errorf("demo answer:\n%s", s.Describe())
	}
	if !strings.Contains(logs.String(), "answers are scripted") {
		t.Error("the log does not say the answers are scripted")
	}
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}
}

func TestInvalidConfigStopsStartup(t *testing.T) {
	err := run(context.Background(), nil, testEnv(map[string]string{"TEMPERATURE": "3"}), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "TEMPERATURE") {
		t.Errorf("run = %v, want an error naming TEMPERATURE", err)
	}
}

// Without a key the server still starts (the page and config.json are useful), says so once
// at start-up, and answers the chat endpoint with the spec's 401.
func TestNoKeyStartsAndSaysSo(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url, logs, done := startLocal(t, ctx, map[string]string{})
	resp, err := http.Post(url+"/api/chat", "application/json", strings.NewReader(`{"messages":[{"role":"user","content":"hello"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(string(body), `"API key not configured"`) {
		t.Errorf("got %d %s, want 401 API key not configured", resp.StatusCode, body)
	}
	if !strings.Contains(logs.String(), "no API key") || !strings.Contains(logs.String(), "make demo") {
		t.Errorf("the start-up log does not say the key is missing and how to try without one:\n%s", logs.String())
	}
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}
}

// Libraries that write with the standard log package (genai's "Error ...", the Lambda
// runtime's "WARNING! ...") land in the JSON log at WARN.
func TestStandardLogIsJSONAtWarn(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, logs, done := startLocal(t, ctx, map[string]string{"AIPROVIDER_GENERATIVE_AI_API_KEY": "k"})
	log.Printf("Error %v", "from a library")
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}
	for _, line := range strings.Split(logs.String(), "\n") {
		if !strings.Contains(line, "from a library") {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil || m["level"] != "WARN" {
			t.Errorf("standard-log line %q: level %v, err %v; want JSON at WARN", line, m["level"], err)
		}
		return
	}
	t.Errorf("the standard-log line is not in the log:\n%s", logs.String())
}

func TestLocalServerRoutesEveryProtocol(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url, _, done := startLocal(t, ctx, map[string]string{}, "-demo")
	post := func(path, body string, header ...string) (int, http.Header, string) {
		resp, b := send(t, http.MethodPost, url+path, body, append([]string{"Content-Type", "application/json"}, header...)...)
		return resp.StatusCode, resp.Header, b
	}
	if code, h, b := post("/api/chat", `{"messages":[{"role":"user","parts":[{"type":"text","text":"hello"}]}]}`); code != 200 ||
		h.Get("X-Vercel-Ai-Ui-Message-Stream") != "v1" || !strings.HasSuffix(b, "data: [DONE]\n\n") {
		t.Errorf("UI message stream: %d %v %q", code, h, b)
	}
	if code, _, b := post("/v1/chat/completions", `{"model":"crypto-analyst","messages":[{"role":"user","content":"hello"}]}`,
		"Authorization", "Bearer sk-anything"); code != 200 || !strings.Contains(b, `"object":"chat.completion"`) {
		t.Errorf("chat completion: %d %q", code, b)
	}
	resp, err := http.Get(url + "/v1/models")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(b), `"id":"crypto-analyst"`) {
		t.Errorf("models: %d %q", resp.StatusCode, b)
	}
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}

	// Like CloudFront's origin access control, CHECK_CONTENT_SHA256 guards /v1 too.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	url, _, done = startLocal(t, ctx, map[string]string{"CHECK_CONTENT_SHA256": "true"}, "-demo")
	body := `{"model":"crypto-analyst","messages":[{"role":"user","content":"hello"}]}`
	if code, _, b := post("/v1/chat/completions", body); code != http.StatusForbidden || !strings.Contains(b, `"code":"content_sha256_mismatch"`) {
		t.Errorf("unsigned /v1 POST: %d %q, want 403 in OpenAI's error body", code, b)
	}
	sum := sha256.Sum256([]byte(body))
	if code, _, b := post("/v1/chat/completions", body, ContentSHA256Header, hex.EncodeToString(sum[:])); code != 200 {
		t.Errorf("signed /v1 POST: %d %q", code, b)
	}
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}
}

// TestNoUnattributedProviderSDKLines (issue 13, item 5): the provider SDK logs every stream
// that ends in a read error through the standard log package ("Error context canceled" when
// the caller leaves, "Error time limit reached" at the time limit): lines without a request
// id that repeat the request line. A caller who leaves, a time-limit cut and a dropped
// upstream connection leave no such line, and the request line still says what happened.
func TestNoUnattributedProviderSDKLines(t *testing.T) {
	up := fakeprovider.NewServer(func(r fakeprovider.Request) fakeprovider.Reply {
		switch r.LastUserText() {
		case "drop":
			return fakeprovider.Reply{Steps: []fakeprovider.Step{
				{Chunk: fakeprovider.Text("part ")}, {Delay: 100 * time.Millisecond, Drop: true}}}
		default: // "leave", "cut": one chunk, then nothing until the caller goes away
			return fakeprovider.Reply{Steps: []fakeprovider.Step{{Chunk: fakeprovider.Text("part ")}, {Stall: true}}}
		}
	})
	defer up.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url, logs, done := startLocal(t, ctx, map[string]string{
		"AIPROVIDER_BASE_URL":              up.BaseURL(),
		"AIPROVIDER_GENERATIVE_AI_API_KEY": "k",
		"MAX_DURATION_SECONDS":             "2",
	})
	ask := func(q string) *http.Response {
		resp, err := http.Post(url+"/api/chat", "application/json", strings.NewReader(`{"messages":[{"role":"user","content":"`+q+`"}]}`))
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}

	// The caller leaves after the first chunk.
	resp := ask("leave")
	if _, err := resp.Body.Read(make([]byte, 64)); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	select {
	case <-up.Canceled():
	case <-time.After(5 * time.Second):
		t.Fatal("the upstream call was not cancelled when the caller left")
	}
	// The time limit cuts an answer; then an upstream connection drops mid-answer.
	for _, q := range []string{"cut", "drop"} {
		resp = ask(q)
		s := teststack.ReadStream(t, resp.Body)
		resp.Body.Close()
		if term := s.Terminal(t); term.Code != 'e' {
			t.Errorf("%s: terminal %c:%s, want e:", q, term.Code, term.Payload)
		}
	}
	reqs := logs.WaitRequestLog(t, 3)
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}

	want := []struct {
		flag, level string
	}{{"client_closed", "INFO"}, {"time_limit_reached", "ERROR"}, {"", "ERROR"}}
	for i, w := range want {
		r := reqs[i]
		if (w.flag != "" && r[w.flag] != true) || r["level"] != w.level || r["cause"] == nil || r["cause"] == "" {
			t.Errorf("request line %d = %v, want %s at %s with a cause", i, r, w.flag, w.level)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Errorf("log line %q is not JSON", line)
			continue
		}
		if msg, _ := m["msg"].(string); strings.HasPrefix(msg, "Error ") || m["request_id"] == nil && m["level"] != "INFO" {
			t.Errorf("unattributed log line: %s", line)
		}
	}
	if t.Failed() {
		t.Logf("log:\n%s", logs.String())
	}
}

// TestConfigErrorOutput (issue 13, item 6): run's start-up error under Lambda is one JSON
// line on stderr (the slog JSON handler's shape: time, level, msg, error), and main adds
// nothing to it; locally it stays the plain line main writes, for a person at a terminal.
func TestConfigErrorOutput(t *testing.T) {
	initErr := make(chan []byte, 1)
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		initErr <- b
		w.WriteHeader(http.StatusAccepted)
	}))
	defer api.Close()
	env := map[string]string{"TEMPERATURE": "3"}

	for name, tc := range map[string]struct {
		args []string
		env  map[string]string
		want string
	}{
		"lambda":                  {nil, map[string]string{"TEMPERATURE": "3"}, "TEMPERATURE"},
		"lambda, an unknown flag": {[]string{"-bogus"}, map[string]string{}, "-bogus"},
	} {
		t.Run(name, func(t *testing.T) {
			env := tc.env
			env[runtimeAPIVar] = strings.TrimPrefix(api.URL, "http://")
			var stderr strings.Builder
			err := run(context.Background(), tc.args, testEnv(env), io.Discard, &stderr)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("run = %v, want an error naming %s", err, tc.want)
			}
			reportExit(err, &stderr)
			lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
			var m map[string]any
			if len(lines) != 1 || json.Unmarshal([]byte(lines[0]), &m) != nil {
				t.Fatalf("stderr = %q, want one JSON line", stderr.String())
			}
			if _, err := time.Parse(time.RFC3339Nano, fmt.Sprint(m["time"])); err != nil || m["level"] != "ERROR" || m["msg"] == "" ||
				!strings.Contains(fmt.Sprint(m["error"]), tc.want) || len(m) != 4 {
				t.Errorf("line = %v, want time, level ERROR, msg, error naming %s", m, tc.want)
			}
			if b := <-initErr; !strings.Contains(string(b), tc.want) {
				t.Errorf("init error %s", b)
			}
		})
	}
	t.Run("local", func(t *testing.T) {
		var stderr strings.Builder
		err := run(context.Background(), nil, testEnv(env), io.Discard, &stderr)
		reportExit(err, &stderr)
		if got := stderr.String(); !strings.HasPrefix(got, "chat: config: TEMPERATURE") || strings.Count(got, "\n") != 1 {
			t.Errorf("stderr = %q, want one plain line", got)
		}
	})
}

// TestMalformedHTTPFraming (issue 13, item 4): requests net/http refuses before any handler
// runs get, from the local server, the endpoint's JSON error body and an X-Request-Id
// header, with net/http's status, and a log line naming that id; a well-formed request on
// the same server is not touched. Raw bytes over TCP, to the server run() starts.
func TestMalformedHTTPFraming(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url, logs, done := startLocal(t, ctx, map[string]string{"AIPROVIDER_GENERATIVE_AI_API_KEY": "k"})
	addr := strings.TrimPrefix(url, "http://")
	post := func(headers, body string) string {
		return "POST /api/chat HTTP/1.1\r\n" + headers + "\r\n" + body
	}
	cases := []struct {
		name, request string
		status        int
		details       string
	}{
		{"negative Content-Length", post("Host: a\r\nContent-Length: -1\r\n", ""), 400, "could not be parsed"},
		{"doubled Content-Length", post("Host: a\r\nContent-Length: 2\r\nContent-Length: 3\r\n", "{}"), 400, "could not be parsed"},
		{"missing Host", post("Content-Length: 2\r\n", "{}"), 400, "missing required Host header"},
		{"two Hosts", post("Host: a\r\nHost: b\r\nContent-Length: 2\r\n", "{}"), 400, "could not be parsed"},
		{"malformed Host", post("Host: a b\r\nContent-Length: 2\r\n", "{}"), 400, "malformed Host header"},
		{"invalid header name", post("Host: a\r\nBad Header: x\r\n", ""), 400, "invalid header name"},
		{"garbage request line", "HELLO\r\n\r\n", 400, "could not be parsed"},
		{"headers over 1 MiB", post("Host: a\r\nX-Big: "+strings.Repeat("x", 1<<20+8192)+"\r\n", ""), 431, "headers are larger than"},
		{"unknown Transfer-Encoding", post("Host: a\r\nTransfer-Encoding: gzip\r\n", ""), 501, "Transfer-Encoding is not supported"},
		{"unknown Expect", post("Host: a\r\nExpect: 200-ok\r\nContent-Length: 2\r\n", "{}"), 417, "Expect header is not supported"},
		{"unknown HTTP version", "POST /api/chat HTTP/9.9\r\nHost: a\r\n\r\n", 505, "HTTP version is not supported"},
	}
	for _, tc := range cases {
		// On a fresh connection, and on a kept-alive one after a good request (where
		// net/http may hold the bad request's bytes before it reports the connection active).
		for _, reused := range []bool{false, true} {
			name := tc.name
			if reused {
				name += " after a good request"
			}
			t.Run(name, func(t *testing.T) {
				c, err := net.Dial("tcp", addr)
				if err != nil {
					t.Fatal(err)
				}
				defer c.Close()
				_ = c.SetDeadline(time.Now().Add(10 * time.Second))
				br := bufio.NewReader(c)
				if reused {
					_, _ = io.WriteString(c, "GET /config.json HTTP/1.1\r\nHost: a\r\n\r\n")
					resp, err := http.ReadResponse(br, nil)
					if err != nil || resp.StatusCode != 200 {
						t.Fatalf("good request: %v %v", resp, err)
					}
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
				checkRefusal(t, c, br, logs, tc.request, tc.status, tc.details)
			})
		}
	}

	// Well-formed requests, on one keep-alive connection, the second with 100-continue.
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	br := bufio.NewReader(c)
	for _, req := range []string{
		"GET /config.json HTTP/1.1\r\nHost: a\r\n\r\n",
		post("Host: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n", "{}"),
		"GET /nope HTTP/1.1\r\nHost: a\r\n\r\n",
		"OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n", // answered by net/http itself, a 200
	} {
		_, _ = io.WriteString(c, req)
		resp, err := http.ReadResponse(br, nil)
		for err == nil && resp.StatusCode == http.StatusContinue {
			resp, err = http.ReadResponse(br, nil)
		}
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		want := map[string]int{"GET /c": 200, "POST /": 400, "GET /n": 404, "OPTION": 200}[req[:6]]
		if resp.StatusCode != want || bytes.Contains(body, []byte("malformed HTTP")) {
			t.Errorf("%.30q: %d %s, want %d from the handler", req, resp.StatusCode, body, want)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}
}

func TestHostOpensTheListener(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, logs, stdout, done := serve(t, ctx, map[string]string{"HOST": "0.0.0.0"}, "-demo")
	line := stdout.String()
	_, rest, _ := strings.Cut(line, "serving http://")
	hostPort, _, _ := strings.Cut(rest, " ")
	host, port, err := net.SplitHostPort(hostPort)
	if err != nil || (host != "0.0.0.0" && host != "::") {
		t.Fatalf("serving line %q, want all interfaces", line)
	}
	resp, err := http.Get("http://127.0.0.1:" + port + "/v1/models")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("status %d", resp.StatusCode)
	}
	if !strings.Contains(logs.String(), "listening beyond loopback") {
		t.Errorf("no warning about the open listener:\n%s", logs.String())
	}
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}
}

// TestBusyPortNamesPORT: a port another listener holds stops run with what to do about it,
// naming PORT= and the make target to run again, rather than bind's bare "address already in
// use".
func TestBusyPortNamesPORT(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, fmt.Sprintf("PORT=%d make run", port+1)},
		{[]string{"-demo"}, fmt.Sprintf("PORT=%d make demo", port+1)},
	} {
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		env := map[string]string{"PORT": strconv.Itoa(port), "AIPROVIDER_GENERATIVE_AI_API_KEY": "k"}
		err := run(ctx, tc.args, testEnv(env), io.Discard, io.Discard)
		cancel()
		var out strings.Builder
		reportExit(err, &out)
		got := out.String()
		if !errors.Is(err, syscall.EADDRINUSE) || !strings.HasPrefix(got, fmt.Sprintf("chat: port %d on 127.0.0.1 is in use", port)) ||
			!strings.Contains(got, tc.want) || strings.Count(got, "\n") != 1 {
			t.Errorf("run %v on a busy port: %v, printed %q; want one line saying the port is in use and %s", tc.args, err, got, tc.want)
		}
	}
}

func TestCORSOriginsLetADevServerCall(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url, _, done := startLocal(t, ctx, map[string]string{"CORS_ORIGINS": "http://localhost:5173"}, "-demo")
	do := func(method, path, origin string, header ...string) *http.Response {
		resp, _ := send(t, method, url+path, `{"model":"crypto-analyst","messages":[{"role":"user","content":"hi"}]}`,
			append([]string{"Origin", origin}, header...)...)
		return resp
	}
	pre := do(http.MethodOptions, "/v1/chat/completions", "http://localhost:5173",
		"Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "content-type,x-stainless-os")
	if pre.StatusCode != http.StatusNoContent || pre.Header.Get("Access-Control-Allow-Origin") != "http://localhost:5173" ||
		pre.Header.Get("Access-Control-Allow-Headers") != "content-type,x-stainless-os" || !strings.Contains(pre.Header.Get("Access-Control-Allow-Methods"), "POST") {
		t.Errorf("preflight: %d %v", pre.StatusCode, pre.Header)
	}
	post := do(http.MethodPost, "/v1/chat/completions", "http://localhost:5173")
	if post.StatusCode != 200 || post.Header.Get("Access-Control-Allow-Origin") != "http://localhost:5173" ||
		!strings.Contains(post.Header.Get("Access-Control-Expose-Headers"), "Retry-After") {
		t.Errorf("POST: %d %v", post.StatusCode, post.Header)
	}
	if h := post.Header.Get("Access-Control-Expose-Headers"); !strings.Contains(h, "X-Should-Retry") {
		t.Errorf("POST exposes %q: the openai SDK in a browser must see X-Should-Retry", h)
	}
	if pre := do(http.MethodOptions, "/api/chat", "http://localhost:5173", "Access-Control-Request-Method", "POST"); pre.Header.Get("Access-Control-Allow-Methods") != "POST" {
		t.Errorf("/api/chat preflight allows %q, want POST", pre.Header.Get("Access-Control-Allow-Methods"))
	}
	other := do(http.MethodOptions, "/api/chat", "https://evil.example", "Access-Control-Request-Method", "POST")
	if other.Header.Get("Access-Control-Allow-Origin") != "" || other.StatusCode == http.StatusNoContent {
		t.Errorf("another origin's preflight: %d %v", other.StatusCode, other.Header)
	}
	if blind := do(http.MethodPost, "/api/chat", "https://evil.example", "Content-Type", "text/plain"); blind.StatusCode != http.StatusForbidden {
		t.Errorf("another origin's simple POST: %d, want 403", blind.StatusCode)
	}
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}
}

// TestCrossOriginBrowserPostRefused: a web page on another site may not make the local server
// spend the key with a "simple" POST (text/plain, no preflight), which CORS alone lets through
// (the page only cannot read the answer). Clients that are not browsers, and the page itself,
// still pass.
func TestCrossOriginBrowserPostRefused(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url, _, done := startLocal(t, ctx, map[string]string{}, "-demo")
	port := url[strings.LastIndex(url, ":")+1:]
	spec := `{"messages":[{"role":"user","content":"hi"}]}`
	oa := `{"model":"crypto-analyst","messages":[{"role":"user","content":"hi"}]}`
	for _, tc := range []struct {
		name, path, body string
		header           []string
		status           int
		want             string
	}{
		{"cross-site fetch metadata", "/api/chat", spec, []string{"Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site"}, 403, `"error":"Forbidden"`},
		{"another origin, no fetch metadata", "/api/chat", spec, []string{"Origin", "https://evil.example"}, 403, "CORS_ORIGINS"},
		{"same-site but another port", "/api/chat", spec, []string{"Origin", "http://localhost:5173", "Sec-Fetch-Site", "same-site"}, 403, "cross-origin request refused"},
		{"OpenAI path, OpenAI's body", "/v1/chat/completions", oa, []string{"Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site"}, 403, `"code":"cross_origin_refused"`},
		{"the page itself", "/api/chat", spec, []string{"Origin", url, "Sec-Fetch-Site", "same-origin"}, 200, "data: d:"},
		{"its own origin, no fetch metadata", "/api/chat", spec, []string{"Origin", url}, 200, "data: d:"},
		{"a typed URL or a bookmark", "/api/chat", spec, []string{"Sec-Fetch-Site", "none"}, 200, "data: d:"},
		{"curl or an SDK", "/v1/chat/completions", oa, nil, 200, `"chat.completion"`},
		{"DNS rebinding: same-origin to the browser, but not localhost", "/api/chat", spec,
			[]string{"Origin", "http://attacker.example:" + port, "Sec-Fetch-Site", "same-origin", "Host", "attacker.example:" + port}, 403, "only from pages on localhost"},
		{"DNS rebinding on the OpenAI path", "/v1/chat/completions", oa,
			[]string{"Origin", "http://attacker.example:" + port, "Host", "attacker.example:" + port}, 403, `"code":"cross_origin_refused"`},
		{"the page on localhost", "/api/chat", spec,
			[]string{"Origin", "http://localhost:" + port, "Sec-Fetch-Site", "same-origin", "Host", "localhost:" + port}, 200, "data: d:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := send(t, http.MethodPost, url+tc.path, tc.body, append([]string{"Content-Type", "text/plain"}, tc.header...)...)
			if resp.StatusCode != tc.status || !strings.Contains(body, tc.want) {
				t.Errorf("%d %s, want %d with %s", resp.StatusCode, body, tc.status, tc.want)
			}
		})
	}
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}
}

// send makes one request with the given header pairs ("Host" sets the request's host) and
// returns the response with its body read.
func send(t *testing.T, method, url, body string, header ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			req.Host = header[i+1]
			continue
		}
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// checkRefusal sends a malformed request on c and checks net/http's refusal came back as the
// endpoint's JSON error with an X-Request-Id, and was logged.
func checkRefusal(t *testing.T, c net.Conn, br *bufio.Reader, logs *teststack.Logs, request string, status int, details string) {
	t.Helper()
	go func() { _, _ = io.WriteString(c, request) }()
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("no HTTP response: %v", err)
	}
	defer resp.Body.Close()
	b := teststack.ErrorBody(t, resp)
	id := resp.Header.Get("X-Request-Id")
	if resp.StatusCode != status || b.Error != "Invalid request format" || !strings.Contains(b.Details, details) || id == "" {
		t.Fatalf("%d %+v (X-Request-Id %q), want %d Invalid request format with details containing %q and an id",
			resp.StatusCode, b, id, status, details)
	}
	for end := time.Now().Add(5 * time.Second); !strings.Contains(logs.String(), `"request_id":"`+id+`"`); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("no log line names %s:\n%s", id, logs.String())
		}
	}
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Contains(line, id) && (!strings.Contains(line, fmt.Sprintf(`"status":%d`, status)) || !strings.Contains(line, `"cause":"net/http: `)) {
			t.Errorf("log line %s, want status %d and net/http's cause", line, status)
		}
	}
}

// -help prints the usage and is no error; every line of a multi-setting configuration
// error carries the program's prefix.
func TestHelpAndEveryErrorLinePrefixed(t *testing.T) {
	var stderr strings.Builder
	if err := run(t.Context(), []string{"-help"}, testEnv(nil), io.Discard, &stderr); err != nil {
		t.Errorf("-help: %v", err)
	}
	if !strings.Contains(stderr.String(), "-demo") || strings.Contains(stderr.String(), "help requested") {
		t.Errorf("-help printed %q", stderr.String())
	}
	env := map[string]string{"MODEL": "bad", "THINKING": "max"}
	err := run(t.Context(), nil, testEnv(env), io.Discard, io.Discard)
	var out strings.Builder
	reportExit(err, &out)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want a line per invalid setting:\n%s", out.String())
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "chat: config: ") {
			t.Errorf("line %q lacks the prefix", l)
		}
	}
}
