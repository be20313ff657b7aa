package tokenfacts

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/chatsvc/chat/pkg/chat/token"
	"github.com/chatsvc/chat/pkg/wire/retryafter"
)

// failure is why a fetch gave nothing: Reason is for the caller, Err for the log.
type failure struct {
	Reason string
	Err    error
}

func (f *failure) Error() string { return f.Reason + ": " + f.Err.Error() }

func fail(reason string, format string, args ...any) *failure {
	return &failure{Reason: reason, Err: fmt.Errorf(format, args...)}
}

// request is one call to an upstream API.
type request struct {
	api    api
	method string
	url    string
	body   io.Reader
	header http.Header
}

// getJSON sends r and decodes a 2xx JSON body into v. Every way it can go wrong becomes a
// *failure with a caller-safe reason: a deadline, a refused connection, a status, a body over
// the size cap, a body that is not JSON. The body is read to the cap at most. Nothing is sent
// while the API is paused, and a 429 pauses it (see pauses).
func (c *Client) getJSON(ctx context.Context, r request, v any) *failure {
	source := r.api.name
	key := c.sharedKey(ctx, r)
	if f, done := c.beforeCall(ctx, r, key, v); done {
		return f
	}
	method := r.method
	if method == "" {
		method = http.MethodGet
	}
	req, err := http.NewRequestWithContext(ctx, method, r.url, r.body)
	if err != nil {
		return fail(token.ReasonInvalidResponse, "%s: build request: %w", source, err)
	}
	req.Header.Set("Accept", "application/json")
	for k, vs := range r.header {
		req.Header[k] = vs
	}
	resp, err := c.cfg.HTTPClient.Do(req)
	if err != nil {
		return transportFailure(ctx, source, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, c.cfg.MaxBodyBytes+1))
	if err != nil {
		if ctx.Err() != nil {
			return fail(token.ReasonTimedOut, "%s: read body: %w", source, err)
		}
		return fail(token.ReasonInvalidResponse, "%s: read body: %w", source, err)
	}
	if int64(len(body)) > c.cfg.MaxBodyBytes {
		return fail(token.ReasonTooLarge, "%s: body over %d bytes", source, c.cfg.MaxBodyBytes)
	}
	if f := statusFailure(source, resp.StatusCode); f != nil {
		if f.Reason == token.ReasonRateLimited {
			c.pause(r.api, retryafter.Parse(resp.Header.Get("Retry-After"), c.cfg.Now()))
		}
		if f.Reason == token.ReasonNotFound {
			keep(ctx, key, resp.StatusCode, nil)
		} else {
			c.shareFailure(ctx, key, resp.StatusCode)
		}
		return f
	}
	if err := json.Unmarshal(body, v); err != nil {
		return fail(token.ReasonInvalidResponse, "%s: decode: %w", source, err)
	}
	keep(ctx, key, resp.StatusCode, body)
	return nil
}

// beforeCall settles r without calling its API when it can: with an answer another instance
// shared (it costs the API nothing, paused or not), with the API's pause, or with the answer
// of the instance that claimed the reading, waited for (a failure it shared, a 429 that paused
// the API among them). done is false when this instance must call.
func (c *Client) beforeCall(ctx context.Context, r request, key string, v any) (f *failure, done bool) {
	source := r.api.name
	if status, body, shared := c.sharedAnswer(ctx, key, false); shared {
		return decodeAnswer(source, status, body, v), true
	}
	if until, paused := c.paused(r.api.id); paused {
		return fail(token.ReasonRateLimited, "%s: paused until %s", source, until.Format(time.RFC3339)), true
	}
	if status, body, shared := c.sharedAnswer(ctx, key, true); shared {
		return decodeAnswer(source, status, body, v), true
	}
	return nil, false
}

// decodeAnswer reads an answer another instance shared (a 2xx or a "not found") as getJSON
// reads one from the API.
func decodeAnswer(source string, status int, body []byte, v any) *failure {
	if f := statusFailure(source, status); f != nil {
		return f
	}
	if err := json.Unmarshal(body, v); err != nil {
		return fail(token.ReasonInvalidResponse, "%s: decode shared answer: %w", source, err)
	}
	return nil
}

func transportFailure(ctx context.Context, source string, err error) *failure {
	if ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) {
		return fail(token.ReasonTimedOut, "%s: %w", source, err)
	}
	return fail(token.ReasonUnreachable, "%s: %w", source, err)
}

// statusFailure maps a non-2xx status. 400 counts as "not found": for a valid address these
// APIs answer 400 only when they do not know it (RugCheck's {"error":"not found"}).
func statusFailure(source string, status int) *failure {
	switch {
	case status >= 200 && status < 300:
		return nil
	case status == http.StatusTooManyRequests:
		return fail(token.ReasonRateLimited, "%s: status %d", source, status)
	case status == http.StatusNotFound, status == http.StatusBadRequest:
		return fail(token.ReasonNotFound, "%s: status %d", source, status)
	case status >= 500:
		return fail(token.ReasonServerError, "%s: status %d", source, status)
	case status == http.StatusUnauthorized, status == http.StatusForbidden:
		return fail(token.ReasonRefused, "%s: status %d", source, status)
	}
	return fail(token.ReasonInvalidResponse, "%s: status %d", source, status)
}
