// Package stack defines the CloudFormation stack of one stage: the chat function behind a
// streaming Function URL, read access to the stage's API key parameter, and the static page on a
// private S3 bucket behind CloudFront with a generated config.json.
//
// Everything stage-specific comes from a [stage.Stage] row; the stack adds nothing of its own
// beyond wiring. Stacks are environment-agnostic, so synthesis needs no credentials, no
// network and no context lookups.
package stack

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfront"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfrontorigins"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3assets"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3deployment"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsssm"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"github.com/chatsvc/chat/pkg/stage"
)

// BuildCommand is the command that produces the function's asset directory.
const BuildCommand = "make build"

// ConfigObjectKey is the object the page fetches to learn its endpoint and cooldown.
const ConfigObjectKey = "config.json"

// Props configures [New].
type Props struct {
	// StackProps passes through to the stack (name, description, tags). Leave Env empty: the
	// stack is environment-agnostic on purpose.
	StackProps awscdk.StackProps
	// Stage is the row the stack deploys.
	Stage stage.Stage
	// FunctionAssetDir holds the built `bootstrap` (normally .build/chat from `make build`).
	FunctionAssetDir string
	// WebDir holds the built page (normally web/dist). When it does not exist only config.json
	// is deployed, and the stack carries a warning saying so.
	WebDir string
}

// Output names of the stack.
const (
	OutputFunctionURL = "FunctionUrl"
	OutputSiteURL     = "SiteUrl"
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

	stack := awscdk.NewStack(scope, jsii.String(id), &props.StackProps)
	awscdk.Tags_Of(stack).Add(jsii.String("stage"), jsii.String(st.Name), nil)

	logs := awslogs.NewLogGroup(stack, jsii.String("FunctionLogs"), &awslogs.LogGroupProps{
		Retention:     retention,
		RemovalPolicy: awscdk.RemovalPolicy_DESTROY,
	})
	env := map[string]*string{}
	for k, v := range st.Environment() {
		env[k] = jsii.String(v)
	}
	fn := awslambda.NewFunction(stack, jsii.String("ChatFunction"), &awslambda.FunctionProps{
		Description:                  jsii.String(fmt.Sprintf("POST /api/chat (%s stage, %s plan)", st.Name, st.Plan)),
		Runtime:                      awslambda.Runtime_PROVIDED_AL2023(),
		Architecture:                 awslambda.Architecture_ARM_64(),
		Handler:                      jsii.String("bootstrap"),
		Code:                         awslambda.Code_FromAsset(jsii.String(props.FunctionAssetDir), nil),
		Timeout:                      awscdk.Duration_Seconds(jsii.Number(st.MaxDurationSeconds())),
		MemorySize:                   jsii.Number(st.MemoryMB),
		ReservedConcurrentExecutions: jsii.Number(st.ReservedConcurrency),
		Environment:                  &env,
		LoggingFormat:                awslambda.LoggingFormat_JSON,
		LogGroup:                     logs,
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

	site := awss3.NewBucket(stack, jsii.String("SiteBucket"), &awss3.BucketProps{
		BlockPublicAccess: awss3.BlockPublicAccess_BLOCK_ALL(),
		EnforceSSL:        jsii.Bool(true),
		Encryption:        awss3.BucketEncryption_S3_MANAGED,
		ObjectOwnership:   awss3.ObjectOwnership_BUCKET_OWNER_ENFORCED,
	})
	dist := awscloudfront.NewDistribution(stack, jsii.String("SiteDistribution"), &awscloudfront.DistributionProps{
		Comment:           jsii.String(fmt.Sprintf("chat page (%s)", st.Name)),
		DefaultRootObject: jsii.String("index.html"),
		PriceClass:        awscloudfront.PriceClass_PRICE_CLASS_100,
		DefaultBehavior: &awscloudfront.BehaviorOptions{
			Origin:               awscloudfrontorigins.S3BucketOrigin_WithOriginAccessControl(site, nil),
			ViewerProtocolPolicy: awscloudfront.ViewerProtocolPolicy_REDIRECT_TO_HTTPS,
		},
	})
	siteURL := awscdk.Fn_Join(jsii.String(""), jsii.Strings("https://", *dist.DistributionDomainName()))

	// The page calls the Function URL directly (not through CloudFront), so its own origin must
	// pass CORS. The domain is a deploy-time token; CloudFormation resolves it in place.
	origins := append(*jsii.Strings(st.AllowedOrigins...), siteURL)
	fnURL := fn.AddFunctionUrl(&awslambda.FunctionUrlOptions{
		AuthType:   awslambda.FunctionUrlAuthType_NONE,
		InvokeMode: awslambda.InvokeMode_RESPONSE_STREAM,
		Cors: &awslambda.FunctionUrlCorsOptions{
			AllowedOrigins: &origins,
			AllowedMethods: &[]awslambda.HttpMethod{awslambda.HttpMethod_POST},
			AllowedHeaders: jsii.Strings("content-type"),
			// The page reads the wait after a 429 and the id that finds the log line.
			ExposedHeaders: jsii.Strings("retry-after", "x-request-id"),
			MaxAge:         awscdk.Duration_Hours(jsii.Number(1)),
		},
	})
	// The URL ends in "/"; config.json wants it without: https:// + the host part.
	apiURL := awscdk.Fn_Join(jsii.String(""), jsii.Strings("https://",
		*awscdk.Fn_Select(jsii.Number(2), awscdk.Fn_Split(jsii.String("/"), fnURL.Url(), nil))))

	// config.json: {"apiUrl": "<function url, no trailing slash>", "cooldownSeconds": <max duration>}.
	sources := []awss3deployment.ISource{
		awss3deployment.Source_JsonData(jsii.String(ConfigObjectKey), map[string]any{
			"apiUrl":          apiURL,
			"cooldownSeconds": st.MaxDurationSeconds(),
		}, nil),
	}
	if webDirExists {
		// The build writes a default config.json for plain static serving; the stage's own,
		// generated above, is the only one deployed.
		page := awss3deployment.Source_Asset(jsii.String(props.WebDir), &awss3assets.AssetOptions{
			Exclude: jsii.Strings(ConfigObjectKey),
		})
		sources = append([]awss3deployment.ISource{page}, sources...)
	} else {
		awscdk.Annotations_Of(stack).AddWarningV2(jsii.String("chat:no-web-dist"), jsii.String(fmt.Sprintf(
			"web directory %q not found: only %s is deployed; build the page first", props.WebDir, ConfigObjectKey)))
	}
	awss3deployment.NewBucketDeployment(stack, jsii.String("SiteDeployment"), &awss3deployment.BucketDeploymentProps{
		DestinationBucket: site,
		Sources:           &sources,
		Distribution:      dist,
		DistributionPaths: jsii.Strings("/*"),
	})

	awscdk.NewCfnOutput(stack, jsii.String(OutputFunctionURL), &awscdk.CfnOutputProps{
		Description: jsii.String("POST {FunctionUrl}/api/chat"),
		Value:       fnURL.Url(),
	})
	awscdk.NewCfnOutput(stack, jsii.String(OutputSiteURL), &awscdk.CfnOutputProps{
		Description: jsii.String("the chat page"),
		Value:       siteURL,
	})
	return stack, nil
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
