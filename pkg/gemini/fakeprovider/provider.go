package fakeprovider

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"
)

// DefaultMaxOutputTokens is the output limit when a request sets none (every current
// model's outputTokenLimit).
const DefaultMaxOutputTokens = 65536

// refusal is the provider's answer to a request it will not run, or nil.
func refusal(model, key string, body GenerateRequest) (*Reply, providerModel) {
	m, ok := catalogue[model]
	switch {
	case !ok || m.avail == retiredUnknown:
		return notFound(fmt.Sprintf("models/%s is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.", model)), m
	case m.avail == shutDown:
		return notFound(fmt.Sprintf("This model models/%s is no longer available. Please update your code to use a newer model for the latest features and improvements.", model)), m
	case m.avail == oldUsersOnly && key != LegacyKey:
		return notFound(fmt.Sprintf("This model models/%s is no longer available to new users. Please update your code to use a newer model for the latest features and improvements. %s", model, InteractionsAdvice)), m
	}
	for _, t := range body.Tools {
		if _, ok := t["googleSearchRetrieval"]; ok {
			return invalid("google_search_retrieval is not supported. Please use google_search tool instead."), m
		}
	}
	if t, ok := body.GenerationConfig["temperature"].(float64); ok && (t < 0 || t > 2) {
		return invalid(fmt.Sprintf("Invalid value at 'generation_config.temperature' (TYPE_FLOAT), %v: must be between 0 and 2.", t)), m
	}
	return m.thinkingRefusal(body.thinking()), m
}

// thinkingRefusal is the provider's answer to a thinking setting m does not take, or nil.
func (m providerModel) thinkingRefusal(tc ThinkingSetting) *Reply {
	switch {
	case tc.Budget != nil && tc.Level != "":
		return invalid("You can only set only one of thinking budget and thinking level.")
	case tc.Level != "" && m.kind != levelThinking:
		return invalid("Thinking level is not supported for this model.")
	case tc.Budget != nil && m.kind == levelThinking:
		return invalid("Thinking budget is not supported for this model. Please use thinking level instead.")
	case tc.Level != "" && !slices.Contains(m.levels, tc.Level):
		return invalid(fmt.Sprintf("Thinking level %s is not supported for this model. Please retry with other thinking level.", tc.Level))
	case tc.Budget != nil && m.kind == budgetThinking:
		return m.budgetRefusal(*tc.Budget)
	}
	return nil
}

// budgetRefusal is a 2.5 model's answer to a budget outside its range, or nil.
func (m providerModel) budgetRefusal(b int) *Reply {
	switch {
	case b == 0 && !m.zeroOK:
		return invalid("Budget 0 is invalid. This model only works in thinking mode.")
	case b == 0 || b == -1:
	case b < m.budgetMin || b > m.budgetMax:
		lo := m.budgetMin
		if m.zeroOK && lo < 128 {
			lo = 0
		}
		return invalid(fmt.Sprintf("The thinking budget %d is invalid. Please choose a value between %d and %d.", b, lo, m.budgetMax))
	}
	return nil
}

func notFound(msg string) *Reply {
	r := Error(http.StatusNotFound, "NOT_FOUND", msg)
	return &r
}

func invalid(msg string) *Reply {
	r := Error(http.StatusBadRequest, "INVALID_ARGUMENT", msg)
	return &r
}

// ThinkingSetting is the thinkingConfig of a request as the fake read it.
type ThinkingSetting struct {
	Budget *int
	Level  string
}

func (b GenerateRequest) thinking() ThinkingSetting {
	var out ThinkingSetting
	tc, _ := b.GenerationConfig["thinkingConfig"].(map[string]any)
	if v, ok := tc["thinkingBudget"].(float64); ok {
		n := int(v)
		out.Budget = &n
	}
	out.Level, _ = tc["thinkingLevel"].(string)
	return out
}

// Thinking is the request's thinking setting.
func (r Request) Thinking() ThinkingSetting { return r.Body.thinking() }

// Sampling is the request's sampling parameters (temperature, topP, topK) as sent; a model
// that ignores them still gets them checked.
func (r Request) Sampling() map[string]any {
	out := map[string]any{}
	for _, k := range []string{"temperature", "topP", "topK"} {
		if v, ok := r.Body.GenerationConfig[k]; ok {
			out[k] = v
		}
	}
	return out
}

// MaxOutputTokens is the request's generationConfig.maxOutputTokens, or 0.
func (r Request) MaxOutputTokens() int {
	v, _ := r.Body.GenerationConfig["maxOutputTokens"].(float64)
	return int(v)
}

// thoughts is how many tokens m thinks for a request with setting tc.
func (m providerModel) thoughts(tc ThinkingSetting) int {
	switch m.kind {
	case budgetThinking:
		switch {
		case tc.Budget == nil || *tc.Budget == -1:
			return m.dynamic
		default:
			// A budget is a target: the model thinks a quarter past it, as the real ones
			// may ("might overflow or underflow the budget").
			return *tc.Budget + *tc.Budget/4
		}
	case levelThinking:
		level := tc.Level
		if level == "" {
			level = m.defaultLevel
		}
		return levelThoughts[level]
	}
	return 0
}

// Tokens is the fake's token count of a text: a token per four bytes, rounded up. Real
// tokenizers differ; the fake only needs a count that is stable and proportional.
func Tokens(s string) int { return (len(s) + 3) / 4 }

// Answer is an answer of exactly n tokens by the fake's count, in chunks of at most per
// tokens each, then a STOP.
func Answer(n, per int) []Chunk {
	var chunks []Chunk
	for n > 0 {
		k := min(n, per)
		chunks = append(chunks, Text(strings.Repeat("tok ", k)))
		n -= k
	}
	return append(chunks, Finish("STOP"))
}

// simulation turns a scripted reply into what the model would send: the time it thinks,
// its thought tokens spent from maxOutputTokens, the cut at that limit, cumulative usage
// on every chunk, thought signatures, modelVersion and responseId.
type simulation struct {
	model        providerModel
	thoughts     int
	promptTokens int
	maxOutput    int
	responseID   string
}

func newSimulation(m providerModel, req Request) *simulation {
	s := &simulation{model: m, thoughts: m.thoughts(req.Thinking()), maxOutput: req.MaxOutputTokens(), responseID: randomID(18)}
	if s.maxOutput <= 0 {
		s.maxOutput = DefaultMaxOutputTokens
	}
	if si := req.Body.SystemInstruction; si != nil {
		for _, p := range si.Parts {
			s.promptTokens += Tokens(p.Text)
		}
	}
	for _, c := range req.Body.Contents {
		for _, p := range c.Parts {
			s.promptTokens += Tokens(p.Text)
		}
	}
	return s
}

// apply rewrites the reply's steps as the model would send them: text cut at the output
// limit that thinking left, the model's version, status and signature, usage and a response id.
func (s *simulation) apply(steps []Step) []Step {
	if s.thoughts >= s.maxOutput {
		return []Step{{Chunk: s.exhausted()}}
	}
	toolUse := 0
	for _, st := range steps {
		if c, ok := st.Chunk.(Chunk); ok && hasToolMetadata(c) {
			toolUse = 300
		}
	}
	room := s.maxOutput - s.thoughts
	answered := 0
	out := make([]Step, 0, len(steps)+1)
	for _, st := range steps {
		c, ok := st.Chunk.(Chunk)
		if !ok || c["candidates"] == nil {
			out = append(out, st)
			continue
		}
		c = deepCopy(c)
		cand := firstCandidate(c)
		var cut bool
		answered, cut = fit(partsOf(cand), answered, room)
		if cut {
			cand["finishReason"] = "MAX_TOKENS"
		}
		s.stamp(c, cand, answered, toolUse)
		st.Chunk = c
		out = append(out, st)
		if cut {
			break
		}
	}
	return out
}

// exhausted is the chunk of an answer whose thinking spent the whole output limit: no text.
func (s *simulation) exhausted() Chunk {
	return Chunk{
		"candidates": []any{map[string]any{"content": map[string]any{"role": "model"}, "finishReason": "MAX_TOKENS", "index": 0}},
		"usageMetadata": map[string]any{
			"promptTokenCount": s.promptTokens, "totalTokenCount": s.promptTokens + s.maxOutput,
			"promptTokensDetails": []any{map[string]any{"modality": "TEXT", "tokenCount": s.promptTokens}},
			"thoughtsTokenCount":  s.maxOutput, "serviceTier": "standard",
		},
		"modelVersion": s.model.version, "responseId": s.responseID,
	}
}

// fit counts the answer's text parts against room tokens, answered already spent, and cuts
// the part that crosses it; it returns the tokens spent and whether it cut.
func fit(parts []map[string]any, answered, room int) (int, bool) {
	for _, p := range parts {
		text, _ := p["text"].(string)
		if text == "" || p["thought"] == true {
			continue
		}
		n := Tokens(text)
		if answered+n > room {
			p["text"] = cutBytes(text, 4*(room-answered))
			return room, true
		}
		answered += n
	}
	return answered, false
}

// stamp adds what the provider adds to a chunk: a 3.x model's signature at the finish, usage
// unless the script gave its own, the serving model's version and status, the response id.
func (s *simulation) stamp(c Chunk, cand map[string]any, answered, toolUse int) {
	if cand["finishReason"] != nil && s.model.kind == levelThinking {
		s.sign(cand)
	}
	if _, scripted := c["usageMetadata"]; !scripted {
		c["usageMetadata"] = s.usage(answered, toolUse)
	}
	if c["modelVersion"] == "fake" {
		c["modelVersion"] = s.model.version
		if s.model.status != nil {
			c["modelStatus"] = s.model.status
		}
	}
	c["responseId"] = s.responseID
}

// sign ends a 3.x answer as the provider does: a part whose text is empty and that holds
// only a thought signature.
func (s *simulation) sign(cand map[string]any) {
	content, _ := cand["content"].(map[string]any)
	if content == nil {
		content = map[string]any{"role": "model"}
		cand["content"] = content
	}
	parts, _ := content["parts"].([]any)
	content["parts"] = append(parts, map[string]any{"text": "", "thoughtSignature": Signature()})
}

func (s *simulation) usage(answered, toolUse int) map[string]any {
	u := map[string]any{
		"promptTokenCount":     s.promptTokens,
		"candidatesTokenCount": answered,
		"totalTokenCount":      s.promptTokens + answered + s.thoughts + toolUse,
		"promptTokensDetails":  []any{map[string]any{"modality": "TEXT", "tokenCount": s.promptTokens}},
		"serviceTier":          "standard",
	}
	if toolUse > 0 {
		u["toolUsePromptTokenCount"] = toolUse
	}
	if s.thoughts > 0 {
		u["thoughtsTokenCount"] = s.thoughts
	}
	return u
}

func hasToolMetadata(c Chunk) bool {
	cand := firstCandidate(c)
	return cand != nil && (cand["groundingMetadata"] != nil || cand["urlContextMetadata"] != nil)
}

func firstCandidate(c Chunk) map[string]any {
	cands, _ := c["candidates"].([]any)
	if len(cands) == 0 {
		return nil
	}
	cand, _ := cands[0].(map[string]any)
	return cand
}

func partsOf(cand map[string]any) []map[string]any {
	content, _ := cand["content"].(map[string]any)
	raw, _ := content["parts"].([]any)
	var out []map[string]any
	for _, p := range raw {
		if m, ok := p.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// deepCopy copies a chunk through JSON, so that the rewrite never touches a script's own
// (possibly shared) values.
func deepCopy(c Chunk) Chunk {
	b, _ := json.Marshal(c)
	var out Chunk
	_ = json.Unmarshal(b, &out)
	return out
}

// cutBytes is s cut to at most n bytes, on a rune boundary.
func cutBytes(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Signature is a thought signature: opaque base64, as the provider sends it.
func Signature() string {
	b := make([]byte, 96)
	_, _ = rand.Read(b)
	return base64.StdEncoding.EncodeToString(b)
}

func randomID(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)[:n]
}
