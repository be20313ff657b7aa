package awsenv_test

import (
	"testing"

	"github.com/chatsvc/chat/pkg/deploy/awsenv"
)

// Loopback decides whether a client may fall back to local credentials, so it must
// say yes only for an override that really points at this machine.
func TestLoopbackEndpoint(t *testing.T) {
	tests := map[string]struct {
		env  map[string]string
		want bool
	}{
		"no override":               {nil, false},
		"127.0.0.1 for SSM":         {map[string]string{"AWS_ENDPOINT_URL_SSM": "http://127.0.0.1:4566"}, true},
		"127.8.9.10":                {map[string]string{"AWS_ENDPOINT_URL_SSM": "http://127.8.9.10:80/"}, true},
		"localhost for all":         {map[string]string{"AWS_ENDPOINT_URL": "http://localhost:4566"}, true},
		"IPv6 loopback":             {map[string]string{"AWS_ENDPOINT_URL_SSM": "http://[::1]:4566"}, true},
		"the SSM override wins":     {map[string]string{"AWS_ENDPOINT_URL_SSM": "https://ssm.eu-west-1.amazonaws.com", "AWS_ENDPOINT_URL": "http://127.0.0.1:1"}, false},
		"a VPC endpoint":            {map[string]string{"AWS_ENDPOINT_URL_SSM": "https://vpce-1.ssm.eu-west-1.vpce.amazonaws.com"}, false},
		"a private address":         {map[string]string{"AWS_ENDPOINT_URL_SSM": "http://10.0.0.5:4566"}, false},
		"localhost as a subdomain":  {map[string]string{"AWS_ENDPOINT_URL_SSM": "http://localhost.example.com"}, false},
		"not a URL":                 {map[string]string{"AWS_ENDPOINT_URL_SSM": "127.0.0.1:4566"}, false},
		"overrides ignored":         {map[string]string{"AWS_ENDPOINT_URL_SSM": "http://127.0.0.1:4566", "AWS_IGNORE_CONFIGURED_ENDPOINT_URLS": "true"}, false},
		"overrides not ignored (0)": {map[string]string{"AWS_ENDPOINT_URL_SSM": "http://127.0.0.1:4566", "AWS_IGNORE_CONFIGURED_ENDPOINT_URLS": "false"}, true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			if got := awsenv.Loopback(awsenv.Endpoint("SSM", func(k string) string { return tc.env[k] })); got != tc.want {
				t.Errorf("Loopback(Endpoint(SSM, %v)) = %v, want %v", tc.env, got, tc.want)
			}
		})
	}
}
