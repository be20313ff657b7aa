package tokenfacts

import (
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/chatsvc/chat/pkg/chat/token"
)

// GoPlus's optional app key, as its SDKs use it: POST /api/v1/token with
// {"app_key", "time", "sign"}, where time is Unix seconds and sign is
// hex(sha1(app_key + time + app_secret)), answers {code, result: {access_token, expires_in}};
// the access token then goes, bare, in the Authorization header of each request.

// goPlusAuth holds the access token. One token request at a time: the others wait for it.
type goPlusAuth struct {
	mu          sync.Mutex
	token       string
	expires     time.Time
	failedUntil time.Time
}

// tokenRetry is how long a failed token request keeps GoPlus keyless before trying again.
const tokenRetry = time.Minute

// goPlusToken returns the access token, or "" when no key is configured or the token cannot
// be had: GoPlus then answers keyless, which is slower to rate limit but still answers.
func (c *Client) goPlusToken(ctx context.Context) string {
	if c.cfg.GoPlusAppKey == "" || c.cfg.GoPlusAppSecret == "" {
		return ""
	}
	a := &c.goPlus
	a.mu.Lock()
	defer a.mu.Unlock()
	now := c.cfg.Now()
	if a.token != "" && now.Before(a.expires) {
		return a.token
	}
	if now.Before(a.failedUntil) {
		return ""
	}
	token, ttl, f := c.requestGoPlusToken(ctx, now)
	if f != nil {
		c.cfg.Logger.Warn("tokenfacts: GoPlus access token", "reason", f.Reason, "err", f.Err)
		a.token, a.failedUntil = "", now.Add(tokenRetry)
		return ""
	}
	a.token, a.expires = token, now.Add(ttl)
	return token
}

// dropGoPlusToken forgets a token GoPlus refused, so that the next request gets a new one.
func (c *Client) dropGoPlusToken() {
	c.goPlus.mu.Lock()
	c.goPlus.token = ""
	c.goPlus.mu.Unlock()
}

func (c *Client) requestGoPlusToken(ctx context.Context, now time.Time) (string, time.Duration, *failure) {
	t := now.Unix()
	payload, err := json.Marshal(map[string]any{
		"app_key": c.cfg.GoPlusAppKey,
		"time":    t,
		"sign":    goPlusSign(c.cfg.GoPlusAppKey, c.cfg.GoPlusAppSecret, t),
	})
	if err != nil {
		return "", 0, fail(token.ReasonInvalidResponse, "%s: token payload: %w", token.SourceGoPlus, err)
	}
	var body struct {
		Code   num `json:"code"`
		Result lenient[struct {
			AccessToken text `json:"access_token"`
			ExpiresIn   num  `json:"expires_in"`
		}] `json:"result"`
	}
	r := request{
		api: apiGoPlus, method: http.MethodPost, url: c.cfg.source(apiGoPlus).BaseURL + "/api/v1/token",
		body: bytes.NewReader(payload), header: http.Header{"Content-Type": {"application/json"}},
	}
	if f := c.getJSON(ctx, r, &body); f != nil {
		return "", 0, f
	}
	if !body.Code.ok || int(body.Code.v) != goPlusOK || body.Result.v.AccessToken == "" {
		return "", 0, fail(token.ReasonRefused, "%s: token code %v", token.SourceGoPlus, body.Code.v)
	}
	// Renew a minute early, so that no request carries a token about to expire.
	ttl := time.Duration(body.Result.v.ExpiresIn.v)*time.Second - time.Minute
	if ttl <= 0 {
		ttl = time.Minute
	}
	return string(body.Result.v.AccessToken), ttl, nil
}

// goPlusSign is GoPlus's signature of a token request.
func goPlusSign(key, secret string, unix int64) string {
	sum := sha1.Sum([]byte(key + strconv.FormatInt(unix, 10) + secret))
	return hex.EncodeToString(sum[:])
}
