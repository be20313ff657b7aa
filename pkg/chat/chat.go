// Package chat is the domain of the service: a conversation goes in, a reviewed answer
// comes out. It declares the conversation, the Model interface a provider adapter implements,
// the server-made context (contract addresses and their token facts, in the vocabulary of
// package token), and the Assistant, which prepares a conversation (facts, the model's
// instructions: the fixed system prompt and the server-made context, assembled here) and
// reviews the answer (the guard, the answer's sources, the fact checks).
//
// It imports no adapter: not HTTP (package httpapi), not the model provider's adapter, not
// the token-data APIs (package tokenfacts), not the deployment's settings.
package chat

import (
	"context"
	"iter"
	"time"

	"github.com/chatsvc/chat/pkg/chat/contract"
	"github.com/chatsvc/chat/pkg/chat/factcheck"
	"github.com/chatsvc/chat/pkg/chat/token"
)

// Role is who wrote a message.
type Role string

// The roles a caller may send. The system prompt is fixed on the server, so there is no
// system role here.
const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
)

// Message is one validated message of a conversation.
type Message struct {
	Role Role
	// Content is the message text, with a contract-address prefix removed.
	Content string
	// Contract is the address a user message carried in its prefix, if any.
	Contract *contract.Address
}

// Conversation is the validated conversation of one request, oldest message first; the last
// message is from the user.
type Conversation struct {
	Messages []Message
	// MaxTokens, when positive, caps this answer's length below the server's own limit
	// (OpenAI's max_tokens); the server's limit always applies.
	MaxTokens int
	// Context is the server-made context of the request (its contract addresses and their
	// token facts), nil when the conversation carries no contract address.
	Context *ServerContext
	// Instructions is what the model is told, assembled by Assistant.Prepare: the model
	// adapter sends it as it is.
	Instructions Instructions
}

// TokenFacts reads the market and security facts of contract addresses within a budget of
// its own (package tokenfacts). It never fails: what a source did not answer is marked
// unavailable in the facts.
type TokenFacts interface {
	Lookup(ctx context.Context, addrs []contract.Address) []token.Facts
}

// FinishReason says why an answer ended. It takes only the specification's four values.
type FinishReason string

// The specification's finish reasons.
const (
	FinishStop          FinishReason = "stop"
	FinishLength        FinishReason = "length"
	FinishContentFilter FinishReason = "content-filter"
	FinishToolCalls     FinishReason = "tool-calls"
)

// Usage counts the tokens of one answer.
type Usage struct {
	PromptTokens     int
	CompletionTokens int
	// ReasoningTokens are what the model spent thinking before it answered; billed as
	// output, and not part of CompletionTokens.
	ReasoningTokens int
	TotalTokens     int
}

// Source is a web page an answer was grounded on.
type Source struct {
	URL   string
	Title string
}

// Finish closes an answer.
type Finish struct {
	Reason FinishReason
	Usage  *Usage
	// Sources are deduplicated, in the order the model cited them.
	Sources       []Source
	SearchQueries []string
	// PagesRead counts the pages the URL tool read for this answer (billed as input tokens).
	PagesRead int
	// SearchSuggestions is provider HTML that the provider's grounding terms ask apps to show.
	SearchSuggestions string
	// Model and ModelVersion name the provider model that answered (the one called, and
	// the version the provider reported, which differ for an alias). They go to the log
	// only, never to the caller.
	Model, ModelVersion string
	// ModelStage and ModelRetirement are what the provider said of the serving model (its
	// lifecycle stage, STABLE, LEGACY, DEPRECATED...; the day it retires, or zero), for the
	// log only.
	ModelStage      string
	ModelRetirement time.Time
	// FactChecks are the figures of the answer held against the token facts (set by the
	// handler from the text it forwarded, not by the model); nil when the request had no
	// facts, empty when the answer stated no figure to check.
	FactChecks []factcheck.Check
	// FactChecksUnchecked counts the figures the checks left unjudged because they come
	// past factcheck.MaxFigures or factcheck.MaxText of the answer (factcheck.Report).
	FactChecksUnchecked int
	// CostUSD is the answer's estimated list price (tokens and searches at the serving
	// model's rates), for the log only.
	CostUSD float64
}

// Event is one step of an answer: a text delta, or the finish.
type Event struct {
	Text   string
	Finish *Finish
}

// Model streams an answer to a conversation. The sequence ends after a Finish event, or with
// an error; a sequence that ends with neither means the answer broke off. Errors from the
// provider should be *UpstreamError. Cancelling ctx must end the sequence promptly.
type Model interface {
	Stream(ctx context.Context, apiKey string, c Conversation) iter.Seq2[Event, error]
}

// UpstreamError is a failure of the model provider. Err holds the raw cause for the log; the
// caller only ever sees what the handler derives from the other fields.
type UpstreamError struct {
	// Status is the provider's HTTP status, or 0 for a network failure.
	Status int
	// RateLimited is true when the provider refused for quota reasons.
	RateLimited bool
	// RetryAfter is how long until the refused allowance is open again, when known: for a
	// daily quota the time to its reset, never the provider's short suggestion.
	RetryAfter time.Duration
	// Quota says which allowance ran out when RateLimited.
	Quota QuotaKind
	Err   error
}

// QuotaKind says which of the provider's allowances a rate limit used up.
type QuotaKind string

// The kinds of quota refusal.
const (
	// QuotaDaily is a daily allowance: it opens again at the provider's daily reset.
	QuotaDaily QuotaKind = "daily"
	// QuotaMinute is a per-minute allowance (requests or input tokens).
	QuotaMinute QuotaKind = "per-minute"
	// QuotaUnknown is a refusal that did not say which allowance ran out.
	QuotaUnknown QuotaKind = "unknown"
)

func (e *UpstreamError) Error() string {
	if e.Err == nil {
		return "upstream error"
	}
	return "upstream: " + e.Err.Error()
}

func (e *UpstreamError) Unwrap() error { return e.Err }
