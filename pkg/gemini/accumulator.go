package gemini

import (
	"log/slog"
	"net/url"
	"slices"
	"strings"

	"google.golang.org/genai"

	"github.com/chatsvc/chat/pkg/chat"
)

// accumulator folds the chunks of one answer: text is forwarded as it comes, the rest
// (finish reason, sources, usage) is kept for the end. It holds the answer to maxTokens by
// the provider's running candidatesTokenCount.
type accumulator struct {
	model     string
	maxTokens int32

	finishRaw    genai.FinishReason
	blocked      genai.BlockedReason
	usage        *genai.GenerateContentResponseUsageMetadata
	answerTokens int32 // the running count of answer tokens, as far as forwarded
	held         bool  // the answer reached maxTokens and was cut here
	version      string
	modelStatus  *genai.ModelStatus // the last modelStatus the answer carried
	sources      []chat.Source
	seen         map[string]bool
	queries      []string
	pagesRead    map[string]bool // the pages the URL tool read, by URL
	suggestions  string
	toolCall     bool // the model asked for a function call, which this service never runs
	text         strings.Builder
}

func (a *accumulator) add(resp *genai.GenerateContentResponse) string {
	if resp == nil || a.held {
		return ""
	}
	a.addResponse(resp)
	if len(resp.Candidates) == 0 || resp.Candidates[0] == nil {
		return ""
	}
	cand := resp.Candidates[0]
	if cand.FinishReason != "" {
		a.finishRaw = cand.FinishReason
	}
	a.addGrounding(cand.GroundingMetadata)
	a.addURLContext(cand.URLContextMetadata)
	return a.hold(a.answerText(cand.Content), resp.UsageMetadata)
}

// addResponse keeps what a chunk says of the whole answer: the model version, the running
// usage (the last one wins) and a blocked prompt.
func (a *accumulator) addResponse(resp *genai.GenerateContentResponse) {
	if resp.ModelVersion != "" {
		a.version = resp.ModelVersion
	}
	if resp.ModelStatus != nil {
		a.modelStatus = resp.ModelStatus
	}
	if resp.UsageMetadata != nil {
		a.usage = resp.UsageMetadata
	}
	if pf := resp.PromptFeedback; pf != nil && pf.BlockReason != "" && len(resp.Candidates) == 0 {
		a.blocked = pf.BlockReason
	}
}

// answerText is a chunk's answer text. Thoughts never reach the caller, nor do thought
// signatures: a part made only of a signature has empty text and adds nothing.
func (a *accumulator) answerText(c *genai.Content) string {
	a.text.Reset()
	if c == nil {
		return ""
	}
	for _, p := range c.Parts {
		if p == nil || p.Thought {
			continue
		}
		if p.FunctionCall != nil {
			a.toolCall = true
		}
		a.text.WriteString(p.Text)
	}
	return a.text.String()
}

// hold cuts text where the answer passes maxTokens, by the provider's running count of
// answer tokens (candidatesTokenCount, on every chunk from today's models); a chunk without
// one counts a token per four bytes. The part of the chunk beyond the limit is dropped (in
// proportion to its share of the chunk's tokens, at a word boundary), and the answer ends
// with length.
func (a *accumulator) hold(text string, u *genai.GenerateContentResponseUsageMetadata) string {
	if a.maxTokens <= 0 {
		return text
	}
	count := a.answerTokens + int32((len(text)+3)/4)
	if u != nil && u.CandidatesTokenCount > 0 {
		count = u.CandidatesTokenCount
	}
	if count <= a.maxTokens {
		a.answerTokens = max(a.answerTokens, count)
		return text
	}
	a.held = true
	a.finishRaw = genai.FinishReasonMaxTokens
	room, grown := a.maxTokens-a.answerTokens, count-a.answerTokens
	a.answerTokens = a.maxTokens
	if room <= 0 || grown <= 0 || text == "" {
		return ""
	}
	runes := []rune(text)
	keep := int(int64(len(runes)) * int64(room) / int64(grown))
	cut := string(runes[:keep])
	if i := strings.LastIndexAny(cut, " \n\t"); i >= len(cut)/2 {
		cut = cut[:i+1]
	}
	return cut
}

func (a *accumulator) addGrounding(g *genai.GroundingMetadata) {
	if g == nil {
		return
	}
	for _, ch := range g.GroundingChunks {
		if ch == nil || ch.Web == nil || ch.Web.URI == "" {
			continue
		}
		a.addSource(ch.Web.URI, ch.Web.Title)
	}
	for _, q := range g.WebSearchQueries {
		if !slices.Contains(a.queries, q) {
			a.queries = append(a.queries, q)
		}
	}
	if g.SearchEntryPoint != nil && g.SearchEntryPoint.RenderedContent != "" {
		a.suggestions = g.SearchEntryPoint.RenderedContent
	}
}

// addURLContext adds the pages the URL tool read successfully; a failed retrieval (an
// error, a paywall, an unsafe page) is no source.
func (a *accumulator) addURLContext(m *genai.URLContextMetadata) {
	if m == nil {
		return
	}
	for _, u := range m.URLMetadata {
		if u != nil && u.URLRetrievalStatus == genai.URLRetrievalStatusSuccess && u.RetrievedURL != "" {
			if a.pagesRead == nil {
				a.pagesRead = map[string]bool{}
			}
			a.pagesRead[u.RetrievedURL] = true
			a.addSource(u.RetrievedURL, "")
		}
	}
}

// addSource adds a source unless the same page is already there (the same URL but for a
// fragment or a trailing slash).
func (a *accumulator) addSource(uri, title string) {
	key := strings.TrimSuffix(strings.SplitN(uri, "#", 2)[0], "/")
	if a.seen == nil {
		a.seen = map[string]bool{}
	}
	if a.seen[key] {
		return
	}
	a.seen[key] = true
	a.sources = append(a.sources, chat.Source{URL: uri, Title: sourceTitle(uri, title)})
}

// sourceTitle is the source's title, or its host name when the provider sent none, so that
// every source has a text to show.
func sourceTitle(uri, title string) string {
	if t := strings.TrimSpace(title); t != "" {
		return t
	}
	if u, err := url.Parse(uri); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return uri
}

// finished reports whether the provider has ended the answer (a finish reason or a blocked
// prompt); what may still follow is usage and grounding, not text.
func (a *accumulator) finished() bool { return a.finishRaw != "" || a.blocked != "" }

func (a *accumulator) finish(logger func() *slog.Logger) *chat.Finish {
	var reason chat.FinishReason
	switch {
	case a.blocked != "":
		reason = blockedPromptReason
		logger().Info("prompt blocked by the provider", slog.String("block_reason", string(a.blocked)))
	case a.finishRaw != "":
		var known bool
		reason, known = MapFinishReason(a.finishRaw)
		if !known {
			logger().Warn("unknown provider finish reason mapped to stop", slog.String("finish_reason", string(a.finishRaw)))
		}
		if reason == chat.FinishStop && a.toolCall {
			// The model stopped to have a function run; the spec's name for that is tool-calls.
			reason = chat.FinishToolCalls
			logger().Info("the model asked for a function call, which is not run")
		}
	default:
		return nil
	}
	f := &chat.Finish{Reason: reason, Sources: a.sources, SearchQueries: a.queries, PagesRead: len(a.pagesRead), SearchSuggestions: a.suggestions,
		Model: a.model, ModelVersion: a.version}
	if u := a.usage; u != nil {
		f.Usage = &chat.Usage{
			PromptTokens:     int(u.PromptTokenCount),
			CompletionTokens: int(u.CandidatesTokenCount),
			ReasoningTokens:  int(u.ThoughtsTokenCount),
			TotalTokens:      int(u.TotalTokenCount),
		}
	}
	return f
}

// status is what the answer said of the model that served it.
func (a *accumulator) status() status {
	s := status{model: a.model, version: a.version}
	if ms := a.modelStatus; ms != nil {
		s.stage, s.retires, s.message = ms.ModelStage, ms.RetirementTime, ms.Message
	}
	return s
}

// bill is what the answer is billed for: the serving model's tokens and searches.
func (a *accumulator) bill() Bill {
	b := Bill{Model: a.model}
	if a.version != "" {
		b.Model = a.version
	}
	if u := a.usage; u != nil {
		b.InputTokens = int64(u.PromptTokenCount) + int64(u.ToolUsePromptTokenCount)
		b.OutputTokens = int64(u.CandidatesTokenCount)
		b.ThinkingTokens = int64(u.ThoughtsTokenCount)
	}
	for _, q := range a.queries {
		if strings.TrimSpace(q) != "" { // an empty query is not billed
			b.SearchQueries++
		}
	}
	return b
}
