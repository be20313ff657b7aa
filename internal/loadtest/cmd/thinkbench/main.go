// Command thinkbench measures the time to the first answer text for each THINKING value,
// through the real local server against the fake provider (pkg/gemini/fakeprovider), which
// simulates thinking time: its thought tokens for the request's thinking setting, at a fixed
// rate, pass before the first chunk. The figures show what the setting costs in waiting, not
// what the real provider's models take.
//
//	go run ./internal/loadtest/cmd/thinkbench            # from the module root (make bench)
//	go run ./internal/loadtest/cmd/thinkbench -rate 500 -n 10
package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/chatsvc/chat/internal/loadtest"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "thinkbench:", err)
		os.Exit(1)
	}
}

func run() error {
	root := flag.String("root", ".", "module root (where functions/chat is)")
	rate := flag.Float64("rate", 1000, "the fake's thinking speed, thought tokens a second")
	n := flag.Int("n", 5, "questions per setting")
	flag.Parse()
	ctx := context.Background()
	tmp, err := os.MkdirTemp("", "thinkbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin, err := loadtest.Build(ctx, *root, tmp)
	if err != nil {
		return err
	}
	up := fakeprovider.NewServer(func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(20*time.Millisecond, fakeprovider.Answer(200, 20)...)
	}, fakeprovider.WithThinkingTime(*rate))
	defer up.Close()

	fmt.Printf("thinkbench %s: time to first text by THINKING, MAX_TOKENS=1000, fake provider thinking at %g tokens/s, %d questions each (median, min-max)\n",
		time.Now().UTC().Format(time.RFC3339), *rate, *n)
	fmt.Printf("%-34s %-8s %-28s %s\n", "account / model", "THINKING", "request", "time to first text")
	accounts := []struct{ name, key, model string }{
		{"account with 2.5: gemini-2.5-flash", fakeprovider.LegacyKey, "model-2.5-flash"},
		{"new account: gemini-flash-latest", "a-new-key", "model-2.5-flash"},
		{"new account: gemini-pro-latest", "a-new-key", "model-2.5-pro"},
	}
	for _, a := range accounts {
		for _, thinking := range []string{"off", "low", "medium"} {
			srv, err := loadtest.StartServer(ctx, bin, up.BaseURL(), "AIPROVIDER_GENERATIVE_AI_API_KEY="+a.key,
				"MODEL="+a.model, "THINKING="+thinking, "MAX_TOKENS=1000")
			if err != nil {
				return err
			}
			var ttft []time.Duration
			for range *n + 1 {
				d, err := firstText(ctx, srv.URL)
				if err != nil {
					srv.Stop()
					return fmt.Errorf("%s %s: %w", a.name, thinking, err)
				}
				ttft = append(ttft, d)
			}
			srv.Stop()
			ttft = ttft[1:] // the first question also finds the model
			reqs := up.Answered()
			th := reqs[len(reqs)-1].Thinking()
			shape := "level " + th.Level
			if th.Budget != nil {
				shape = fmt.Sprintf("budget %d", *th.Budget)
			}
			d := loadtest.NewDist(ttft)
			fmt.Printf("%-34s %-8s %-28s %v (%v-%v)\n", a.name, thinking, shape, d.P50.Round(time.Millisecond),
				minOf(ttft).Round(time.Millisecond), d.Max.Round(time.Millisecond))
		}
	}
	return nil
}

// firstText asks one question and returns the time to its first 0: line; it reads the
// answer to its end.
func firstText(ctx context.Context, base string) (time.Duration, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/chat", strings.NewReader(loadtest.Body))
	req.Header.Set("Content-Type", "application/json")
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("status %d", resp.StatusCode)
	}
	var first time.Duration
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if first == 0 && bytes.HasPrefix(sc.Bytes(), []byte(`data: 0:`)) {
			first = time.Since(start)
		}
		if bytes.HasPrefix(sc.Bytes(), []byte(`data: e:`)) {
			return 0, fmt.Errorf("%s", sc.Bytes())
		}
	}
	if first == 0 {
		return 0, fmt.Errorf("no answer text")
	}
	return first, sc.Err()
}

func minOf(ds []time.Duration) time.Duration {
	m := ds[0]
	for _, d := range ds[1:] {
		m = min(m, d)
	}
	return m
}
