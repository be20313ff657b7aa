// Package stage is the one table of deployment stages: which hosting plan each stage runs on,
// the duration cap that plan imposes, and the model settings and limits that follow from it.
//
// The table is plain Go so that everything deriving from it can import it: the CDK stack in
// infra/ (function timeout, environment, concurrency, CORS, log retention), the tests that keep
// template.yaml and samconfig.toml in step with it, and the chat function itself. Adding a stage
// is adding one row to [Stages]. The names it sets and the values it allows (environment
// variables, models, thinking levels) are the function's own, from pkg/deploy/settings, which
// pkg/config reads by and pkg/gemini's tests hold to: the table links nothing of the service.
package stage

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chatsvc/chat/pkg/deploy/settings"
)

// Plan is a host-platform plan; each plan caps how long one invocation may run (spec section 8).
type Plan string

// The plans of spec section 8.
const (
	PlanHobby      Plan = "hobby"
	PlanPro        Plan = "pro"
	PlanEnterprise Plan = "enterprise"
)

// Cap returns the longest run time the plan allows for one invocation, or 0 for an unknown plan.
func (p Plan) Cap() time.Duration {
	switch p {
	case PlanHobby:
		return 10 * time.Second
	case PlanPro:
		return 60 * time.Second
	case PlanEnterprise:
		return 900 * time.Second
	}
	return 0
}

// MaxRequestDuration is the server's own limit for one chat request (spec section 8). A stage
// never allows more, however generous its plan.
const MaxRequestDuration = 50 * time.Second

// LambdaMaxTimeout is the longest timeout AWS Lambda accepts for a function.
const LambdaMaxTimeout = 900 * time.Second

// LogRetentionDays lists the retention periods CloudWatch Logs accepts, in days.
func LogRetentionDays() []int {
	return []int{1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653}
}

// Stage is one row of the stage table: one deployment of the chat function and its page.
type Stage struct {
	// Name identifies the stage: `cdk deploy -c stage=<Name>`, the SAM Stage parameter, the
	// samconfig.toml environment. Lower-case letters and digits only (it is also a mapping key).
	Name string
	// Plan is the host-platform plan whose duration cap the stage must respect.
	Plan Plan
	// Model is one of [settings.ModelNames].
	Model string
	// Temperature is the sampling temperature, 0.0 to 1.0.
	Temperature float64
	// MaxTokens bounds the answer length. A stage with a short time budget answers briefly.
	MaxTokens int
	// Thinking is how much the model thinks before it answers, one of
	// [settings.ThinkingNames].
	// Thinking takes time before the first word: a stage with a short time budget thinks
	// least.
	Thinking string
	// MemoryMB is the function's memory size (Lambda also scales CPU with it).
	MemoryMB int
	// ReservedConcurrency caps how many invocations run at once: a ceiling on cost, and on how
	// hard the stage can push the upstream provider (free tier: 15 requests per minute).
	ReservedConcurrency int
	// AllowedOrigins are the browser origins (scheme://host[:port], no trailing slash) a public
	// SAM Function URL (PublicUrl=true) answers CORS requests from. The CDK stack needs none:
	// its page calls the API on its own origin.
	AllowedOrigins []string
	// LogRetentionDays is how long the function's logs are kept; one of [LogRetentionDays].
	LogRetentionDays int
	// APIKeyParameter names the SSM SecureString parameter holding the upstream API key. The
	// operator creates it; no template ever contains the key.
	APIKeyParameter string
	// WebSearch and URLContext enable the model's tools.
	WebSearch, URLContext bool
	// APIKeyTTL is how long the function caches the key read from SSM before reading it again.
	APIKeyTTL time.Duration
	// TokenFactsBudget bounds the reading of token facts (market and security data) before
	// the model is called; it comes before the first word, so it is a small share of the
	// stage's time budget (at most a fifth).
	TokenFactsBudget time.Duration
	// WAF puts an AWS WAF web ACL in front of the stage's distribution: a per-client rate
	// limit on the API and AWS's managed IP-reputation and known-bad-inputs rules. It costs
	// about $5 a month, $1 a rule and $0.60 per million requests.
	WAF bool
	// RateLimit is how many API requests one client address may make in RateWindow before
	// WAF answers 429 (WAF's minimum is 10); RateWindow is 1, 2, 5 or 10 minutes.
	RateLimit  int
	RateWindow time.Duration
	// AlarmEmail receives the stage's alarms (the CDK context alarmEmail overrides it); empty
	// leaves the alarm topic without a subscription.
	AlarmEmail string
	// DailyBudgetUSD caps the UTC day's estimated spend (DAILY_BUDGET_USD): past it, every
	// question answers 429 until midnight UTC. The dashboard and an alarm hold the day's spend
	// against it.
	DailyBudgetUSD float64
	// PointInTimeRecovery keeps 35 days of the state table's backups (about 20% on top of its
	// storage). What the table holds is rebuilt by the next questions, but for the day's spend.
	PointInTimeRecovery bool
	// Domain and CertificateARN (ACM, us-east-1) optionally give the distribution a custom
	// domain, with TLS 1.2 as the minimum; both or neither.
	Domain, CertificateARN string
}

// Stages returns the stage table. Each call returns a fresh copy, so callers may modify it.
func Stages() []Stage {
	return []Stage{
		{
			Name: "dev", Plan: PlanHobby,
			// Ten seconds leave room only for short answers.
			Model: "model-2.5-flash", Temperature: 0.7, MaxTokens: 1000,
			// 10 s leave no room for long thinking before the first word.
			Thinking: "off",
			MemoryMB: 256,
			// Two at a time at most 10 s each keeps a developer's stage well inside the free
			// tier's 15 requests per minute and the bill near zero.
			ReservedConcurrency: 2,
			AllowedOrigins:      []string{"http://localhost:8080", "http://127.0.0.1:8080"},
			LogRetentionDays:    7,
			APIKeyParameter:     "/chat/dev/ai-api-key",
			WebSearch:           true, URLContext: true,
			APIKeyTTL: 5 * time.Minute,
			// A second of the 10 s for the facts: a slow source is left out sooner.
			TokenFactsBudget: time.Second,
			// No WAF: $5 a month and more for a developer's stage; the reserved concurrency
			// of 2 is its limit.
			WAF: false,
			// A dollar a day: a few hundred flash answers, and a runaway script stops there.
			DailyBudgetUSD: 1,
		},
		{
			Name: "staging", Plan: PlanPro,
			Model: "model-2.5-flash", Temperature: 0.7, MaxTokens: 4000, Thinking: "low",
			MemoryMB: 512,
			// Five is enough for a few testers; with answers of 5-30 s it stays near the free
			// tier's 15 requests per minute instead of producing a wall of 429s.
			ReservedConcurrency: 5,
			AllowedOrigins:      []string{"http://localhost:8080"},
			LogRetentionDays:    30,
			APIKeyParameter:     "/chat/staging/ai-api-key",
			WebSearch:           true, URLContext: true,
			APIKeyTTL:        5 * time.Minute,
			TokenFactsBudget: 1500 * time.Millisecond,
			// Ten questions in ten minutes per address: the page's 50 s cooldown allows 12.
			WAF: true, RateLimit: 10, RateWindow: 10 * time.Minute,
			DailyBudgetUSD: 5,
		},
		{
			Name: "prod", Plan: PlanEnterprise,
			Model: "model-2.5-flash", Temperature: 0.7, MaxTokens: 4000, Thinking: "low",
			MemoryMB: 512,
			// Twenty concurrent answers assume a paid upstream tier; the cap bounds the worst
			// case bill (20 x 50 s at a time) and protects the upstream quota from a flood.
			ReservedConcurrency: 20,
			AllowedOrigins:      nil, // only the stage's own site, which the stack adds
			LogRetentionDays:    90,
			APIKeyParameter:     "/chat/prod/ai-api-key",
			WebSearch:           true, URLContext: true,
			APIKeyTTL:        5 * time.Minute,
			TokenFactsBudget: 1500 * time.Millisecond,
			WAF:              true, RateLimit: 10, RateWindow: 10 * time.Minute,
			// The WAF's limit is per address; this one holds against rotating addresses.
			DailyBudgetUSD: 50, PointInTimeRecovery: true,
		},
	}
}

// RateWindows lists the evaluation windows AWS WAF's rate-based rules accept.
func RateWindows() []time.Duration {
	return []time.Duration{time.Minute, 2 * time.Minute, 5 * time.Minute, 10 * time.Minute}
}

// Names returns the names of all stages, in table order.
func Names() []string {
	var names []string
	for _, s := range Stages() {
		names = append(names, s.Name)
	}
	return names
}

// Lookup returns the stage called name. The error lists the valid names.
func Lookup(name string) (Stage, error) {
	for _, s := range Stages() {
		if s.Name == name {
			return s, nil
		}
	}
	return Stage{}, fmt.Errorf("stage: unknown stage %q: valid stages are %s", name, strings.Join(Names(), ", "))
}

// MaxDuration is the stage's time budget for one request: the server's 50 s limit, lowered to
// the plan's cap where that is shorter. It is the function timeout, MAX_DURATION_SECONDS and the
// page's cooldown between submissions, all at once.
func (s Stage) MaxDuration() time.Duration {
	return min(MaxRequestDuration, s.Plan.Cap())
}

// MaxDurationSeconds is [Stage.MaxDuration] in whole seconds.
func (s Stage) MaxDurationSeconds() int {
	return int(s.MaxDuration() / time.Second)
}

// FormatTemperature renders the temperature the way it appears in the environment ("0.7").
func (s Stage) FormatTemperature() string {
	return strconv.FormatFloat(s.Temperature, 'f', -1, 64)
}

// Environment returns the chat function's environment variables for the stage. It never holds
// the API key itself, only the name of the parameter the function reads it from.
func (s Stage) Environment() map[string]string {
	return map[string]string{
		settings.ModelVar:            s.Model,
		settings.TemperatureVar:      s.FormatTemperature(),
		settings.MaxTokensVar:        strconv.Itoa(s.MaxTokens),
		settings.ThinkingVar:         s.Thinking,
		settings.MaxDurationVar:      strconv.Itoa(s.MaxDurationSeconds()),
		settings.APIKeyParameterVar:  s.APIKeyParameter,
		settings.WebSearchVar:        strconv.FormatBool(s.WebSearch),
		settings.URLContextVar:       strconv.FormatBool(s.URLContext),
		settings.APIKeyTTLVar:        strconv.Itoa(int(s.APIKeyTTL / time.Second)),
		settings.TokenFactsBudgetVar: s.TokenFactsBudget.String(),
		settings.DailyBudgetVar:      s.FormatDailyBudget(),
	}
}

// FormatDailyBudget renders the daily budget the way it appears in the environment ("50").
func (s Stage) FormatDailyBudget() string {
	return strconv.FormatFloat(s.DailyBudgetUSD, 'f', -1, 64)
}

// Validate reports every way the row breaks the rules: the duration within the plan's cap and
// Lambda's maximum, a known model, values in range, origins and a parameter name AWS accepts.
func (s Stage) Validate() error {
	p := problems{stage: s.Name}
	for _, check := range []func(*problems){
		s.checkName, s.checkDuration, s.checkModel, s.checkSizes, s.checkAPIKey,
		s.checkTokenFacts, s.checkWAF, s.checkDomain, s.checkOrigins, s.checkBudget,
	} {
		check(&p)
	}
	return errors.Join(p.errs...)
}

// problems collects the ways a row breaks the rules, each naming the stage.
type problems struct {
	stage string
	errs  []error
}

func (p *problems) add(format string, args ...any) {
	p.errs = append(p.errs, fmt.Errorf("stage %q: "+format, append([]any{p.stage}, args...)...))
}

// checkName: the name is also a mapping key and part of resource names.
func (s Stage) checkName(p *problems) {
	if s.Name == "" || strings.TrimFunc(s.Name, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' }) != "" {
		p.add("name must be lower-case letters and digits")
	}
}

// checkDuration: a known plan, and a whole number of seconds within its cap and Lambda's.
func (s Stage) checkDuration(p *problems) {
	planCap := s.Plan.Cap()
	switch d := s.MaxDuration(); {
	case planCap == 0:
		p.add("unknown plan %q", s.Plan)
	case d <= 0 || d%time.Second != 0:
		p.add("max duration %v must be a positive whole number of seconds", d)
	case d > planCap:
		p.add("max duration %v exceeds the %s plan's cap of %v", d, s.Plan, planCap)
	case d > LambdaMaxTimeout:
		p.add("max duration %v exceeds Lambda's maximum timeout of %v", d, LambdaMaxTimeout)
	}
}

// checkModel: MODEL and THINKING take values the function knows.
func (s Stage) checkModel(p *problems) {
	if models := settings.ModelNames(); !slices.Contains(models, s.Model) {
		p.add("model %q is not one of %s", s.Model, strings.Join(models, ", "))
	}
	if levels := settings.ThinkingNames(); !slices.Contains(levels, s.Thinking) {
		p.add("thinking %q is not one of %s", s.Thinking, strings.Join(levels, ", "))
	}
}

// checkSizes: the numbers are in the ranges the model and AWS accept.
func (s Stage) checkSizes(p *problems) {
	if s.Temperature < 0 || s.Temperature > 1 {
		p.add("temperature %v is outside 0.0-1.0", s.Temperature)
	}
	if s.MaxTokens <= 0 {
		p.add("max tokens must be positive, got %d", s.MaxTokens)
	}
	if s.MemoryMB < 128 || s.MemoryMB > 10240 {
		p.add("memory %d MB is outside Lambda's 128-10240 MB", s.MemoryMB)
	}
	if s.ReservedConcurrency < 1 {
		p.add("reserved concurrency must be at least 1, got %d", s.ReservedConcurrency)
	}
	if !slices.Contains(LogRetentionDays(), s.LogRetentionDays) {
		p.add("log retention of %d days is not a value CloudWatch Logs accepts", s.LogRetentionDays)
	}
}

// checkAPIKey: the key's parameter is a full SSM path, and its cache lasts whole seconds.
func (s Stage) checkAPIKey(p *problems) {
	if !strings.HasPrefix(s.APIKeyParameter, "/") || strings.ContainsAny(s.APIKeyParameter, " *") {
		p.add("API key parameter %q must be a full path such as /chat/<stage>/ai-api-key", s.APIKeyParameter)
	}
	if s.APIKeyTTL < time.Second || s.APIKeyTTL%time.Second != 0 {
		p.add("API key TTL %v must be a whole number of seconds, at least one", s.APIKeyTTL)
	}
}

// checkTokenFacts: the facts' budget is a small share of the time before the first word,
// and one TOKEN_FACTS_BUDGET accepts.
func (s Stage) checkTokenFacts(p *problems) {
	if s.TokenFactsBudget <= 0 || s.TokenFactsBudget > s.MaxDuration()/5 || s.TokenFactsBudget > settings.MaxTokenFactsBudget {
		p.add("token facts budget %v must be above 0 and at most a fifth of the max duration (%v)", s.TokenFactsBudget, s.MaxDuration()/5)
	}
}

// checkWAF: a stage behind WAF has a rate limit WAF accepts.
func (s Stage) checkWAF(p *problems) {
	if !s.WAF {
		return
	}
	if s.RateLimit < 10 || s.RateLimit > 2_000_000_000 {
		p.add("rate limit %d is outside WAF's 10 to 2,000,000,000", s.RateLimit)
	}
	if !slices.Contains(RateWindows(), s.RateWindow) {
		p.add("rate window %v is not one WAF accepts (1, 2, 5 or 10 minutes)", s.RateWindow)
	}
}

// checkBudget: every stage caps its day's spend, at a value DAILY_BUDGET_USD accepts.
func (s Stage) checkBudget(p *problems) {
	if s.DailyBudgetUSD <= 0 || s.DailyBudgetUSD > 1e6 {
		p.add("daily budget $%v must be above 0 and at most $1,000,000", s.DailyBudgetUSD)
	}
}

// checkDomain: a custom domain comes with its certificate, in CloudFront's region.
func (s Stage) checkDomain(p *problems) {
	if (s.Domain == "") != (s.CertificateARN == "") {
		p.add("domain and certificate ARN go together")
	}
	if s.CertificateARN != "" && !strings.HasPrefix(s.CertificateARN, "arn:aws:acm:us-east-1:") {
		p.add("certificate %q must be an ACM certificate in us-east-1 (CloudFront's region)", s.CertificateARN)
	}
}

// checkOrigins: every allowed origin is one a browser sends.
func (s Stage) checkOrigins(p *problems) {
	for _, o := range s.AllowedOrigins {
		if err := checkOrigin(o); err != nil {
			p.add("allowed origin %q: %v", o, err)
		}
	}
}

// checkOrigin accepts what a browser sends as Origin: scheme and host, optionally a port, nothing
// else. A wildcard would defeat the point of listing origins.
func checkOrigin(o string) error {
	u, err := url.Parse(o)
	switch {
	case err != nil:
		return err
	case u.Scheme != "https" && u.Scheme != "http":
		return errors.New("scheme must be http or https")
	case u.Host == "" || strings.Contains(u.Host, "*"):
		return errors.New("host must be a literal host name")
	case u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil:
		return errors.New("must be scheme://host[:port] with no path or trailing slash")
	}
	return nil
}
