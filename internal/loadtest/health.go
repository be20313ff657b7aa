package loadtest

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// FreePort is a loopback port nothing listened on a moment ago: listened on (127.0.0.1:0),
// noted and closed, for a server about to be started with PORT set to it. Another process may
// take it in between; the server then says its port is in use.
func FreePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	return port, ln.Close()
}

// WaitHealthy asks GET baseURL/healthz until it answers 200 (the chat server, as soon as it
// serves) and returns nil; when ctx ends first, an error saying what the last attempt got.
// The caller bounds the wait with ctx (WaitWhileRunning ends it when the server exits).
func WaitHealthy(ctx context.Context, baseURL string) error {
	return waitHealthz(ctx, baseURL, func(status int) bool { return status == http.StatusOK })
}

// WaitAnswering is WaitHealthy for a server without /healthz (cmd/bareproxy, which answers it
// 400 without calling its upstream): any HTTP answer means it serves.
func WaitAnswering(ctx context.Context, baseURL string) error {
	return waitHealthz(ctx, baseURL, func(int) bool { return true })
}

// WaitWhileRunning runs wait (WaitHealthy, WaitAnswering) for at most limit, and ends it as
// soon as exited closes: a server that exits before it serves is not waited for.
func WaitWhileRunning(ctx context.Context, baseURL string, exited <-chan struct{}, limit time.Duration, wait func(context.Context, string) error) error {
	wctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	go func() {
		select {
		case <-exited:
			cancel()
		case <-wctx.Done():
		}
	}()
	return wait(wctx, baseURL)
}

// healthClient asks /healthz on a new connection each time, so that no idle connection is left
// on the server (its memory is measured), and never through a proxy.
var healthClient = &http.Client{Transport: &http.Transport{Proxy: nil, DisableKeepAlives: true}}

func waitHealthz(ctx context.Context, baseURL string, up func(status int) bool) error {
	url := baseURL + "/healthz"
	start := time.Now()
	var last string
	for {
		actx, cancel := context.WithTimeout(ctx, 5*time.Second)
		req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		if err != nil {
			cancel()
			return err
		}
		resp, err := healthClient.Do(req)
		if err == nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
			resp.Body.Close()
			if up(resp.StatusCode) {
				cancel()
				return nil
			}
			last = resp.Status
		} else {
			last = err.Error()
		}
		cancel()
		// Every millisecond at first, then a fiftieth of the wait so far (up to 100 ms): the
		// server's start, which the benchmarks time from exec, is overshot by 2% at most.
		elapsed := time.Since(start)
		select {
		case <-ctx.Done():
			return fmt.Errorf("GET %s: not serving after %v (last: %s)", url, elapsed.Round(time.Millisecond), last)
		case <-time.After(min(time.Millisecond+elapsed/50, 100*time.Millisecond)):
		}
	}
}
