package httpapi

// The request's one log line: what it reports (outcome), how it is written, and the caller's
// address and request id it names.

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"net"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chatsvc/chat/pkg/chat"
)

// outcome is what the request log line reports.
type outcome struct {
	protocol     string
	status       int
	finish       chat.FinishReason
	terminal     string // "d", "e" or "" (no stream, or the caller left)
	messages     int
	contract     bool
	usage        *chat.Usage
	model        string // the provider model that answered, and its reported version
	modelVersion string
	costUSD      float64 // the answer's estimated list price
	// factChecks and contradictions count the answer's figures checked against the facts,
	// and those that contradict them.
	factChecks, contradictions int
	// factUnchecked counts the figures past the length or number the checks judge.
	factUnchecked int
	// removed are the kinds of what the guard removed from the answer.
	removed []string
	// modelStage and modelRetirement: what the provider said of the serving model.
	modelStage      string
	modelRetirement time.Time
	sources         int
	searches        int // search queries the model ran (billed per query on 3.x)
	pagesRead       int // pages the URL tool read (billed as input tokens)
	firstByte       time.Duration
	clientClosed    bool
	timedOut        bool
	cause           error
	tokens          int           // addresses with facts
	tokensTime      time.Duration // how long reading them took
	unavailable     int           // sources that did not answer
}

// logRequest writes the request's one log line: INFO, or ERROR when the request failed on
// the server's side. Nothing is built for a line the level drops.
func (h *Handler) logRequest(r *http.Request, id string, start time.Time, o *outcome) {
	level := slog.LevelInfo
	if o.cause != nil && (o.status >= 500 || o.terminal == "e") {
		level = slog.LevelError
	}
	if !h.log.Enabled(context.Background(), level) {
		return
	}
	attrs := make([]slog.Attr, 0, 28)
	attrs = append(attrs,
		slog.String("request_id", id),
		slog.String("client", ClientAddress(r)),
		slog.String("method", clip(r.Method, maxLoggedField)),
		slog.String("path", clip(r.URL.Path, maxLoggedField)),
		slog.Int("status", o.status),
		slog.String("protocol", o.protocol),
		slog.Int64("duration_ms", time.Since(start).Milliseconds()),
		slog.Int("messages", o.messages),
		slog.Bool("contract_address", o.contract),
	)
	if o.status == http.StatusOK || o.firstByte > 0 {
		attrs = append(attrs, slog.Int64("ttfb_ms", o.firstByte.Milliseconds()))
	}
	if o.terminal != "" {
		attrs = append(attrs, slog.String("terminal", o.terminal))
	}
	attrs = o.answerAttrs(attrs)
	if o.clientClosed {
		attrs = append(attrs, slog.Bool("client_closed", true))
	}
	if o.timedOut {
		attrs = append(attrs, slog.Bool("time_limit_reached", true))
	}
	if o.cause != nil {
		attrs = append(attrs, slog.String("cause", clip(o.cause.Error(), maxCauseBytes)))
	}
	h.log.LogAttrs(context.Background(), level, "chat request", attrs...)
}

// answerAttrs appends what the log line says of the answer, where there was one: how it
// finished, its usage, the model and the token facts.
func (o *outcome) answerAttrs(attrs []slog.Attr) []slog.Attr {
	if o.finish != "" {
		attrs = append(attrs, slog.String("finish_reason", string(o.finish)), slog.Int("sources", o.sources),
			slog.Int("search_queries", o.searches), slog.Int("pages_read", o.pagesRead))
	}
	if o.usage != nil {
		attrs = append(attrs, slog.Int("prompt_tokens", o.usage.PromptTokens), slog.Int("completion_tokens", o.usage.CompletionTokens),
			slog.Int("reasoning_tokens", o.usage.ReasoningTokens))
	}
	if o.finish != "" {
		// Micro-dollars: a figure the log and the dashboard's sums read without float noise.
		attrs = append(attrs, slog.Float64("cost_usd", math.Round(o.costUSD*1e6)/1e6))
	}
	if o.model != "" {
		attrs = append(attrs, slog.String("model", o.model))
		if o.modelVersion != "" && o.modelVersion != o.model {
			attrs = append(attrs, slog.String("model_version", o.modelVersion))
		}
		if o.modelStage != "" {
			attrs = append(attrs, slog.String("model_stage", o.modelStage))
		}
		if !o.modelRetirement.IsZero() {
			attrs = append(attrs, slog.String("model_retirement", o.modelRetirement.UTC().Format(time.DateOnly)))
		}
	}
	if len(o.removed) > 0 {
		attrs = append(attrs, slog.Any("removed", o.removed))
	}
	if o.factChecks > 0 {
		attrs = append(attrs, slog.Int("fact_checks", o.factChecks), slog.Int("contradictions", o.contradictions))
	}
	if o.factUnchecked > 0 {
		attrs = append(attrs, slog.Int("fact_checks_unchecked", o.factUnchecked))
	}
	if o.tokens > 0 {
		attrs = append(attrs, slog.Int("tokens", o.tokens), slog.Int64("token_facts_ms", o.tokensTime.Milliseconds()),
			slog.Int("token_sources_unavailable", o.unavailable))
	}
	return attrs
}

// maxLoggedField bounds what the log line keeps of a caller-controlled field (path, method):
// a 1 MB path must not make a 1 MB log line.
const maxLoggedField = 256

// ViewerAddressHeader is where CloudFront puts the viewer's address ("IP:port"). CloudFront
// sets it itself, replacing any value the viewer sent; behind the distribution, whose origin
// access control is the only way to the function, it is the caller's address.
const ViewerAddressHeader = "CloudFront-Viewer-Address"

// ClientAddress is the caller's IP address for the log: CloudFront's viewer address when the
// request came through the distribution, else the connection's peer (Lambda's source IP, or
// the local server's remote address). On the local server a caller can set the header
// itself; it only names the caller in the log, it grants nothing.
func ClientAddress(r *http.Request) string {
	if v := strings.TrimSpace(r.Header.Get(ViewerAddressHeader)); v != "" {
		return hostOnly(v)
	}
	return hostOnly(r.RemoteAddr)
}

// hostOnly strips the port from "IP:port" (IPv4, [IPv6]:port, or CloudFront's IPv6:port),
// keeping a value that is not an address only in clipped form.
func hostOnly(v string) string {
	if host, _, err := net.SplitHostPort(v); err == nil && net.ParseIP(host) != nil {
		return host
	}
	if i := strings.LastIndexByte(v, ':'); i > 0 && net.ParseIP(v[:i]) != nil {
		return v[:i] // CloudFront writes IPv6 addresses unbracketed: 2001:db8::1:443
	}
	if net.ParseIP(v) != nil {
		return v
	}
	return clip(v, 64)
}

// maxCauseBytes bounds the logged cause: upstream errors quote the upstream's bytes, which
// can run to megabytes.
const maxCauseBytes = 2048

// clip cuts s to at most n bytes on a rune boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("... [%d bytes cut]", len(s)-cut)
}

// noteConversation records the conversation's length, and whether it names a contract
// address, for the log line.
func (o *outcome) noteConversation(conv chat.Conversation) {
	o.messages = len(conv.Messages)
	for _, m := range conv.Messages {
		o.contract = o.contract || m.Contract != nil
	}
}

// noteFacts records what the server read of the token facts, for the log line.
func (o *outcome) noteFacts(sc *chat.ServerContext) {
	facts := sc.FactsList()
	if len(facts) == 0 {
		return
	}
	o.tokens, o.tokensTime = len(facts), sc.LookupTime
	for _, f := range facts {
		o.unavailable += len(f.Unavailable)
	}
}
