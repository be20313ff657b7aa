package stack_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"github.com/chatsvc/chat/infra/cfn"
	"github.com/chatsvc/chat/infra/stack"
	"github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/deploy/stage"
)

// TestMain stops the jsii node process (and so removes its temporary files) once all tests
// are done.
func TestMain(m *testing.M) {
	code := m.Run()
	closeJSII()
	os.Exit(code)
}

// synthesized is one stage's stack, synthesized once and shared by all assertions on it.
type synthesized struct {
	stage    stage.Stage
	withWeb  bool
	tmpl     assertions.Template
	json     map[string]any
	outdir   string
	template string // path of the template file cfn-lint reads
	warnings []string
}

// lintIgnored are cfn-lint rules CDK's own output trips. W3005: CDK adds an explicit DependsOn
// on the role's default policy next to the implicit GetAtt dependency, on purpose (the policy
// must exist before the function runs).
// W3045: the access-log bucket keeps the legacy AccessControl (LogDeliveryWrite) that CDK sets,
// because CloudFront's standard logs are delivered with ACLs.
var lintIgnored = []string{"W3005", "W3045"}

func TestStacks(t *testing.T) {
	assetDir := fakeAsset(t)
	webDir := fakeWeb(t)
	// The outputs live as long as this test: the cfn-lint subtest reads all of them at the end.
	outRoot := t.TempDir()
	checks := map[string]func(*testing.T, synthesized){
		"function":               checkFunction,
		"environment":            checkEnvironment,
		"timeout within caps":    checkTimeout,
		"logs":                   checkLogs,
		"function url":           checkFunctionURL,
		"role, tracing, alias":   checkRole,
		"waf":                    checkWAF,
		"alarms":                 checkAlarms,
		"ssm read grant only":    checkGrants,
		"site bucket is private": checkBucket,
		"distribution":           checkDistribution,
		"config.json":            checkConfig,
		"web assets":             checkWebAssets,
		"outputs":                checkOutputs,
		"state table":            checkStateTable,
		"daily spend":            checkDailySpend,
	}
	var templates []string
	for i, st := range stage.Stages() {
		t.Run(st.Name, func(t *testing.T) {
			// The first stage goes without a built page: only config.json is deployed then.
			s := synth(t, st, filepath.Join(outRoot, st.Name), assetDir, webDir, i > 0)
			templates = append(templates, s.template)
			for name, check := range checks {
				t.Run(name, func(t *testing.T) { check(t, s) })
			}
		})
	}
	t.Run("cdk-nag", func(t *testing.T) { checkNag(t, templates) })
	t.Run("cfn-lint", func(t *testing.T) {
		err := cfn.Lint(context.Background(), lintIgnored, templates...)
		cfn.RequireLinter(t, err)
		if err != nil {
			t.Fatal(err)
		}
	})
}

func TestNewRejects(t *testing.T) {
	dev, err := stage.Lookup("dev")
	if err != nil {
		t.Fatal(err)
	}
	broken := dev
	broken.Plan = "free"
	tests := map[string]struct {
		props stack.Props
		want  string
	}{
		"function not built": {
			props: stack.Props{Stage: dev, FunctionAssetDir: t.TempDir()},
			want:  "make build",
		},
		"invalid stage row": {
			props: stack.Props{Stage: broken, FunctionAssetDir: fakeAsset(t)},
			want:  "unknown plan",
		},
		"web dir is a file": {
			props: stack.Props{Stage: dev, FunctionAssetDir: fakeAsset(t), WebDir: filepath.Join(fakeAsset(t), "bootstrap")},
			want:  "not a directory",
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			app := awscdk.NewApp(&awscdk.AppProps{Outdir: jsii.String(t.TempDir())})
			_, err := stack.New(app, "chat-test", tt.props)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("New() = %v, want an error mentioning %q", err, tt.want)
			}
		})
	}
}

// synth builds the stage's stack in its own app, as `cdk synth -c stage=<name>` would.
func synth(t *testing.T, st stage.Stage, outdir, assetDir, webDir string, withWeb bool) synthesized {
	t.Helper()
	app := awscdk.NewApp(&awscdk.AppProps{Outdir: jsii.String(outdir)})
	props := stack.Props{Stage: st, FunctionAssetDir: assetDir, WebDir: filepath.Join(t.TempDir(), "no-such-dist")}
	if withWeb {
		props.WebDir = webDir
	}
	stk, err := stack.New(app, "chat-"+st.Name, props)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := assertions.Template_FromStack(stk, nil)
	s := synthesized{stage: st, withWeb: withWeb, tmpl: tmpl, json: *tmpl.ToJSON(), outdir: outdir}
	s.template = filepath.Join(outdir, *stk.TemplateFile())
	if _, err := os.Stat(s.template); err != nil {
		t.Fatalf("synthesized template: %v", err)
	}
	for _, msg := range *assertions.Annotations_FromStack(stk).FindWarning(jsii.String("*"), assertions.Match_AnyValue()) {
		s.warnings = append(s.warnings, fmt.Sprint(msg.Entry.Data))
	}
	return s
}

// fakeAsset is a stand-in for .build/chat: a directory with a file called bootstrap.
func fakeAsset(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bootstrap"), []byte("not a real binary"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// fakeWeb is a stand-in for web/dist.
func fakeWeb(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>chat</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A source map (the page's build writes one only when asked for it) must not ship either.
	if err := os.WriteFile(filepath.Join(dir, "main-TEST.js"), []byte("//"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main-TEST.js.map"), []byte(`{"version":3}`), 0o644); err != nil {
		t.Fatal(err)
	}
	// The page build writes a default config.json; the deployment must not ship it.
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"apiUrl":"","cooldownSeconds":50}`), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// has runs a CDK assertion and turns its panic (jsii's way of failing) into a test error.
func has(t *testing.T, s synthesized, typ string, props map[string]any) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s: %v", typ, r)
		}
	}()
	s.tmpl.HasResourceProperties(jsii.String(typ), props)
}

// resources returns the template's resources of one type, by logical ID.
func resources(s synthesized, typ string) map[string]map[string]any {
	out := map[string]map[string]any{}
	for id, r := range s.json["Resources"].(map[string]any) {
		if r := r.(map[string]any); r["Type"] == typ {
			out[id] = r
		}
	}
	return out
}

// one returns the single resource of a type matching keep, failing otherwise.
func one(t *testing.T, s synthesized, typ string, keep func(props map[string]any) bool) (string, map[string]any) {
	t.Helper()
	var ids []string
	var found map[string]any
	for id, r := range resources(s, typ) {
		props, _ := r["Properties"].(map[string]any)
		if keep(props) {
			ids = append(ids, id)
			found = props
		}
	}
	if len(ids) != 1 {
		t.Fatalf("want one matching %s, found %v", typ, ids)
	}
	return ids[0], found
}

// chatFunction returns the chat function (the stack also holds CDK's deployment handler).
func chatFunction(t *testing.T, s synthesized) (string, map[string]any) {
	t.Helper()
	return one(t, s, "AWS::Lambda::Function", func(p map[string]any) bool { return p["Handler"] == "bootstrap" })
}

func checkFunction(t *testing.T, s synthesized) {
	has(t, s, "AWS::Lambda::Function", map[string]any{
		"Runtime":                      "provided.al2023",
		"Architectures":                []any{"arm64"},
		"Handler":                      "bootstrap",
		"MemorySize":                   s.stage.MemoryMB,
		"ReservedConcurrentExecutions": s.stage.ReservedConcurrency,
	})
	_, fn := chatFunction(t, s)
	if got := fn["ReservedConcurrentExecutions"]; got != float64(s.stage.ReservedConcurrency) {
		t.Errorf("ReservedConcurrentExecutions = %v, want %d", got, s.stage.ReservedConcurrency)
	}
}

func checkEnvironment(t *testing.T, s synthesized) {
	want := map[string]any{}
	for k, v := range s.stage.Environment() {
		want[k] = v
	}
	tableID, _ := one(t, s, "AWS::DynamoDB::Table", func(map[string]any) bool { return true })
	want[settings.StateTableVar] = map[string]any{"Ref": tableID}
	// Exactly these variables: in particular never the key itself.
	has(t, s, "AWS::Lambda::Function", map[string]any{
		"Handler":     "bootstrap",
		"Environment": map[string]any{"Variables": assertions.Match_ObjectEquals(&want)},
	})
	_, fn := chatFunction(t, s)
	vars := fn["Environment"].(map[string]any)["Variables"].(map[string]any)
	for name, want := range map[string]string{
		settings.MaxDurationVar:     fmt.Sprint(s.stage.MaxDurationSeconds()),
		settings.APIKeyParameterVar: "/chat/" + s.stage.Name + "/ai-api-key",
		settings.ModelVar:           s.stage.Model,
	} {
		if vars[name] != want {
			t.Errorf("%s = %v, want %q", name, vars[name], want)
		}
	}
	if _, ok := vars["AIPROVIDER_GENERATIVE_AI_API_KEY"]; ok {
		t.Error("the function environment carries the API key")
	}
}

func checkTimeout(t *testing.T, s synthesized) {
	_, fn := chatFunction(t, s)
	planCap := s.stage.Plan.Cap().Seconds()
	want := min(50, planCap)
	got, _ := fn["Timeout"].(float64)
	if got != want {
		t.Errorf("Timeout = %v, want min(50, %s cap %v) = %v", fn["Timeout"], s.stage.Plan, planCap, want)
	}
	if got > planCap || got > 900 {
		t.Errorf("Timeout %v exceeds the %s cap (%v s) or Lambda's 900 s", got, s.stage.Plan, planCap)
	}
}

func checkLogs(t *testing.T, s synthesized) {
	logID, _ := one(t, s, "AWS::Logs::LogGroup", func(p map[string]any) bool {
		return p["RetentionInDays"] == float64(s.stage.LogRetentionDays)
	})
	has(t, s, "AWS::Lambda::Function", map[string]any{
		"Handler":       "bootstrap",
		"LoggingConfig": map[string]any{"LogFormat": "JSON", "LogGroup": map[string]any{"Ref": logID}},
	})
}

func checkFunctionURL(t *testing.T, s synthesized) {
	fnID, _ := chatFunction(t, s)
	_, url := one(t, s, "AWS::Lambda::Url", func(map[string]any) bool { return true })
	want := map[string]any{
		"AuthType":          "AWS_IAM",
		"InvokeMode":        "RESPONSE_STREAM",
		"Qualifier":         stack.AliasName,
		"TargetFunctionArn": map[string]any{"Fn::GetAtt": []any{fnID, "Arn"}},
	}
	if !reflect.DeepEqual(url, want) {
		t.Errorf("Function URL = %s\nwant %s", js(url), js(want))
	}
	// Only the distribution may invoke it, with both rights OAC for Lambda needs, once each;
	// lambda:InvokeFunction only through the URL.
	distID, _ := one(t, s, "AWS::CloudFront::Distribution", func(map[string]any) bool { return true })
	actions := map[string]int{}
	for id, r := range resources(s, "AWS::Lambda::Permission") {
		p := r["Properties"].(map[string]any)
		if p["Principal"] != "cloudfront.amazonaws.com" || !strings.Contains(js(p["SourceArn"]), `{"Ref":"`+distID+`"}`) {
			if strings.Contains(js(p), "ChatFunction") || strings.Contains(js(p), "LiveAlias") {
				t.Errorf("permission %s lets someone else invoke the function: %s", id, js(p))
			}
			continue
		}
		action := p["Action"].(string)
		actions[action]++
		if action == "lambda:InvokeFunction" && p["InvokedViaFunctionUrl"] != true {
			t.Errorf("permission %s: lambda:InvokeFunction not limited to the function URL: %s", id, js(p))
		}
	}
	if actions["lambda:InvokeFunctionUrl"] != 1 || actions["lambda:InvokeFunction"] != 1 {
		t.Errorf("distribution may %v, want lambda:InvokeFunctionUrl and lambda:InvokeFunction once each", actions)
	}
}

func checkRole(t *testing.T, s synthesized) {
	_, fn := chatFunction(t, s)
	if got := js(fn["TracingConfig"]); got != `{"Mode":"Active"}` {
		t.Errorf("TracingConfig = %s", got)
	}
	for id, r := range resources(s, "AWS::IAM::Role") {
		if strings.HasPrefix(id, "FunctionRole") {
			if mp := r["Properties"].(map[string]any)["ManagedPolicyArns"]; mp != nil {
				t.Errorf("the function role has managed policies %s", js(mp))
			}
		}
	}
	logID, _ := one(t, s, "AWS::Logs::LogGroup", func(p map[string]any) bool {
		return p["RetentionInDays"] == float64(s.stage.LogRetentionDays)
	})
	has(t, s, "AWS::IAM::Policy", map[string]any{
		"PolicyDocument": map[string]any{"Statement": assertions.Match_ArrayWith(&[]any{map[string]any{
			"Action":   []any{"logs:CreateLogStream", "logs:PutLogEvents"},
			"Effect":   "Allow",
			"Resource": map[string]any{"Fn::GetAtt": []any{logID, "Arn"}},
		}})},
	})
	has(t, s, "AWS::Lambda::Alias", map[string]any{"Name": stack.AliasName})
	if len(resources(s, "AWS::Lambda::Version")) != 1 {
		t.Error("no published version behind the alias")
	}
}

func checkWAF(t *testing.T, s synthesized) {
	acls := resources(s, "AWS::WAFv2::WebACL")
	_, dist := one(t, s, "AWS::CloudFront::Distribution", func(map[string]any) bool { return true })
	aclRef := dist["DistributionConfig"].(map[string]any)["WebACLId"]
	if !s.stage.WAF {
		if len(acls) != 0 || aclRef != nil {
			t.Errorf("stage %s has no WAF in the table, but %d web ACLs, WebACLId %v", s.stage.Name, len(acls), aclRef)
		}
		return
	}
	aclID, acl := one(t, s, "AWS::WAFv2::WebACL", func(map[string]any) bool { return true })
	if js(aclRef) != `{"Fn::GetAtt":["`+aclID+`","Arn"]}` || acl["Scope"] != "CLOUDFRONT" {
		t.Errorf("WebACLId %s, scope %v", js(aclRef), acl["Scope"])
	}
	window := int(s.stage.RateWindow.Seconds())
	var rate map[string]any
	var managed []string
	blocks := map[string]map[string]any{} // body key -> the rule that blocks with it
	for _, r := range acl["Rules"].([]any) {
		rule := r.(map[string]any)
		st := rule["Statement"].(map[string]any)
		if rb, ok := st["RateBasedStatement"].(map[string]any); ok {
			rate = rule
			if rb["AggregateKeyType"] != "IP" || rb["Limit"] != float64(s.stage.RateLimit) || rb["EvaluationWindowSec"] != float64(window) ||
				!strings.Contains(js(rb["ScopeDownStatement"]), `"SearchString":"/api/"`) ||
				!strings.Contains(js(rb["ScopeDownStatement"]), `"SearchString":"/v1/"`) {
				t.Errorf("rate rule = %s", js(rb))
			}
		}
		if mg, ok := st["ManagedRuleGroupStatement"].(map[string]any); ok {
			managed = append(managed, mg["Name"].(string))
		}
		act, _ := rule["Action"].(map[string]any)
		if b, ok := act["Block"].(map[string]any); ok {
			if cr, ok := b["CustomResponse"].(map[string]any); ok {
				blocks[cr["CustomResponseBodyKey"].(string)] = rule
			}
		}
	}
	if rate == nil {
		t.Fatal("no rate-based rule")
	}
	// The rate rule counts and labels; the rules after it block the labelled requests, /v1/
	// ones in OpenAI's error body, the rest in the spec's.
	if js(rate["Action"]) != `{"Count":{}}` || js(rate["RuleLabels"]) != `[{"Name":"`+stack.RateLimitedLabel+`"}]` {
		t.Errorf("rate rule action %s, labels %s", js(rate["Action"]), js(rate["RuleLabels"]))
	}
	label := `{"LabelMatchStatement":{"Key":"` + stack.RateLimitedLabel + `","Scope":"LABEL"}}`
	for key, match := range map[string]string{
		"rateLimitedOpenAI": `{"AndStatement":{"Statements":[` + label + `,{"ByteMatchStatement":{"FieldToMatch":{"UriPath":{}},"PositionalConstraint":"STARTS_WITH","SearchString":"/v1/",`,
		"rateLimited":       label,
	} {
		rule := blocks[key]
		if rule == nil {
			t.Errorf("no rule blocks with the body %s", key)
			continue
		}
		want := map[string]any{"Block": map[string]any{"CustomResponse": map[string]any{
			"ResponseCode": float64(429), "CustomResponseBodyKey": key,
			"ResponseHeaders": []any{map[string]any{"Name": "Retry-After", "Value": strconv.Itoa(window)}},
		}}}
		if !reflect.DeepEqual(rule["Action"], want) {
			t.Errorf("%s action = %s\nwant %s", key, js(rule["Action"]), js(want))
		}
		if got := js(rule["Statement"]); !strings.HasPrefix(got, match) || (key == "rateLimited" && got != label) {
			t.Errorf("%s statement = %s", key, got)
		}
		if rule["Priority"].(float64) <= rate["Priority"].(float64) {
			t.Errorf("%s runs before the rate rule", key)
		}
	}
	if blocks["rateLimitedOpenAI"] != nil && blocks["rateLimited"] != nil &&
		blocks["rateLimitedOpenAI"]["Priority"].(float64) >= blocks["rateLimited"]["Priority"].(float64) {
		t.Error("the spec's 429 would answer /v1/ before OpenAI's")
	}
	bodies := acl["CustomResponseBodies"].(map[string]any)
	body := bodies["rateLimited"].(map[string]any)
	var eb struct{ Error, Details string }
	if body["ContentType"] != "APPLICATION_JSON" || json.Unmarshal([]byte(body["Content"].(string)), &eb) != nil ||
		eb.Error != "Rate limit exceeded" || eb.Details == "" {
		t.Errorf("429 body = %s", js(body))
	}
	var ob struct {
		Error struct {
			Message, Type, Code string
			Param               *string
		}
	}
	body = bodies["rateLimitedOpenAI"].(map[string]any)
	if body["ContentType"] != "APPLICATION_JSON" || json.Unmarshal([]byte(body["Content"].(string)), &ob) != nil ||
		ob.Error.Code != "rate_limit_exceeded" || ob.Error.Message == "" || !strings.Contains(body["Content"].(string), `"param":null`) {
		t.Errorf("OpenAI 429 body = %s", js(body))
	}
	if !slices.Equal(managed, []string{"AWSManagedRulesAmazonIpReputationList", "AWSManagedRulesKnownBadInputsRuleSet"}) {
		t.Errorf("managed rule groups = %v", managed)
	}
}

func checkAlarms(t *testing.T, s synthesized) {
	topicID, _ := one(t, s, "AWS::SNS::Topic", func(map[string]any) bool { return true })
	metrics := map[string]bool{}
	for id, r := range resources(s, "AWS::CloudWatch::Alarm") {
		p := r["Properties"].(map[string]any)
		if js(p["AlarmActions"]) != `[{"Ref":"`+topicID+`"}]` {
			t.Errorf("alarm %s does not notify the topic: %s", id, js(p["AlarmActions"]))
		}
		metrics[p["MetricName"].(string)] = true
	}
	want := []string{"Errors", "Throttles", "Duration", "ConcurrentExecutions", "ServerErrors", "5xxErrorRate"}
	if s.stage.WAF {
		want = append(want, "BlockedRequests")
	}
	for _, m := range want {
		if !metrics[m] {
			t.Errorf("no alarm on %s (alarms on %v)", m, metrics)
		}
	}
	filters := map[string]bool{}
	for _, r := range resources(s, "AWS::Logs::MetricFilter") {
		p := r["Properties"].(map[string]any)
		for _, mt := range p["MetricTransformations"].([]any) {
			filters[mt.(map[string]any)["MetricName"].(string)] = true
		}
	}
	for _, m := range []string{"Requests", "ServerErrors", "TimeToFirstByte", "Tokens", "SearchQueries", "PagesRead", "CostUSD"} {
		if !filters[m] {
			t.Errorf("no metric filter for %s", m)
		}
	}
	// The answer's estimated cost (cost_usd on the request log line) is summed from the log.
	has(t, s, "AWS::Logs::MetricFilter", map[string]any{
		"FilterPattern": `{ $.msg = "chat request" && $.cost_usd > 0 }`,
		"MetricTransformations": []any{assertions.Match_ObjectLike(&map[string]any{
			"MetricName":  "CostUSD",
			"MetricValue": "$.cost_usd",
			"Unit":        "None",
		})},
	})
	dashboards := resources(s, "AWS::CloudWatch::Dashboard")
	if len(dashboards) != 1 {
		t.Error("no dashboard")
	}
	for _, d := range dashboards {
		body := js(d["Properties"].(map[string]any)["DashboardBody"])
		for _, want := range []string{`\"CostUSD\"`, "Estimated model cost, USD per hour", `\"period\":3600`} {
			if !strings.Contains(body, want) {
				t.Errorf("the dashboard body does not mention %s: %s", want, body)
			}
		}
	}
}

func checkGrants(t *testing.T, s synthesized) {
	has(t, s, "AWS::IAM::Policy", map[string]any{
		"PolicyDocument": map[string]any{"Statement": assertions.Match_ArrayWith(&[]any{map[string]any{
			"Action":   "ssm:GetParameter",
			"Effect":   "Allow",
			"Resource": assertions.Match_AnyValue(),
		}})},
	})
	if n := len(resources(s, "AWS::SSM::Parameter")); n != 0 {
		t.Errorf("the stack creates %d SSM parameters; the operator creates the one it reads", n)
	}
	// Every SSM or KMS right anywhere in the template: exactly one GetParameter on the
	// stage's parameter.
	var found []string
	for _, typ := range []string{"AWS::IAM::Policy", "AWS::IAM::Role", "AWS::IAM::ManagedPolicy"} {
		for id, r := range resources(s, typ) {
			for _, stmt := range statements(r["Properties"].(map[string]any)) {
				for _, a := range strs(stmt["Action"]) {
					if l := strings.ToLower(a); strings.HasPrefix(l, "ssm:") || strings.HasPrefix(l, "kms:") || a == "*" {
						found = append(found, id+" "+a+" on "+js(stmt["Resource"]))
					}
				}
			}
		}
	}
	suffix := ":parameter" + s.stage.APIKeyParameter
	if len(found) != 1 || !strings.Contains(found[0], " ssm:GetParameter on ") || !strings.Contains(found[0], suffix+`"`) {
		t.Errorf("SSM/KMS rights = %q, want exactly ssm:GetParameter on ...%s", found, suffix)
	}
}

func checkBucket(t *testing.T, s synthesized) {
	bucketID, bucket := one(t, s, "AWS::S3::Bucket", func(p map[string]any) bool { return p["LoggingConfiguration"] != nil })
	wantBlock := map[string]any{"BlockPublicAcls": true, "BlockPublicPolicy": true, "IgnorePublicAcls": true, "RestrictPublicBuckets": true}
	if got := bucket["PublicAccessBlockConfiguration"]; !reflect.DeepEqual(got, wantBlock) {
		t.Errorf("PublicAccessBlockConfiguration = %s, want all four on", js(got))
	}
	if _, ok := bucket["WebsiteConfiguration"]; ok {
		t.Error("the bucket is a public website endpoint")
	}
	_, policy := one(t, s, "AWS::S3::BucketPolicy", func(p map[string]any) bool {
		return reflect.DeepEqual(p["Bucket"], map[string]any{"Ref": bucketID})
	})
	var denyInsecure, cloudFrontRead bool
	for _, stmt := range statements(policy) {
		principal := js(stmt["Principal"])
		switch {
		case stmt["Effect"] == "Deny" && strings.Contains(js(stmt["Condition"]), `"aws:SecureTransport":"false"`):
			denyInsecure = true
		case stmt["Effect"] == "Allow" && principal == `{"Service":"cloudfront.amazonaws.com"}`:
			if !strings.Contains(js(stmt["Condition"]), "AWS:SourceArn") {
				t.Errorf("CloudFront read is not limited to our distribution: %s", js(stmt))
			}
			cloudFrontRead = true
		case stmt["Effect"] == "Allow":
			t.Errorf("bucket policy allows %s: %s", principal, js(stmt))
		}
	}
	if !denyInsecure || !cloudFrontRead {
		t.Errorf("bucket policy: deny non-TLS %v, CloudFront (OAC) read %v; want both", denyInsecure, cloudFrontRead)
	}
}

func checkDistribution(t *testing.T, s synthesized) {
	_, dist := one(t, s, "AWS::CloudFront::Distribution", func(map[string]any) bool { return true })
	cfg := dist["DistributionConfig"].(map[string]any)
	if cfg["DefaultRootObject"] != "index.html" || cfg["DefaultCacheBehavior"].(map[string]any)["ViewerProtocolPolicy"] != "redirect-to-https" {
		t.Errorf("default behaviour = %s", js(cfg["DefaultCacheBehavior"]))
	}
	if cfg["DefaultCacheBehavior"].(map[string]any)["ResponseHeadersPolicyId"] == nil {
		t.Error("the page has no security-headers policy")
	}
	if cfg["Logging"] == nil {
		t.Error("no access logs")
	}
	behaviours := cfg["CacheBehaviors"].([]any)
	if len(behaviours) != 2 {
		t.Fatalf("cache behaviours = %s, want /api/* and /v1/*", js(behaviours))
	}
	var patterns []string
	for _, b := range behaviours {
		patterns = append(patterns, b.(map[string]any)["PathPattern"].(string))
		if b.(map[string]any)["TargetOriginId"] != behaviours[0].(map[string]any)["TargetOriginId"] {
			t.Errorf("behaviour %s goes to another origin than %s", js(b), js(behaviours[0]))
		}
	}
	slices.Sort(patterns)
	if !slices.Equal(patterns, []string{"/api/*", "/v1/*"}) {
		t.Errorf("API path patterns = %v", patterns)
	}
	for _, b := range behaviours[1:] {
		if js(b.(map[string]any)["AllowedMethods"]) != js(behaviours[0].(map[string]any)["AllowedMethods"]) ||
			b.(map[string]any)["CachePolicyId"] != behaviours[0].(map[string]any)["CachePolicyId"] {
			t.Errorf("the API behaviours differ: %s", js(behaviours))
		}
	}
	api := behaviours[0].(map[string]any)
	for k, v := range map[string]any{
		"ViewerProtocolPolicy": "https-only", "Compress": false,
		// AWS's managed policies: CachingDisabled, AllViewerExceptHostHeader.
		"CachePolicyId": "4135ea2d-6df8-44a3-9df3-4b5a84be39ad", "OriginRequestPolicyId": "b689b0a8-53d0-40ab-baf2-68738e2966ac",
	} {
		if api[k] != v {
			t.Errorf("API behaviour %s = %v, want %v", k, api[k], v)
		}
	}
	if !slices.Contains(strs(api["AllowedMethods"]), "POST") {
		t.Errorf("API behaviour methods = %v", api["AllowedMethods"])
	}
	oacs := map[string]string{}
	for id, r := range resources(s, "AWS::CloudFront::OriginAccessControl") {
		c := r["Properties"].(map[string]any)["OriginAccessControlConfig"].(map[string]any)
		if c["SigningBehavior"] != "always" || c["SigningProtocol"] != "sigv4" {
			t.Errorf("OAC %s = %s", id, js(c))
		}
		oacs[c["OriginAccessControlOriginType"].(string)] = id
	}
	for _, o := range cfg["Origins"].([]any) {
		origin := o.(map[string]any)
		switch {
		case origin["Id"] == api["TargetOriginId"]:
			if js(origin["OriginAccessControlId"]) != `{"Fn::GetAtt":["`+oacs["lambda"]+`","Id"]}` {
				t.Errorf("API origin OAC = %s, want the lambda one", js(origin["OriginAccessControlId"]))
			}
			timeout := origin["CustomOriginConfig"].(map[string]any)["OriginReadTimeout"].(float64)
			if timeout < float64(s.stage.MaxDurationSeconds()) || timeout > 60 {
				t.Errorf("origin read timeout %v s, want at least the %d s maximum duration, at most 60", timeout, s.stage.MaxDurationSeconds())
			}
			if !strings.Contains(js(origin["DomainName"]), "FunctionUrl") {
				t.Errorf("API origin = %s", js(origin["DomainName"]))
			}
		case origin["S3OriginConfig"] != nil:
			if js(origin["OriginAccessControlId"]) != `{"Fn::GetAtt":["`+oacs["s3"]+`","Id"]}` {
				t.Errorf("page origin OAC = %s", js(origin["OriginAccessControlId"]))
			}
		default:
			t.Errorf("unexpected origin %s", js(origin))
		}
	}
	_, headers := one(t, s, "AWS::CloudFront::ResponseHeadersPolicy", func(map[string]any) bool { return true })
	sec := js(headers["ResponseHeadersPolicyConfig"].(map[string]any)["SecurityHeadersConfig"])
	for _, want := range []string{"StrictTransportSecurity", "ContentTypeOptions", `"FrameOption":"DENY"`, "ReferrerPolicy", "default-src 'self'"} {
		if !strings.Contains(sec, want) {
			t.Errorf("security headers lack %s: %s", want, sec)
		}
	}
}

// checkConfig opens the config.json the deployment uploads and checks its fields: the URL is a
// deploy-time marker that the deployment replaces with https:// plus the Function URL's host.
func checkConfig(t *testing.T, s synthesized) {
	_, deploy := one(t, s, "Custom::CDKBucketDeployment", func(map[string]any) bool { return true })
	// aws-cdk-go leaves SourceMarkers out when no source has any (since v2.276 or earlier).
	markers := map[string]any{}
	sourceMarkers, _ := deploy["SourceMarkers"].([]any)
	for _, m := range sourceMarkers {
		maps.Copy(markers, m.(map[string]any))
	}
	var config map[string]any
	holders := 0
	for _, key := range strs(deploy["SourceObjectKeys"]) {
		if b, ok := readAsset(t, filepath.Join(s.outdir, "asset."+key), stack.ConfigObjectKey); ok {
			holders++
			// A marker stands for a whole JSON value (the quotes come with the value); quote
			// it here to read the file.
			for m := range markers {
				b = bytes.ReplaceAll(b, []byte(m), []byte(strconv.Quote(m)))
			}
			if err := json.Unmarshal(b, &config); err != nil {
				t.Fatalf("config.json: %v: %s", err, b)
			}
		}
	}
	if holders != 1 {
		t.Fatalf("%d sources of the deployment hold %s, want exactly the generated one", holders, stack.ConfigObjectKey)
	}
	if got := config["cooldownSeconds"]; got != float64(s.stage.MaxDurationSeconds()) {
		t.Errorf("cooldownSeconds = %v, want %d", got, s.stage.MaxDurationSeconds())
	}
	if got, ok := config["apiUrl"].(string); !ok || got != "" {
		t.Errorf("apiUrl = %v, want \"\" (the page's own origin)", config["apiUrl"])
	}
	if len(config) != 2 {
		t.Errorf("config.json = %v, want exactly apiUrl and cooldownSeconds", config)
	}
}

func checkWebAssets(t *testing.T, s synthesized) {
	_, deploy := one(t, s, "Custom::CDKBucketDeployment", func(map[string]any) bool { return true })
	keys := strs(deploy["SourceObjectKeys"])
	warned := slices.ContainsFunc(s.warnings, func(w string) bool { return strings.Contains(w, "only config.json") })
	switch {
	case s.withWeb && (len(keys) != 2 || warned):
		t.Errorf("with a built page: %d sources (want 2), warning %v (want none)", len(keys), warned)
	case !s.withWeb && (len(keys) != 1 || !warned):
		t.Errorf("without a built page: %d sources (want 1, config.json), warning %v (want one); warnings %q", len(keys), warned, s.warnings)
	}
	if deploy["DistributionPaths"] == nil {
		t.Error("the deployment does not invalidate the distribution: a stale config.json would linger")
	}
	if !s.withWeb {
		return
	}
	// The page's files are deployed, its source maps are not.
	var js, sourceMaps int
	for _, key := range keys {
		asset := filepath.Join(s.outdir, "asset."+key)
		if _, ok := readAsset(t, asset, "main-TEST.js"); ok {
			js++
		}
		if _, ok := readAsset(t, asset, "main-TEST.js.map"); ok {
			sourceMaps++
		}
	}
	if js != 1 || sourceMaps != 0 {
		t.Errorf("deployed sources hold main-TEST.js %d times (want 1) and main-TEST.js.map %d times (want 0)", js, sourceMaps)
	}
}

func checkOutputs(t *testing.T, s synthesized) {
	outputs, _ := s.json["Outputs"].(map[string]any)
	for _, name := range []string{stack.OutputFunctionURL, stack.OutputSiteURL, stack.OutputAPIURL, stack.OutputAlarmTopic, stack.OutputDashboard, stack.OutputStateTable} {
		if _, ok := outputs[name]; !ok {
			t.Errorf("output %s missing; outputs: %v", name, slices.Sorted(func(yield func(string) bool) {
				for k := range outputs {
					if !yield(k) {
						return
					}
				}
			}))
		}
	}
}

// statements returns the statements of a policy resource's document(s).
func statements(props map[string]any) []map[string]any {
	var docs []any
	if d, ok := props["PolicyDocument"]; ok {
		docs = append(docs, d)
	}
	if ps, ok := props["Policies"].([]any); ok {
		for _, p := range ps {
			docs = append(docs, p.(map[string]any)["PolicyDocument"])
		}
	}
	var out []map[string]any
	for _, d := range docs {
		for _, st := range d.(map[string]any)["Statement"].([]any) {
			out = append(out, st.(map[string]any))
		}
	}
	return out
}

// strs reads a string or a list of strings (IAM actions, S3 keys).
func strs(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, e := range v {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func js(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// readAsset returns one file of a staged asset, if the asset holds it. CDK stages a zip asset
// as the zip itself (asset.<hash>.zip) or as the directory it will zip (asset.<hash>).
func readAsset(t *testing.T, path, name string) ([]byte, bool) {
	t.Helper()
	if b, err := os.ReadFile(filepath.Join(strings.TrimSuffix(path, ".zip"), name)); err == nil {
		return b, true
	}
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil, false
	}
	defer zr.Close()
	f, err := zr.Open(name)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return b, true
}

// nagScript runs cdk-nag's AwsSolutions and Serverless packs over templates (npm packages in
// infra/nag, installed by `make nag-deps`, which `make test` runs).
const nagScript = "../nag/nag.mjs"

type nagFinding struct{ Template, Level, Rule, Resource, Message string }

func runNag(t *testing.T, templates ...string) []nagFinding {
	t.Helper()
	if _, err := os.Stat("../nag/node_modules/cdk-nag"); err != nil {
		t.Fatalf("cdk-nag is not installed: run `make nag-deps` (npm ci in infra/nag): %v", err)
	}
	cmd := exec.Command("node", append([]string{nagScript}, templates...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("cdk-nag: %v\n%s", err, stderr.String())
	}
	var findings []nagFinding
	for _, line := range strings.Split(string(out), "\n") {
		if !strings.HasPrefix(line, "{") {
			continue
		}
		var f nagFinding
		if err := json.Unmarshal([]byte(line), &f); err != nil {
			t.Fatalf("cdk-nag output %q: %v", line, err)
		}
		findings = append(findings, f)
	}
	return findings
}

// checkNag: no unsuppressed cdk-nag error on any stage, every suppression carries a reason,
// and the packs are live (the same template without its suppressions has findings).
func checkNag(t *testing.T, templates []string) {
	for _, f := range runNag(t, templates...) {
		if f.Level == "error" {
			t.Errorf("%s: %s", filepath.Base(f.Template), f.Message)
		} else {
			t.Logf("%s (%s): %.200s", filepath.Base(f.Template), f.Level, f.Message)
		}
	}
	raw, err := os.ReadFile(templates[len(templates)-1])
	if err != nil {
		t.Fatal(err)
	}
	var tmpl map[string]any
	if err := json.Unmarshal(raw, &tmpl); err != nil {
		t.Fatal(err)
	}
	suppressed := 0
	for id, r := range tmpl["Resources"].(map[string]any) {
		md, _ := r.(map[string]any)["Metadata"].(map[string]any)
		nag, _ := md["cdk_nag"].(map[string]any)
		for _, rule := range asList(nag["rules_to_suppress"]) {
			suppressed++
			if reason, _ := rule.(map[string]any)["reason"].(string); len(reason) < 40 {
				t.Errorf("%s suppresses %v without a reason: %q", id, rule.(map[string]any)["id"], reason)
			}
		}
		delete(md, "cdk_nag")
	}
	if suppressed == 0 {
		t.Fatal("no suppression found: the metadata did not reach the template")
	}
	bare := filepath.Join(t.TempDir(), "unsuppressed.template.json")
	b, _ := json.Marshal(tmpl)
	if err := os.WriteFile(bare, b, 0o644); err != nil {
		t.Fatal(err)
	}
	errs := 0
	for _, f := range runNag(t, bare) {
		if f.Level == "error" {
			errs++
		}
	}
	if errs == 0 {
		t.Error("cdk-nag found nothing even without the suppressions: the packs did not run")
	}
}

func asList(v any) []any { l, _ := v.([]any); return l }
