package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"sync"

	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/httpapi"
)

// framingGuard gives the local server's refusals of malformed HTTP the endpoint's shape.
//
// net/http answers a request it cannot parse (a bad or doubled Content-Length, a missing
// Host, headers over MaxHeaderBytes, an unknown Transfer-Encoding or Expect, an unknown HTTP
// version) itself, before any handler runs: a plain-text status written straight to the
// connection, with no X-Request-Id, and nothing in the ErrorLog. The guard sees the
// connection: a response that starts while no handler has taken the connection's current
// request can only be such a refusal, so it is replaced by the same status with the JSON error
// body and X-Request-Id, and logged as one JSON line.
type framingGuard struct {
	log *slog.Logger
}

// install wires the guard into srv and returns the listener srv must serve.
func (g framingGuard) install(srv *http.Server, ln net.Listener) net.Listener {
	next := srv.Handler
	srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, ok := r.Context().Value(framingConnKey{}).(*framingConn); ok {
			c.handlerStarted()
		}
		next.ServeHTTP(w, r)
	})
	srv.ConnContext = func(ctx context.Context, c net.Conn) context.Context {
		return context.WithValue(ctx, framingConnKey{}, c)
	}
	srv.ConnState = func(c net.Conn, s http.ConnState) {
		fc, ok := c.(*framingConn)
		if !ok {
			return
		}
		switch s {
		case http.StateActive:
			fc.requestStarted()
		case http.StateIdle:
			// The response is out. On a kept-alive connection net/http may already hold the
			// next request's bytes, and then reports no new StateActive for it: from here on,
			// until a handler takes a request, a 4xx/5xx can only be its refusal.
			fc.requestStarted()
		}
	}
	return framingListener{Listener: ln, guard: g}
}

type framingConnKey struct{}

type framingListener struct {
	net.Listener
	guard framingGuard
}

func (l framingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &framingConn{Conn: c, guard: l.guard}, nil
}

// framingConn watches what the server writes on one connection.
type framingConn struct {
	net.Conn
	guard framingGuard

	mu       sync.Mutex
	active   bool // net/http has read (part of) a request
	handled  bool // and a handler has taken it
	replaced bool // a refusal was replaced: what follows of it is dropped
}

func (c *framingConn) requestStarted() {
	c.mu.Lock()
	c.active, c.handled = true, false
	c.mu.Unlock()
}

func (c *framingConn) handlerStarted() {
	c.mu.Lock()
	c.handled = true
	c.mu.Unlock()
}

func (c *framingConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	dropped := c.replaced
	first := !dropped && c.active && !c.handled && refusalStatus(p) != 0
	c.replaced = dropped || first
	c.mu.Unlock()
	switch {
	case dropped:
		return len(p), nil // the rest of a refusal already replaced
	case !first:
		return c.Conn.Write(p)
	}
	if _, err := c.Conn.Write(c.guard.replace(p, c.RemoteAddr())); err != nil {
		return 0, err
	}
	return len(p), nil
}

// refusalStatus is the status of a response that starts with p, when it is an error (4xx or
// 5xx); else 0. net/http also answers "OPTIONS *" itself, with a 200 that is left alone.
func refusalStatus(p []byte) int {
	rest, ok := bytes.CutPrefix(p, []byte("HTTP/1."))
	if !ok || len(rest) < 5 || rest[1] != ' ' {
		return 0
	}
	code, err := strconv.Atoi(string(rest[2:5]))
	if err != nil || code < 400 || code > 599 {
		return 0
	}
	return code
}

// CloseWrite lets net/http half-close the connection after a 431, as it does unwrapped.
func (c *framingConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// replace turns net/http's refusal (its first write, "HTTP/1.1 400 Bad Request: missing
// required Host header\r\n...") into the endpoint's response, and logs it.
func (g framingGuard) replace(refusal []byte, remote net.Addr) []byte {
	statusLine, _, _ := bytes.Cut(refusal, []byte("\r\n"))
	_, statusText, _ := bytes.Cut(statusLine, []byte(" ")) // "400 Bad Request: why"
	code := refusalStatus(refusal)
	id := chat.NewRequestID()
	details := framingDetails(code, string(statusText))
	body, _ := json.Marshal(httpapi.ErrorBody{Error: httpapi.MsgInvalidRequest, Details: details})
	body = append(body, '\n')
	var b bytes.Buffer
	fmt.Fprintf(&b, "HTTP/1.1 %d %s\r\n", code, http.StatusText(code))
	b.WriteString("Content-Type: application/json\r\nCache-Control: no-store\r\nConnection: close\r\n")
	fmt.Fprintf(&b, "X-Request-Id: %s\r\nContent-Length: %d\r\n\r\n", id, len(body))
	b.Write(body)

	client := ""
	if remote != nil {
		client, _, _ = net.SplitHostPort(remote.String())
	}
	g.log.LogAttrs(context.Background(), slog.LevelInfo, "malformed HTTP request refused",
		slog.String("request_id", id), slog.String("client", client), slog.Int("status", code),
		slog.String("cause", "net/http: "+string(statusText)))
	return b.Bytes()
}

// framingDetails says what was wrong, as far as net/http's status line tells.
func framingDetails(code int, statusText string) string {
	switch code {
	case http.StatusRequestHeaderFieldsTooLarge:
		return fmt.Sprintf("the request headers are larger than %d bytes", http.DefaultMaxHeaderBytes)
	case http.StatusNotImplemented:
		return "the Transfer-Encoding is not supported: send a Content-Length, or chunked"
	case http.StatusHTTPVersionNotSupported:
		return "the HTTP version is not supported: use HTTP/1.1"
	case http.StatusExpectationFailed:
		return "the Expect header is not supported: only 100-continue is"
	}
	if _, why, ok := bytes.Cut([]byte(statusText), []byte(": ")); ok && len(why) > 0 {
		return "malformed HTTP request: " + string(why) // net/http's own words ("missing required Host header")
	}
	return "malformed HTTP request: the request line or a header (Content-Length, Host, Transfer-Encoding) could not be parsed"
}
