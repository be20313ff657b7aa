// Package loadtest measures what the proxy adds: a Gemini-compatible upstream that stamps
// every chunk with the instant it was written, callers that read a stream either through the
// chat endpoint or straight from the upstream (the physical limit), and helpers to run the
// real local server as a process and read its memory.
//
// The figures of docs/BENCHMARKS.md come from cmd/chatbench (make bench); the bounded load
// test of this package runs with go test.
package loadtest

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Upstream is a fake of the provider's streaming endpoint for measurement. Every reply is
// Chunks text chunks, the first after FirstDelay and the next Interval apart, then a STOP
// finish. Each chunk's text is the wall-clock instant (Unix nanoseconds) it was written, so a
// reader in any process of this machine can compute how long the chunk took to reach it.
type Upstream struct {
	Chunks     int
	FirstDelay time.Duration
	Interval   time.Duration
}

// Path is where a caller reaches the upstream directly.
const Path = "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"

// ServeHTTP implements the upstream.
func (u Upstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	_ = rc.Flush()
	var buf []byte
	next := time.Now().Add(u.FirstDelay)
	for i := 0; i < u.Chunks; i++ {
		if d := time.Until(next); d > 0 {
			t := time.NewTimer(d)
			select {
			case <-t.C:
			case <-r.Context().Done():
				t.Stop()
				return
			}
		}
		next = next.Add(u.Interval)
		buf = append(buf[:0], `data: {"candidates":[{"content":{"role":"model","parts":[{"text":"`...)
		buf = strconv.AppendInt(buf, time.Now().UnixNano(), 10)
		buf = append(buf, "\"}]},\"index\":0}],\"modelVersion\":\"bench\"}\r\n\r\n"...)
		if _, err := w.Write(buf); err != nil {
			return
		}
		if err := rc.Flush(); err != nil {
			return
		}
	}
	_, _ = io.WriteString(w, `data: {"candidates":[{"content":{"role":"model","parts":[]},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":5,"candidatesTokenCount":5,"totalTokenCount":10},"modelVersion":"bench"}`+"\r\n\r\n")
	_ = rc.Flush()
}

// Kind says what a caller reads.
type Kind int

const (
	// Proxy reads the chat endpoint: data: 0:"<ns>" lines and a d: or e: terminal line.
	Proxy Kind = iota
	// Direct reads the upstream itself, the physical limit.
	Direct
)

// Body is the chat request every caller sends.
const Body = `{"messages":[{"role":"user","content":"What is the price of ETH?"}]}`

// Result is one stream as a caller saw it.
type Result struct {
	// TTFB is from sending the request to reading the first chunk.
	TTFB time.Duration
	// Delays are, per chunk, from the upstream writing it to the caller reading it.
	Delays []time.Duration
	// Terminal is 'd' or 'e' for a proxied stream that ended properly, 'd' for a direct one
	// that saw its finish chunk, 0 otherwise.
	Terminal byte
	Err      error
}

// Read opens one stream at url (the chat endpoint, or the upstream base for Direct) and
// reads it to the end.
func Read(ctx context.Context, client *http.Client, url string, kind Kind) Result {
	resp, start, err := open(ctx, client, url, kind)
	if err != nil {
		return Result{Err: err}
	}
	defer resp.Body.Close()
	return readStream(resp.Body, kind, start)
}

// open sends the request of kind to url and returns the response, once its status is 200,
// and when the request was sent.
func open(ctx context.Context, client *http.Client, url string, kind Kind) (*http.Response, time.Time, error) {
	body, target := Body, url+"/api/chat"
	if kind == Direct {
		body, target = `{"contents":[{"role":"user","parts":[{"text":"What is the price of ETH?"}]}]}`, url+Path
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, strings.NewReader(body))
	if err != nil {
		return nil, time.Time{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return nil, start, err
	}
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		resp.Body.Close()
		return nil, start, fmt.Errorf("status %d: %s", resp.StatusCode, b)
	}
	return resp, start, nil
}

// readStream reads a stream of kind to its end: each chunk's delay, the time from start to
// the first chunk, and the terminal line.
func readStream(body io.Reader, kind Kind, start time.Time) Result {
	var res Result
	sc := bufio.NewScanner(body)
	for sc.Scan() {
		now := time.Now()
		payload, ok := bytes.CutPrefix(sc.Bytes(), []byte("data: "))
		if !ok {
			continue
		}
		stamp := res.line(payload, kind)
		if stamp == nil {
			continue
		}
		ns, err := strconv.ParseInt(string(stamp), 10, 64)
		if err != nil {
			return Result{Err: fmt.Errorf("chunk %q: %w", payload, err)}
		}
		if res.Delays == nil {
			res.TTFB = now.Sub(start)
		}
		res.Delays = append(res.Delays, now.Sub(time.Unix(0, ns)))
	}
	if err := sc.Err(); err != nil && res.Err == nil {
		res.Err = err
	}
	if res.Terminal == 0 && res.Err == nil {
		res.Err = errors.New("stream ended without a terminal line")
	}
	return res
}

// line reads the payload of one data line of a stream of kind: it returns a text chunk's
// stamp, or nil, and records a terminal line (and an error line's error) in res.
func (res *Result) line(payload []byte, kind Kind) (stamp []byte) {
	switch {
	case kind == Proxy && bytes.HasPrefix(payload, []byte(`0:"`)):
		return bytes.Trim(payload[2:], `"`)
	case kind == Proxy && (bytes.HasPrefix(payload, []byte("d:")) || bytes.HasPrefix(payload, []byte("e:"))):
		res.Terminal = payload[0]
		if payload[0] == 'e' {
			res.Err = fmt.Errorf("stream error %s", payload)
		}
	case kind == Direct && bytes.Contains(payload, []byte(`"finishReason"`)):
		res.Terminal = 'd'
	case kind == Direct:
		_, after, _ := bytes.Cut(payload, []byte(`"text":"`))
		stamp, _, _ = bytes.Cut(after, []byte(`"`))
	}
	return stamp
}

// Report sums up many streams.
type Report struct {
	Streams, Errors, Terminals int
	FirstErr                   error
	Delay, TTFB                Dist
	Wall                       time.Duration
}

// Dist is a distribution of durations.
type Dist struct {
	N                   int
	P50, P99, Max, Mean time.Duration
}

// NewDist summarises samples.
func NewDist(samples []time.Duration) Dist {
	if len(samples) == 0 {
		return Dist{}
	}
	s := slices.Clone(samples)
	slices.Sort(s)
	var sum time.Duration
	for _, v := range s {
		sum += v
	}
	at := func(q float64) time.Duration { return s[min(len(s)-1, int(q*float64(len(s))))] }
	return Dist{N: len(s), P50: at(0.50), P99: at(0.99), Max: s[len(s)-1], Mean: sum / time.Duration(len(s))}
}

func (d Dist) String() string {
	return fmt.Sprintf("p50 %v  p99 %v  max %v  (n=%d)", round(d.P50), round(d.P99), round(d.Max), d.N)
}

func round(d time.Duration) time.Duration {
	switch {
	case d >= 10*time.Millisecond:
		return d.Round(100 * time.Microsecond)
	case d >= 10*time.Microsecond:
		return d.Round(time.Microsecond)
	}
	return d
}

// Run opens streams concurrent streams at once (all started within a short ramp), reads them
// all, and reports.
func Run(ctx context.Context, client *http.Client, url string, kind Kind, streams int) Report {
	results := make([]Result, streams)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range streams {
		wg.Go(func() { results[i] = Read(ctx, client, url, kind) })
	}
	wg.Wait()
	rep := Report{Streams: streams, Wall: time.Since(start)}
	var delays, ttfb []time.Duration
	for _, r := range results {
		if r.Err != nil {
			rep.Errors++
			if rep.FirstErr == nil {
				rep.FirstErr = r.Err
			}
		}
		if r.Terminal != 0 {
			rep.Terminals++
		}
		delays = append(delays, r.Delays...)
		if r.Delays != nil {
			ttfb = append(ttfb, r.TTFB)
		}
	}
	rep.Delay, rep.TTFB = NewDist(delays), NewDist(ttfb)
	return rep
}

// Client is an HTTP client for many concurrent streams to one host.
func Client() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4096, MaxIdleConns: 4096, DisableCompression: true}}
}
