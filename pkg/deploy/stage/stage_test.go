package stage_test

import (
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/pkg/deploy/stage"
)

func TestStagesValidate(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range stage.Stages() {
		t.Run(s.Name, func(t *testing.T) {
			if err := s.Validate(); err != nil {
				t.Fatal(err)
			}
			if seen[s.Name] {
				t.Fatalf("stage %q appears twice", s.Name)
			}
			seen[s.Name] = true
		})
	}
}

func TestShippedStages(t *testing.T) {
	tests := map[string]struct {
		plan        stage.Plan
		maxDuration time.Duration
	}{
		"dev":     {stage.PlanHobby, 10 * time.Second},
		"staging": {stage.PlanPro, 50 * time.Second},
		"prod":    {stage.PlanEnterprise, 50 * time.Second},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			s, err := stage.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			if s.Plan != tt.plan {
				t.Errorf("plan = %q, want %q", s.Plan, tt.plan)
			}
			if got := s.MaxDuration(); got != tt.maxDuration {
				t.Errorf("MaxDuration() = %v, want %v", got, tt.maxDuration)
			}
			if got := s.MaxDuration(); got > s.Plan.Cap() || got > stage.LambdaMaxTimeout {
				t.Errorf("MaxDuration() = %v exceeds the %s cap %v or Lambda's %v", got, s.Plan, s.Plan.Cap(), stage.LambdaMaxTimeout)
			}
		})
	}
}

func TestPlanCap(t *testing.T) {
	tests := map[string]struct {
		plan stage.Plan
		want time.Duration
	}{
		"hobby":      {stage.PlanHobby, 10 * time.Second},
		"pro":        {stage.PlanPro, 60 * time.Second},
		"enterprise": {stage.PlanEnterprise, 900 * time.Second},
		"unknown":    {stage.Plan("free"), 0},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			if got := tt.plan.Cap(); got != tt.want {
				t.Errorf("Cap() = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestLookupUnknown(t *testing.T) {
	_, err := stage.Lookup("qa")
	if err == nil {
		t.Fatal("Lookup(qa) succeeded")
	}
	for _, want := range append([]string{`"qa"`}, stage.Names()...) {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %s", err, want)
		}
	}
}

func TestStagesReturnsCopies(t *testing.T) {
	a := stage.Stages()
	a[0].Name = "changed"
	a[0].AllowedOrigins[0] = "https://changed.example"
	b := stage.Stages()
	if b[0].Name == "changed" || b[0].AllowedOrigins[0] == "https://changed.example" {
		t.Fatal("Stages() shares state between calls")
	}
}

func TestEnvironment(t *testing.T) {
	s, err := stage.Lookup("dev")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"MODEL":                "model-2.5-flash",
		"TEMPERATURE":          "0.7",
		"MAX_TOKENS":           "1000",
		"THINKING":             "off",
		"MAX_DURATION_SECONDS": "10",
		"AIPROVIDER_GENERATIVE_AI_API_KEY_PARAMETER": "/chat/dev/ai-api-key",
		"TOOL_WEB_SEARCH":     "true",
		"TOOL_URL_CONTEXT":    "true",
		"API_KEY_TTL_SECONDS": "300",
		"TOKEN_FACTS_BUDGET":  "1s",
		"DAILY_BUDGET_USD":    "1",
	}
	if got := s.Environment(); !maps.Equal(got, want) {
		t.Errorf("Environment() = %v, want %v", got, want)
	}
}

func TestEnvironmentHasNoKey(t *testing.T) {
	for _, s := range stage.Stages() {
		t.Run(s.Name, func(t *testing.T) {
			if _, ok := s.Environment()["AIPROVIDER_GENERATIVE_AI_API_KEY"]; ok {
				t.Error("the environment carries the API key itself")
			}
		})
	}
}

func TestValidateRejects(t *testing.T) {
	valid := func(t *testing.T) stage.Stage {
		t.Helper()
		s, err := stage.Lookup("staging")
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	tests := map[string]struct {
		change func(*stage.Stage)
		want   string
	}{
		"unknown plan":       {func(s *stage.Stage) { s.Plan = "free" }, "unknown plan"},
		"bad name":           {func(s *stage.Stage) { s.Name = "Prod-1" }, "lower-case"},
		"unknown model":      {func(s *stage.Stage) { s.Model = "gpt" }, "model"},
		"hot temperature":    {func(s *stage.Stage) { s.Temperature = 1.5 }, "temperature"},
		"unknown thinking":   {func(s *stage.Stage) { s.Thinking = "max" }, "thinking"},
		"no tokens":          {func(s *stage.Stage) { s.MaxTokens = 0 }, "max tokens"},
		"tiny memory":        {func(s *stage.Stage) { s.MemoryMB = 64 }, "memory"},
		"no concurrency":     {func(s *stage.Stage) { s.ReservedConcurrency = 0 }, "concurrency"},
		"odd retention":      {func(s *stage.Stage) { s.LogRetentionDays = 10 }, "retention"},
		"relative parameter": {func(s *stage.Stage) { s.APIKeyParameter = "ai-api-key" }, "parameter"},
		"short TTL":          {func(s *stage.Stage) { s.APIKeyTTL = time.Millisecond }, "TTL"},
		"wildcard origin":    {func(s *stage.Stage) { s.AllowedOrigins = []string{"https://*.example.com"} }, "origin"},
		"origin with path":   {func(s *stage.Stage) { s.AllowedOrigins = []string{"https://example.com/"} }, "origin"},
		"origin scheme":      {func(s *stage.Stage) { s.AllowedOrigins = []string{"ftp://example.com"} }, "origin"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			s := valid(t)
			tt.change(&s)
			err := s.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Validate() = %v, want an error mentioning %q", err, tt.want)
			}
		})
	}
}
