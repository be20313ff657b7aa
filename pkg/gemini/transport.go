package gemini

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/wire/retryafter"
)

// responseHints carries what the SDK's error value drops from the provider's HTTP response:
// the Retry-After header of a 429, and the error that broke a stream. The transport fills it
// in for the attempt whose context holds it.
type responseHints struct {
	retryAfter atomic.Int64 // a time.Duration
	readErr    atomic.Pointer[error]
}

// readError is the first error reading the stream's body, which the transport kept from
// the SDK; nil if there was none.
func (h *responseHints) readError() error {
	if h == nil {
		return nil
	}
	if p := h.readErr.Load(); p != nil {
		return *p
	}
	return nil
}

// or is the read error the transport kept from the SDK, which is what broke the stream,
// rather than the SDK's view of its cut end; err when there is none.
func (h *responseHints) or(err error) error {
	if rerr := h.readError(); rerr != nil {
		return rerr
	}
	return err
}

type responseHintsKey struct{}

func (h *responseHints) RetryAfter() time.Duration {
	if h == nil {
		return 0
	}
	return time.Duration(h.retryAfter.Load())
}

// MaxEventBytes bounds one server-sent event (or error body) from the provider. The SDK
// buffers an event whole, up to 256 MiB: without this bound a broken or hostile upstream could
// make every open stream hold that much. Real events are a few kilobytes.
const MaxEventBytes = 4 << 20

// ErrEventTooLarge ends an upstream response whose event exceeds MaxEventBytes. The SDK
// reports the cut event as malformed; the limit itself is logged.
var ErrEventTooLarge = errors.New("gemini: an upstream event exceeds 4 MiB")

// eventLimit wraps response bodies in eventLimitedBody.
type eventLimit struct {
	base http.RoundTripper
	log  *slog.Logger
}

func (l eventLimit) RoundTrip(r *http.Request) (*http.Response, error) {
	sent, done := sendOnce(r)
	resp, err := l.base.RoundTrip(sent)
	done()
	if err == nil && resp.StatusCode == http.StatusTooManyRequests {
		if h, ok := r.Context().Value(responseHintsKey{}).(*responseHints); ok {
			h.retryAfter.Store(int64(retryafter.Parse(resp.Header.Get("Retry-After"), time.Now())))
		}
	}
	if err == nil {
		body := &eventLimitedBody{ReadCloser: resp.Body, log: l.log, id: chat.RequestID(r.Context())}
		if resp.StatusCode == http.StatusOK {
			body.hints, _ = r.Context().Value(responseHintsKey{}).(*responseHints)
		}
		resp.Body = body
	}
	return resp, err
}

// scan counts the bytes of p since the last blank line (an LF after an LF, CRs aside), line
// by line rather than byte by byte, and says whether an event ran over MaxEventBytes, also
// one that ends within p.
func (b *eventLimitedBody) scan(p []byte) (over bool) {
	for len(p) > 0 {
		line, rest, found := bytes.Cut(p, []byte{'\n'})
		if b.newline && len(bytes.TrimLeft(line, "\r")) > 0 {
			b.newline = false
		}
		b.run += len(line)
		over = over || b.run > MaxEventBytes
		if !found {
			return over
		}
		if b.newline {
			b.run = 0
		}
		b.newline = true
		b.run++ // the LF
		p = rest
	}
	return over
}

// sendOnce returns r with a body that lets go of its bytes once it is sent, and done, to
// call when the transport has returned the response. The SDK builds the request's body (the
// system prompt, about 5 KB) in a buffer that the request, and through GetBody any copy of
// it, would keep for as long as the answer streams: with hundreds of open streams that is
// the largest part of what each holds beyond a bare proxy. Until done, GetBody still makes
// the body again: the transport re-sends a request that a stale kept-alive connection
// refused before writing it, and over HTTP/2 one that the server refused (REFUSED_STREAM)
// or left behind with a GOAWAY, after the whole body went out. Once the response is there
// the transport re-sends nothing, and the SDK's own retries build a new request.
func sendOnce(r *http.Request) (sent *http.Request, done func()) {
	if r.Body == nil || r.Body == http.NoBody || r.GetBody == nil {
		return r, func() {}
	}
	s := &sentOnce{getBody: r.GetBody}
	r = r.WithContext(r.Context()) // a shallow copy: a RoundTripper must not change its request
	r.Body, r.GetBody = &onceBody{rc: r.Body}, s.again
	return r, s.done
}

// errBodySent is what GetBody says once the transport has returned the response.
var errBodySent = errors.New("gemini: the request body was sent already")

// sentOnce holds the way to make a request's body again until the transport is done with
// the request.
type sentOnce struct {
	mu      sync.Mutex
	getBody func() (io.ReadCloser, error) // nil once done
}

func (s *sentOnce) again() (io.ReadCloser, error) {
	s.mu.Lock()
	get := s.getBody
	s.mu.Unlock()
	if get == nil {
		return nil, errBodySent
	}
	rc, err := get()
	if err != nil {
		return nil, err
	}
	return &onceBody{rc: rc}, nil
}

func (s *sentOnce) done() {
	s.mu.Lock()
	s.getBody = nil
	s.mu.Unlock()
}

// onceBody reads through to its body and drops it at the end or on Close. The transport may
// close it on another goroutine than the one reading it.
type onceBody struct {
	mu sync.Mutex
	rc io.ReadCloser
}

func (b *onceBody) Read(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.rc == nil {
		return 0, io.EOF
	}
	n, err := b.rc.Read(p)
	if err == io.EOF {
		_ = b.rc.Close()
		b.rc = nil
	}
	return n, err
}

func (b *onceBody) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.rc == nil {
		return nil
	}
	err := b.rc.Close()
	b.rc = nil
	return err
}

// eventLimitedBody fails a read once more than MaxEventBytes pass without a blank line.
//
// On a stream (a 200 with hints), a read error is kept in hints and the SDK sees the end of
// the body instead: the SDK logs every stream read error itself, through the standard log
// package ("Error context canceled" for each caller who leaves, "Error time limit reached"
// for each cut), in lines without a request id that repeat what the request line says.
// attempt takes the error from hints and reports it as the SDK would have.
type eventLimitedBody struct {
	io.ReadCloser
	log     *slog.Logger
	id      string // the request id, for the log line of a cut
	hints   *responseHints
	run     int  // bytes since the last blank line
	newline bool // the last byte other than CR was LF
	cut     bool // an event ran over MaxEventBytes: every read fails from then on
}

func (b *eventLimitedBody) Read(p []byte) (int, error) {
	if b.cut {
		return 0, b.fail(ErrEventTooLarge)
	}
	n, err := b.ReadCloser.Read(p)
	if b.scan(p[:n]) {
		b.cut = true
		if b.log != nil {
			b.log.Warn("upstream response cut", slog.String("request_id", b.id), slog.String("cause", ErrEventTooLarge.Error()))
			b.log = nil
		}
		err = ErrEventTooLarge
	}
	if err != nil && err != io.EOF {
		return n, b.fail(err)
	}
	return n, err
}

// fail is what a read that failed with err returns: on a stream, the end of the body, with
// err kept in hints.
func (b *eventLimitedBody) fail(err error) error {
	if b.hints == nil {
		return err
	}
	b.hints.readErr.CompareAndSwap(nil, &err)
	return io.EOF
}
