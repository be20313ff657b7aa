package apikey_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"text/template"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/ssm"

	"github.com/chatsvc/chat/internal/testclock"
	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/apikey"
)

const parameter = "/chat/dev/api-key"

// Keys that must never show up in a log.
const (
	secretV1 = "AIzaSy-SECRET-first-0123456789"
	secretV2 = "AIzaSy-SECRET-rotated-9876543210"
)

// reply is one scripted answer of the fake SSM endpoint.
type reply struct {
	status  int
	fixture string // file in testdata/
	value   string // for get-parameter.json
	version int
	delay   time.Duration
}

func ok(value string, version int) reply {
	return reply{status: http.StatusOK, fixture: "get-parameter.json", value: value, version: version}
}

var (
	notFound     = reply{status: http.StatusBadRequest, fixture: "parameter-not-found.json"}
	accessDenied = reply{status: http.StatusBadRequest, fixture: "access-denied.json"}
	throttled    = reply{status: http.StatusBadRequest, fixture: "throttling.json"}
)

// received is a request the fake SSM endpoint got.
type received struct {
	Target string
	Body   map[string]any
	// Auth is the request's Authorization header (SigV4: it names the access key id).
	Auth string
}

// fakeSSM speaks the AWS JSON 1.1 protocol of SSM's GetParameter. Its replies come from a
// function of the call number (1-based), so a test can change the answer over time.
type fakeSSM struct {
	t      *testing.T
	srv    *httptest.Server
	mu     sync.Mutex
	calls  []received
	answer func(n int) reply
}

func newFakeSSM(t *testing.T, answer func(n int) reply) *fakeSSM {
	t.Helper()
	f := &fakeSSM{t: t, answer: answer}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeSSM) serve(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var body map[string]any
	_ = json.Unmarshal(raw, &body)
	f.mu.Lock()
	f.calls = append(f.calls, received{Target: r.Header.Get("X-Amz-Target"), Body: body, Auth: r.Header.Get("Authorization")})
	n := len(f.calls)
	answer := f.answer
	f.mu.Unlock()

	rep := answer(n)
	if rep.delay > 0 {
		select {
		case <-time.After(rep.delay):
		case <-r.Context().Done():
			return
		}
	}
	tmpl, err := template.ParseFiles(filepath.Join("testdata", rep.fixture))
	if err != nil {
		f.t.Errorf("fixture: %v", err)
		return
	}
	var out bytes.Buffer
	_ = tmpl.Execute(&out, map[string]any{"Value": rep.value, "Version": rep.version})
	w.Header().Set("Content-Type", "application/x-amz-json-1.1")
	w.Header().Set("X-Amzn-RequestId", fmt.Sprintf("req-%d", n))
	w.WriteHeader(rep.status)
	_, _ = w.Write(out.Bytes())
}

func (f *fakeSSM) setAnswer(answer func(n int) reply) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.answer = answer
}

func (f *fakeSSM) received() []received {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]received(nil), f.calls...)
}

// client is the real SSM client pointed at the fake.
func (f *fakeSSM) client(retryMaxAttempts int) *ssm.Client {
	return ssm.New(ssm.Options{
		BaseEndpoint:     aws.String(f.srv.URL),
		Region:           "us-east-1",
		Credentials:      credentials.NewStaticCredentialsProvider("AKIDTEST", "test-secret-key", ""),
		RetryMaxAttempts: retryMaxAttempts,
	})
}

// env records what Setenv published.
type env struct {
	mu   sync.Mutex
	vars map[string]string
}

func (e *env) Setenv(k, v string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.vars == nil {
		e.vars = map[string]string{}
	}
	e.vars[k] = v
	return nil
}

func (e *env) Getenv(k string) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.vars[k]
}

type harness struct {
	ssm   *fakeSSM
	src   *apikey.Source
	clock *testclock.Clock
	env   *env
	logs  *teststack.Logs
}

func newHarness(t *testing.T, answer func(n int) reply, tweak func(*apikey.Options, *fakeSSM)) *harness {
	t.Helper()
	h := &harness{
		ssm:   newFakeSSM(t, answer),
		clock: testclock.New(time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)),
		env:   &env{},
		logs:  &teststack.Logs{},
	}
	o := apikey.Options{
		Client:    h.ssm.client(1),
		Parameter: parameter,
		Setenv:    h.env.Setenv,
		Getenv:    h.env.Getenv,
		Logger:    slog.New(slog.NewJSONHandler(h.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Now:       h.clock.Now,
	}
	if tweak != nil {
		tweak(&o, h.ssm)
	}
	h.src = apikey.New(o)
	t.Cleanup(func() { h.assertNoSecretLogged(t) })
	return h
}

func (h *harness) assertNoSecretLogged(t *testing.T) {
	t.Helper()
	logs := h.logs.String()
	for _, s := range []string{secretV1, secretV2} {
		if strings.Contains(logs, s) {
			t.Errorf("the key %q appears in the log:\n%s", s, logs)
		}
	}
}

func always(r reply) func(int) reply { return func(int) reply { return r } }

func TestLoad(t *testing.T) {
	tests := map[string]struct {
		reply     reply
		tweak     func(*apikey.Options, *fakeSSM)
		wantKey   string
		wantCode  string // error_code in the failure log line
		maxTime   time.Duration
		wantCalls int // 0: at least one
	}{
		"success": {
			reply:     ok(secretV1, 1),
			wantKey:   secretV1,
			maxTime:   time.Second,
			wantCalls: 1,
		},
		"value with surrounding whitespace": {
			reply:     ok(secretV1+`\n`, 1),
			wantKey:   secretV1,
			maxTime:   time.Second,
			wantCalls: 1,
		},
		"empty value": {
			reply:     ok("", 1),
			wantCode:  "EmptyValue",
			maxTime:   time.Second,
			wantCalls: 1,
		},
		"parameter not found": {
			reply:     notFound,
			wantCode:  "ParameterNotFound",
			maxTime:   time.Second,
			wantCalls: 1,
		},
		"access denied": {
			reply:     accessDenied,
			wantCode:  "AccessDeniedException",
			maxTime:   time.Second,
			wantCalls: 1,
		},
		"throttled, one attempt": {
			reply:     throttled,
			wantCode:  "ThrottlingException",
			maxTime:   time.Second,
			wantCalls: 1,
		},
		"throttled, SDK retries stay within the bound": {
			reply: throttled,
			tweak: func(o *apikey.Options, f *fakeSSM) {
				o.Client = f.client(5) // the SDK's standard retryer, backing off on throttling
				o.Timeout = 700 * time.Millisecond
			},
			maxTime: 700*time.Millisecond + 500*time.Millisecond,
		},
		"slow endpoint past the bound": {
			reply:     reply{status: http.StatusOK, fixture: "get-parameter.json", value: secretV1, version: 1, delay: 5 * time.Second},
			tweak:     func(o *apikey.Options, _ *fakeSSM) { o.Timeout = 300 * time.Millisecond },
			wantCode:  "Timeout",
			maxTime:   300*time.Millisecond + 500*time.Millisecond,
			wantCalls: 1,
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, always(tc.reply), tc.tweak)

			start := time.Now()
			err := h.src.Load(context.Background())
			elapsed := time.Since(start)

			if elapsed > tc.maxTime {
				t.Errorf("Load took %v, want at most %v", elapsed, tc.maxTime)
			}
			got := h.src.Get(context.Background())
			if got != tc.wantKey {
				t.Errorf("Get = %q, want %q", got, tc.wantKey)
			}
			if pub := h.env.Getenv(apikey.EnvVar); pub != tc.wantKey {
				t.Errorf("published %s = %q, want %q", apikey.EnvVar, pub, tc.wantKey)
			}
			if tc.wantKey != "" {
				if err != nil {
					t.Fatalf("Load: %v", err)
				}
			} else {
				if err == nil {
					t.Fatal("Load: no error")
				}
				for _, s := range []string{secretV1, secretV2} {
					if strings.Contains(err.Error(), s) {
						t.Errorf("the error carries the key: %v", err)
					}
				}
				if tc.wantCode != "" && !strings.Contains(h.logs.String(), `"error_code":"`+tc.wantCode+`"`) {
					t.Errorf("log lacks error_code %s:\n%s", tc.wantCode, h.logs.String())
				}
			}

			calls := h.ssm.received()
			if tc.wantCalls > 0 && len(calls) != tc.wantCalls {
				t.Errorf("SSM got %d calls, want %d", len(calls), tc.wantCalls)
			}
			if len(calls) == 0 {
				t.Fatal("SSM got no call")
			}
			c := calls[0]
			if c.Target != "AmazonSSM.GetParameter" {
				t.Errorf("X-Amz-Target = %q, want AmazonSSM.GetParameter", c.Target)
			}
			if c.Body["Name"] != parameter || c.Body["WithDecryption"] != true {
				t.Errorf("request body = %v, want Name %s and WithDecryption true", c.Body, parameter)
			}
		})
	}
}

func TestRotationAfterTTL(t *testing.T) {
	h := newHarness(t, always(ok(secretV1, 1)), func(o *apikey.Options, _ *fakeSSM) { o.TTL = 5 * time.Minute })
	ctx := context.Background()
	if err := h.src.Load(ctx); err != nil {
		t.Fatalf("Load: %v", err)
	}
	h.ssm.setAnswer(always(ok(secretV2, 2)))

	h.clock.Advance(5*time.Minute - time.Second)
	if got := h.src.Get(ctx); got != secretV1 {
		t.Errorf("before the TTL: Get = %q, want the first key", got)
	}
	if n := len(h.ssm.received()); n != 1 {
		t.Errorf("before the TTL: %d SSM calls, want 1 (the key is cached)", n)
	}

	h.clock.Advance(time.Second)
	if got := h.src.Get(ctx); got != secretV2 {
		t.Errorf("after the TTL: Get = %q, want the rotated key", got)
	}
	if pub := h.env.Getenv(apikey.EnvVar); pub != secretV2 {
		t.Errorf("after the TTL: published key = %q, want the rotated key", pub)
	}
	if n := len(h.ssm.received()); n != 2 {
		t.Errorf("after the TTL: %d SSM calls, want 2", n)
	}
	if !strings.Contains(h.logs.String(), `"changed":true`) {
		t.Errorf("no log line reports the change:\n%s", h.logs.String())
	}
}

func TestStaleKeyKeptWhenRefreshFails(t *testing.T) {
	h := newHarness(t, always(ok(secretV1, 1)), nil)
	ctx := context.Background()
	if err := h.src.Load(ctx); err != nil {
		t.Fatalf("Load: %v", err)
	}
	h.ssm.setAnswer(always(throttled))
	h.clock.Advance(apikey.DefaultTTL)
	if got := h.src.Get(ctx); got != secretV1 {
		t.Errorf("Get = %q, want the stale key while SSM fails", got)
	}
	if got := h.src.Get(ctx); got != secretV1 {
		t.Errorf("second Get = %q, want the stale key", got)
	}
	if n := len(h.ssm.received()); n != 2 {
		t.Errorf("%d SSM calls, want 2 (the failed refresh backs off)", n)
	}
}

func TestRetryWithBackoff(t *testing.T) {
	h := newHarness(t, always(accessDenied), func(o *apikey.Options, _ *fakeSSM) {
		o.MinBackoff, o.MaxBackoff = time.Second, 4*time.Second
	})
	ctx := context.Background()
	if err := h.src.Load(ctx); err == nil {
		t.Fatal("Load: no error")
	}
	// Each step: advance the clock, call Get, and say how many SSM calls there are by then.
	steps := []struct {
		advance   time.Duration
		wantCalls int
		fixed     bool // SSM answers with the key from this step on
		wantKey   string
	}{
		{advance: 0, wantCalls: 1},                      // backing off 1 s
		{advance: 999 * time.Millisecond, wantCalls: 1}, // still backing off
		{advance: time.Millisecond, wantCalls: 2},       // retried, failed: backing off 2 s
		{advance: time.Second, wantCalls: 2},
		{advance: time.Second, wantCalls: 3},     // failed again: 4 s
		{advance: 3 * time.Second, wantCalls: 3}, // under 4 s
		{advance: time.Second, wantCalls: 4},     // failed again: capped at 4 s
		{advance: 4 * time.Second, wantCalls: 5, fixed: true, wantKey: secretV1},
		{advance: time.Second, wantCalls: 5, wantKey: secretV1}, // fresh key, no call
	}
	for i, st := range steps {
		if st.fixed {
			h.ssm.setAnswer(always(ok(secretV1, 3)))
		}
		h.clock.Advance(st.advance)
		got := h.src.Get(ctx)
		if got != st.wantKey {
			t.Errorf("step %d: Get = %q, want %q", i, got, st.wantKey)
		}
		if n := len(h.ssm.received()); n != st.wantCalls {
			t.Errorf("step %d: %d SSM calls, want %d", i, n, st.wantCalls)
		}
	}
}

func TestConcurrentGetsShareOneRead(t *testing.T) {
	slow := ok(secretV1, 1)
	slow.delay = 200 * time.Millisecond
	h := newHarness(t, always(slow), nil)

	var wg sync.WaitGroup
	keys := make([]string, 20)
	for i := range keys {
		wg.Go(func() { keys[i] = h.src.Get(context.Background()) })
	}
	wg.Wait()
	for i, k := range keys {
		if k != secretV1 {
			t.Errorf("caller %d got %q", i, k)
		}
	}
	if n := len(h.ssm.received()); n != 1 {
		t.Errorf("%d SSM calls, want 1", n)
	}
}

func TestGetBoundedByCallerContext(t *testing.T) {
	slow := ok(secretV1, 1)
	slow.delay = time.Second
	h := newHarness(t, always(slow), func(o *apikey.Options, _ *fakeSSM) { o.Timeout = 2 * time.Second })

	// The first caller runs the read; a second, impatient one must not wait for it.
	go h.src.Get(context.Background())
	for len(h.ssm.received()) == 0 {
		time.Sleep(time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	if got := h.src.Get(ctx); got != "" {
		t.Errorf("Get = %q, want no key yet", got)
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("Get waited %v past its context", d)
	}
}

func TestMain(m *testing.M) {
	// The SDK must not find real credentials or endpoints on the machine running the tests.
	for _, k := range []string{"AWS_PROFILE", "AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_SSM"} {
		os.Unsetenv(k)
	}
	os.Exit(m.Run())
}

// TestNewClientFromEnvironment checks the production client: region, credentials and endpoint
// come from the environment, as they do in Lambda (AWS_ENDPOINT_URL_SSM stands in for SSM). A
// local fake SSM on a loopback address needs no AWS account: with no credentials and no region
// the client still reads the key, and the credential chain never reaches for the EC2 metadata
// service (AWS_EC2_METADATA_DISABLED only makes such a mistake fail fast rather than hang).
func TestNewClientFromEnvironment(t *testing.T) {
	noEnvCredentials := map[string]string{"AWS_REGION": "", "AWS_DEFAULT_REGION": "", "AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": ""}
	tests := map[string]struct {
		env         map[string]string
		credentials string // the shared credentials file
		host        string // the endpoint's host in place of 127.0.0.1
		keyID       string // the access key id the request is signed with
	}{
		"Lambda's variables": {env: map[string]string{
			"AWS_REGION": "eu-west-1", "AWS_ACCESS_KEY_ID": "AKIDTEST", "AWS_SECRET_ACCESS_KEY": "test-secret-key",
		}, keyID: "AKIDTEST"},
		"loopback endpoint, no credentials, no region": {env: noEnvCredentials, host: "localhost", keyID: "local"},
		"loopback endpoint, a profile's credentials": {env: noEnvCredentials,
			credentials: "[default]\naws_access_key_id = AKIDPROFILE\naws_secret_access_key = profile-secret\n",
			keyID:       "AKIDPROFILE"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			f := newFakeSSM(t, always(ok(secretV1, 1)))
			dir := t.TempDir()
			endpoint := f.srv.URL
			if tc.host != "" {
				endpoint = strings.Replace(endpoint, "127.0.0.1", tc.host, 1)
			}
			t.Setenv("AWS_SESSION_TOKEN", "")
			t.Setenv("AWS_CONFIG_FILE", filepath.Join(dir, "config"))
			t.Setenv("AWS_SHARED_CREDENTIALS_FILE", filepath.Join(dir, "credentials"))
			if tc.credentials != "" {
				if err := os.WriteFile(filepath.Join(dir, "credentials"), []byte(tc.credentials), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
			t.Setenv("AWS_ENDPOINT_URL_SSM", endpoint)
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			ctx, cancel := context.WithTimeout(context.Background(), apikey.DefaultTimeout)
			defer cancel()
			client, err := apikey.NewClient(ctx, os.Getenv)
			if err != nil {
				t.Fatalf("NewClient: %v", err)
			}
			src := apikey.New(apikey.Options{Client: client, Parameter: parameter})
			if err := src.Load(ctx); err != nil {
				t.Fatalf("Load: %v", err)
			}
			if got := src.Get(ctx); got != secretV1 {
				t.Errorf("Get = %q, want the parameter's value", got)
			}
			calls := f.received()
			if len(calls) != 1 || calls[0].Body["WithDecryption"] != true {
				t.Fatalf("SSM calls %+v, want one GetParameter with decryption", calls)
			}
			if !strings.Contains(calls[0].Auth, "Credential="+tc.keyID+"/") {
				t.Errorf("signed with %q, want access key id %s", calls[0].Auth, tc.keyID)
			}
		})
	}
}

// panicky is a Client whose reads panic, as a bug in the SDK or a fake could.
type panicky struct{ calls int }

func (p *panicky) GetParameter(context.Context, *ssm.GetParameterInput, ...func(*ssm.Options)) (*ssm.GetParameterOutput, error) {
	p.calls++
	panic("unexpected shape")
}

// A read that panics is a failed read: logged, backed off, retried; it wedges nothing.
func TestReadPanicIsAFailure(t *testing.T) {
	client := &panicky{}
	h := newHarness(t, always(ok(secretV1, 1)), func(o *apikey.Options, _ *fakeSSM) { o.Client = client })
	ctx := context.Background()
	if err := h.src.Load(ctx); err == nil {
		t.Fatal("Load: no error")
	}
	if got := h.src.Get(ctx); got != "" || client.calls != 1 {
		t.Errorf("within the backoff: Get = %q after %d reads, want no key after 1", got, client.calls)
	}
	h.clock.Advance(apikey.DefaultMinBackoff)
	if got := h.src.Get(ctx); got != "" || client.calls != 2 {
		t.Errorf("after the backoff: Get = %q after %d reads, want no key after 2", got, client.calls)
	}
	if !strings.Contains(h.logs.String(), `"msg":"api key read panicked"`) || strings.Contains(h.logs.String(), "unexpected shape") {
		t.Errorf("want the panic logged without its value:\n%s", h.logs.String())
	}
}
