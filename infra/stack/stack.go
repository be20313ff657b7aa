// Package stack defines the CloudFormation stack of one stage: one CloudFront distribution is
// the stage's only front door, serving the static page (S3, origin access control) and the
// API (/api/*, the chat function's IAM-only Function URL through a Lambda origin access
// control), behind an AWS WAF web ACL with a per-client rate limit; alarms to an SNS topic and
// a dashboard fed by metric filters on the function's JSON request log.
//
// Everything stage-specific comes from a [stage.Stage] row; the stack adds nothing of its own
// beyond wiring. Every stack is pinned to us-east-1 ([Region]) and otherwise
// account-agnostic, so synthesis needs no credentials, no network and no context lookups.
package stack

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscertificatemanager"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfront"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfrontorigins"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudwatch"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudwatchactions"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awskms"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3assets"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3deployment"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssns"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssnssubscriptions"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsssm"
	"github.com/aws/aws-cdk-go/awscdk/v2/awswafv2"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/deploy/stage"
)

// Region is where every stage deploys. CloudFront's AWS WAF web ACLs (scope CLOUDFRONT) and
// its ACM certificates must live in us-east-1; with the whole stage there, the web ACL, the
// distribution and the function are one stack, with no cross-region references (which need
// custom resources and a known account at synth time). The key parameter must live there too.
const Region = "us-east-1"

// BuildCommand is the command that produces the function's asset directory.
const BuildCommand = "make build"

// ConfigObjectKey is the object the page fetches to learn its endpoint and cooldown.
const ConfigObjectKey = settings.PageFile

// APIPathPatterns are the distribution's behaviours for the API: every path the service
// serves goes to the function: /api/ (the chat endpoint) and /v1/ (the OpenAI-compatible API).
var APIPathPatterns = []string{"/api/*", settings.OpenAIPrefix + "/*"}

// AliasName is the function alias the URL serves: each deploy publishes a version and moves
// the alias, so a bad release rolls back by pointing it at the previous version.
const AliasName = "live"

// RateLimitRuleName names the WAF rule that counts each client address's API requests and
// labels those over the limit (RateLimitedLabel); the two rules after it block them, each in
// its protocol's error body.
const RateLimitRuleName = "ApiRateLimitPerClient"

// RateLimitedLabel marks a request from a client address over its rate limit.
const RateLimitedLabel = "chat:rate-limited"

// RateLimitedBody is what WAF answers a client over its rate limit on /api/: the spec's
// error body.
func RateLimitedBody(window time.Duration) string {
	return fmt.Sprintf(`{"error":"Rate limit exceeded","details":"too many requests from your address; try again in %d seconds"}`, int(window.Seconds()))
}

// RateLimitedOpenAIBody is what WAF answers a client over its rate limit on /v1/: OpenAI's
// error body, as the rest of the OpenAI-compatible API answers.
func RateLimitedOpenAIBody(window time.Duration) string {
	return fmt.Sprintf(`{"error":{"message":"Rate limit exceeded: too many requests from your address; try again in %d seconds",`+
		`"type":"requests","param":null,"code":"rate_limit_exceeded"}}`, int(window.Seconds()))
}

// PageCSP is the page's Content-Security-Policy: its own origin only (the API is on the same
// origin now), inline styles for the search suggestions' markup, images from https.
const PageCSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
	"connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// MetricNamespace is where the metric filters on the request log publish, per stage.
func MetricNamespace(st stage.Stage) string { return "ChatService/" + st.Name }

// Props configures [New].
type Props struct {
	// StackProps passes through to the stack (name, description, tags). Env is set to
	// [Region] when empty.
	StackProps awscdk.StackProps
	// Stage is the row the stack deploys.
	Stage stage.Stage
	// FunctionAssetDir holds the built `bootstrap` (normally .build/chat from `make build`).
	FunctionAssetDir string
	// WebDir holds the built page (normally web/dist). When it does not exist only config.json
	// is deployed, and the stack carries a warning saying so.
	WebDir string
	// AlarmEmail overrides the stage's alarm address (CDK context alarmEmail).
	AlarmEmail string
}

// Output names of the stack.
const (
	OutputSiteURL     = "SiteUrl"
	OutputAPIURL      = "ApiUrl"
	OutputFunctionURL = "FunctionUrl"
	OutputAlarmTopic  = "AlarmTopic"
	OutputDashboard   = "DashboardName"
	OutputStateTable  = "StateTableName"
)

// New adds the stage's stack to scope. It fails before creating anything when the stage row is
// invalid or the function has not been built.
func New(scope constructs.Construct, id string, props Props) (awscdk.Stack, error) {
	st := props.Stage
	if err := st.Validate(); err != nil {
		return nil, err
	}
	if err := checkAsset(props.FunctionAssetDir); err != nil {
		return nil, err
	}
	retention, err := retentionDays(st.LogRetentionDays)
	if err != nil {
		return nil, err
	}
	webDirExists, err := isDir(props.WebDir)
	if err != nil {
		return nil, err
	}

	sp := props.StackProps
	if sp.Env == nil {
		sp.Env = &awscdk.Environment{Region: jsii.String(Region)}
	}
	stack := awscdk.NewStack(scope, jsii.String(id), &sp)
	awscdk.Tags_Of(stack).Add(jsii.String("stage"), jsii.String(st.Name), nil)

	fn, alias, logs := function(stack, st, props.FunctionAssetDir, retention)
	table := stateTable(stack, st, fn)
	// The URL is IAM-only: the distribution's origin access control signs every request, and
	// only that distribution may invoke it. FunctionUrlOrigin.WithOriginAccessControl grants
	// both rights origin access control for Lambda needs, each conditioned on the
	// distribution's ARN: lambda:InvokeFunctionUrl, and lambda:InvokeFunction limited to calls
	// through the URL (InvokedViaFunctionUrl). aws-cdk-go v2.220 added only the first
	// (aws/aws-cdk#35872), so this stack used to add the second itself; v2.276 adds both.
	fnURL := alias.AddFunctionUrl(&awslambda.FunctionUrlOptions{
		AuthType:   awslambda.FunctionUrlAuthType_AWS_IAM,
		InvokeMode: awslambda.InvokeMode_RESPONSE_STREAM,
	})

	site, accessLogs := buckets(stack)
	acl := webACL(stack, st)
	dist := distribution(stack, st, site, accessLogs, fnURL, acl)

	// config.json: the API is on the page's own origin ("" = same origin), so no CORS.
	sources := []awss3deployment.ISource{
		awss3deployment.Source_JsonData(jsii.String(ConfigObjectKey), pageConfig(st), nil),
	}
	if webDirExists {
		// The build writes a default config.json for plain static serving; the stage's own,
		// generated above, is the only one deployed. Source maps (written only by a debugging
		// build, `node build.mjs --sourcemap`) never ship.
		page := awss3deployment.Source_Asset(jsii.String(props.WebDir), &awss3assets.AssetOptions{
			Exclude: jsii.Strings(ConfigObjectKey, "*.map"),
		})
		sources = append([]awss3deployment.ISource{page}, sources...)
	} else {
		awscdk.Annotations_Of(stack).AddWarningV2(jsii.String("chat:no-web-dist"), jsii.String(fmt.Sprintf(
			"web directory %q not found: only %s is deployed; build the page first", props.WebDir, ConfigObjectKey)), nil)
	}
	awss3deployment.NewBucketDeployment(stack, jsii.String("SiteDeployment"), &awss3deployment.BucketDeploymentProps{
		DestinationBucket: site,
		Sources:           &sources,
		Distribution:      dist,
		DistributionPaths: jsii.Strings("/*"),
	})

	email := st.AlarmEmail
	if props.AlarmEmail != "" {
		email = props.AlarmEmail
	}
	topic, dashboard := monitoring(stack, st, fn, logs, dist, acl, email)
	spendMonitoring(stack, st, topic, dashboard)

	siteURL := awscdk.Fn_Join(jsii.String(""), jsii.Strings("https://", *dist.DistributionDomainName()))
	if st.Domain != "" {
		siteURL = jsii.String("https://" + st.Domain)
	}
	output := func(name, desc string, value *string) {
		awscdk.NewCfnOutput(stack, jsii.String(name), &awscdk.CfnOutputProps{Description: jsii.String(desc), Value: value})
	}
	output(OutputSiteURL, "the chat page", siteURL)
	output(OutputAPIURL, "POST here, with x-amz-content-sha256 (the hex SHA-256 of the body)",
		awscdk.Fn_Join(jsii.String(""), &[]*string{siteURL, jsii.String("/api/chat")}))
	output(OutputFunctionURL, "the function's own URL: IAM-only, reachable through the distribution alone", fnURL.Url())
	output(OutputAlarmTopic, "SNS topic of the stage's alarms (subscribe to it)", topic.TopicArn())
	output(OutputDashboard, "CloudWatch dashboard of the stage", dashboard.DashboardName())
	output(OutputStateTable, "DynamoDB table of the state the function's instances share (STATE_TABLE)", table.TableName())
	nagSuppressions(stack, st)
	return stack, nil
}

// function is the chat function with its own role (logs only to its own group), X-Ray
// tracing, read access to the key parameter, and the alias each deploy moves.
func function(stack awscdk.Stack, st stage.Stage, assetDir string, retention awslogs.RetentionDays) (awslambda.Function, awslambda.Alias, awslogs.LogGroup) {
	logs := awslogs.NewLogGroup(stack, jsii.String("FunctionLogs"), &awslogs.LogGroupProps{
		Retention:     retention,
		RemovalPolicy: awscdk.RemovalPolicy_DESTROY,
	})
	// Its own role instead of the managed basic-execution policy, which may write to any
	// log group in the account.
	role := awsiam.NewRole(stack, jsii.String("FunctionRole"), &awsiam.RoleProps{
		AssumedBy:   awsiam.NewServicePrincipal(jsii.String("lambda.amazonaws.com"), nil),
		Description: jsii.String(fmt.Sprintf("chat function (%s): its own log group and key parameter only", st.Name)),
	})
	role.AddToPolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   jsii.Strings("logs:CreateLogStream", "logs:PutLogEvents"),
		Resources: jsii.Strings(*logs.LogGroupArn()),
	}))
	env := map[string]*string{}
	for k, v := range st.Environment() {
		env[k] = jsii.String(v)
	}
	fn := awslambda.NewFunction(stack, jsii.String("ChatFunction"), &awslambda.FunctionProps{
		Description:                  jsii.String(fmt.Sprintf("POST /api/chat (%s stage, %s plan)", st.Name, st.Plan)),
		Runtime:                      awslambda.Runtime_PROVIDED_AL2023(),
		Architecture:                 awslambda.Architecture_ARM_64(),
		Handler:                      jsii.String("bootstrap"),
		Code:                         awslambda.Code_FromAsset(jsii.String(assetDir), nil),
		Timeout:                      awscdk.Duration_Seconds(jsii.Number(st.MaxDurationSeconds())),
		MemorySize:                   jsii.Number(st.MemoryMB),
		ReservedConcurrentExecutions: jsii.Number(st.ReservedConcurrency),
		Environment:                  &env,
		LoggingFormat:                awslambda.LoggingFormat_JSON,
		LogGroup:                     logs,
		Role:                         role,
		Tracing:                      awslambda.Tracing_ACTIVE,
	})
	// The operator creates the SecureString; the stack only refers to it by name, so the key is
	// never in a template. GetParameter (WithDecryption) is the one call the function makes; the
	// aws/ssm key decrypts for SSM without any KMS grant of ours.
	param := awsssm.StringParameter_FromSecureStringParameterAttributes(stack, jsii.String("ApiKeyParameter"),
		&awsssm.SecureStringParameterAttributes{ParameterName: jsii.String(st.APIKeyParameter)})
	fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   jsii.Strings("ssm:GetParameter"),
		Resources: jsii.Strings(*param.ParameterArn()),
	}))
	alias := awslambda.NewAlias(stack, jsii.String("LiveAlias"), &awslambda.AliasProps{
		AliasName:   jsii.String(AliasName),
		Version:     fn.CurrentVersion(),
		Description: jsii.String("the version the URL serves; point it at an earlier version to roll back"),
	})
	return fn, alias, logs
}

// buckets are the private page bucket and the bucket of CloudFront's and S3's access logs.
func buckets(stack awscdk.Stack) (site, accessLogs awss3.Bucket) {
	accessLogs = awss3.NewBucket(stack, jsii.String("AccessLogs"), &awss3.BucketProps{
		BlockPublicAccess: awss3.BlockPublicAccess_BLOCK_ALL(),
		EnforceSSL:        jsii.Bool(true),
		Encryption:        awss3.BucketEncryption_S3_MANAGED,
		// CloudFront's standard logs are delivered with ACLs.
		ObjectOwnership: awss3.ObjectOwnership_OBJECT_WRITER,
		LifecycleRules:  &[]*awss3.LifecycleRule{{Expiration: awscdk.Duration_Days(jsii.Number(90))}},
		RemovalPolicy:   awscdk.RemovalPolicy_RETAIN,
	})
	site = awss3.NewBucket(stack, jsii.String("SiteBucket"), &awss3.BucketProps{
		BlockPublicAccess:      awss3.BlockPublicAccess_BLOCK_ALL(),
		EnforceSSL:             jsii.Bool(true),
		Encryption:             awss3.BucketEncryption_S3_MANAGED,
		ObjectOwnership:        awss3.ObjectOwnership_BUCKET_OWNER_ENFORCED,
		ServerAccessLogsBucket: accessLogs,
		ServerAccessLogsPrefix: jsii.String("s3/"),
	})
	return site, accessLogs
}

// webACL is the stage's AWS WAF web ACL, or nil when the stage has none: a rate limit per
// client address on the API answering the spec's 429 body, and AWS's managed rules against
// known bad addresses and inputs.
func webACL(stack awscdk.Stack, st stage.Stage) awswafv2.CfnWebACL {
	if !st.WAF {
		return nil
	}
	visibility := func(name string) *awswafv2.CfnWebACL_VisibilityConfigProperty {
		return &awswafv2.CfnWebACL_VisibilityConfigProperty{
			CloudWatchMetricsEnabled: jsii.Bool(true), MetricName: jsii.String(name), SampledRequestsEnabled: jsii.Bool(true),
		}
	}
	managed := func(priority int, name string) *awswafv2.CfnWebACL_RuleProperty {
		return &awswafv2.CfnWebACL_RuleProperty{
			Name:     jsii.String(name),
			Priority: jsii.Number(priority),
			Statement: &awswafv2.CfnWebACL_StatementProperty{ManagedRuleGroupStatement: &awswafv2.CfnWebACL_ManagedRuleGroupStatementProperty{
				VendorName: jsii.String("AWS"), Name: jsii.String(name),
			}},
			OverrideAction:   &awswafv2.CfnWebACL_OverrideActionProperty{None: map[string]any{}},
			VisibilityConfig: visibility(name),
		}
	}
	windowSeconds := int(st.RateWindow.Seconds())
	labelled := &awswafv2.CfnWebACL_StatementProperty{LabelMatchStatement: &awswafv2.CfnWebACL_LabelMatchStatementProperty{
		Scope: jsii.String("LABEL"), Key: jsii.String(RateLimitedLabel),
	}}
	// rateLimited blocks the labelled requests that match with 429, Retry-After and a body.
	rateLimited := func(priority int, name, body string, match *awswafv2.CfnWebACL_StatementProperty) *awswafv2.CfnWebACL_RuleProperty {
		return &awswafv2.CfnWebACL_RuleProperty{
			Name:      jsii.String(name),
			Priority:  jsii.Number(priority),
			Statement: match,
			Action: &awswafv2.CfnWebACL_RuleActionProperty{Block: &awswafv2.CfnWebACL_BlockActionProperty{
				CustomResponse: &awswafv2.CfnWebACL_CustomResponseProperty{
					ResponseCode:          jsii.Number(429),
					CustomResponseBodyKey: jsii.String(body),
					ResponseHeaders: []any{&awswafv2.CfnWebACL_CustomHTTPHeaderProperty{
						Name: jsii.String("Retry-After"), Value: jsii.String(strconv.Itoa(windowSeconds)),
					}},
				},
			}},
			VisibilityConfig: visibility(name),
		}
	}
	return awswafv2.NewCfnWebACL(stack, jsii.String("WebAcl"), &awswafv2.CfnWebACLProps{
		Name:             jsii.String(webACLName(st)),
		Scope:            jsii.String("CLOUDFRONT"),
		Description:      jsii.String(fmt.Sprintf("chat %s: %d API requests per %d s per client address", st.Name, st.RateLimit, windowSeconds)),
		DefaultAction:    &awswafv2.CfnWebACL_DefaultActionProperty{Allow: map[string]any{}},
		VisibilityConfig: visibility(webACLName(st)),
		CustomResponseBodies: map[string]*awswafv2.CfnWebACL_CustomResponseBodyProperty{
			"rateLimited":       {ContentType: jsii.String("APPLICATION_JSON"), Content: jsii.String(RateLimitedBody(st.RateWindow))},
			"rateLimitedOpenAI": {ContentType: jsii.String("APPLICATION_JSON"), Content: jsii.String(RateLimitedOpenAIBody(st.RateWindow))},
		},
		Rules: []any{
			&awswafv2.CfnWebACL_RuleProperty{
				Name:     jsii.String(RateLimitRuleName),
				Priority: jsii.Number(0),
				Statement: &awswafv2.CfnWebACL_StatementProperty{RateBasedStatement: &awswafv2.CfnWebACL_RateBasedStatementProperty{
					AggregateKeyType:    jsii.String("IP"),
					Limit:               jsii.Number(st.RateLimit),
					EvaluationWindowSec: jsii.Number(windowSeconds),
					ScopeDownStatement:  apiPaths(),
				}},
				// Count, and label: the next two rules block, each with its protocol's body.
				Action:           &awswafv2.CfnWebACL_RuleActionProperty{Count: &awswafv2.CfnWebACL_CountActionProperty{}},
				RuleLabels:       []any{&awswafv2.CfnWebACL_LabelProperty{Name: jsii.String(RateLimitedLabel)}},
				VisibilityConfig: visibility(RateLimitRuleName),
			},
			rateLimited(1, "ApiRateLimitedOpenAI", "rateLimitedOpenAI", &awswafv2.CfnWebACL_StatementProperty{AndStatement: &awswafv2.CfnWebACL_AndStatementProperty{
				Statements: []any{labelled, pathStartsWith(settings.OpenAIPrefix + "/")},
			}}),
			rateLimited(2, "ApiRateLimited", "rateLimited", labelled),
			managed(3, "AWSManagedRulesAmazonIpReputationList"),
			managed(4, "AWSManagedRulesKnownBadInputsRuleSet"),
		},
	})
}

// apiPaths matches the requests of every API path pattern: the rate limit counts the chat
// endpoint and the OpenAI-compatible API together.
func apiPaths() *awswafv2.CfnWebACL_StatementProperty {
	var or []any
	for _, p := range APIPathPatterns {
		or = append(or, pathStartsWith(strings.TrimSuffix(p, "*")))
	}
	return &awswafv2.CfnWebACL_StatementProperty{OrStatement: &awswafv2.CfnWebACL_OrStatementProperty{Statements: or}}
}

// pathStartsWith matches requests whose path starts with prefix.
func pathStartsWith(prefix string) *awswafv2.CfnWebACL_StatementProperty {
	return &awswafv2.CfnWebACL_StatementProperty{ByteMatchStatement: &awswafv2.CfnWebACL_ByteMatchStatementProperty{
		FieldToMatch:         &awswafv2.CfnWebACL_FieldToMatchProperty{UriPath: map[string]any{}},
		PositionalConstraint: jsii.String("STARTS_WITH"),
		SearchString:         jsii.String(prefix),
		TextTransformations:  []any{&awswafv2.CfnWebACL_TextTransformationProperty{Priority: jsii.Number(0), Type: jsii.String("NONE")}},
	}}
}

// pageConfig is the stage's config.json, as a map: jsii hands the deployment plain values, not
// Go structs. No Demo: a deployed stage answers from the model.
func pageConfig(st stage.Stage) map[string]any {
	b, err := json.Marshal(settings.Page{CooldownSeconds: st.MaxDurationSeconds()})
	var m map[string]any
	if err == nil {
		err = json.Unmarshal(b, &m)
	}
	if err != nil {
		panic(fmt.Sprintf("stack: config.json: %v", err)) // a struct of a string and an int always encodes
	}
	return m
}

// webACLName is the web ACL's name and metric name (CloudWatch's WebACL dimension).
func webACLName(st stage.Stage) string { return "chat-" + st.Name }

// distribution serves the page from S3 and /api/* and /v1/* from the function's URL, both through
// origin access control.
func distribution(stack awscdk.Stack, st stage.Stage, site, accessLogs awss3.Bucket, fnURL awslambda.FunctionUrl, acl awswafv2.CfnWebACL) awscloudfront.Distribution {
	pageHeaders := awscloudfront.NewResponseHeadersPolicy(stack, jsii.String("PageHeaders"), &awscloudfront.ResponseHeadersPolicyProps{
		Comment: jsii.String("chat page: HSTS, nosniff, no framing, no referrer, CSP of its own origin"),
		SecurityHeadersBehavior: &awscloudfront.ResponseSecurityHeadersBehavior{
			ContentSecurityPolicy: &awscloudfront.ResponseHeadersContentSecurityPolicy{ContentSecurityPolicy: jsii.String(PageCSP), Override: jsii.Bool(true)},
			ContentTypeOptions:    &awscloudfront.ResponseHeadersContentTypeOptions{Override: jsii.Bool(true)},
			FrameOptions:          &awscloudfront.ResponseHeadersFrameOptions{FrameOption: awscloudfront.HeadersFrameOption_DENY, Override: jsii.Bool(true)},
			ReferrerPolicy:        &awscloudfront.ResponseHeadersReferrerPolicy{ReferrerPolicy: awscloudfront.HeadersReferrerPolicy_NO_REFERRER, Override: jsii.Bool(true)},
			StrictTransportSecurity: &awscloudfront.ResponseHeadersStrictTransportSecurity{
				AccessControlMaxAge: awscdk.Duration_Days(jsii.Number(730)), IncludeSubdomains: jsii.Bool(true), Override: jsii.Bool(true),
			},
		},
	})
	// CloudFront's default read timeout (30 s) would cut an answer whose first text comes
	// late; it may be at most 60 s without a quota increase.
	readTimeout := min(60, st.MaxDurationSeconds()+5)
	api := awscloudfrontorigins.FunctionUrlOrigin_WithOriginAccessControl(fnURL, &awscloudfrontorigins.FunctionUrlOriginWithOACProps{
		ReadTimeout: awscdk.Duration_Seconds(jsii.Number(readTimeout)),
		OriginAccessControl: awscloudfront.NewFunctionUrlOriginAccessControl(stack, jsii.String("ApiOriginAccessControl"), &awscloudfront.FunctionUrlOriginAccessControlProps{
			Signing:     awscloudfront.Signing_SIGV4_ALWAYS(),
			Description: jsii.String(fmt.Sprintf("chat %s: CloudFront signs every API request to the function URL", st.Name)),
		}),
	})
	behaviours := map[string]*awscloudfront.BehaviorOptions{}
	for _, p := range APIPathPatterns {
		behaviours[p] = &awscloudfront.BehaviorOptions{
			Origin:               api,
			AllowedMethods:       awscloudfront.AllowedMethods_ALLOW_ALL(),
			CachePolicy:          awscloudfront.CachePolicy_CACHING_DISABLED(),
			OriginRequestPolicy:  awscloudfront.OriginRequestPolicy_ALL_VIEWER_EXCEPT_HOST_HEADER(),
			ViewerProtocolPolicy: awscloudfront.ViewerProtocolPolicy_HTTPS_ONLY,
			// An event stream must not be held back to be compressed.
			Compress: jsii.Bool(false),
		}
	}
	props := &awscloudfront.DistributionProps{
		Comment:           jsii.String(fmt.Sprintf("chat page and API (%s)", st.Name)),
		DefaultRootObject: jsii.String("index.html"),
		PriceClass:        awscloudfront.PriceClass_PRICE_CLASS_100,
		EnableLogging:     jsii.Bool(true),
		LogBucket:         accessLogs,
		LogFilePrefix:     jsii.String("cloudfront/"),
		DefaultBehavior: &awscloudfront.BehaviorOptions{
			Origin:                awscloudfrontorigins.S3BucketOrigin_WithOriginAccessControl(site, nil),
			ViewerProtocolPolicy:  awscloudfront.ViewerProtocolPolicy_REDIRECT_TO_HTTPS,
			ResponseHeadersPolicy: pageHeaders,
		},
		AdditionalBehaviors: &behaviours,
	}
	if acl != nil {
		props.WebAclId = acl.AttrArn()
	}
	if st.Domain != "" {
		props.DomainNames = jsii.Strings(st.Domain)
		props.Certificate = awscertificatemanager.Certificate_FromCertificateArn(stack, jsii.String("Certificate"), jsii.String(st.CertificateARN))
		props.MinimumProtocolVersion = awscloudfront.SecurityPolicyProtocol_TLS_V1_2_2021
	}
	return awscloudfront.NewDistribution(stack, jsii.String("SiteDistribution"), props)
}

// monitoring is the alarm topic, the alarms and the dashboard. The request metrics come from
// metric filters on the function's JSON request log, so the function makes no extra calls.
func monitoring(stack awscdk.Stack, st stage.Stage, fn awslambda.Function, logs awslogs.LogGroup, dist awscloudfront.Distribution,
	acl awswafv2.CfnWebACL, email string) (awssns.Topic, awscloudwatch.Dashboard) {
	topic := awssns.NewTopic(stack, jsii.String("Alarms"), &awssns.TopicProps{
		DisplayName: jsii.String("chat " + st.Name + " alarms"),
		EnforceSSL:  jsii.Bool(true),
		MasterKey:   awskms.Alias_FromAliasName(stack, jsii.String("SnsKey"), jsii.String("alias/aws/sns")),
	})
	if email != "" {
		topic.AddSubscription(awssnssubscriptions.NewEmailSubscription(jsii.String(email), nil))
	}
	ns := jsii.String(MetricNamespace(st))
	requestLine := `$.msg = "chat request"`
	filter := func(id, name, pattern, value string, unit awscloudwatch.Unit, dims map[string]*string) {
		props := &awslogs.MetricFilterProps{
			LogGroup:        logs,
			MetricNamespace: ns,
			MetricName:      jsii.String(name),
			FilterPattern:   awslogs.FilterPattern_Literal(jsii.String("{ " + pattern + " }")),
			MetricValue:     jsii.String(value),
			Unit:            unit,
		}
		if dims != nil {
			props.Dimensions = &dims
		}
		awslogs.NewMetricFilter(stack, jsii.String(id), props)
	}
	filter("RequestsByStatus", "Requests", requestLine+` && $.status = *`, "1", awscloudwatch.Unit_COUNT,
		map[string]*string{"Status": jsii.String("$.status")})
	filter("ServerErrorsFilter", "ServerErrors", requestLine+` && $.status >= 500`, "1", awscloudwatch.Unit_COUNT, nil)
	filter("TimeToFirstByte", "TimeToFirstByte", requestLine+` && $.ttfb_ms = *`, "$.ttfb_ms", awscloudwatch.Unit_MILLISECONDS, nil)
	for _, kind := range []string{"prompt", "completion", "reasoning"} {
		field := kind + "_tokens"
		filter("Tokens"+kind, "Tokens", requestLine+` && $.`+field+` = *`, "$."+field, awscloudwatch.Unit_COUNT,
			map[string]*string{"Kind": jsii.String(kind)})
	}
	// Search grounding and the URL tool are billed apart from tokens (per search query on
	// 3.x, per grounded prompt on 2.5; pages read as input tokens): the request log counts both.
	filter("SearchQueries", "SearchQueries", requestLine+` && $.search_queries > 0`, "$.search_queries", awscloudwatch.Unit_COUNT, nil)
	filter("PagesRead", "PagesRead", requestLine+` && $.pages_read > 0`, "$.pages_read", awscloudwatch.Unit_COUNT, nil)
	// The answer's estimated list price in USD (pkg/gemini's price table; CloudWatch has no
	// currency unit). Custom metrics: Requests, one a status (the 8 graphed below), and 8 more
	// (ServerErrors, TimeToFirstByte, 3 Tokens, SearchQueries, PagesRead, CostUSD): 16, the
	// count DEPLOY.md's cost table bills.
	filter("CostUSD", "CostUSD", requestLine+` && $.cost_usd > 0`, "$.cost_usd", awscloudwatch.Unit_NONE, nil)
	metric := func(name, stat string, dims map[string]*string) awscloudwatch.Metric {
		return awscloudwatch.NewMetric(&awscloudwatch.MetricProps{
			Namespace: ns, MetricName: jsii.String(name), Statistic: jsii.String(stat),
			Period: awscdk.Duration_Minutes(jsii.Number(5)), DimensionsMap: &dims,
		})
	}

	five := awscdk.Duration_Minutes(jsii.Number(5))
	timeoutMs := float64(st.MaxDurationSeconds() * 1000)
	alarms := []struct {
		id, what  string
		metric    awscloudwatch.IMetric
		threshold float64
		periods   int
	}{
		{"ErrorsAlarm", "the function failed (crash, panic outside the handler, timeout)",
			fn.MetricErrors(&awscloudwatch.MetricOptions{Period: five, Statistic: jsii.String("Sum")}), 1, 1},
		{"ThrottlesAlarm", "invocations were throttled: the reserved concurrency is full",
			fn.MetricThrottles(&awscloudwatch.MetricOptions{Period: five, Statistic: jsii.String("Sum")}), 1, 1},
		{"DurationAlarm", "p99 duration is near the timeout: answers are being cut",
			fn.MetricDuration(&awscloudwatch.MetricOptions{Period: five, Statistic: jsii.String("p99")}), 0.9 * timeoutMs, 2},
		{"ConcurrencyAlarm", "concurrent executions near the reservation",
			fn.Metric(jsii.String("ConcurrentExecutions"), &awscloudwatch.MetricOptions{Period: five, Statistic: jsii.String("Maximum")}),
			float64(max(1, st.ReservedConcurrency*8/10)), 2},
		{"ServerErrorsAlarm", "the endpoint answered 5xx (request log)", metric("ServerErrors", "Sum", nil), 5, 1},
		{"Distribution5xxAlarm", "the distribution's 5xx rate is above 5%",
			dist.Metric5xxErrorRate(&awscloudwatch.MetricOptions{Period: five, Statistic: jsii.String("Average")}), 5, 2},
	}
	if acl != nil {
		alarms = append(alarms, struct {
			id, what  string
			metric    awscloudwatch.IMetric
			threshold float64
			periods   int
		}{"WafBlocksAlarm", "WAF blocked many requests (rate limit or managed rules): an abuser, or a limit too low",
			awscloudwatch.NewMetric(&awscloudwatch.MetricProps{
				Namespace: jsii.String("AWS/WAFV2"), MetricName: jsii.String("BlockedRequests"), Statistic: jsii.String("Sum"),
				Period: five, DimensionsMap: &map[string]*string{"WebACL": jsii.String(webACLName(st)), "Rule": jsii.String("ALL")},
			}), 50, 1})
	}
	action := awscloudwatchactions.NewSnsAction(topic)
	for _, a := range alarms {
		alarm := awscloudwatch.NewAlarm(stack, jsii.String(a.id), &awscloudwatch.AlarmProps{
			AlarmDescription:   jsii.String(fmt.Sprintf("chat %s: %s", st.Name, a.what)),
			Metric:             a.metric,
			Threshold:          jsii.Number(a.threshold),
			EvaluationPeriods:  jsii.Number(a.periods),
			ComparisonOperator: awscloudwatch.ComparisonOperator_GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
			TreatMissingData:   awscloudwatch.TreatMissingData_NOT_BREACHING,
		})
		alarm.AddAlarmAction(action)
	}

	byStatus := []awscloudwatch.IMetric{}
	for _, code := range []string{"200", "400", "401", "404", "405", "429", "499", "500"} {
		m := metric("Requests", "Sum", map[string]*string{"Status": jsii.String(code)}).With(&awscloudwatch.MetricOptions{Label: jsii.String(code)})
		byStatus = append(byStatus, m)
	}
	minute := awscdk.Duration_Minutes(jsii.Number(1))
	tokens := []awscloudwatch.IMetric{}
	for _, kind := range []string{"prompt", "completion", "reasoning"} {
		tokens = append(tokens, metric("Tokens", "Sum", map[string]*string{"Kind": jsii.String(kind)}).
			With(&awscloudwatch.MetricOptions{Label: jsii.String(kind), Period: minute}))
	}
	hour := awscdk.Duration_Hours(jsii.Number(1))
	dashboard := awscloudwatch.NewDashboard(stack, jsii.String("Dashboard"), &awscloudwatch.DashboardProps{
		DashboardName: jsii.String("chat-" + st.Name),
	})
	// Since aws-cdk-go v2.276 (or earlier) a dashboard is taggable, so it carries the stage tag
	// like every other resource; cfn-lint 1.51's schema of AWS::CloudWatch::Dashboard predates
	// its Tags property and calls it unexpected (E3002). Only this resource skips that rule.
	dashboard.Node().DefaultChild().(awscdk.CfnResource).AddMetadata(jsii.String("cfn-lint"),
		map[string]any{"config": map[string]any{"ignore_checks": []string{"E3002"}}})
	// Widgets flow left to right in rows of 24: two halves, then the bill's three thirds.
	graph := func(title string, width float64, left []awscloudwatch.IMetric) awscloudwatch.IWidget {
		return awscloudwatch.NewGraphWidget(&awscloudwatch.GraphWidgetProps{Title: jsii.String(title), Left: &left, Width: jsii.Number(width)})
	}
	dashboard.AddWidgets(
		graph("Requests by status (5 min)", 12, byStatus),
		graph("Time to first byte, ms", 12, []awscloudwatch.IMetric{
			metric("TimeToFirstByte", "p50", nil).With(&awscloudwatch.MetricOptions{Label: jsii.String("p50")}),
			metric("TimeToFirstByte", "p99", nil).With(&awscloudwatch.MetricOptions{Label: jsii.String("p99")}),
		}),
		graph("Tokens per minute (the model bill)", 8, tokens),
		graph("Search queries and pages read per minute (billed apart from tokens)", 8, []awscloudwatch.IMetric{
			metric("SearchQueries", "Sum", nil).With(&awscloudwatch.MetricOptions{Label: jsii.String("search queries"), Period: minute}),
			metric("PagesRead", "Sum", nil).With(&awscloudwatch.MetricOptions{Label: jsii.String("pages read"), Period: minute}),
		}),
		graph("Estimated model cost, USD per hour (list prices; see DEPLOY.md)", 8, []awscloudwatch.IMetric{
			metric("CostUSD", "Sum", nil).With(&awscloudwatch.MetricOptions{Label: jsii.String("USD"), Period: hour}),
		}),
		graph("Function", 12, []awscloudwatch.IMetric{
			fn.MetricInvocations(nil), fn.MetricErrors(nil), fn.MetricThrottles(nil),
			fn.Metric(jsii.String("ConcurrentExecutions"), &awscloudwatch.MetricOptions{Statistic: jsii.String("Maximum")}),
		}),
	)
	return topic, dashboard
}

// checkAsset fails with the command to run when the function has not been built.
func checkAsset(dir string) error {
	bootstrap := filepath.Join(dir, "bootstrap")
	info, err := os.Stat(bootstrap)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("stack: function asset %s not found: run `%s` at the repository root first", bootstrap, BuildCommand)
	case err != nil:
		return fmt.Errorf("stack: function asset: %w", err)
	case !info.Mode().IsRegular():
		return fmt.Errorf("stack: function asset %s is not a file: run `%s` at the repository root", bootstrap, BuildCommand)
	}
	return nil
}

// isDir reports whether path is an existing directory; an empty path is "no directory".
func isDir(path string) (bool, error) {
	if path == "" {
		return false, nil
	}
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("stack: web directory: %w", err)
	case !info.IsDir():
		return false, fmt.Errorf("stack: web directory %s is not a directory", path)
	}
	return true, nil
}

// retentionDays maps a day count onto CDK's enum, which has a name for every value CloudWatch
// Logs accepts.
func retentionDays(days int) (awslogs.RetentionDays, error) {
	byDays := map[int]awslogs.RetentionDays{
		1: awslogs.RetentionDays_ONE_DAY, 3: awslogs.RetentionDays_THREE_DAYS, 5: awslogs.RetentionDays_FIVE_DAYS,
		7: awslogs.RetentionDays_ONE_WEEK, 14: awslogs.RetentionDays_TWO_WEEKS, 30: awslogs.RetentionDays_ONE_MONTH,
		60: awslogs.RetentionDays_TWO_MONTHS, 90: awslogs.RetentionDays_THREE_MONTHS, 120: awslogs.RetentionDays_FOUR_MONTHS,
		150: awslogs.RetentionDays_FIVE_MONTHS, 180: awslogs.RetentionDays_SIX_MONTHS, 365: awslogs.RetentionDays_ONE_YEAR,
		400: awslogs.RetentionDays_THIRTEEN_MONTHS, 545: awslogs.RetentionDays_EIGHTEEN_MONTHS, 731: awslogs.RetentionDays_TWO_YEARS,
		1096: awslogs.RetentionDays_THREE_YEARS, 1827: awslogs.RetentionDays_FIVE_YEARS, 2192: awslogs.RetentionDays_SIX_YEARS,
		2557: awslogs.RetentionDays_SEVEN_YEARS, 2922: awslogs.RetentionDays_EIGHT_YEARS, 3288: awslogs.RetentionDays_NINE_YEARS,
		3653: awslogs.RetentionDays_TEN_YEARS,
	}
	r, ok := byDays[days]
	if !ok {
		return "", fmt.Errorf("stack: no CDK retention for %d days", days)
	}
	return r, nil
}
