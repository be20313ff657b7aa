package fakeprovider

import "fmt"

// The fake follows the provider as recorded against its live API in 2026 (error texts and
// response shapes from recorded responses, such as the Vercel AI SDK's Google provider
// fixtures), with the catalogue of December 2026 (shared/DESIGN.md):
//
//   - the 1.5 generation is retired for everyone and 2.0 is shut down: 404 NOT_FOUND;
//   - 2.5 flash and pro were shut down on 2026-12-01: a new key gets 404 NOT_FOUND "... is no
//     longer available to new users ... We recommend you to use the Interactions API (...)";
//     an account that used them (LegacyKey) is served by another model under the old ID,
//     billed and shaped as that model: 2.5 flash by 3.5 flash-lite, 2.5 pro by 3.8 flash,
//     each answer carrying modelStatus RETIRED with the retirement time;
//   - since 2026-10-08 3.7 flash is served by 3.8 flash and 3.5 flash by 3.6 flash, for
//     everyone, the same way; 2.5 flash-lite remains;
//   - the current generation is 3.x, with aliases that point at each family's current
//     model (flash 3.8, flash-lite 3.5, pro 3.1 preview); 3.1 flash-lite is LEGACY and
//     retires on 2027-05-07, which every answer of it says;
//   - 2.5 models take thinkingConfig.thinkingBudget, 3.x models thinkingConfig.thinkingLevel,
//     each within its own levels (3.8 flash and 3.1 pro refuse MINIMAL); a budget sent to a
//     3.x model (or to an ID one serves) is refused, and so is a level sent to a 2.5 model,
//     and both at once; googleSearchRetrieval is refused;
//   - temperature, topP and topK are range-checked (temperature 0 to 2) and ignored by 3.5
//     flash-lite, 3.6 flash and every later model (Request.Sampling shows what was sent);
//   - thinking is on by default and its tokens are spent from maxOutputTokens before any
//     answer text; usageMetadata arrives on every chunk, cumulative;
//   - 3.x answers end with a part whose text is empty and that holds only a thoughtSignature.

// LegacyKey is the API key of an account that used the 2.5 generation before it closed to
// new users; every other key is a new account.
const LegacyKey = "fake-key-account-since-2025"

type availability int

const (
	available      availability = iota
	oldUsersOnly                // 404 for new accounts
	shutDown                    // 404 for everyone: "no longer available"
	retiredUnknown              // 404 for everyone: "not found for API version v1beta"
)

type thinkingKind int

const (
	budgetThinking thinkingKind = iota + 1
	levelThinking
)

// providerModel is one model of the fake's catalogue.
type providerModel struct {
	version string // what modelVersion reports (an alias or a routed ID reports its target)
	avail   availability
	kind    thinkingKind
	// Budget models: the accepted range, whether 0 (off) is accepted, and how many tokens
	// the model thinks when left to decide (dynamic thinking).
	budgetMin, budgetMax int
	zeroOK               bool
	dynamic              int
	// Level models: the accepted levels and the default one.
	levels       []string
	defaultLevel string
	// ignoresSampling: temperature, topP and topK are accepted and have no effect.
	ignoresSampling bool
	// status is the modelStatus every answer carries, or nil.
	status map[string]any
}

// levelThoughts is how many tokens the fake thinks at each level.
var levelThoughts = map[string]int{"MINIMAL": 0, "LOW": 256, "MEDIUM": 1024, "HIGH": 3072}

// stable is the status of a current model.
func stable(stage string) map[string]any { return map[string]any{"modelStage": stage} }

var (
	allLevels = []string{"MINIMAL", "LOW", "MEDIUM", "HIGH"}
	noMinimal = []string{"LOW", "MEDIUM", "HIGH"}

	flash38 = providerModel{version: "gemini-3.8-flash", kind: levelThinking, levels: noMinimal, defaultLevel: "MEDIUM",
		ignoresSampling: true, status: stable("STABLE")}
	flash36 = providerModel{version: "gemini-3.6-flash", kind: levelThinking, levels: allLevels, defaultLevel: "MEDIUM",
		ignoresSampling: true, status: stable("STABLE")}
	flashLite35 = providerModel{version: "gemini-3.5-flash-lite", kind: levelThinking, levels: allLevels, defaultLevel: "MINIMAL",
		ignoresSampling: true, status: stable("STABLE")}
	pro31 = providerModel{version: "gemini-3.1-pro-preview", kind: levelThinking, levels: noMinimal, defaultLevel: "HIGH",
		status: stable("PREVIEW")}
	flashLite31 = providerModel{version: "gemini-3.1-flash-lite", kind: levelThinking, levels: allLevels, defaultLevel: "MINIMAL",
		status: map[string]any{"modelStage": "LEGACY", "retirementTime": "2027-05-07T00:00:00Z",
			"message": "gemini-3.1-flash-lite will be retired on 2027-05-07. Please migrate to gemini-3.5-flash-lite."}}
	flashLite25 = providerModel{version: "gemini-2.5-flash-lite", kind: budgetThinking,
		budgetMin: 512, budgetMax: 24576, zeroOK: true, dynamic: 0, status: stable("STABLE")}
)

// routed is an ID the provider retired and serves from target: answers come from target,
// shaped and billed as target, and carry modelStatus RETIRED with the retirement time.
func routed(id string, target providerModel, avail availability, retired string) providerModel {
	m := target
	m.avail = avail
	m.status = map[string]any{"modelStage": "RETIRED", "retirementTime": retired + "T00:00:00Z",
		"message": fmt.Sprintf("%s was retired on %s. Requests to it are served by %s.", id, retired, target.version)}
	return m
}

// catalogue is the fake's model list. A model not in it is not found.
var catalogue = map[string]providerModel{
	"gemini-1.5-flash":         {avail: retiredUnknown},
	"gemini-1.5-flash-8b":      {avail: retiredUnknown},
	"gemini-1.5-pro":           {avail: retiredUnknown},
	"gemini-2.0-flash":         {avail: shutDown},
	"gemini-2.0-flash-lite":    {avail: shutDown},
	"gemini-2.5-flash":         routed("gemini-2.5-flash", flashLite35, oldUsersOnly, "2026-12-01"),
	"gemini-2.5-pro":           routed("gemini-2.5-pro", flash38, oldUsersOnly, "2026-12-01"),
	"gemini-2.5-flash-lite":    flashLite25,
	"gemini-3.5-flash":         routed("gemini-3.5-flash", flash36, available, "2026-10-08"),
	"gemini-3.7-flash":         routed("gemini-3.7-flash", flash38, available, "2026-10-08"),
	"gemini-3.8-flash":         flash38,
	"gemini-3.6-flash":         flash36,
	"gemini-3.5-flash-lite":    flashLite35,
	"gemini-3.1-pro-preview":   pro31,
	"gemini-3.1-flash-lite":    flashLite31,
	"gemini-flash-latest":      flash38,
	"gemini-pro-latest":        pro31,
	"gemini-flash-lite-latest": flashLite35,
}

// InteractionsAdvice ends the provider's 404 for a model closed to new users since 2026.
const InteractionsAdvice = "We recommend you to use the Interactions API (https://ai.google.dev/gemini-api/docs/migrate-to-interactions)."
