package tokenfacts_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/token"
	"github.com/chatsvc/chat/pkg/tokenfacts"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// newFake starts the fake APIs on loopback for one test.
func newFake(t testing.TB) (*fakesources.Server, string) {
	t.Helper()
	fake := fakesources.New()
	srv := httptest.NewServer(fake)
	t.Cleanup(func() {
		fake.Close() // release hanging handlers first, or Close waits for the clients
		srv.CloseClientConnections()
		srv.Close()
	})
	return fake, srv.URL
}

// newClient returns a client of the fake at url on the fixtures' clock; opts adjust the
// configuration.
func newClient(t testing.TB, url string, opts ...func(*tokenfacts.Config)) *tokenfacts.Client {
	t.Helper()
	cfg := fakesources.Config(url)
	cfg.Now = fakesources.Now
	cfg.Budget = 2 * time.Second
	for _, o := range opts {
		o(&cfg)
	}
	return tokenfacts.New(cfg)
}

func address(t testing.TB, s string) contract.Address {
	t.Helper()
	a, err := contract.Parse(s)
	if err != nil {
		t.Fatalf("fixture address %q: %v", s, err)
	}
	return a
}

// lookupOne looks up one fixture token.
func lookupOne(t testing.TB, c *tokenfacts.Client, s string) token.Facts {
	t.Helper()
	facts := c.Lookup(context.Background(), []contract.Address{address(t, s)})
	if len(facts) != 1 {
		t.Fatalf("Lookup returned %d facts, want 1", len(facts))
	}
	return facts[0]
}

func eqFloat(t *testing.T, what string, got *float64, want float64) {
	t.Helper()
	if got == nil {
		t.Errorf("%s = unknown, want %v", what, want)
		return
	}
	if d := *got - want; d > 1e-9 || d < -1e-9 {
		t.Errorf("%s = %v, want %v", what, *got, want)
	}
}

func eqBool(t *testing.T, what string, got *bool, want bool) {
	t.Helper()
	if got == nil {
		t.Errorf("%s = unknown, want %v", what, want)
	} else if *got != want {
		t.Errorf("%s = %v, want %v", what, *got, want)
	}
}

func unknownFloat(t *testing.T, what string, got *float64) {
	t.Helper()
	if got != nil {
		t.Errorf("%s = %v, want unknown", what, *got)
	}
}

func unknownBool(t *testing.T, what string, got *bool) {
	t.Helper()
	if got != nil {
		t.Errorf("%s = %v, want unknown", what, *got)
	}
}

func taxOf(f token.Facts, source string) *token.Tax {
	if f.Security == nil {
		return nil
	}
	for i := range f.Security.Taxes {
		if f.Security.Taxes[i].Source == source {
			return &f.Security.Taxes[i]
		}
	}
	return nil
}

func hasFinding(f token.Facts, severity, text string) bool {
	for _, x := range f.Findings {
		if x.Severity == severity && x.Text == text {
			return true
		}
	}
	return false
}

func unavailable(f token.Facts, source string) string {
	for _, u := range f.Unavailable {
		if u.Source == source {
			return u.Reason
		}
	}
	return ""
}
