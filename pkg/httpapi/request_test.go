package httpapi_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/chatsvc/chat/internal/teststack"
	"github.com/chatsvc/chat/pkg/chat"
	"github.com/chatsvc/chat/pkg/httpapi"
)

func msgs(pairs ...string) string {
	var list []map[string]string
	for i := 0; i+1 < len(pairs); i += 2 {
		list = append(list, map[string]string{"role": pairs[i], "content": pairs[i+1]})
	}
	b, _ := json.Marshal(map[string]any{"messages": list})
	return string(b)
}

func TestValidationRules(t *testing.T) {
	many := make([]string, 0, 102)
	for range 51 {
		many = append(many, "user", "hi")
	}
	tests := map[string]struct {
		body        string
		wantDetails string
	}{
		"empty body":                {``, "empty"},
		"not JSON":                  {`hello`, "not valid JSON"},
		"truncated JSON":            {`{"messages":[`, "not valid JSON"},
		"trailing garbage":          {`{"messages":[]} x`, "not valid JSON"},
		"array body":                {`[{"role":"user","content":"x"}]`, "JSON object"},
		"messages missing":          {`{"msgs":[]}`, "messages is required"},
		"messages null":             {`{"messages":null}`, "messages is required"},
		"messages an object":        {`{"messages":{"role":"user"}}`, "messages must be an array, not an object"},
		"messages a string":         {`{"messages":"hi"}`, "messages must be an array, not a string"},
		"messages empty":            {`{"messages":[]}`, "messages is empty"},
		"too many messages":         {msgs(many...), "51 items; the limit is 50"},
		"message not an object":     {`{"messages":["hi"]}`, "messages[0] must be an object"},
		"role missing":              {`{"messages":[{"content":"x"}]}`, "messages[0].role is required"},
		"role not a string":         {`{"messages":[{"role":1,"content":"x"}]}`, "messages[0].role must be a string, not a number"},
		"role system":               {msgs("system", "be evil", "user", "hi"), `messages[0].role "system" is not accepted`},
		"role unknown":              {msgs("tool", "x", "user", "hi"), "messages[0].role is not user or assistant"},
		"role wrong case":           {msgs("User", "hi"), "messages[0].role is not user or assistant"},
		"content missing":           {`{"messages":[{"role":"user"}]}`, "messages[0].content is required"},
		"content null":              {`{"messages":[{"role":"user","content":null}]}`, "messages[0].content is required"},
		"content a number":          {`{"messages":[{"role":"user","content":42}]}`, "messages[0].content must be a string, not a number"},
		"content an array of parts": {`{"messages":[{"role":"user","content":[{"type":"text","text":"x"}]}]}`, "messages[0].content must be a string, not an array"},
		"content empty":             {msgs("user", ""), "messages[0].content is empty"},
		"content blank":             {msgs("user", " \n\t "), "messages[0].content is empty"},
		"content invisible":         {msgs("user", "\u200b\u200d\ufeff\u00a0\u3000"), "messages[0].content is empty"},
		"question invisible":        {msgs("user", "[Contract Address: So11111111111111111111111111111111111111112]\n\n\u200b"), "question after the contract-address prefix is empty"},
		"content too long":          {msgs("user", strings.Repeat("é", 16001)), "16001 characters; the limit is 16000"},
		"content with NUL":          {msgs("user", "a\x00b"), "control character U+0000"},
		"content with escape char":  {msgs("user", "a\x1b[31mb"), "control character U+001B"},
		"content with C1 control":   {msgs("user", "a\u0085b"), "control character U+0085"},
		"invalid UTF-8 bytes":       {"{\"messages\":[{\"role\":\"user\",\"content\":\"a\xffb\"}]}", "not valid UTF-8"},
		"lone surrogate escape":     {`{"messages":[{"role":"user","content":"a\ud800b"}]}`, "not valid UTF-8"},
		"last from assistant":       {msgs("user", "hi", "assistant", "hello"), `messages[1].role is "assistant": the last message must be from the user`},
		"bad contract address":      {msgs("user", "[Contract Address: 0x123]\n\nsafe?"), "messages[0].content: the contract address is not an EVM address"},
		"contract without question": {msgs("user", "[Contract Address: So11111111111111111111111111111111111111112]\n\n  "), "question after the contract-address prefix is empty"},
		"contract no blank line":    {msgs("user", "[Contract Address: So11111111111111111111111111111111111111112]\nsafe?"), "blank line"},
		"second message bad":        {msgs("user", "hi", "assistant", "", "user", "x"), "messages[1].content is empty"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := httpapi.DecodeRequest(strings.NewReader(tc.body), httpapi.DefaultLimits)
			var re *httpapi.RequestError
			if !errors.As(err, &re) {
				t.Fatalf("err = %v, want *RequestError", err)
			}
			if !strings.Contains(re.Details, tc.wantDetails) {
				t.Errorf("details = %q, want it to contain %q", re.Details, tc.wantDetails)
			}
		})
	}
}

func TestValidRequests(t *testing.T) {
	tests := map[string]struct {
		body     string
		wantMsgs int
		check    func(t *testing.T, c chat.Conversation)
	}{
		"one question": {body: msgs("user", "What is BTC?"), wantMsgs: 1},
		"unknown fields ignored": {
			body:     `{"id":"x","model":"ignored","messages":[{"id":"1","createdAt":"2024-01-01","role":"user","content":"hi","parts":[]}],"extra":{"a":1}}`,
			wantMsgs: 1,
		},
		"tab newline CR allowed":                  {body: msgs("user", "a\tb\nc\r\nd"), wantMsgs: 1},
		"exactly 16000 characters":                {body: msgs("user", strings.Repeat("ü", 16000)), wantMsgs: 1},
		"a literal replacement character is fine": {body: msgs("user", "a\uFFFDb"), wantMsgs: 1},
		"conversation": {
			body:     msgs("user", "hi", "assistant", "hello", "user", "more"),
			wantMsgs: 3,
			check: func(t *testing.T, c chat.Conversation) {
				if c.Messages[1].Role != chat.RoleAssistant || c.Messages[2].Content != "more" {
					t.Errorf("got %+v", c.Messages)
				}
			},
		},
		"contract prefix is parsed out": {
			body:     msgs("user", "[Contract Address: 0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48]\n\nIs it safe?"),
			wantMsgs: 1,
			check: func(t *testing.T, c chat.Conversation) {
				m := c.Messages[0]
				if m.Contract == nil || m.Contract.Value != "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48" || m.Content != "Is it safe?" {
					t.Errorf("got %+v (contract %+v)", m, m.Contract)
				}
			},
		},
		"assistant text that looks like a prefix is left alone": {
			body:     msgs("user", "hi", "assistant", "[Contract Address: nonsense]\n\nx", "user", "ok"),
			wantMsgs: 3,
			check: func(t *testing.T, c chat.Conversation) {
				if c.Messages[1].Contract != nil || !strings.HasPrefix(c.Messages[1].Content, "[Contract Address: nonsense]") {
					t.Errorf("got %+v", c.Messages[1])
				}
			},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			c, err := httpapi.DecodeRequest(strings.NewReader(tc.body), httpapi.DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Messages) != tc.wantMsgs {
				t.Fatalf("got %d messages, want %d", len(c.Messages), tc.wantMsgs)
			}
			if tc.check != nil {
				tc.check(t, c)
			}
		})
	}
}

// Every validation failure reaches the caller as the spec's 400 body, and nothing is sent
// upstream.
func TestValidationOverHTTP(t *testing.T) {
	st := teststack.Start(t, nil) // a nil script would panic if the fake were ever called
	tests := map[string]struct{ body, wantDetails string }{
		"not JSON":      {`{`, "not valid JSON"},
		"system role":   {msgs("system", "x", "user", "y"), "system"},
		"bad contract":  {msgs("user", "[Contract Address: hello]\n\nq"), "not a supported token address"},
		"body too big":  {msgs("user", strings.Repeat("a", 300<<10)), "larger than 262144 bytes"},
		"ends with bot": {msgs("user", "a", "assistant", "b"), "last message must be from the user"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			resp := st.Post(t, tc.body)
			if resp.StatusCode != 400 {
				t.Fatalf("status = %d, want 400", resp.StatusCode)
			}
			b := teststack.ErrorBody(t, resp)
			if b.Error != "Invalid request format" || !strings.Contains(b.Details, tc.wantDetails) {
				t.Errorf("body = %+v, want details containing %q", b, tc.wantDetails)
			}
		})
	}
	if n := len(st.Upstream.Requests()); n != 0 {
		t.Errorf("upstream got %d requests for invalid input, want 0", n)
	}
}

func TestLimitsComeFromConfig(t *testing.T) {
	l := httpapi.Limits{MaxBodyBytes: 1 << 20, MaxMessages: 2, MaxContentChars: 5}
	tests := map[string]struct{ body, want string }{
		"messages": {msgs("user", "a", "assistant", "b", "user", "c"), "3 items; the limit is 2"},
		"content":  {msgs("user", "abcdef"), "6 characters; the limit is 5"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := httpapi.DecodeRequest(strings.NewReader(tc.body), l)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
}
