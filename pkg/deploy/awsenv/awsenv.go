// Package awsenv loads the AWS configuration the function's clients share (SSM for the key,
// DynamoDB for the shared state) from the environment main hands in. An endpoint override on
// a loopback address (AWS_ENDPOINT_URL_<SERVICE> or AWS_ENDPOINT_URL: a local fake or
// emulator such as dynalite) never asks the EC2 metadata service, which is off the machine,
// for credentials; when the rest of the chain (variables, profiles, SSO) finds none, fixed
// local ones sign, in us-east-1 when no region is set.
package awsenv

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/feature/ec2/imds"
	"github.com/aws/smithy-go/logging"
	"github.com/chatsvc/chat/pkg/deploy/settings"
)

// Load is the default AWS configuration for service (its environment name: "SSM",
// "DYNAMODB"), and the endpoint the environment names for it ("" for the SDK's own). The SDK
// tries a call twice and writes its log lines to slog's default logger at WARN.
func Load(ctx context.Context, service string, getenv func(string) string) (aws.Config, string, error) {
	endpoint := Endpoint(service, getenv)
	local := Loopback(endpoint)
	opts := []func(*awsconfig.LoadOptions) error{
		awsconfig.WithRetryMaxAttempts(2),
		awsconfig.WithLogger(logging.LoggerFunc(func(_ logging.Classification, format string, v ...any) {
			slog.Warn(fmt.Sprintf(format, v...), slog.String("source", "aws-sdk"))
		})),
	}
	if local {
		opts = append(opts, awsconfig.WithEC2IMDSClientEnableState(imds.ClientDisabled))
	}
	cfg, err := awsconfig.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return aws.Config{}, "", fmt.Errorf("AWS configuration: %w", err)
	}
	if local {
		if cfg.Credentials == nil {
			cfg.Credentials = localCredentials
		} else if _, err := cfg.Credentials.Retrieve(ctx); err != nil {
			cfg.Credentials = localCredentials
		}
		if cfg.Region == "" {
			cfg.Region = "us-east-1"
		}
	}
	return cfg, endpoint, nil
}

// localCredentials sign requests to a local endpoint that has no AWS account behind it.
var localCredentials = credentials.NewStaticCredentialsProvider("local", "local", "")

// Endpoint is the endpoint the environment names for service (AWS_ENDPOINT_URL_<SERVICE>,
// else AWS_ENDPOINT_URL), or "" when there is none or AWS_IGNORE_CONFIGURED_ENDPOINT_URLS is
// true.
func Endpoint(service string, getenv func(string) string) string {
	if strings.EqualFold(strings.TrimSpace(getenv("AWS_IGNORE_CONFIGURED_ENDPOINT_URLS")), "true") {
		return ""
	}
	raw := strings.TrimSpace(getenv("AWS_ENDPOINT_URL_" + service))
	if raw == "" {
		raw = strings.TrimSpace(getenv("AWS_ENDPOINT_URL"))
	}
	return raw
}

// Loopback reports whether endpoint is a URL on a loopback address.
func Loopback(endpoint string) bool {
	u, err := url.Parse(endpoint)
	return err == nil && settings.LoopbackHost(u.Hostname())
}
