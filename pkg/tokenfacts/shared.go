package tokenfacts

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// Shared is memory the service's instances share (package state): with it, an answer one
// instance read from an API is read by the others from it until its TTL ends, and a pause
// one instance was asked for is honoured by all. Nil shares nothing (one process, as
// without STATE_TABLE). It must bound its own calls and absorb its own failures: a miss is
// always a safe answer.
type Shared interface {
	Get(ctx context.Context, key string) ([]byte, bool)
	Put(ctx context.Context, key string, value []byte, expires time.Time)
}

// maxSharedBody bounds an answer kept in the shared memory: a DynamoDB item holds 400 KB.
const maxSharedBody = 350 << 10

// The keys (README, "Shared state"): an API's answer to one GET, by the API's id and the
// SHA-256 of the URL; an API's pause, by its id.
func answerKey(apiID, url string) string {
	sum := sha256.Sum256([]byte(url))
	return "facts#" + apiID + "#" + hex.EncodeToString(sum[:])
}

func pauseKey(apiID string) string { return "pause#" + apiID }

// recording collects the answers one fetch read from the APIs; they are shared only once the
// fetch has succeeded (or found nothing), so that an answer a source rejected (GoPlus's
// rate-limit code on HTTP 200) is never handed to the other instances.
type recording struct {
	mu      sync.Mutex
	answers map[string][]byte
}

type recordingKey struct{}

// record is the value an answer is shared as: its status, a newline, its body.
func (r *recording) record(key string, status int, body []byte) {
	if len(body) > maxSharedBody {
		return
	}
	v := sharedValue(status, body)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.answers == nil {
		r.answers = map[string][]byte{}
	}
	r.answers[key] = v
}

// sharing runs fetch with a recording in its ctx, and shares what it recorded for ttl when
// it ends without a failure other than "not found".
func (c *Client) sharing(ctx context.Context, ttl time.Duration, fetch func(context.Context) (any, *failure)) (any, *failure) {
	if c.cfg.Shared == nil {
		return fetch(ctx)
	}
	rec := &recording{}
	v, f := fetch(context.WithValue(ctx, recordingKey{}, rec))
	if f != nil && f.Reason != token.ReasonNotFound {
		return v, f
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	expires := time.Now().Add(ttl)
	for k, a := range rec.answers {
		c.cfg.Shared.Put(ctx, k, a, expires)
	}
	return v, f
}

// sharedKey is the key r's answer is shared under, or "" when it is not shared: only GETs,
// within a fetch that records.
func (c *Client) sharedKey(ctx context.Context, r request) string {
	if c.cfg.Shared == nil || ctx.Value(recordingKey{}) == nil || (r.method != "" && r.method != http.MethodGet) {
		return ""
	}
	return answerKey(r.api.id, r.url)
}

// sharedAnswer is the answer another instance shared under key, if any: its status and body.
// With wait, it first claims the reading, and waits for another instance that claimed it.
func (c *Client) sharedAnswer(ctx context.Context, key string, wait bool) (status int, body []byte, ok bool) {
	if key == "" {
		return 0, nil, false
	}
	var v []byte
	var found bool
	if wait {
		v, found = c.awaitOther(ctx, key)
	} else {
		v, found = c.cfg.Shared.Get(ctx, key)
	}
	if !found {
		return 0, nil, false
	}
	line, rest, cut := bytes.Cut(v, []byte{'\n'})
	s, err := strconv.Atoi(string(line))
	if !cut || err != nil {
		return 0, nil, false
	}
	return s, rest, true
}

// claimer is a Shared that can also settle which instance reads an answer first (package
// state's does, with a conditional write): instances that ask about a new token at the same
// instant then call the API once, the others waiting for the answer in the table.
type claimer interface {
	Claim(ctx context.Context, key string, expires time.Time) bool
	Await(ctx context.Context, key string, d time.Duration) ([]byte, bool)
}

// claimFor is how long a claim to read an answer holds, and how long the other instances wait
// for it: a little over what the APIs take to answer, so that an instance that claimed and
// failed (or stopped) delays the others by this at most, in a fetch that runs detached from
// any caller.
const claimFor = 2 * time.Second

// awaitOther claims the reading of key; when another instance holds the claim, it waits for
// that instance's answer. False: this instance reads it (or waited in vain).
func (c *Client) awaitOther(ctx context.Context, key string) ([]byte, bool) {
	cl, ok := c.cfg.Shared.(claimer)
	if !ok || cl.Claim(ctx, "claim#"+strings.TrimPrefix(key, "facts#"), time.Now().Add(claimFor)) {
		return nil, false
	}
	return cl.Await(ctx, key, claimFor)
}

// shareFailure tells the instances waiting for the answer under key that the API failed with
// status, for as long as a claim holds: they fail as this one did, at once, instead of waiting
// out the claim and calling an API that just failed (or paused itself).
func (c *Client) shareFailure(ctx context.Context, key string, status int) {
	if key != "" {
		c.cfg.Shared.Put(ctx, key, sharedValue(status, nil), time.Now().Add(claimFor))
	}
}

// sharedValue is the value an answer is shared as, which sharedAnswer reads: its status, a
// newline, its body.
func sharedValue(status int, body []byte) []byte {
	return append(append(strconv.AppendInt(nil, int64(status), 10), '\n'), body...)
}

// keep records an answer just read for sharing, when the fetch records.
func keep(ctx context.Context, key string, status int, body []byte) {
	if rec, _ := ctx.Value(recordingKey{}).(*recording); rec != nil && key != "" {
		rec.record(key, status, body)
	}
}

// sharedPause is the pause another instance noted for the API, if it is still on.
func (c *Client) sharedPause(id string, now time.Time) (time.Time, bool) {
	if c.cfg.Shared == nil {
		return time.Time{}, false
	}
	v, ok := c.cfg.Shared.Get(context.Background(), pauseKey(id))
	if !ok {
		return time.Time{}, false
	}
	until, err := time.Parse(time.RFC3339Nano, string(v))
	if err != nil || !now.Before(until) {
		return time.Time{}, false
	}
	return until, true
}

// sharePause tells the other instances that the API is paused until until.
func (c *Client) sharePause(id string, until, now time.Time) {
	if c.cfg.Shared != nil {
		c.cfg.Shared.Put(context.Background(), pauseKey(id), []byte(until.UTC().Format(time.RFC3339Nano)), time.Now().Add(until.Sub(now)))
	}
}
