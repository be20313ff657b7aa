package smoke_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/chatsvc/chat/internal/smoke"
	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
)

// environ is the server's environment: only the given settings (the build itself runs with
// the test's own environment), and the token facts' sources on a loopback fake of their
// APIs (teststack.WithFakeTokenData): the contract-address question reads them, and no test
// may reach the public APIs.
func environ(t *testing.T, kv ...string) []string {
	for k, v := range teststack.WithFakeTokenData(t, map[string]string{}) {
		kv = append(kv, k+"="+v)
	}
	return kv
}

func TestSkipsWithoutAKey(t *testing.T) {
	var out bytes.Buffer
	err := smoke.Run(context.Background(), smoke.Options{Root: "../..", Environ: environ(t), Stdout: &out})
	if !errors.Is(err, smoke.ErrSkipped) || out.String() != "skipped: set AIPROVIDER_GENERATIVE_AI_API_KEY\n" {
		t.Errorf("err %v, output %q", err, out.String())
	}
}

// Against the fake provider (AIPROVIDER_BASE_URL) with a new account's key: both questions
// answer, from the flash alias the server switched to, and the report says so.
func TestReportsTheModelThatAnswered(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server")
	}
	up := fakeprovider.NewServer(func(r fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("USDC is a stablecoin."), fakeprovider.URLContextFinish("STOP",
			[]fakeprovider.URLRead{{URL: "https://etherscan.io/token/0xa0b8", Status: "URL_RETRIEVAL_STATUS_SUCCESS"}}, nil))
	})
	defer up.Close()
	var out bytes.Buffer
	err := smoke.Run(context.Background(), smoke.Options{Root: "../..", Stdout: &out,
		Environ: environ(t, "AIPROVIDER_GENERATIVE_AI_API_KEY=new-key", "AIPROVIDER_BASE_URL="+up.BaseURL())})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	report := out.String()
	for _, want := range []string{
		"== plain question: ok", "== contract address: ok",
		"model:            gemini-flash-latest (gemini-3.8-flash)",
		"finish reason:    stop", `"reasoningTokens":256`, "etherscan.io  https://etherscan.io/token/0xa0b8",
		"first text after: ", "model unavailable for this API key", "smoke: ok",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
}

func TestFailsWhenTheProviderRefuses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server")
	}
	up := fakeprovider.NewServer(func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Error(403, "PERMISSION_DENIED", "Method doesn't allow unregistered callers.")
	})
	defer up.Close()
	var out bytes.Buffer
	err := smoke.Run(context.Background(), smoke.Options{Root: "../..", Stdout: &out,
		Environ: environ(t, "AIPROVIDER_GENERATIVE_AI_API_KEY=bad", "AIPROVIDER_BASE_URL="+up.BaseURL())})
	if err == nil || !strings.Contains(out.String(), "FAILED: status 500") {
		t.Errorf("err %v\n%s", err, out.String())
	}
}

// A 429 says which quota ran out and when it resets: here pro on the free tier (limit 0) with
// fallback off, a daily refusal.
func TestReportsTheQuotaThatRanOut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server")
	}
	up := fakeprovider.NewServer(func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("Hi."), fakeprovider.Finish("STOP"))
	}, fakeprovider.WithQuota(fakeprovider.FreeTier))
	defer up.Close()
	var out bytes.Buffer
	err := smoke.Run(context.Background(), smoke.Options{Root: "../..", Stdout: &out,
		Environ: environ(t, "AIPROVIDER_GENERATIVE_AI_API_KEY=free-key", "AIPROVIDER_BASE_URL="+up.BaseURL(),
			"MODEL=gemini-pro-latest", "MODEL_FALLBACKS=none")})
	report := out.String()
	if err == nil {
		t.Fatalf("no error:\n%s", report)
	}
	for _, want := range []string{"FAILED: status 429", "daily allowance", "retry after:",
		"quota used up:    daily quota of bucket gemini-3.1-pro (model gemini-pro-latest); resets "} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
}

// With TEMPERATURE set, on a LEGACY model and then on the flash alias: the report names the
// serving model's stage and retirement date, says TEMPERATURE is ignored where it is, and
// gives each answer's estimated cost.
func TestReportsStageRetirementAndIgnoredTemperature(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server")
	}
	up := fakeprovider.NewServer(func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("USDC is a stablecoin."), fakeprovider.Finish("STOP"))
	})
	defer up.Close()
	run := func(model string) string {
		var out bytes.Buffer
		err := smoke.Run(context.Background(), smoke.Options{Root: "../..", Stdout: &out,
			Environ: environ(t, "AIPROVIDER_GENERATIVE_AI_API_KEY=new-key", "AIPROVIDER_BASE_URL="+up.BaseURL(), "MODEL="+model, "TEMPERATURE=0.2")})
		if err != nil {
			t.Fatalf("%v\n%s", err, out.String())
		}
		return out.String()
	}
	legacy := run("gemini-3.1-flash-lite")
	for _, want := range []string{"model stage:      LEGACY, retires 2027-05-07", "estimated cost:   $0.0"} {
		if !strings.Contains(legacy, want) {
			t.Errorf("report lacks %q:\n%s", want, legacy)
		}
	}
	if strings.Contains(legacy, "is ignored") {
		t.Errorf("3.1 flash-lite honours TEMPERATURE:\n%s", legacy)
	}
	alias := run("gemini-flash-latest")
	for _, want := range []string{"model stage:      STABLE", "TEMPERATURE=0.2 is ignored by gemini-3.8-flash, which serves gemini-flash-latest"} {
		if !strings.Contains(alias, want) {
			t.Errorf("report lacks %q:\n%s", want, alias)
		}
	}
}
