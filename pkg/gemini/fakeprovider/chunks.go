package fakeprovider

import (
	"encoding/json"
	"net/http"
	"time"
)

// Chunk is a GenerateContentResponse in the provider's JSON shape.
type Chunk = map[string]any

// Text is a chunk with one text part.
func Text(s string) Chunk {
	return candidate(map[string]any{"content": content(map[string]any{"text": s})})
}

// Thought is a chunk with a thought part, which must never reach the caller.
func Thought(s string) Chunk {
	return candidate(map[string]any{"content": content(map[string]any{"text": s, "thought": true})})
}

// Signed is a chunk with one text part that carries a thought signature, as 3.x models
// send; text may be empty (a signature-only part).
func Signed(text, signature string) Chunk {
	return candidate(map[string]any{"content": content(map[string]any{"text": text, "thoughtSignature": signature})})
}

// URLRead is one page the URL tool tried to read, with the provider's retrieval status
// (URL_RETRIEVAL_STATUS_SUCCESS, URL_RETRIEVAL_STATUS_ERROR, ...).
type URLRead struct{ URL, Status string }

// URLContextFinish is a last chunk with a finish reason and the URL tool's metadata, which
// sits on the candidate beside the content.
func URLContextFinish(reason string, reads []URLRead, sources []Web) Chunk {
	meta := make([]any, 0, len(reads))
	for _, r := range reads {
		meta = append(meta, map[string]any{"retrievedUrl": r.URL, "urlRetrievalStatus": r.Status})
	}
	c := map[string]any{"content": content(), "finishReason": reason, "urlContextMetadata": map[string]any{"urlMetadata": meta}}
	if len(sources) > 0 {
		chunks := make([]any, 0, len(sources))
		for _, s := range sources {
			chunks = append(chunks, map[string]any{"web": map[string]any{"uri": s.URI, "title": s.Title}})
		}
		c["groundingMetadata"] = map[string]any{"groundingChunks": chunks}
	}
	return candidate(c)
}

// FunctionCall is a chunk in which the model asks for a function to be run.
func FunctionCall(name string) Chunk {
	return candidate(map[string]any{"content": content(map[string]any{"functionCall": map[string]any{"name": name, "args": map[string]any{}}})})
}

// Finish is a chunk that ends the answer with a provider finish reason ("STOP", ...).
func Finish(reason string) Chunk {
	return candidate(map[string]any{"content": content(), "finishReason": reason})
}

// Web is one grounding source.
type Web struct{ URI, Title string }

// Grounded is a last chunk: optional text, a finish reason, grounding metadata and, when
// either count is not zero, scripted usage.
func Grounded(text, reason string, sources []Web, queries []string, suggestions string, promptTokens, completionTokens int) Chunk {
	chunks := make([]any, 0, len(sources))
	for _, s := range sources {
		chunks = append(chunks, map[string]any{"web": map[string]any{"uri": s.URI, "title": s.Title}})
	}
	var parts []map[string]any
	if text != "" {
		parts = append(parts, map[string]any{"text": text})
	}
	gm := map[string]any{"groundingChunks": chunks, "webSearchQueries": queries}
	if suggestions != "" {
		gm["searchEntryPoint"] = map[string]any{"renderedContent": suggestions}
	}
	c := candidate(map[string]any{"content": content(parts...), "finishReason": reason, "groundingMetadata": gm})
	if promptTokens > 0 || completionTokens > 0 {
		// Scripted usage; without it the fake counts as the provider does.
		c["usageMetadata"] = map[string]any{
			"promptTokenCount": promptTokens, "candidatesTokenCount": completionTokens,
			"totalTokenCount": promptTokens + completionTokens,
		}
	}
	return c
}

// Blocked is the provider's answer to a blocked prompt: no candidates, a block reason.
func Blocked(reason string) Chunk {
	return Chunk{"promptFeedback": map[string]any{"blockReason": reason}, "modelVersion": "fake"}
}

// MidStreamError is an {"error":...} object sent as an event inside a stream.
func MidStreamError(code int, status, message string) Chunk {
	var v Chunk
	_ = json.Unmarshal([]byte(ErrorBody(code, status, message)), &v)
	return v
}

// ErrorBody is the provider's JSON error body.
func ErrorBody(code int, status, message string, details ...map[string]any) string {
	e := map[string]any{"code": code, "message": message, "status": status}
	if len(details) > 0 {
		e["details"] = details
	}
	b, _ := json.Marshal(map[string]any{"error": e})
	return string(b)
}

// Error is a non-2xx reply with the provider's JSON error body.
func Error(code int, status, message string) Reply {
	return Reply{Status: code, Body: ErrorBody(code, status, message)}
}

// RateLimited is a 429 reply; a positive retryDelay adds google.rpc.RetryInfo.
func RateLimited(retryDelay time.Duration) Reply {
	var details []map[string]any
	if retryDelay > 0 {
		details = append(details, map[string]any{
			"@type":      "type.googleapis.com/google.rpc.RetryInfo",
			"retryDelay": formatSeconds(retryDelay),
		})
	}
	return Reply{Status: http.StatusTooManyRequests, Body: ErrorBody(429, "RESOURCE_EXHAUSTED",
		"You exceeded your current quota, please check your plan and billing details. gemini-2.5-flash", details...)}
}

func formatSeconds(d time.Duration) string {
	b, _ := json.Marshal(d.Seconds())
	return string(b) + "s"
}

// Verbatim is a step that sends c as it is, outside the model simulation (no cut at the
// output limit, no usage added): for tests about bytes rather than answers.
func Verbatim(c Chunk) Step {
	b, _ := json.Marshal(c)
	return Step{Raw: "data: " + string(b) + "\r\n\r\n"}
}

// Stream is a 200 reply made of chunks, each delay apart.
func Stream(delay time.Duration, chunks ...Chunk) Reply {
	r := Reply{}
	for _, c := range chunks {
		r.Steps = append(r.Steps, Step{Delay: delay, Chunk: c})
	}
	return r
}

func candidate(c map[string]any) Chunk {
	c["index"] = 0
	return Chunk{"candidates": []any{c}, "modelVersion": "fake"}
}

func content(parts ...map[string]any) map[string]any {
	if parts == nil {
		parts = []map[string]any{}
	}
	return map[string]any{"role": "model", "parts": parts}
}
