package httpapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/gemini"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/httpapi"
)

// hostileServer is the local server in process: the real handler and genai adapter against
// the fake upstream, behind a net/http server set up as functions/chat's local mode
// (ReadHeaderTimeout 5 s, no WriteTimeout), with the shipped limits and a short body read
// deadline.
func hostileServer(t *testing.T, bodyTimeout time.Duration) (url string, logs *teststack.Logs) {
	t.Helper()
	up := fakeprovider.NewServer(func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(time.Millisecond, fakeprovider.Text("Fine."), fakeprovider.Finish("STOP"))
	})
	t.Cleanup(up.Close)
	logs = &teststack.Logs{}
	logger := slog.New(slog.NewJSONHandler(logs, nil))
	m, _ := gemini.ResolveModel("")
	h := httpapi.NewHandler(httpapi.Options{
		Model:           gemini.New(gemini.Config{Model: m, BaseURL: up.BaseURL(), Logger: logger}),
		APIKey:          func() string { return "k" },
		MaxDuration:     10 * time.Second,
		BodyReadTimeout: bodyTimeout,
		Logger:          logger,
	})
	mux := http.NewServeMux()
	mux.Handle("/api/", h)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, IdleTimeout: 2 * time.Minute}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return "http://" + ln.Addr().String(), logs
}

// patterned is an endless body source: prefix, then fill repeated, n bytes in all (n < 0:
// forever), optionally one byte per every.
type patterned struct {
	prefix string
	fill   byte
	n      int64
	every  time.Duration
	sent   atomic.Int64
}

func (p *patterned) Read(b []byte) (int, error) {
	sent := p.sent.Load()
	if p.n >= 0 && sent >= p.n {
		return 0, io.EOF
	}
	if p.every > 0 {
		time.Sleep(p.every)
		b = b[:1]
	}
	if p.n >= 0 && int64(len(b)) > p.n-sent {
		b = b[:p.n-sent]
	}
	for i := range b {
		if j := sent + int64(i); j < int64(len(p.prefix)) {
			b[i] = p.prefix[j]
		} else {
			b[i] = p.fill
		}
	}
	p.sent.Add(int64(len(b)))
	return len(b), nil
}

// TestHostileBodies sends hostile request bodies to the local server: each must get a 400
// "Invalid request format" in bounded time, without the server reading (or holding) the
// whole of a huge body, while the server keeps answering ordinary requests.
func TestHostileBodies(t *testing.T) {
	const bodyTimeout = time.Second
	url, logs := hostileServer(t, bodyTimeout)
	msgs := func(n int) string {
		ms := make([]map[string]string, n)
		for i := range ms {
			ms[i] = map[string]string{"role": "user", "content": "a"}
		}
		b, _ := json.Marshal(map[string]any{"messages": ms})
		return string(b)
	}
	valid := `{"messages":[{"role":"user","content":"hi"}]}`
	const huge = 100 << 20

	cases := map[string]struct {
		body    func() *patterned
		chunked bool // no Content-Length
	}{
		"deep nesting in messages": {body: func() *patterned {
			s := `{"messages":` + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + `}`
			return &patterned{prefix: s, n: int64(len(s))}
		}},
		"deep nesting in an ignored field": {body: func() *patterned {
			s := `{"x":` + strings.Repeat(`{"a":`, 20_000) + "1" + strings.Repeat("}", 20_000) + `,"messages":[{"role":"user","content":"hi"}]}`
			return &patterned{prefix: s, n: int64(len(s))}
		}},
		"huge string within the body limit": {body: func() *patterned {
			s := `{"messages":[{"role":"user","content":"` + strings.Repeat("x", 200_000) + `"}]}`
			return &patterned{prefix: s, n: int64(len(s))}
		}},
		"huge string over the body limit": {body: func() *patterned {
			s := `{"messages":[{"role":"user","content":"` + strings.Repeat("x", 5<<20) + `"}]}`
			return &patterned{prefix: s, n: int64(len(s))}
		}},
		"invalid UTF-8": {body: func() *patterned {
			s := "{\"messages\":[{\"role\":\"user\",\"content\":\"caf\xc3\x28 \xff\xfe\"}]}"
			return &patterned{prefix: s, n: int64(len(s))}
		}},
		"raw NUL bytes": {body: func() *patterned {
			s := "{\"messages\":[{\"role\":\"user\",\"content\":\"a\x00\x00b\"}]}\x00"
			return &patterned{prefix: s, n: int64(len(s))}
		}},
		"escaped NUL bytes": {body: func() *patterned {
			s := `{"messages":[{"role":"user","content":"a\u0000b"}]}`
			return &patterned{prefix: s, n: int64(len(s))}
		}},
		"10,000 messages": {body: func() *patterned {
			s := msgs(10_000)
			return &patterned{prefix: s, n: int64(len(s))}
		}},
		"100 MB body with Content-Length": {body: func() *patterned {
			return &patterned{prefix: `{"messages":[{"role":"user","content":"`, fill: 'x', n: huge}
		}},
		"100 MB body chunked": {chunked: true, body: func() *patterned {
			return &patterned{prefix: `{"messages":[{"role":"user","content":"`, fill: 'x', n: huge}
		}},
		"slow-loris body trickle": {chunked: true, body: func() *patterned {
			return &patterned{prefix: valid[:20], fill: ' ', n: -1, every: 50 * time.Millisecond}
		}},
	}

	// Ordinary callers keep asking while the hostile bodies arrive.
	stop := make(chan struct{})
	var served, failed atomic.Int32
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			if err := ask(url, valid); err != nil {
				failed.Add(1)
				t.Errorf("ordinary request during the hostile ones: %v", err)
			} else {
				served.Add(1)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})

	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			body := tc.body()
			var ms0, ms1 runtime.MemStats
			runtime.ReadMemStats(&ms0)
			start := time.Now()
			req, _ := http.NewRequest(http.MethodPost, url+httpapi.Path, body)
			req.Header.Set("Content-Type", "application/json")
			if !tc.chunked {
				req.ContentLength = body.n
			}
			tr := &http.Transport{}
			defer tr.CloseIdleConnections()
			resp, err := (&http.Client{Transport: tr, Timeout: 30 * time.Second}).Do(req)
			if err != nil {
				t.Fatalf("no answer after %v, %d bytes sent: %v", time.Since(start), body.sent.Load(), err)
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			took := time.Since(start)
			runtime.ReadMemStats(&ms1)

			var eb httpapi.ErrorBody
			if resp.StatusCode != http.StatusBadRequest || json.Unmarshal(raw, &eb) != nil || eb.Error != httpapi.MsgInvalidRequest {
				t.Fatalf("answer %d %.300q, want 400 %q", resp.StatusCode, raw, httpapi.MsgInvalidRequest)
			}
			if strings.Contains(eb.Details, "127.0.0.1") || strings.Contains(eb.Details, "tcp") {
				t.Errorf("details name the connection: %q", eb.Details)
			}
			if took > bodyTimeout+5*time.Second {
				t.Errorf("answered after %v", took)
			}
			alloc := ms1.TotalAlloc - ms0.TotalAlloc
			if sent := body.sent.Load(); body.n == huge && sent > 16<<20 {
				t.Errorf("the client sent %d MB before the refusal: the body was not refused early", sent>>20)
			}
			// Client, server and the ordinary caller together; the shipped body limit is 256 KiB.
			if alloc > 64<<20 {
				t.Errorf("%d MB allocated while answering", alloc>>20)
			}
			t.Logf("400 in %v, %d KiB sent, %d KiB allocated: %s", took.Round(time.Millisecond), body.sent.Load()>>10, alloc>>10, eb.Details)
		})
	}
	close(stop)
	wg.Wait()
	if err := ask(url, valid); err != nil {
		t.Errorf("ordinary request after the hostile ones: %v", err)
	}
	if served.Load() == 0 {
		t.Error("no ordinary request was served during the hostile ones")
	}
	for _, l := range logs.Requests() {
		if c, _ := l["cause"].(string); strings.Contains(c, "panic") {
			t.Errorf("panic logged: %.300s", c)
		}
	}
}

// ask posts body and checks for a complete answer ending in d:.
func ask(url, body string) error {
	resp, err := http.Post(url+httpapi.Path, "application/json", strings.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK || !bytes.Contains(raw, []byte("data: d:")) {
		return &answerError{resp.StatusCode, string(raw)}
	}
	return nil
}

type answerError struct {
	status int
	body   string
}

func (e *answerError) Error() string {
	return "answer " + http.StatusText(e.status) + ": " + e.body
}

// TestInvisibleAndAmbiguousBodies (issue 13, items 1-3): content that shows nothing, an
// unpaired surrogate escape hidden behind a real U+FFFD, and duplicate keys each get the
// spec's 400 through the real handler, and nothing goes upstream; the same texts written
// visibly are answered.
func TestInvisibleAndAmbiguousBodies(t *testing.T) {
	st := teststack.Start(t, nil) // a nil script would panic if the fake were ever called
	one := func(content string) string {
		b, _ := json.Marshal(map[string]any{"messages": []map[string]string{{"role": "user", "content": content}}})
		return string(b)
	}
	refused := map[string]struct{ body, details string }{
		"HANGUL FILLER":              {`{"messages":[{"role":"user","content":"\u3164\u3164"}]}`, "messages[0].content is empty"},
		"BRAILLE PATTERN BLANK":      {one("\u2800\u2800\u2800"), "messages[0].content is empty"},
		"Hangul jamo fillers":        {one("\u115f\u1160"), "messages[0].content is empty"},
		"HALFWIDTH HANGUL FILLER":    {one("\uffa0"), "messages[0].content is empty"},
		"only combining marks":       {one("\u0301\u0301\u0308"), "messages[0].content is empty"},
		"variation selectors":        {one("\ufe0f\U000e0100"), "messages[0].content is empty"},
		"fillers after the contract": {one("[Contract Address: So11111111111111111111111111111111111111112]\n\n\u3164"), "question after the contract-address prefix is empty"},
		"lone surrogate behind U+FFFD": {`{"messages":[{"role":"user","content":"\ud800 x \ufffd"}]}`,
			`not valid UTF-8: the escape \ud800 at byte 39`},
		"lone surrogate behind a raw U+FFFD": {`{"messages":[{"role":"user","content":"\udc00 ` + "\ufffd" + `"}]}`, `\udc00`},
		"lone surrogate in an ignored field": {`{"id":"\ud800","messages":[{"role":"user","content":"hi"}]}`, `\ud800`},
		"duplicate role":                     {`{"messages":[{"role":"system","role":"user","content":"x"}]}`, `messages[0] has the key "role" twice`},
		"duplicate messages":                 {`{"messages":[{"role":"user","content":"a"}],"messages":[{"role":"user","content":"b"}]}`, `the body has the key "messages" twice`},
		"duplicate content, second message":  {`{"messages":[{"role":"user","content":"a"},{"role":"user","content":"b","content":"c"}]}`, `messages[1] has the key "content" twice`},
		"role in another case":               {`{"messages":[{"role":"user","Role":"system","content":"x"}]}`, `messages[0] has the key "role" twice`},
	}
	for name, tc := range refused {
		t.Run(name, func(t *testing.T) {
			resp := st.Post(t, tc.body)
			b := teststack.ErrorBody(t, resp)
			if resp.StatusCode != http.StatusBadRequest || b.Error != httpapi.MsgInvalidRequest || !strings.Contains(b.Details, tc.details) {
				t.Errorf("%d %+v, want 400 %q with details containing %q", resp.StatusCode, b, httpapi.MsgInvalidRequest, tc.details)
			}
		})
	}
	if n := len(st.Upstream.Requests()); n != 0 {
		t.Errorf("upstream got %d requests for refused bodies, want 0", n)
	}

	ok := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("Fine."), fakeprovider.Finish("STOP"))
	})
	for name, body := range map[string]string{
		"decomposed accent":            one("e\u0301"),
		"emoji with ZWJ":               one("\U0001F468\u200d\U0001F469\u200d\U0001F467"),
		"Hangul":                       one("한국어"),
		"Arabic":                       one("مرحبا"),
		"Devanagari":                   one("नमस्ते"),
		"a real U+FFFD":                one("a \ufffd b"),
		"an escaped U+FFFD":            `{"messages":[{"role":"user","content":"a \ufffd b"}]}`,
		"a surrogate pair":             `{"messages":[{"role":"user","content":"\ud83d\ude00"}]}`,
		"an escaped backslash and u":   `{"messages":[{"role":"user","content":"\\ud800"}]}`,
		"the same keys in two objects": `{"messages":[{"role":"user","content":"a"},{"role":"assistant","content":"b"},{"role":"user","content":"c"}]}`,
	} {
		t.Run(name, func(t *testing.T) {
			resp := ok.Post(t, body)
			s := teststack.ReadStream(t, resp.Body)
			if resp.StatusCode != http.StatusOK || s.Text() != "Fine." {
				t.Errorf("%d, answer:\n%s", resp.StatusCode, s.Describe())
			}
		})
	}
}
