package gemini

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/chatsvc/chat/pkg/chat"
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

// parseRetryAfter reads an HTTP Retry-After header: delay-seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil {
		if secs > 0 && secs < 86400*7 {
			return time.Duration(secs * float64(time.Second))
		}
		return 0
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
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
	resp, err := l.base.RoundTrip(r)
	if err == nil && resp.StatusCode == http.StatusTooManyRequests {
		if h, ok := r.Context().Value(responseHintsKey{}).(*responseHints); ok {
			h.retryAfter.Store(int64(parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())))
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
}

func (b *eventLimitedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	for _, c := range p[:n] {
		switch c {
		case '\n':
			if b.newline {
				b.run = 0
			}
			b.newline = true
		case '\r':
		default:
			b.newline = false
		}
		b.run++
	}
	if b.run > MaxEventBytes {
		if b.log != nil {
			b.log.Warn("upstream response cut", slog.String("request_id", b.id), slog.String("cause", ErrEventTooLarge.Error()))
			b.log = nil
		}
		err = ErrEventTooLarge
	}
	if err != nil && err != io.EOF && b.hints != nil {
		b.hints.readErr.CompareAndSwap(nil, &err)
		return n, io.EOF
	}
	return n, err
}
