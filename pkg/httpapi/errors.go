package httpapi

import (
	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/wire/retryafter"

	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"
)

// Code says what kind of failure an Error is. Encoders that name failures on the wire
// (OpenAI's error type and code) derive their names from it.
type Code string

// The kinds of failure.
const (
	CodeInvalidRequest   Code = "invalid_request"
	CodeNotFound         Code = "not_found"
	CodeMethodNotAllowed Code = "method_not_allowed"
	CodeModelNotFound    Code = "model_not_found"
	CodeNotConfigured    Code = "api_key_not_configured"
	CodeRateLimited      Code = "rate_limited"
	CodeUpstream         Code = "upstream_error"
	CodeTimeLimit        Code = "time_limit"
	CodeBroken           Code = "broken_stream"
	CodeInternal         Code = "internal_error"
	CodeClientClosed     Code = "client_closed"
)

// Error is every failure the service reports to a caller. It holds what each protocol needs
// to render the failure, before the stream (a status and a body) and during it (a terminal
// error event), and the cause, which goes to the log only.
type Error struct {
	Code Code
	// Status is the HTTP status of the failure before the stream began.
	Status int
	// Message is the short caller-safe text: the specification's error string.
	Message string
	// Details says what to do about it, caller-safe.
	Details string
	// Param names the request field at fault, when there is one (OpenAI's param).
	Param string
	// RetryAfter is how long the caller should wait before trying again, when known.
	RetryAfter time.Duration
	// InStream is the text of the terminal error event when the failure ends a stream.
	InStream string
	// Cause is the raw failure, for the log; never shown to the caller.
	Cause error
}

func (e *Error) Error() string {
	s := string(e.Code) + ": " + e.Message
	if e.Details != "" {
		s += ": " + e.Details
	}
	if e.Cause != nil && e.Cause.Error() != s {
		s += " (" + e.Cause.Error() + ")"
	}
	return s
}

func (e *Error) Unwrap() error { return e.Cause }

// SetRetryAfter sets the Retry-After header when the error carries a wait.
func (e *Error) SetRetryAfter(h http.Header) { retryafter.Set(h, e.RetryAfter) }

// The error texts of the specification.
const (
	MsgInvalidRequest  = "Invalid request format"
	MsgAPIKeyMissing   = "API key not configured"
	MsgRateLimited     = "Rate limit exceeded"
	MsgServiceError    = "AI service error"
	msgNotFound        = "Not found"
	msgMethodNotAllowd = "Method not allowed"
	msgForbidden       = "Forbidden"
)

// Texts of terminal error events. They name no provider and carry no upstream text.
const (
	streamMsgUpstream = "The AI service failed while answering. Please try again."
	streamMsgBroken   = "The answer ended unexpectedly. Please try again."
	streamMsgInternal = "The answer failed because of an internal error. Please try again."
)

// Invalid is the error of a request that breaks the rules; details say which, param names
// the field ("" when there is none).
func Invalid(param, format string, args ...any) *Error {
	d := fmt.Sprintf(format, args...)
	return &Error{Code: CodeInvalidRequest, Status: http.StatusBadRequest, Message: MsgInvalidRequest,
		Details: d, Param: param, InStream: d, Cause: &RequestError{Details: d}}
}

// NotFound is the error of a path the service does not serve.
func NotFound(details string) *Error {
	return &Error{Code: CodeNotFound, Status: http.StatusNotFound, Message: msgNotFound, Details: details, InStream: details}
}

// MethodNotAllowed is the error of a method a path does not take.
func MethodNotAllowed(details string) *Error {
	return &Error{Code: CodeMethodNotAllowed, Status: http.StatusMethodNotAllowed, Message: msgMethodNotAllowd, Details: details, InStream: details}
}

// Forbidden is the error of a request that a guard in front of the Handler refuses (the
// local server's cross-origin and body-signature checks); code names the refusal, on the
// wire protocols that name failures.
func Forbidden(code Code, details string) *Error {
	return &Error{Code: code, Status: http.StatusForbidden, Message: msgForbidden, Details: details, InStream: details}
}

// errTimeLimit is the cancellation cause when the request's own deadline passes.
var errTimeLimit = errors.New("time limit reached")

// errNoEvent and errNoFinish are the causes of an upstream that ended without a word, and of
// an answer that broke off.
var (
	errNoEvent  = errors.New("upstream ended without any event")
	errNoFinish = errors.New("upstream stream ended without a finish reason")
)

// AsError is the one mapping from a failure to what the caller is told. A *Error passes
// through; a *RequestError is a 400; a *UpstreamError is a 429 when the provider ran out of
// quota and a 500 otherwise; the request's time limit, a caller who left, a broken answer and
// anything else each get their own kind. limit is the request's time limit, for the text of
// the time-limit event.
func AsError(err error, limit time.Duration) *Error {
	if e, ok := errors.AsType[*Error](err); ok {
		return e
	}
	if re, ok := errors.AsType[*RequestError](err); ok {
		e := Invalid(re.Param, "%s", re.Details)
		e.Cause = err
		return e
	}
	switch {
	case errors.Is(err, errTimeLimit) || errors.Is(err, context.DeadlineExceeded):
		d := fmt.Sprintf("The answer was cut off: the time limit of %ss was reached.", strconv.FormatFloat(limit.Seconds(), 'f', -1, 64))
		return &Error{Code: CodeTimeLimit, Status: http.StatusGatewayTimeout, Message: MsgServiceError,
			Details: "the answer did not finish within the time limit", InStream: d, Cause: errTimeLimit}
	case errors.Is(err, context.Canceled):
		return callerLeft(err)
	case errors.Is(err, errNoEvent):
		return &Error{Code: CodeUpstream, Status: http.StatusInternalServerError, Message: MsgServiceError,
			Details: "the AI service returned an empty answer", InStream: streamMsgBroken, Cause: err}
	case errors.Is(err, errNoFinish):
		return &Error{Code: CodeBroken, Status: http.StatusInternalServerError, Message: MsgServiceError,
			Details: "the answer ended unexpectedly", InStream: streamMsgBroken, Cause: err}
	}
	if ue, ok := errors.AsType[*chat.UpstreamError](err); ok {
		if ue.RateLimited {
			return rateLimited(ue, err)
		}
		return &Error{Code: CodeUpstream, Status: http.StatusInternalServerError, Message: MsgServiceError,
			Details: upstreamDetails(ue), InStream: streamMsgUpstream, Cause: err}
	}
	return &Error{Code: CodeInternal, Status: http.StatusInternalServerError, Message: MsgServiceError,
		Details: "an internal error occurred", InStream: streamMsgInternal, Cause: err}
}

// callerLeft is the failure of a request whose caller went away (err says how): there is
// nobody left to tell.
func callerLeft(err error) *Error {
	return &Error{Code: CodeClientClosed, Status: statusClientClosed, Message: "Client closed request", Cause: err}
}

// notConfigured is the error of a server without a provider key.
func notConfigured() *Error {
	return &Error{Code: CodeNotConfigured, Status: http.StatusUnauthorized, Message: MsgAPIKeyMissing,
		Details:  "the server has no API key for the AI service; the operator must configure it",
		InStream: "The server has no API key for the AI service.", Cause: errors.New("no API key")}
}

// rateLimited is the 429 of a provider quota. A daily allowance says that it is used up and
// when it resets, so that nobody retries every few seconds until then; the words name
// neither the provider nor a model.
func rateLimited(ue *chat.UpstreamError, err error) *Error {
	e := &Error{Code: CodeRateLimited, Status: http.StatusTooManyRequests, Message: MsgRateLimited,
		Details: "too many requests to the AI service; try again later", RetryAfter: ue.RetryAfter,
		InStream: MsgRateLimited + ". Please try again later.", Cause: err}
	switch {
	case ue.Quota == chat.QuotaDaily && ue.RetryAfter > 0:
		reset := time.Now().Add(ue.RetryAfter).UTC().Round(time.Minute)
		e.Details = fmt.Sprintf("the service's daily allowance of answers is used up; it resets at midnight Pacific time (%s UTC), in %s",
			reset.Format("15:04"), humanWait(ue.RetryAfter))
		e.InStream = "The service's daily allowance of answers is used up; it resets at midnight Pacific time."
	case ue.RetryAfter > 0:
		n := retryafter.Seconds(ue.RetryAfter)
		e.Details = fmt.Sprintf("too many requests to the AI service; try again in %d %s", n, plural(n, "second", "seconds"))
	}
	return e
}

// humanWait says a long wait in hours and minutes ("7 hours 12 minutes", "45 minutes").
func humanWait(d time.Duration) string {
	m := int64(math.Ceil(d.Minutes()))
	h, m := m/60, m%60
	unit := func(n int64, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return strconv.FormatInt(n, 10) + " " + one + "s"
	}
	switch {
	case h == 0:
		return unit(m, "minute")
	case m == 0:
		return unit(h, "hour")
	}
	return unit(h, "hour") + " " + unit(m, "minute")
}

func upstreamDetails(ue *chat.UpstreamError) string {
	switch {
	case ue.Status == 0:
		return "the AI service could not be reached or sent a malformed response"
	case ue.Status >= 500:
		return fmt.Sprintf("the AI service is unavailable (upstream status %d); try again shortly", ue.Status)
	default:
		return fmt.Sprintf("the AI service refused the request (upstream status %d)", ue.Status)
	}
}

// plural is one or many, by n.
func plural(n int64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
