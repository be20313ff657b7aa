package fakeprovider_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"google.golang.org/genai"

	"github.com/chatsvc/chat/pkg/gemini/fakeprovider"
)

// The fake is checked through the real genai client: what the SDK decodes from it is what
// the adapter sees from the live provider.

func client(t *testing.T, srv *fakeprovider.Server, key string) *genai.Client {
	t.Helper()
	c, err := genai.NewClient(context.Background(), &genai.ClientConfig{
		APIKey: key, Backend: genai.BackendGeminiAPI,
		HTTPOptions: genai.HTTPOptions{BaseURL: srv.BaseURL(), APIVersion: "v1beta"},
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func short(fakeprovider.Request) fakeprovider.Reply {
	return fakeprovider.Stream(0, fakeprovider.Text("Hello "), fakeprovider.Text("there."), fakeprovider.Finish("STOP"))
}

// call streams one request and returns its chunks, or the provider's error.
func call(t *testing.T, c *genai.Client, model string, cfg *genai.GenerateContentConfig) ([]*genai.GenerateContentResponse, error) {
	t.Helper()
	var out []*genai.GenerateContentResponse
	for resp, err := range c.Models.GenerateContentStream(context.Background(), model, genai.Text("hi"), cfg) {
		if err != nil {
			return out, err
		}
		out = append(out, resp)
	}
	return out, nil
}

func apiError(t *testing.T, err error) genai.APIError {
	t.Helper()
	var e genai.APIError
	if !errors.As(err, &e) {
		t.Fatalf("error %v is not an APIError", err)
	}
	return e
}

func TestCataloguePerKey(t *testing.T) {
	srv := fakeprovider.NewServer(short)
	defer srv.Close()
	newUser, legacy := client(t, srv, "a-key-made-this-month"), client(t, srv, fakeprovider.LegacyKey)
	tests := map[string]struct {
		c       *genai.Client
		model   string
		code    int
		message string
		version string
	}{
		"1.5 retired for everyone": {legacy, "gemini-1.5-flash", 404,
			"models/gemini-1.5-flash is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.", ""},
		"2.5 closed to new users": {newUser, "gemini-2.5-flash", 404,
			"This model models/gemini-2.5-flash is no longer available to new users. Please update your code to use a newer model for the latest features and improvements. " + fakeprovider.InteractionsAdvice, ""},
		"2.5 pro closed to new users": {newUser, "gemini-2.5-pro", 404,
			"This model models/gemini-2.5-pro is no longer available to new users. Please update your code to use a newer model for the latest features and improvements. " + fakeprovider.InteractionsAdvice, ""},
		"2.0 shut down": {legacy, "gemini-2.0-flash", 404,
			"This model models/gemini-2.0-flash is no longer available. Please update your code to use a newer model for the latest features and improvements.", ""},
		"unknown model":                       {newUser, "gemini-9-ultra", 404, "models/gemini-9-ultra is not found for API version v1beta", ""},
		"2.5 flash routed for an old account": {legacy, "gemini-2.5-flash", 0, "", "gemini-3.5-flash-lite"},
		"2.5 pro routed for an old account":   {legacy, "gemini-2.5-pro", 0, "", "gemini-3.8-flash"},
		"3.7 flash routed for everyone":       {newUser, "gemini-3.7-flash", 0, "", "gemini-3.8-flash"},
		"3.5 flash routed for everyone":       {newUser, "gemini-3.5-flash", 0, "", "gemini-3.6-flash"},
		"2.5 flash-lite remains":              {newUser, "gemini-2.5-flash-lite", 0, "", "gemini-2.5-flash-lite"},
		"flash alias":                         {newUser, "gemini-flash-latest", 0, "", "gemini-3.8-flash"},
		"pro alias":                           {newUser, "gemini-pro-latest", 0, "", "gemini-3.1-pro-preview"},
		"flash-lite alias":                    {newUser, "gemini-flash-lite-latest", 0, "", "gemini-3.5-flash-lite"},
		"3.x by name":                         {newUser, "gemini-3.8-flash", 0, "", "gemini-3.8-flash"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			chunks, err := call(t, tc.c, tc.model, nil)
			if tc.code != 0 {
				e := apiError(t, err)
				if e.Code != tc.code || e.Status != "NOT_FOUND" || len(e.Message) < len(tc.message) || e.Message[:len(tc.message)] != tc.message {
					t.Errorf("error = %d %s %q, want %d %q", e.Code, e.Status, e.Message, tc.code, tc.message)
				}
				return
			}
			if err != nil || len(chunks) == 0 {
				t.Fatalf("err %v, %d chunks", err, len(chunks))
			}
			if v := chunks[0].ModelVersion; v != tc.version {
				t.Errorf("modelVersion = %q, want %q", v, tc.version)
			}
			// A routed ID says so on every chunk: RETIRED, with its retirement time.
			st := chunks[len(chunks)-1].ModelStatus
			if routed := tc.version != tc.model && !strings.HasSuffix(tc.model, "-latest"); routed &&
				(st == nil || st.ModelStage != genai.ModelStageRetired || st.RetirementTime.IsZero() || !strings.Contains(st.Message, tc.version)) {
				t.Errorf("modelStatus = %+v, want RETIRED naming %s", st, tc.version)
			}
		})
	}
}

func TestThinkingAndToolRules(t *testing.T) {
	srv := fakeprovider.NewServer(short)
	defer srv.Close()
	c := client(t, srv, fakeprovider.LegacyKey)
	budget := func(n int32) *genai.GenerateContentConfig {
		return &genai.GenerateContentConfig{ThinkingConfig: &genai.ThinkingConfig{ThinkingBudget: genai.Ptr(n)}}
	}
	level := func(l genai.ThinkingLevel) *genai.GenerateContentConfig {
		return &genai.GenerateContentConfig{ThinkingConfig: &genai.ThinkingConfig{ThinkingLevel: l}}
	}
	tests := map[string]struct {
		model   string
		cfg     *genai.GenerateContentConfig
		message string // "" when accepted
	}{
		"both budget and level": {"gemini-3.1-pro-preview",
			&genai.GenerateContentConfig{ThinkingConfig: &genai.ThinkingConfig{ThinkingBudget: genai.Ptr[int32](1024), ThinkingLevel: genai.ThinkingLevelLow}},
			"You can only set only one of thinking budget and thinking level."},
		"budget 0 on 2.5 flash-lite":  {"gemini-2.5-flash-lite", budget(0), ""},
		"budget 256 on flash-lite":    {"gemini-2.5-flash-lite", budget(256), "The thinking budget 256 is invalid. Please choose a value between 512 and 24576."},
		"budget 1024 on 3.8 flash":    {"gemini-3.8-flash", budget(1024), "Thinking budget is not supported for this model. Please use thinking level instead."},
		"budget on routed 2.5 flash":  {"gemini-2.5-flash", budget(0), "Thinking budget is not supported for this model. Please use thinking level instead."},
		"budget on routed 2.5 pro":    {"gemini-2.5-pro", budget(128), "Thinking budget is not supported for this model. Please use thinking level instead."},
		"level on 2.5 flash-lite":     {"gemini-2.5-flash-lite", level(genai.ThinkingLevelLow), "Thinking level is not supported for this model."},
		"level on routed 2.5 flash":   {"gemini-2.5-flash", level(genai.ThinkingLevelMinimal), ""},
		"MINIMAL on routed 2.5 pro":   {"gemini-2.5-pro", level(genai.ThinkingLevelMinimal), "Thinking level MINIMAL is not supported for this model. Please retry with other thinking level."},
		"MINIMAL on 3.8 flash":        {"gemini-3.8-flash", level(genai.ThinkingLevelMinimal), "Thinking level MINIMAL is not supported for this model. Please retry with other thinking level."},
		"MINIMAL on 3.6 flash":        {"gemini-3.6-flash", level(genai.ThinkingLevelMinimal), ""},
		"temperature above 2":         {"gemini-3.8-flash", &genai.GenerateContentConfig{Temperature: genai.Ptr[float32](2.5)}, "Invalid value at 'generation_config.temperature' (TYPE_FLOAT), 2.5: must be between 0 and 2."},
		"temperature on 3.8 flash":    {"gemini-3.8-flash", &genai.GenerateContentConfig{Temperature: genai.Ptr[float32](0.2)}, ""},
		"MINIMAL on 3.1 pro":          {"gemini-pro-latest", level(genai.ThinkingLevelMinimal), "Thinking level MINIMAL is not supported for this model. Please retry with other thinking level."},
		"MINIMAL on 3.1 flash-lite":   {"gemini-3.1-flash-lite", level(genai.ThinkingLevelMinimal), ""},
		"LOW, MEDIUM, HIGH on 3.x":    {"gemini-flash-latest", level(genai.ThinkingLevelMedium), ""},
		"search retrieval":            {"gemini-3.8-flash", &genai.GenerateContentConfig{Tools: []*genai.Tool{{GoogleSearchRetrieval: &genai.GoogleSearchRetrieval{}}}}, "google_search_retrieval is not supported. Please use google_search tool instead."},
		"search and URL tools on 3.x": {"gemini-3.8-flash", &genai.GenerateContentConfig{Tools: []*genai.Tool{{GoogleSearch: &genai.GoogleSearch{}}, {URLContext: &genai.URLContext{}}}}, ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := call(t, c, tc.model, tc.cfg)
			if tc.message == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			e := apiError(t, err)
			if e.Code != 400 || e.Status != "INVALID_ARGUMENT" || e.Message != tc.message {
				t.Errorf("error = %d %s %q, want 400 INVALID_ARGUMENT %q", e.Code, e.Status, e.Message, tc.message)
			}
		})
	}
}

// 3.x answers: usage on every chunk, cumulative, with thought tokens; the last chunk ends
// with a part whose text is empty and that holds only a signature.
func TestThreeXStreamShape(t *testing.T) {
	srv := fakeprovider.NewServer(short)
	defer srv.Close()
	chunks, err := call(t, client(t, srv, "new"), "gemini-flash-latest",
		&genai.GenerateContentConfig{ThinkingConfig: &genai.ThinkingConfig{ThinkingLevel: genai.ThinkingLevelLow}})
	if err != nil || len(chunks) != 3 {
		t.Fatalf("err %v, %d chunks", err, len(chunks))
	}
	var last int32
	for i, ch := range chunks {
		u := ch.UsageMetadata
		if u == nil {
			t.Fatalf("chunk %d has no usage", i)
		}
		if u.CandidatesTokenCount < last || u.ThoughtsTokenCount != 256 ||
			u.TotalTokenCount != u.PromptTokenCount+u.CandidatesTokenCount+u.ThoughtsTokenCount {
			t.Errorf("chunk %d usage = %+v", i, u)
		}
		last = u.CandidatesTokenCount
		if ch.ResponseID == "" || ch.ResponseID != chunks[0].ResponseID {
			t.Errorf("chunk %d responseId %q", i, ch.ResponseID)
		}
	}
	if last != int32(fakeprovider.Tokens("Hello ")+fakeprovider.Tokens("there.")) { // counted per chunk
		t.Errorf("final candidatesTokenCount = %d", last)
	}
	end := chunks[2].Candidates[0]
	if end.FinishReason != genai.FinishReasonStop || len(end.Content.Parts) != 1 {
		t.Fatalf("last chunk = %+v", end)
	}
	if p := end.Content.Parts[0]; p.Text != "" || len(p.ThoughtSignature) == 0 {
		t.Errorf("last part = %+v, want empty text with a signature", p)
	}
}

// Thinking spends maxOutputTokens before any answer text; what is left bounds the answer.
func TestThinkingSpendsMaxOutputTokens(t *testing.T) {
	srv := fakeprovider.NewServer(func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Answer(900, 100)...)
	})
	defer srv.Close()
	c := client(t, srv, fakeprovider.LegacyKey)
	tests := map[string]struct {
		model     string
		cfg       *genai.GenerateContentConfig
		tokens    int32
		thoughts  int32
		maxTokens bool
	}{
		// 2.5 pro is served by 3.8 flash, which thinks at MEDIUM (1024 tokens) when left to
		// decide: nothing is left for text.
		"default thinking eats 1000": {"gemini-2.5-pro", &genai.GenerateContentConfig{MaxOutputTokens: 1000}, 0, 1000, true},
		// 2.5 flash is served by 3.5 flash-lite, which thinks at MINIMAL by default.
		"routed 2.5 flash thinks as flash-lite": {"gemini-2.5-flash", &genai.GenerateContentConfig{MaxOutputTokens: 1000}, 900, 0, false},
		"budget 0 leaves it all":                {"gemini-2.5-flash-lite", &genai.GenerateContentConfig{MaxOutputTokens: 1000, ThinkingConfig: &genai.ThinkingConfig{ThinkingBudget: genai.Ptr[int32](0)}}, 900, 0, false},
		"3.x default (MEDIUM)":                  {"gemini-3.8-flash", &genai.GenerateContentConfig{MaxOutputTokens: 1000}, 0, 1000, true},
		"3.x LOW, 600 left":                     {"gemini-3.8-flash", &genai.GenerateContentConfig{MaxOutputTokens: 856, ThinkingConfig: &genai.ThinkingConfig{ThinkingLevel: genai.ThinkingLevelLow}}, 600, 256, true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			chunks, err := call(t, c, tc.model, tc.cfg)
			if err != nil || len(chunks) == 0 {
				t.Fatalf("err %v", err)
			}
			var text string
			for _, ch := range chunks {
				text += ch.Text()
			}
			lastChunk := chunks[len(chunks)-1]
			u := lastChunk.UsageMetadata
			if int32(fakeprovider.Tokens(text)) != tc.tokens || u.CandidatesTokenCount != tc.tokens || u.ThoughtsTokenCount != tc.thoughts {
				t.Errorf("text %d tokens, usage %+v; want %d text, %d thoughts", fakeprovider.Tokens(text), u, tc.tokens, tc.thoughts)
			}
			if got := lastChunk.Candidates[0].FinishReason == genai.FinishReasonMaxTokens; got != tc.maxTokens {
				t.Errorf("finish = %s", lastChunk.Candidates[0].FinishReason)
			}
		})
	}
}

func TestURLContextMetadataPassesThrough(t *testing.T) {
	srv := fakeprovider.NewServer(func(fakeprovider.Request) fakeprovider.Reply {
		return fakeprovider.Stream(0, fakeprovider.Text("x"), fakeprovider.URLContextFinish("STOP",
			[]fakeprovider.URLRead{{URL: "https://etherscan.io/token/0x1", Status: "URL_RETRIEVAL_STATUS_SUCCESS"}, {URL: "https://x.example", Status: "URL_RETRIEVAL_STATUS_ERROR"}}, nil))
	})
	defer srv.Close()
	chunks, err := call(t, client(t, srv, "k"), "gemini-flash-latest", nil)
	if err != nil {
		t.Fatal(err)
	}
	m := chunks[len(chunks)-1].Candidates[0].URLContextMetadata
	if m == nil || len(m.URLMetadata) != 2 || m.URLMetadata[0].URLRetrievalStatus != genai.URLRetrievalStatusSuccess ||
		m.URLMetadata[1].URLRetrievalStatus != genai.URLRetrievalStatusError {
		t.Errorf("urlContextMetadata = %+v", m)
	}
	if u := chunks[len(chunks)-1].UsageMetadata; u.ToolUsePromptTokenCount == 0 {
		t.Errorf("usage = %+v, want toolUsePromptTokenCount", u)
	}
}
