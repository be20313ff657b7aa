package loadtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"google.golang.org/genai"
)

// BareProxy is the floor the chat server is measured against (cmd/bareproxy, proxybench,
// BenchmarkRequest): the genai client streaming each upstream chunk into one data: 0: line,
// flushed at once, then d:, and nothing else: no validation beyond JSON, no system prompt,
// no tools, no limits, no log.
func BareProxy(gc *genai.Client) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Messages []struct{ Role, Content string } `json:"messages"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, `{"error":"Invalid request format"}`, http.StatusBadRequest)
			return
		}
		var contents []*genai.Content
		for _, m := range req.Messages {
			role := genai.RoleUser
			if m.Role == "assistant" {
				role = genai.RoleModel
			}
			contents = append(contents, genai.NewContentFromText(m.Content, genai.Role(role)))
		}
		w.Header().Set("Content-Type", "text/event-stream")
		rc := http.NewResponseController(w)
		var line []byte
		for resp, err := range gc.Models.GenerateContentStream(r.Context(), "gemini-2.5-flash", contents, nil) {
			if err != nil {
				_, _ = fmt.Fprintf(w, "data: e:%q\n\n", "upstream error")
				return
			}
			line = append(line[:0], "data: 0:"...)
			line = strconv.AppendQuote(line, resp.Text())
			line = append(line, "\n\n"...)
			_, _ = w.Write(line)
			_ = rc.Flush()
		}
		_, _ = w.Write([]byte("data: d:{\"finishReason\":\"stop\"}\n\n"))
		_ = rc.Flush()
	})
}
