package gemini

import (
	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/chat/guard"
)

// MaxURLs is the most URLs the provider's URL tool takes in one request. It fetches every
// URL it finds in the request (the system instruction and every message) before it
// generates, and refuses the whole request past this many: 400 INVALID_ARGUMENT "Number of
// urls to lookup exceeds the limit (21 > 20)".
const MaxURLs = 20

// Vocabulary is what this provider and its models go by, for the domain's guard: the model
// must not name itself, its makers or a model ID in an answer. The domain names no provider;
// this is where those names live.
var Vocabulary = guard.Vocabulary{
	Names:    []string{"gemini", "google", "deepmind", "bard", "palm", "lamda", "alphabet"},
	ModelIDs: `\b(?:models/)?gemini[- ]?(?:\d+(?:\.\d+)?(?:[- ](?:pro|flash|ultra|nano|lite))*|pro|flash|ultra|nano|exp)\b|\bmodels/[a-z0-9.-]+`,
	OtherSenses: `\bgemini (?:exchange|earn|dollar|trust|credit card|card|active trader|wallet|custody|clearing|space station)\b|` +
		`\bgemini['’]s (?:exchange|platform|listing|order book)\b|` +
		`\b(?:exchange|bolsa|plataforma|börse|borsa|sàn|bursa|bourse)\s+(?:de\s+|d'\s*)?gemini\b|` +
		// Go's \b knows ASCII letters only: a Cyrillic word takes a non-letter before it.
		`(?:^|[^\p{L}])бирж\p{L}*\s+gemini\b|` +
		`\bgemini\s*(?:交易所|取引所|거래소|borsası|börse|биржа)|\b(?:checked|searched|search|googled) (?:on )?google\b|` +
		`\bpalm (?:trees?|oil|beach|springs|of)\b|\bbards\b|` +
		`\bgoogle (?:trends|search|finance|sheets|cloud|play|chrome|maps|news|scholar|results)\b|` +
		`\balphabet \(googl\)|\bgoogl\b|\balphabet (?:inc|shares|stock)\b`,
}

// Traits are what the domain needs to know of this adapter's model: its vocabulary, and how
// many URLs its page reader takes (none when the URL tool is off).
func (c *Client) Traits() chat.Traits {
	t := chat.Traits{Vocabulary: Vocabulary}
	if c.cfg.URLContext {
		t.MaxURLs = MaxURLs
	}
	return t
}
