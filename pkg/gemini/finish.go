package gemini

import (
	"google.golang.org/genai"

	"github.com/chatsvc/chat/pkg/chat"
)

// finishReasons maps every provider finish reason to one of the specification's four. A
// reason not in the table (a future one) maps to stop, and the raw value is logged.
var finishReasons = map[genai.FinishReason]chat.FinishReason{
	genai.FinishReasonStop:        chat.FinishStop,
	genai.FinishReasonUnspecified: chat.FinishStop,
	genai.FinishReasonOther:       chat.FinishStop,
	// The language is unsupported: the answer ended without being filtered, so stop.
	genai.FinishReasonLanguage: chat.FinishStop,
	genai.FinishReasonNoImage:  chat.FinishStop,

	genai.FinishReasonMaxTokens: chat.FinishLength,
	// With automatic continuation off, CONTINUATION means the token limit cut the answer.
	genai.FinishReasonContinuation: chat.FinishLength,

	genai.FinishReasonSafety:                 chat.FinishContentFilter,
	genai.FinishReasonRecitation:             chat.FinishContentFilter,
	genai.FinishReasonBlocklist:              chat.FinishContentFilter,
	genai.FinishReasonProhibitedContent:      chat.FinishContentFilter,
	genai.FinishReasonSPII:                   chat.FinishContentFilter,
	genai.FinishReasonImageSafety:            chat.FinishContentFilter,
	genai.FinishReasonImageProhibitedContent: chat.FinishContentFilter,
	genai.FinishReasonImageRecitation:        chat.FinishContentFilter,
	genai.FinishReasonImageOther:             chat.FinishContentFilter,

	genai.FinishReasonMalformedFunctionCall: chat.FinishToolCalls,
	genai.FinishReasonUnexpectedToolCall:    chat.FinishToolCalls,
	genai.FinishReasonTooManyToolCalls:      chat.FinishToolCalls,
}

// MapFinishReason maps a provider finish reason; known is false for a reason not in the table.
func MapFinishReason(r genai.FinishReason) (reason chat.FinishReason, known bool) {
	reason, known = finishReasons[r]
	if !known {
		return chat.FinishStop, false
	}
	return reason, true
}

// A blocked prompt (no candidates, PromptFeedback.BlockReason set) always maps to
// content-filter, whatever the block reason.
const blockedPromptReason = chat.FinishContentFilter
