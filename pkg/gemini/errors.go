package gemini

import (
	"errors"
	"net/http"
	"strings"

	"google.golang.org/genai"

	"github.com/chatsvc/chat/pkg/chat"
)

// refusedThinking reports whether a provider error is a 400 that names the thinking
// setting ("Budget 0 is invalid...", "You can only set only one of thinking budget and
// thinking level.").
func refusedThinking(e *chat.UpstreamError) bool {
	return badRequestNaming(e, "thinking", "budget")
}

// refusedURLs reports whether a provider error is the URL tool's refusal of a request with
// too many URLs ("Number of urls to lookup exceeds the limit (21 > 20)").
func refusedURLs(e *chat.UpstreamError) bool {
	return badRequestNaming(e, "urls to lookup", "number of urls")
}

// badRequestNaming reports whether a provider error is a 400 whose message names any of
// words (lower case).
func badRequestNaming(e *chat.UpstreamError, words ...string) bool {
	if e.Status != http.StatusBadRequest {
		return false
	}
	var apiErr genai.APIError
	if !errors.As(e.Err, &apiErr) {
		return false
	}
	msg := strings.ToLower(apiErr.Message)
	for _, w := range words {
		if strings.Contains(msg, w) {
			return true
		}
	}
	return false
}

// classify turns a provider error into a *chat.UpstreamError, keeping the raw error as cause.
// A rate limit's wait comes from google.rpc.RetryInfo, else from the HTTP Retry-After header.
func classify(err error, hints *responseHints) *chat.UpstreamError {
	var apiErr genai.APIError // a value type: a pointer target would not match
	if !errors.As(err, &apiErr) {
		return &chat.UpstreamError{Err: err}
	}
	ue := &chat.UpstreamError{Status: apiErr.Code, Err: err}
	if apiErr.Code == http.StatusTooManyRequests || apiErr.Status == "RESOURCE_EXHAUSTED" {
		ue.RateLimited = true
		ue.RetryAfter = retryDelay(apiErr.Details)
		if ue.RetryAfter == 0 {
			ue.RetryAfter = hints.RetryAfter()
		}
	}
	return ue
}
