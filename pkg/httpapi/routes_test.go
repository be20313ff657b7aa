package httpapi_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/httpapi"
)

// GET /healthz answers 200 while the process serves, calling nothing upstream, whatever the
// key; another method is refused in the spec's error body.
func TestHealthz(t *testing.T) {
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		t.Error("the health check called the model")
		return fakeprovider.Stream(0, fakeprovider.Text("no"), fakeprovider.Finish("STOP"))
	}, teststack.WithOptions(func(o *httpapi.Options) { o.APIKey = func() string { return "" } }))
	for _, tt := range []struct {
		method     string
		wantStatus int
		wantBody   string
	}{
		{http.MethodGet, 200, `{"status":"ok"}`},
		{http.MethodHead, 200, ""},
		{http.MethodPost, 405, `"error":"Method not allowed"`},
	} {
		t.Run(tt.method, func(t *testing.T) {
			req, _ := http.NewRequest(tt.method, st.URL+httpapi.HealthPath, nil)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.wantStatus || !strings.Contains(string(b), tt.wantBody) {
				t.Errorf("%s /healthz: %d %s, want %d with %s", tt.method, resp.StatusCode, b, tt.wantStatus, tt.wantBody)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}
	if n := st.Upstream.Received(); n != 0 {
		t.Errorf("the upstream saw %d requests", n)
	}
}
