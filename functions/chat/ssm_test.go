package main_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeSSM answers GetParameter with ParameterNotFound until a value is set.
type fakeSSM struct {
	mu     sync.Mutex
	value  string
	bodies []string
}

func (f *fakeSSM) set(v string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.value = v
}

func (f *fakeSSM) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.bodies = append(f.bodies, r.Header.Get("X-Amz-Target")+" "+string(b))
	v := f.value
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/x-amz-json-1.1")
	if v == "" {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"__type":"ParameterNotFound","message":"Parameter /chat/dev/ai-api-key not found."}`)
		return
	}
	out, _ := json.Marshal(map[string]any{"Parameter": map[string]any{
		"Name": "/chat/dev/ai-api-key", "Type": "SecureString", "Value": v, "Version": 2,
	}})
	_, _ = w.Write(out)
}

// TestAPIKeyFromSSM runs the bootstrap with the key in an SSM parameter that is missing at
// first: init survives, requests answer 401, and a later request, after the backoff, reads
// the key and gets its answer.
func TestAPIKeyFromSSM(t *testing.T) {
	const secret = "AIzaSy-SECRET-from-ssm-0123456789"
	up := startUpstream(t)
	ssm := &fakeSSM{}
	ssmSrv := httptest.NewServer(ssm)
	t.Cleanup(ssmSrv.Close)
	fn := startFunction(t, map[string]string{
		"AIPROVIDER_BASE_URL":                        up.BaseURL(),
		"AIPROVIDER_GENERATIVE_AI_API_KEY_PARAMETER": "/chat/dev/ai-api-key",
		"AWS_ENDPOINT_URL_SSM":                       ssmSrv.URL,
	})

	r := decode(t, fn.api.invoke(t, readEvent(t, "question.json"), 30*time.Second))
	if r.prelude.StatusCode != http.StatusUnauthorized {
		t.Fatalf("prelude statusCode = %d, want 401; body %s", r.prelude.StatusCode, r.body)
	}
	if got := r.errorBody(t)["error"]; got != "API key not configured" {
		t.Errorf("error = %q, want API key not configured", got)
	}
	if len(up.Requests()) != 0 {
		t.Errorf("the upstream was called without a key")
	}

	ssm.set(secret)
	time.Sleep(1100 * time.Millisecond) // past the first backoff
	r = decode(t, fn.api.invoke(t, readEvent(t, "question.json"), 30*time.Second))
	assertStream(t, r)
	if term := r.terminal(t); term.code != 'd' {
		t.Errorf("terminal line %c:%s, want d:", term.code, term.payload)
	}
	reqs := up.Answered()
	if len(reqs) != 1 || reqs[0].APIKey != secret {
		t.Errorf("upstream requests %d, want 1 with the key from SSM", len(reqs))
	}

	ssm.mu.Lock()
	bodies := append([]string(nil), ssm.bodies...)
	ssm.mu.Unlock()
	if len(bodies) < 2 {
		t.Errorf("SSM got %d calls, want the one at init and a retry", len(bodies))
	}
	for _, b := range bodies {
		if !strings.HasPrefix(b, "AmazonSSM.GetParameter ") || !strings.Contains(b, `"WithDecryption":true`) {
			t.Errorf("SSM request %q, want GetParameter with decryption", b)
		}
	}
	if strings.Contains(fn.stderr.String(), secret) {
		t.Errorf("the key appears in the function's log")
	}
}
