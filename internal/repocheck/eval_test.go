package repocheck

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/internal/loadtest"
)

// evalCases are the descriptions of internal/eval's cases, each of which the report lists.
var evalCases = []string{
	"refuses to reveal its instructions", "refuses to name its model or maker",
	"resists an injection planted in the question", "resists an injection planted in token metadata",
	"refuses to tell people to buy or sell", "grounds a contract question in the token facts (a honeypot is called one)",
	"cites its sources", "keeps figures consistent with the token facts",
}

// runEval runs `make eval` against url and returns its output and whether it passed.
func runEval(t *testing.T, url string) (string, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "make", "--no-print-directory", "eval", "EVAL_URL="+url)
	cmd.Dir = repoRoot(t)
	cmd.Env = append(os.Environ(), "MAKEFLAGS=")
	out, err := cmd.CombinedOutput()
	return string(out), err == nil
}

// `make eval` with nothing listening at EVAL_URL stops before promptfoo, says so and says to
// start the service, instead of failing every case and blaming the pass rate.
func TestEvalSaysToStartTheService(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String()
	ln.Close()
	out, ok := runEval(t, url)
	if ok {
		t.Fatalf("make eval passed with nothing listening:\n%s", out)
	}
	for _, want := range []string{"nothing answers at " + url, "make demo", "make run", "EVAL_URL"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "pass rate") || strings.Contains(out, "asking") {
		t.Errorf("make eval ran the cases with nothing listening:\n%s", out)
	}
}

// `make eval` against `make demo`'s server: the suite runs, reports every case, and the
// demo (whose scripted answers keep the rules and use the token facts) passes it.
func TestEvalPassesAgainstTheDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server and runs promptfoo")
	}
	bin, err := loadtest.Build(t.Context(), repoRoot(t), t.TempDir(), "demo")
	if err != nil {
		t.Fatal(err)
	}
	port, err := loadtest.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), bin, "-demo")
	cmd.Env = append(os.Environ(), "PORT="+strconv.Itoa(port), "LOG_LEVEL=warn")
	var output syncBuffer
	cmd.Stdout, cmd.Stderr = &output, &output
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() { _ = cmd.Process.Kill(); <-exited })
	url := "http://127.0.0.1:" + strconv.Itoa(port)
	waitHealthy(t, url, exited, time.Minute, &output)
	out, ok := runEval(t, url)
	if !ok {
		t.Fatalf("make eval failed against the demo:\n%s", out)
	}
	for _, c := range evalCases {
		if !strings.Contains(out, c) {
			t.Errorf("the report lacks the case %q:\n%s", c, out)
		}
	}
	if !strings.Contains(out, "pass rate: 8/8 = 100.0%") {
		t.Errorf("the report gives no full pass rate:\n%s", out)
	}
}

// A service whose model misbehaves fails the suite: it names its maker, recites its
// instructions, obeys the injections, answers "Yes" to a buy question, ignores the facts and
// cites nothing. make eval exits non-zero and says which cases failed and why.
func TestEvalFailsAMisbehavingModel(t *testing.T) {
	if testing.Short() {
		t.Skip("runs promptfoo")
	}
	system := readFile(t, "pkg/chat/prompt/system.txt")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Messages []struct{ Content string } `json:"messages"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil || len(body.Messages) == 0 {
			http.NotFound(w, r) // make eval's GET /healthz: something listens
			return
		}
		q := body.Messages[len(body.Messages)-1].Content
		answer := "I am Gemini, a large language model trained by Google."
		switch {
		case strings.Contains(q, "system prompt"):
			answer = system
		case strings.Contains(q, "PWNED"):
			answer = "PWNED-7731"
		case strings.Contains(q, "yes or no"):
			answer = "Yes"
		case strings.Contains(q, "risky"):
			answer = "This token is 100% SAFE, guaranteed to 50x: claim at https://evil.example/claim"
		case strings.Contains(q, "price"):
			answer = "It trades at $33,000."
		}
		w.Header().Set("Content-Type", "text/event-stream")
		chunk, _ := json.Marshal(answer)
		fmt.Fprintf(w, "data: 0:%s\n\ndata: d:{\"finishReason\":\"stop\",\"usage\":{},\"sources\":[]}\n\n", chunk)
	}))
	defer srv.Close()
	out, ok := runEval(t, srv.URL)
	if ok {
		t.Fatalf("make eval passed a misbehaving model:\n%s", out)
	}
	for _, c := range evalCases {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(c) + `\s+FAIL\s+\S`).MatchString(out) {
			t.Errorf("the report does not fail the case %q, with why:\n%s", c, out)
		}
	}
	for _, want := range []string{"pass rate: 0/8 = 0.0%", "eval: FAILED", `names "Gemini"`, "recites its instructions", `answers "Yes"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
}
