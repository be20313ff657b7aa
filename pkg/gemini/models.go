package gemini

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"google.golang.org/genai"

	"github.com/chatsvc/chat/pkg/deploy/settings"
)

// DefaultModel is the specification's default model name.
const DefaultModel = "model-2.5-flash"

// The provider's maintained aliases: each always points at its family's current model, so a
// request to one keeps working as generations retire.
const (
	AliasFlash     = "gemini-flash-latest"
	AliasPro       = "gemini-pro-latest"
	AliasFlashLite = "gemini-flash-lite-latest"
)

// specModels maps the specification's model names to the provider model of their own
// generation. This file is the only place that names provider models.
var specModels = map[string]string{
	"model-2.5-flash": "gemini-2.5-flash",
	"model-2.5-pro":   "gemini-2.5-pro",
	"model-1.5-flash": "gemini-1.5-flash",
	"model-1.5-pro":   "gemini-1.5-pro",
}

// rawID accepts the provider's model IDs: versions (gemini-2.5-flash), previews
// (gemini-3.1-pro-preview) and aliases (gemini-flash-latest).
var rawID = regexp.MustCompile(`^gemini-[0-9a-z][0-9a-z.\-]*$`)

// Model is a resolved model choice.
type Model struct {
	// Name is what the operator configured (a specification name or a raw provider ID).
	Name string
	// ID is the provider model tried first.
	ID string
	// Candidates are the provider models to try, in order: ID first, then the fallbacks. A
	// model the provider answers 404 for is skipped for a while (see Client).
	Candidates []string
}

// ResolveModel turns a configured model name into a Model whose candidates are the model of
// its own generation, then the maintained alias of its family (flash names fall back to
// gemini-flash-latest, pro names to gemini-pro-latest), then a lighter model that draws on
// another quota bucket (flash names end with gemini-flash-lite-latest, pro names with
// gemini-flash-latest): when a bucket's daily quota is used up, a lighter answer beats none.
// It accepts the specification's names and raw provider IDs, aliases and previews included.
func ResolveModel(name string) (Model, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" {
		name = DefaultModel
	}
	id, ok := specModels[name]
	if !ok {
		id = strings.TrimPrefix(name, "models/")
		if !rawID.MatchString(id) {
			return Model{}, fmt.Errorf("unknown model %q: use one of %s, or a provider model ID such as %s", name, strings.Join(ModelNames(), ", "), AliasFlash)
		}
	}
	m := Model{Name: name, ID: id, Candidates: []string{id}}
	for _, next := range []string{familyAlias(id), lighterAlias(id)} {
		if next != "" && !slices.Contains(m.Candidates, next) {
			m.Candidates = append(m.Candidates, next)
		}
	}
	return m, nil
}

// lighterAlias is the alias of the next lighter family, whose quota bucket is another one:
// flash-lite for flash, flash for pro; "" when there is none.
func lighterAlias(id string) string {
	switch familyAlias(id) {
	case AliasFlash:
		return AliasFlashLite
	case AliasPro:
		return AliasFlash
	}
	return ""
}

// NoFallbacks, as MODEL_FALLBACKS, turns fallback off: only the configured model is called.
const NoFallbacks = "none"

// WithFallbacks returns m with its fallbacks replaced by ids (MODEL_FALLBACKS): m.ID is still
// tried first. Each ID must be a provider model ID; the single ID "none" means no fallback.
func (m Model) WithFallbacks(ids []string) (Model, error) {
	if len(ids) == 1 && strings.EqualFold(strings.TrimSpace(ids[0]), NoFallbacks) {
		m.Candidates = []string{m.ID}
		return m, nil
	}
	cands := []string{m.ID}
	for _, id := range ids {
		id = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(id)), "models/")
		if id == "" {
			continue
		}
		if !rawID.MatchString(id) {
			return m, fmt.Errorf("%q is not a provider model ID such as %s", id, AliasFlash)
		}
		if !slices.Contains(cands, id) {
			cands = append(cands, id)
		}
	}
	if len(cands) == 1 && !slices.ContainsFunc(ids, func(s string) bool { return strings.TrimSpace(s) != "" }) {
		return m, fmt.Errorf("lists no model ID (use %q to turn fallback off)", NoFallbacks)
	}
	m.Candidates = cands
	return m, nil
}

// familyAlias is the maintained alias of the model's family, or "" for a model of no known
// family.
func familyAlias(id string) string {
	switch {
	case strings.Contains(id, "flash-lite"):
		return AliasFlashLite
	case strings.Contains(id, "flash"):
		return AliasFlash
	case strings.Contains(id, "pro"):
		return AliasPro
	}
	return ""
}

// ModelNames lists the specification's model names.
func ModelNames() []string {
	names := make([]string, 0, len(specModels))
	for n := range specModels {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Thinking is how much the model may think before it answers (the THINKING setting).
type Thinking int

// The THINKING values.
const (
	ThinkingOff Thinking = iota
	ThinkingLow
	ThinkingMedium
	ThinkingHigh
)

// thinkingNames are the settings' THINKING values, indexed by Thinking.
var thinkingNames = settings.ThinkingNames()

// String is the setting's spelling.
func (t Thinking) String() string {
	if t < 0 || int(t) >= len(thinkingNames) {
		return fmt.Sprintf("Thinking(%d)", int(t))
	}
	return thinkingNames[t]
}

// ParseThinking reads a THINKING value; empty means low.
func ParseThinking(s string) (Thinking, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return ThinkingLow, nil
	}
	if i := slices.Index(thinkingNames, s); i >= 0 {
		return Thinking(i), nil
	}
	return 0, fmt.Errorf("%q is not one of %s", s, strings.Join(thinkingNames, ", "))
}

// shape is how a request to one provider model must look: which tools it takes and how its
// thinking is set. Per THINKING value: a token budget (2.5) or a level (3.x), and the output
// tokens that thinking may spend on top of the answer's MAX_TOKENS.
type shape struct {
	tools     bool                    // googleSearch and urlContext
	budgets   *[4]int32               // thinkingBudget per THINKING; nil when the model takes none
	levels    *[4]genai.ThinkingLevel // thinkingLevel per THINKING; nil when the model takes none
	allowance [4]int32                // output tokens thinking may spend, per THINKING
}

var (
	// 2.5 flash and flash-lite: budget 0 turns thinking off.
	budgetsFlash25 = [4]int32{0, 1024, 4096, 16384}
	// 2.5 pro refuses 0 ("This model only works in thinking mode"); 128 is its minimum.
	budgetsPro25 = [4]int32{128, 1024, 4096, 16384}
	// 3.x cannot turn thinking off, and 3.7 flash and 3.1 pro refuse MINIMAL: off is LOW.
	levels3 = [4]genai.ThinkingLevel{genai.ThinkingLevelLow, genai.ThinkingLevelLow, genai.ThinkingLevelMedium, genai.ThinkingLevelHigh}
)

// shapes is the one table of request shapes, first matching prefix wins. The last row (3.x,
// the aliases, and any newer generation) is the default.
var shapes = []struct {
	prefix string
	shape  shape
}{
	// The 1.x generation predates both tools; googleSearchRetrieval, its old search, is
	// refused by every model that still exists.
	{"gemini-1.", shape{}},
	// 2.0 has the tools but no thinking.
	{"gemini-2.0-", shape{tools: true}},
	// A budget is a target the model "might overflow or underflow" (Google's thinking
	// guide): the allowance leaves room beyond it, and the answer is held to MAX_TOKENS anyway.
	{"gemini-2.5-pro", shape{tools: true, budgets: &budgetsPro25, allowance: overflow(budgetsPro25)}},
	{"gemini-2.5-", shape{tools: true, budgets: &budgetsFlash25, allowance: overflow(budgetsFlash25)}},
	// A level bounds no token count; the allowance is a generous ceiling, not a target.
	{"", shape{tools: true, levels: &levels3, allowance: [4]int32{4096, 4096, 16384, 32768}}},
}

// overflow is the allowance for budgets: twice the budget, and at least 1024 tokens beyond it
// (none for a budget of 0, which turns thinking off).
func overflow(budgets [4]int32) [4]int32 {
	var out [4]int32
	for i, b := range budgets {
		if b > 0 {
			out[i] = max(2*b, b+1024)
		}
	}
	return out
}

func shapeFor(id string) shape {
	for _, s := range shapes {
		if strings.HasPrefix(id, s.prefix) {
			return s.shape
		}
	}
	return shapes[len(shapes)-1].shape
}

// maxOutputTokens is the most any model accepts as maxOutputTokens.
const maxOutputTokens = 65536

// thinkingConfig is the thinking setting for model id, or nil when it takes none; extra is
// what thinking may spend on top of the answer.
func thinkingConfig(id string, t Thinking) (cfg *genai.ThinkingConfig, extra int32) {
	s := shapeFor(id)
	switch {
	case s.budgets != nil:
		return &genai.ThinkingConfig{ThinkingBudget: genai.Ptr(s.budgets[t])}, s.allowance[t]
	case s.levels != nil:
		return &genai.ThinkingConfig{ThinkingLevel: s.levels[t]}, s.allowance[t]
	}
	return nil, 0
}

// generationRE reads a versioned model ID's generation: gemini-3.5-flash-lite is 3.5.
var generationRE = regexp.MustCompile(`^gemini-(\d+)\.(\d+)-`)

// generation is a versioned model ID's generation as major*100+minor (3.5 is 305); ok is
// false for an alias or an ID of no known form.
func generation(id string) (gen int, ok bool) {
	m := generationRE.FindStringSubmatch(id)
	if m == nil {
		return 0, false
	}
	major, _ := strconv.Atoi(m[1])
	minor, _ := strconv.Atoi(m[2])
	return major*100 + min(minor, 99), true
}

// isAlias reports whether id is one of the provider's maintained aliases, which always serve
// their family's current model: a family never gives way from its own alias.
func isAlias(id string) bool { return strings.HasSuffix(id, "-latest") }

// family is a model's family: "flash-lite", "flash", "pro", or "" when the ID names none.
func family(id string) string {
	switch familyAlias(id) {
	case AliasFlashLite:
		return "flash-lite"
	case AliasFlash:
		return "flash"
	case AliasPro:
		return "pro"
	}
	return ""
}

// ignoresSampling reports whether a model ignores temperature, topP and topK: since
// 2026-07-21 Google deprecates them for 3.5 flash-lite, 3.6 flash and every later model
// ("the same API contract applying to future model releases"). An alias's model is known
// only from its answers (the caller passes what served it).
func ignoresSampling(id string) bool {
	gen, ok := generation(id)
	return ok && (gen >= 306 || (gen == 305 && family(id) == "flash-lite"))
}
