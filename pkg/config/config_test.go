package config_test

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/pkg/config"
	"github.com/chatsvc/chat/pkg/config/configtest"
	"github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/deploy/stage"
	"github.com/chatsvc/chat/pkg/gemini"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	c, err := config.Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Model.Name != "model-2.5-flash" || c.Model.ID != "gemini-2.5-flash" {
		t.Errorf("model = %+v", c.Model)
	}
	if c.Temperature != 0.7 || c.MaxTokens != 4000 || c.MaxDuration != 50*time.Second {
		t.Errorf("temperature %v, max tokens %v, max duration %v", c.Temperature, c.MaxTokens, c.MaxDuration)
	}
	if !c.WebSearch || !c.URLContext {
		t.Error("tools must be on by default")
	}
	if c.Limits.MaxBodyBytes != 256<<10 || c.Limits.MaxMessages != 50 || c.Limits.MaxContentChars != 16000 {
		t.Errorf("limits = %+v", c.Limits)
	}
	if c.Port != 8080 || c.Host != "127.0.0.1" || c.APIKeyTTL != 5*time.Minute || c.BaseURL != "" {
		t.Errorf("port %d, ttl %v, base %q", c.Port, c.APIKeyTTL, c.BaseURL)
	}
}

func TestModels(t *testing.T) {
	tests := map[string]struct{ in, wantID string }{
		"flash 2.5":   {"model-2.5-flash", "gemini-2.5-flash"},
		"pro 2.5":     {"model-2.5-pro", "gemini-2.5-pro"},
		"flash 1.5":   {"model-1.5-flash", "gemini-1.5-flash"},
		"pro 1.5":     {"model-1.5-pro", "gemini-1.5-pro"},
		"raw id":      {"gemini-2.0-flash", "gemini-2.0-flash"},
		"raw models/": {"models/gemini-2.5-flash-lite", "gemini-2.5-flash-lite"},
		"alias":       {"gemini-flash-latest", "gemini-flash-latest"},
		"preview":     {"gemini-3.1-pro-preview", "gemini-3.1-pro-preview"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			c, err := config.Load(env(map[string]string{"MODEL": tc.in}))
			if err != nil {
				t.Fatal(err)
			}
			if c.Model.ID != tc.wantID {
				t.Errorf("ID = %q, want %q", c.Model.ID, tc.wantID)
			}
		})
	}
}

func TestInvalidSettingsNameTheVariable(t *testing.T) {
	tests := map[string]struct{ key, value string }{
		"unknown model":      {"MODEL", "gpt-4"},
		"temperature high":   {"TEMPERATURE", "1.5"},
		"temperature text":   {"TEMPERATURE", "warm"},
		"temperature NaN":    {"TEMPERATURE", "NaN"},
		"max tokens zero":    {"MAX_TOKENS", "0"},
		"max tokens text":    {"MAX_TOKENS", "lots"},
		"duration too short": {"MAX_DURATION_SECONDS", "1"},
		"duration too long":  {"MAX_DURATION_SECONDS", "901"},
		"tool flag":          {"TOOL_WEB_SEARCH", "maybe"},
		"base url":           {"AIPROVIDER_BASE_URL", "ftp://x"},
		"port":               {"PORT", "70000"},
		"host":               {"HOST", "example.com"},
		"cors origin":        {"CORS_ORIGINS", "http://localhost:5173,localhost:3000"},
		"log level":          {"LOG_LEVEL", "loud"},
		"messages":           {"MAX_MESSAGES", "-1"},
		"budget negative":    {"DAILY_BUDGET_USD", "-1"},
		"budget text":        {"DAILY_BUDGET_USD", "ten dollars"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := config.Load(env(map[string]string{tc.key: tc.value}))
			if err == nil || !strings.Contains(err.Error(), tc.key) {
				t.Fatalf("err = %v, want one naming %s", err, tc.key)
			}
		})
	}
}

func TestStateAndBudget(t *testing.T) {
	c, err := config.Load(env(map[string]string{"STATE_TABLE": " chat-prod-state ", "DAILY_BUDGET_USD": "12.5"}))
	if err != nil || c.StateTable != "chat-prod-state" || c.DailyBudgetUSD != 12.5 {
		t.Errorf("Load = %q, %v, %v; want the table and a budget of 12.5", c.StateTable, c.DailyBudgetUSD, err)
	}
	if c, _ := config.Load(env(nil)); c.StateTable != "" || c.DailyBudgetUSD != 0 {
		t.Errorf("defaults = %q, %v; want process memory and no cap", c.StateTable, c.DailyBudgetUSD)
	}
}

func TestAllErrorsReported(t *testing.T) {
	_, err := config.Load(env(map[string]string{"MODEL": "x", "TEMPERATURE": "9"}))
	if err == nil || !strings.Contains(err.Error(), "MODEL") || !strings.Contains(err.Error(), "TEMPERATURE") {
		t.Fatalf("err = %v, want both variables named", err)
	}
}

// Every stage's environment is one the function accepts, and the short dev stage thinks
// least.
func TestStageEnvironmentsLoad(t *testing.T) {
	for _, s := range stage.Stages() {
		t.Run(s.Name, func(t *testing.T) {
			c, err := config.Load(env(s.Environment()))
			if err != nil {
				t.Fatal(err)
			}
			if c.Thinking.String() != s.Thinking {
				t.Errorf("thinking = %v, want %s", c.Thinking, s.Thinking)
			}
			if s.MaxDuration() <= 10*time.Second && c.Thinking != gemini.ThinkingOff {
				t.Errorf("stage %s has %v of time and thinks %v", s.Name, s.MaxDuration(), c.Thinking)
			}
		})
	}
}

func TestThinkingAndFallbacks(t *testing.T) {
	tests := map[string]struct {
		env       map[string]string
		thinking  gemini.Thinking
		models    []string
		wantError string
	}{
		"defaults": {env: nil, thinking: gemini.ThinkingLow,
			models: []string{"gemini-2.5-flash", "gemini-flash-latest", "gemini-flash-lite-latest"}},
		"pro falls back to the pro alias, then flash": {env: map[string]string{"MODEL": "model-1.5-pro"}, thinking: gemini.ThinkingLow,
			models: []string{"gemini-1.5-pro", "gemini-pro-latest", "gemini-flash-latest"}},
		"alias, then the lighter alias": {env: map[string]string{"MODEL": "gemini-flash-latest", "THINKING": "HIGH"}, thinking: gemini.ThinkingHigh,
			models: []string{"gemini-flash-latest", "gemini-flash-lite-latest"}},
		"flash-lite has nothing lighter": {env: map[string]string{"MODEL": "gemini-flash-lite-latest"}, thinking: gemini.ThinkingLow,
			models: []string{"gemini-flash-lite-latest"}},
		"preview id": {env: map[string]string{"MODEL": "gemini-3.1-pro-preview", "THINKING": "off"}, thinking: gemini.ThinkingOff,
			models: []string{"gemini-3.1-pro-preview", "gemini-pro-latest", "gemini-flash-latest"}},
		"fallbacks override": {env: map[string]string{"MODEL_FALLBACKS": " gemini-3.1-flash-lite , models/gemini-flash-lite-latest,", "THINKING": "medium"},
			thinking: gemini.ThinkingMedium, models: []string{"gemini-2.5-flash", "gemini-3.1-flash-lite", "gemini-flash-lite-latest"}},
		"fallback off":  {env: map[string]string{"MODEL_FALLBACKS": "none"}, thinking: gemini.ThinkingLow, models: []string{"gemini-2.5-flash"}},
		"empty list":    {env: map[string]string{"MODEL_FALLBACKS": " , "}, wantError: "MODEL_FALLBACKS"},
		"bad thinking":  {env: map[string]string{"THINKING": "max"}, wantError: "THINKING"},
		"bad fallbacks": {env: map[string]string{"MODEL_FALLBACKS": "gpt-4o"}, wantError: "MODEL_FALLBACKS"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			c, ok := load(t, tc.env, tc.wantError)
			if !ok {
				return
			}
			if c.Thinking != tc.thinking || !slices.Equal(c.Model.Candidates, tc.models) {
				t.Errorf("thinking %v, models %v; want %v, %v", c.Thinking, c.Model.Candidates, tc.thinking, tc.models)
			}
		})
	}
}

func TestTokenFactsSettings(t *testing.T) {
	tests := map[string]struct {
		env       map[string]string
		want      config.TokenFacts
		wantError string
	}{
		"defaults": {env: nil, want: config.TokenFacts{Enabled: true, Budget: settings.DefaultTokenFactsBudget, Sources: allOn(nil)}},
		"off":      {env: map[string]string{"TOKEN_FACTS": "off"}, want: config.TokenFacts{Budget: settings.DefaultTokenFactsBudget, Sources: allOn(nil)}},
		"budget and sources elsewhere": {
			env: map[string]string{"TOKEN_FACTS": "on", "TOKEN_FACTS_BUDGET": "800ms", "DEXSCREENER_BASE_URL": "http://127.0.0.1:9/dex",
				"GOPLUS_BASE_URL": "https://goplus.mirror.example", "GOPLUS_APP_KEY": "k", "GOPLUS_APP_SECRET": "s",
				"GECKOTERMINAL_BASE_URL": "http://127.0.0.1:9/gt"},
			want: config.TokenFacts{Enabled: true, Budget: 800 * time.Millisecond, GoPlusAppKey: "k", GoPlusAppSecret: "s",
				Sources: allOn(map[string]config.TokenSource{
					"dexscreener": {BaseURL: "http://127.0.0.1:9/dex"}, "goplus": {BaseURL: "https://goplus.mirror.example"},
					"geckoterminal": {BaseURL: "http://127.0.0.1:9/gt"},
				})},
		},
		"one source off": {
			env:  map[string]string{"TOKEN_FACTS_GECKOTERMINAL": "off"},
			want: config.TokenFacts{Enabled: true, Budget: settings.DefaultTokenFactsBudget, Sources: allOn(map[string]config.TokenSource{"geckoterminal": {Off: true}})},
		},
		"a source neither on nor off":  {env: map[string]string{"TOKEN_FACTS_RUGCHECK": "no"}, wantError: "TOKEN_FACTS_RUGCHECK"},
		"a bare number is no duration": {env: map[string]string{"TOKEN_FACTS_BUDGET": "2"}, wantError: "TOKEN_FACTS_BUDGET"},
		"over ten seconds":             {env: map[string]string{"TOKEN_FACTS_BUDGET": "11s"}, wantError: "TOKEN_FACTS_BUDGET"},
		"zero":                         {env: map[string]string{"TOKEN_FACTS_BUDGET": "0s"}, wantError: "TOKEN_FACTS_BUDGET"},
		"not a URL":                    {env: map[string]string{"RUGCHECK_BASE_URL": "rugcheck.xyz"}, wantError: "RUGCHECK_BASE_URL"},
		"neither on nor off":           {env: map[string]string{"TOKEN_FACTS": "maybe"}, wantError: "TOKEN_FACTS"},
		"a secret without its key":     {env: map[string]string{"GOPLUS_APP_SECRET": "s"}, wantError: "GOPLUS_APP_KEY"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			c, ok := load(t, tc.env, tc.wantError)
			if !ok {
				return
			}
			if !reflect.DeepEqual(c.TokenFacts, tc.want) {
				t.Errorf("token facts = %+v, want %+v", c.TokenFacts, tc.want)
			}
		})
	}
}

// allOn is every token-data API on at its public URL, but for the settings in set.
func allOn(set map[string]config.TokenSource) map[string]config.TokenSource {
	out := map[string]config.TokenSource{}
	for _, s := range settings.TokenSources {
		out[s.ID] = set[s.ID]
	}
	return out
}

// TestEnvironmentLoadsToTheRow (issue 13, item 11): every stage's environment, read by the
// function's own config.Load, gives exactly the row's settings, and every variable it sets is
// one config.Load reads: a misspelled name would otherwise be ignored, and the function would
// run on its default without a word.
func TestEnvironmentLoadsToTheRow(t *testing.T) {
	for _, s := range stage.Stages() {
		t.Run(s.Name, func(t *testing.T) {
			env := s.Environment()
			c, err := config.Load(func(k string) string { return env[k] })
			if err != nil {
				t.Fatal(err)
			}
			if err := configtest.Matches(s, c); err != nil {
				t.Error(err)
			}
			for name := range env {
				if !configReads(env, name) {
					t.Errorf("%s is set by the stage but not read by config.Load", name)
				}
			}
		})
	}
	// The check itself catches a misspelled name.
	env := stage.Stages()[1].Environment()
	env["MAX_TOKEN"] = env["MAX_TOKENS"]
	delete(env, "MAX_TOKENS")
	if configReads(env, "MAX_TOKEN") {
		t.Error("configReads does not catch the misspelled MAX_TOKEN")
	}
}

// configReads reports whether config.Load reads the variable name: a value it cannot take is
// refused naming it, or a value it can take changes the settings.
func configReads(env map[string]string, name string) bool {
	load := func(v string) (config.Config, error) {
		e := maps.Clone(env)
		e[name] = v
		return config.Load(func(k string) string { return e[k] })
	}
	before, err := load(env[name])
	if err != nil {
		return false
	}
	probe, err := load("/probe/not-a-valid-value")
	if err != nil {
		return strings.Contains(err.Error(), name)
	}
	return !reflect.DeepEqual(before, probe)
}

// configtest.Matches itself catches settings that differ from the row.
func TestMatchesCatchesADifference(t *testing.T) {
	dev, err := stage.Lookup("dev")
	if err != nil {
		t.Fatal(err)
	}
	staging, err := stage.Lookup("staging")
	if err != nil {
		t.Fatal(err)
	}
	c, err := config.Load(env(staging.Environment()))
	if err != nil {
		t.Fatal(err)
	}
	err = configtest.Matches(dev, c)
	for _, want := range []string{`stage "dev"`, "MaxTokens", "Thinking", "MaxDuration"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Matches(dev, staging's settings) = %v, want an error naming %s", err, want)
		}
	}
}

// load loads the configuration from vars. With wantError set it checks that loading fails
// with an error naming it and returns false; otherwise loading must succeed.
func load(t *testing.T, vars map[string]string, wantError string) (config.Config, bool) {
	t.Helper()
	c, err := config.Load(env(vars))
	if wantError != "" {
		if err == nil || !strings.Contains(err.Error(), wantError) {
			t.Fatalf("error = %v, want one naming %s", err, wantError)
		}
		return c, false
	}
	if err != nil {
		t.Fatal(err)
	}
	return c, true
}

// MODEL_PRICES overrides the built-in price of the models it names; TEMPERATURE set is
// told apart from its default.
func TestPricesAndTemperature(t *testing.T) {
	at := time.Date(2027, 2, 1, 0, 0, 0, 0, time.UTC)
	c, _ := load(t, nil, "")
	if c.TemperatureSet || c.Prices.Price("gemini-3.8-flash", at).Output != 7.50 {
		t.Errorf("defaults: temperature set %v, 3.8 flash %+v", c.TemperatureSet, c.Prices.Price("gemini-3.8-flash", at))
	}
	c, _ = load(t, map[string]string{"TEMPERATURE": "0.2", "MODEL_PRICES": `{"gemini-3.8-flash":{"input":2,"output":9,"search_per_1000":14,"per_query":true}}`}, "")
	if !c.TemperatureSet || c.Temperature != 0.2 {
		t.Errorf("TEMPERATURE=0.2: %v, set %v", c.Temperature, c.TemperatureSet)
	}
	if p := c.Prices.Price("gemini-3.8-flash", at); p.Input != 2 || p.Output != 9 {
		t.Errorf("overridden price = %+v", p)
	}
	if p := c.Gemini(nil).Prices.Price("gemini-3.1-pro-preview", at); p.Input != 2 || p.Output != 12 {
		t.Errorf("a model not named keeps its built-in price: %+v", p)
	}
	for name, v := range map[string]string{
		"not JSON":      `gemini-3.8-flash=2`,
		"unknown field": `{"gemini-3.8-flash":{"inputs":2}}`,
		"not a model":   `{"gpt-4o":{"input":2}}`,
		"negative":      `{"gemini-3.8-flash":{"input":-1}}`,
	} {
		t.Run(name, func(t *testing.T) { load(t, map[string]string{"MODEL_PRICES": v}, "MODEL_PRICES") })
	}
}
