package redact_test

import (
	"bytes"
	"errors"
	"fmt"

	"log/slog"
	"strings"
	"testing"

	"github.com/chatsvc/chat/pkg/apikey/redact"
)

const key = "AIzaSy-secret-key-0123456789"

type stringer struct{}

func (stringer) String() string { return "stringer " + key }

func TestEveryLoggedTextIsRedacted(t *testing.T) {
	tests := map[string]func(l *slog.Logger){
		"message":         func(l *slog.Logger) { l.Info("failed with " + key) },
		"string attr":     func(l *slog.Logger) { l.Info("x", slog.String("cause", "quoted "+key+" twice "+key)) },
		"error attr":      func(l *slog.Logger) { l.Info("x", slog.Any("err", fmt.Errorf("wrapped: %w", errors.New(key)))) },
		"stringer":        func(l *slog.Logger) { l.Info("x", slog.Any("v", stringer{})) },
		"slice":           func(l *slog.Logger) { l.Info("x", slog.Any("keys", []string{"a", key})) },
		"group":           func(l *slog.Logger) { l.Info("x", slog.Group("g", slog.String("inner", key))) },
		"with attrs":      func(l *slog.Logger) { l.With(slog.String("k", key)).Info("x") },
		"with group":      func(l *slog.Logger) { l.WithGroup("g").Info("x", slog.String("k", key)) },
		"standard log":    func(l *slog.Logger) { slog.NewLogLogger(l.Handler(), slog.LevelWarn).Print("Error " + key) },
		"log valuer attr": func(l *slog.Logger) { l.Info("x", slog.Any("lv", valuer{})) },
	}
	for name, write := range tests {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			l := slog.New(redact.New(slog.NewJSONHandler(&buf, nil), func() []string { return []string{key} }))
			write(l)
			if strings.Contains(buf.String(), key) || !strings.Contains(buf.String(), redact.Mask) {
				t.Errorf("logged %s", buf.String())
			}
		})
	}
}

type valuer struct{}

func (valuer) LogValue() slog.Value { return slog.StringValue("valued " + key) }

func TestRotatedAndShortSecrets(t *testing.T) {
	var buf bytes.Buffer
	current := key
	l := slog.New(redact.New(slog.NewJSONHandler(&buf, nil), func() []string { return []string{current, "short", ""} }))
	l.Info("first")
	current = "AIzaSy-the-next-key-987654"
	l.Info("old " + key + " new " + current + " short")
	out := buf.String()
	if strings.Contains(out, key) || strings.Contains(out, current) {
		t.Errorf("a rotated or current key was logged: %s", out)
	}
	if !strings.Contains(out, " short") {
		t.Errorf("a value shorter than %d bytes is no secret and stays: %s", redact.MinSecret, out)
	}
}

func TestNoSecretPassesRecordsUnchanged(t *testing.T) {
	var buf bytes.Buffer
	l := slog.New(redact.New(slog.NewJSONHandler(&buf, nil), func() []string { return nil }))
	l.Info("plain", slog.Int("n", 3))
	if !strings.Contains(buf.String(), `"msg":"plain","n":3`) {
		t.Errorf("logged %s", buf.String())
	}
}
