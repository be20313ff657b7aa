//go:build !lambda.norpc

package main

import (
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// The demo's fakes (and net/http/httptest behind them) are linked only into the local
// binary: the Lambda build (-tags lambda.norpc) has demo_lambda.go instead.

// demoThinkingRate is how fast the demo's fake thinks, in tokens a second: THINKING=low
// (256 tokens on the fake) waits a quarter of a second.
const demoThinkingRate = 1000

// startDemoUpstream serves the scripted fake provider and the fakes of the token facts' four
// APIs (package fakesources, with its fixture tokens) on one loopback port.
func startDemoUpstream() (baseURL string, srv *http.Server, err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, fmt.Errorf("demo upstream: %w", err)
	}
	// The fake thinks at demoThinkingRate, so the demo shows the wait before the first
	// word that thinking causes. It remembers no request: a demo serves for as long as
	// it runs, and the fake's record is for tests.
	mux := http.NewServeMux()
	mux.Handle("/v1beta/", fakeprovider.NewHandler(fakeprovider.Demo, fakeprovider.WithThinkingTime(demoThinkingRate), fakeprovider.WithKept(0)))
	mux.Handle("/", fakesources.NewLive())
	srv = &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return "http://" + ln.Addr().String() + "/", srv, nil
}
