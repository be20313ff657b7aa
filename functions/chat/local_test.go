package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/pkg/chat/chattest"
	"github.com/chatsvc/chat/pkg/gemini/geminitest"
)

// startLocal runs the program as `go run ./functions/chat` would, on a free port, and returns
// its base URL, its stderr log and a channel with run's result.
func startLocal(t *testing.T, ctx context.Context, env map[string]string, args ...string) (string, *chattest.Logs, <-chan error) {
	t.Helper()
	env["PORT"] = "0"
	pr, pw := io.Pipe()
	logs := &chattest.Logs{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, args, func(k string) string { return env[k] }, pw, logs)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no serving line: %v; log:\n%s", err, logs.String())
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	_, rest, _ := strings.Cut(line, "serving ")
	url, _, _ := strings.Cut(rest, " ")
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("serving line %q does not name a loopback URL", line)
	}
	return url, logs, done
}

func TestLocalServerAnswersAndShutsDownGracefully(t *testing.T) {
	up := geminitest.NewServer(func(geminitest.Request) geminitest.Reply {
		return geminitest.Stream(300*time.Millisecond, geminitest.Text("one "), geminitest.Text("two"), geminitest.Finish("STOP"))
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
		"WEB_DIR":                          web,
	})

	resp, err := http.Get(url + "/config.json")
	if err != nil {
		t.Fatal(err)
	}
	var cfg map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&cfg)
	resp.Body.Close()
	if cfg["apiUrl"] != "" || cfg["cooldownSeconds"] != 20.0 || cfg["demo"] != false {
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
		b := chattest.ErrorBody(t, resp)
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
	s := chattest.ReadStream(t, resp.Body)
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
	s := chattest.ReadStream(t, resp.Body)
	resp.Body.Close()
	if !strings.HasPrefix(s.Text(), geminitest.DemoNotice) || len(s.Metadata(t)["sources"].([]any)) != 2 {
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
	err := run(context.Background(), nil, func(k string) string {
		return map[string]string{"TEMPERATURE": "3"}[k]
	}, io.Discard, io.Discard)
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
		req, _ := http.NewRequest(http.MethodPost, url+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header, string(b)
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
	if code, _, b := post("/v1/chat/completions", body); code != http.StatusForbidden {
		t.Errorf("unsigned /v1 POST: %d %q, want 403", code, b)
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
