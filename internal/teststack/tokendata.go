package teststack

import (
	"net/http/httptest"
	"testing"

	names "github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// WithFakeTokenData points the token facts' sources at a loopback fake of their APIs
// (package fakesources), wherever env does not point them elsewhere, and returns env. A
// program under test reads them for every contract address; no test may reach the public
// APIs.
func WithFakeTokenData(t testing.TB, env map[string]string) map[string]string {
	t.Helper()
	fake := fakesources.New()
	srv := httptest.NewServer(fake)
	t.Cleanup(func() { fake.Close(); srv.Close() })
	for _, s := range names.TokenSources {
		if _, set := env[s.BaseURLVar]; !set {
			env[s.BaseURLVar] = srv.URL
		}
	}
	return env
}
