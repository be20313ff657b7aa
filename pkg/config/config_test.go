package config_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chatsvc/chat/pkg/config"
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
	if c.Port != 8080 || c.APIKeyTTL != 5*time.Minute || c.BaseURL != "" {
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
		"log level":          {"LOG_LEVEL", "loud"},
		"messages":           {"MAX_MESSAGES", "-1"},
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

func TestAllErrorsReported(t *testing.T) {
	_, err := config.Load(env(map[string]string{"MODEL": "x", "TEMPERATURE": "9"}))
	if err == nil || !strings.Contains(err.Error(), "MODEL") || !strings.Contains(err.Error(), "TEMPERATURE") {
		t.Fatalf("err = %v, want both variables named", err)
	}
}
