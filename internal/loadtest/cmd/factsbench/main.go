// Command factsbench measures what token facts cost a contract question: the time to the
// first answer text when the token-data sources answer in 100 ms, in 1 s, or never, with
// a cold and a warm cache, against token facts turned off; and what one question puts in the
// provider request (URLs, prompt tokens by the fake's count). It runs the real handler, the
// real genai client and the real token-facts client in process, against the fake provider
// (pkg/gemini/fakeprovider) and the fakes of the token-data APIs (pkg/tokenfacts/fakesources), all
// on loopback.
//
//	go run ./internal/loadtest/cmd/factsbench            # from the module root (make bench)
//	go run ./internal/loadtest/cmd/factsbench -n 5
package main

import (
	"flag"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"os"
	"time"

	"github.com/chatsvc/chat/internal/loadtest"
	"github.com/chatsvc/chat/pkg/gemini"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/httpapi"
	"github.com/chatsvc/chat/pkg/tokenfacts"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

func main() {
	n := flag.Int("n", 5, "questions per row (each cold row uses a fresh cache per question)")
	flag.Parse()
	if err := run(*n); err != nil {
		fmt.Fprintln(os.Stderr, "factsbench:", err)
		os.Exit(1)
	}
}

// the tokens asked about: an EVM token (DexScreener first, then GoPlus and honeypot.is) and a
// Solana one (all three sources at once).
var tokens = []struct{ name, addr string }{
	{"EVM (BSC)", fakesources.EVMHoneypot},
	{"Solana", fakesources.SolanaPumpFun},
}

func run(n int) error {
	up := fakeprovider.NewServer(func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("Risk is high."), fakeprovider.Finish("STOP"))
	})
	defer up.Close()
	fake := fakesources.New()
	data := httptest.NewServer(fake)
	defer func() { fake.Close(); data.Close() }()

	fmt.Printf("factsbench %s: time to first text of a contract question, budget %v, fake provider answering at once, %d questions a row (median, min-max)\n",
		time.Now().UTC().Format(time.RFC3339), tokenfacts.DefaultBudget, n)
	fmt.Printf("%-10s %-22s %-6s %s\n", "token", "sources answer in", "cache", "time to first text")
	rows := []struct {
		label string
		fault fakesources.Fault
		off   bool
	}{
		{"(token facts off)", fakesources.Fault{}, true},
		{"100 ms", fakesources.Fault{Kind: fakesources.Slow, Delay: 100 * time.Millisecond}, false},
		{"1 s", fakesources.Fault{Kind: fakesources.Slow, Delay: time.Second}, false},
		{"never", fakesources.Fault{Kind: fakesources.Hang}, false},
	}
	for _, tok := range tokens {
		for _, row := range rows {
			for _, api := range []fakesources.API{fakesources.DexScreener, fakesources.GoPlus, fakesources.Honeypot, fakesources.RugCheck, fakesources.GeckoTerminal} {
				fake.SetFault(api, row.fault)
			}
			caches := []string{"cold", "warm"}
			if row.off {
				caches = []string{"-"}
			}
			for _, cache := range caches {
				times, err := measure(up, data.URL, tok.addr, n, row.off, cache == "warm")
				if err != nil {
					return err
				}
				fmt.Printf("%-10s %-22s %-6s %s\n", tok.name, row.label, cache, loadtest.Spread(times, 100*time.Microsecond))
			}
		}
	}
	for _, api := range []fakesources.API{fakesources.DexScreener, fakesources.GoPlus, fakesources.Honeypot, fakesources.RugCheck, fakesources.GeckoTerminal} {
		fake.SetFault(api, fakesources.Fault{})
	}
	return requestSize(up, data.URL)
}

// stack is the endpoint with its own token-facts client (its own cache).
func stack(up *fakeprovider.Server, dataURL string, off bool) *httptest.Server {
	m, _ := gemini.ResolveModel("")
	model := gemini.New(gemini.Config{Model: m, MaxTokens: 1000, WebSearch: true, URLContext: true, BaseURL: up.BaseURL()})
	opts := httpapi.Options{Model: model, APIKey: func() string { return "bench-key" }, Logger: slog.New(slog.DiscardHandler)}
	if !off {
		cfg := fakesources.Config(dataURL)
		cfg.Now = fakesources.Now
		opts.TokenFacts = tokenfacts.New(cfg)
	}
	return httptest.NewServer(httpapi.NewHandler(opts))
}

// measure asks n questions and returns each one's time to the first text line. Warm asks
// each question once first, unmeasured, on the same cache.
func measure(up *fakeprovider.Server, dataURL, addr string, n int, off, warm bool) ([]time.Duration, error) {
	var out []time.Duration
	var srv *httptest.Server
	for range n {
		if srv == nil || !warm {
			if srv != nil {
				srv.Close()
			}
			srv = stack(up, dataURL, off)
			if warm {
				if _, err := loadtest.FirstText(srv.URL, addr); err != nil {
					return nil, err
				}
			}
		}
		d, err := loadtest.FirstText(srv.URL, addr)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	srv.Close()
	return out, nil
}

// requestSize prints what one contract question puts in the provider request, by token.
func requestSize(up *fakeprovider.Server, dataURL string) error {
	fmt.Printf("\nthe provider request of one contract question (fake's accounting: a token per 4 bytes of text; the URL tool's pages are estimated at 3,000 input tokens each, as recorded)\n")
	fmt.Printf("%-10s %-18s %-6s %-22s %s\n", "token", "token facts", "URLs", "prompt tokens (text)", "+ pages if all read")
	for _, tok := range tokens {
		for _, off := range []bool{true, false} {
			srv := stack(up, dataURL, off)
			if _, err := loadtest.FirstText(srv.URL, tok.addr); err != nil {
				return err
			}
			srv.Close()
			reqs := up.Answered()
			last := reqs[len(reqs)-1]
			prompt := 0
			for _, p := range last.Body.SystemInstruction.Parts {
				prompt += fakeprovider.Tokens(p.Text)
			}
			for _, c := range last.Body.Contents {
				for _, p := range c.Parts {
					prompt += fakeprovider.Tokens(p.Text)
				}
			}
			label := "on"
			if off {
				label = "off"
			}
			fmt.Printf("%-10s %-18s %-6d %-22d %d\n", tok.name, label, last.URLCount(), prompt, prompt+3000*last.URLCount())
		}
	}
	return nil
}
