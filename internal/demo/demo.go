// Package demo runs the scripted fake of the model provider and the fakes of the token-data
// APIs on one loopback port: what `make demo` (a binary built with -tags demo, run with
// -demo) answers from, without a key or a network. The default build of functions/chat, the
// one go build, SAM and CDK produce, links none of it.
package demo

import (
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
	"github.com/chatsvc/chat/pkg/tokenfacts/fakesources"
)

// demoThinkingRate is how fast the demo's fake thinks, in tokens a second: THINKING=low
// (256 tokens on the fake) waits a quarter of a second.
const demoThinkingRate = 1000

// Start serves the scripted fake provider and the fakes of the token facts' four
// APIs (package fakesources, with its fixture tokens) on one loopback port.
func Start() (baseURL string, srv *http.Server, err error) {
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
