package gemini_test

import (
	"testing"

	"google.golang.org/genai"

	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/gemini"
	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
)

// One row per provider finish reason the SDK knows, plus values it does not.
func TestFinishReasonMapping(t *testing.T) {
	tests := map[genai.FinishReason]struct {
		want  chat.FinishReason
		known bool
	}{
		genai.FinishReasonStop:                   {chat.FinishStop, true},
		genai.FinishReasonUnspecified:            {chat.FinishStop, true},
		genai.FinishReasonOther:                  {chat.FinishStop, true},
		genai.FinishReasonLanguage:               {chat.FinishStop, true},
		genai.FinishReasonNoImage:                {chat.FinishStop, true},
		genai.FinishReasonMaxTokens:              {chat.FinishLength, true},
		genai.FinishReasonContinuation:           {chat.FinishLength, true},
		genai.FinishReasonSafety:                 {chat.FinishContentFilter, true},
		genai.FinishReasonRecitation:             {chat.FinishContentFilter, true},
		genai.FinishReasonBlocklist:              {chat.FinishContentFilter, true},
		genai.FinishReasonProhibitedContent:      {chat.FinishContentFilter, true},
		genai.FinishReasonSPII:                   {chat.FinishContentFilter, true},
		genai.FinishReasonImageSafety:            {chat.FinishContentFilter, true},
		genai.FinishReasonImageProhibitedContent: {chat.FinishContentFilter, true},
		genai.FinishReasonImageRecitation:        {chat.FinishContentFilter, true},
		genai.FinishReasonImageOther:             {chat.FinishContentFilter, true},
		genai.FinishReasonMalformedFunctionCall:  {chat.FinishToolCalls, true},
		genai.FinishReasonUnexpectedToolCall:     {chat.FinishToolCalls, true},
		genai.FinishReasonTooManyToolCalls:       {chat.FinishToolCalls, true},
		"A_FUTURE_REASON":                        {chat.FinishStop, false},
	}
	for raw, tc := range tests {
		t.Run(string(raw), func(t *testing.T) {
			got, known := gemini.MapFinishReason(raw)
			if got != tc.want || known != tc.known {
				t.Errorf("MapFinishReason(%s) = %s, %v; want %s, %v", raw, got, known, tc.want, tc.known)
			}
		})
	}
}

func TestBlockedPromptReasonsAllMapToContentFilter(t *testing.T) {
	for _, reason := range []genai.BlockedReason{
		genai.BlockedReasonSafety, genai.BlockedReasonOther, genai.BlockedReasonBlocklist,
		genai.BlockedReasonProhibitedContent, genai.BlockedReasonImageSafety,
		genai.BlockedReasonModelArmor, genai.BlockedReasonJailbreak, genai.BlockedReasonUnspecified,
	} {
		t.Run(string(reason), func(t *testing.T) {
			st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
				return fakeprovider.Stream(0, fakeprovider.Blocked(string(reason)))
			})
			s := teststack.ReadStream(t, st.Ask(t, "q").Body)
			if got := s.Metadata(t)["finishReason"]; got != "content-filter" {
				t.Errorf("finishReason = %v", got)
			}
		})
	}
}

// The SDK reads GOOGLE_API_KEY, GEMINI_API_KEY and GOOGLE_GEMINI_BASE_URL on its own; the
// adapter must use only what it was given.
func TestProviderEnvironmentIsIgnored(t *testing.T) {
	t.Setenv("GOOGLE_API_KEY", "wrong-google-key")
	t.Setenv("GEMINI_API_KEY", "wrong-gemini-key")
	t.Setenv("GOOGLE_GEMINI_BASE_URL", "http://127.0.0.1:1/")
	t.Setenv("GOOGLE_GENAI_USE_VERTEXAI", "true")
	st := teststack.Start(t, func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("ok"), fakeprovider.Finish("STOP"))
	})
	teststack.ReadStream(t, st.Ask(t, "q").Body).Metadata(t)
	if got := st.Upstream.Requests()[0].APIKey; got != teststack.TestKey {
		t.Errorf("key on the wire = %q, want the configured one", got)
	}
}

func TestAutomaticContinuationIsOff(t *testing.T) {
	m, _ := gemini.ResolveModel("")
	for _, id := range m.Candidates {
		cfg := gemini.New(gemini.Config{Model: m}).GenerateConfig(id)
		if cfg.AutomaticContinuation == nil || *cfg.AutomaticContinuation {
			t.Errorf("%s: AutomaticContinuation = %v, want explicitly false", id, cfg.AutomaticContinuation)
		}
	}
}

func TestResolveModelRejectsUnknown(t *testing.T) {
	for _, name := range []string{"gpt-4o", "model-3.0-flash", "gemini-", "gemini-2.5-flash; rm -rf", "gemini-flash latest", "gemma-3-27b-it"} {
		if _, err := gemini.ResolveModel(name); err == nil {
			t.Errorf("ResolveModel(%q) succeeded", name)
		}
	}
}

func TestResolveModelIgnoresCase(t *testing.T) {
	m, err := gemini.ResolveModel(" Gemini-Flash-Latest ")
	if err != nil || m.ID != "gemini-flash-latest" {
		t.Errorf("ResolveModel = %+v, %v", m, err)
	}
}
