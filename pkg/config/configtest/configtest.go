// Package configtest holds checks for tests that tie the stage table to the chat function's
// settings. It lives apart from pkg/deploy/stage so that the stage table, and the CDK app that reads
// it, do not link pkg/config and the service behind it.
package configtest

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/chatsvc/chat/pkg/config"
	"github.com/chatsvc/chat/pkg/deploy/stage"
	"github.com/chatsvc/chat/pkg/gemini"
)

// Matches reports every way c, the chat function's settings, differs from what the stage
// row s means: its model, temperature, maximum tokens, thinking, duration, tools, token
// facts budget, daily budget and API key parameter and TTL, and the function's defaults for everything
// the row does not set. The tests that tie the stage table, the SAM template and
// config.Load together use it.
func Matches(s stage.Stage, c config.Config) error {
	want, err := config.Load(func(string) string { return "" })
	if err != nil {
		return err
	}
	if want.Model, err = gemini.ResolveModel(s.Model); err != nil {
		return fmt.Errorf("stage %q: %w", s.Name, err)
	}
	if want.Thinking, err = gemini.ParseThinking(s.Thinking); err != nil {
		return fmt.Errorf("stage %q: thinking: %w", s.Name, err)
	}
	want.Temperature, want.TemperatureSet = float32(s.Temperature), true
	want.MaxTokens = int32(s.MaxTokens)
	want.MaxDuration = s.MaxDuration()
	want.APIKeyParameter = s.APIKeyParameter
	want.APIKeyTTL = s.APIKeyTTL
	want.WebSearch, want.URLContext = s.WebSearch, s.URLContext
	want.TokenFacts.Budget = s.TokenFactsBudget
	want.DailyBudgetUSD = s.DailyBudgetUSD

	var errs []error
	wv, cv := reflect.ValueOf(want), reflect.ValueOf(c)
	for i := range wv.NumField() {
		if w, g := wv.Field(i).Interface(), cv.Field(i).Interface(); !reflect.DeepEqual(w, g) {
			errs = append(errs, fmt.Errorf("stage %q: the function's %s is %+v, want %+v", s.Name, wv.Type().Field(i).Name, g, w))
		}
	}
	return errors.Join(errs...)
}
