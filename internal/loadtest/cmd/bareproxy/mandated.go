//go:build mandated

package main

import (
	"context"
	"net/http"
	"os"

	"github.com/aws/aws-lambda-go/lambdaurl"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
)

// Built with -tags mandated, the bare proxy also links what the design mandates beside the
// provider SDK, as the chat server links it: the AWS SDK reading a key from SSM, and the
// Lambda runtime serving a Function URL. Neither runs here (the variables are never set in
// proxybench): they weigh only by their code and their package init, which is the floor
// they put under the chat server's memory and start.
func init() {
	loadKey = func(ctx context.Context) {
		name := os.Getenv("BAREPROXY_KEY_PARAMETER")
		if name == "" {
			return
		}
		cfg, err := awsconfig.LoadDefaultConfig(ctx)
		if err != nil {
			return
		}
		decrypt := true
		out, err := ssm.NewFromConfig(cfg).GetParameter(ctx, &ssm.GetParameterInput{Name: &name, WithDecryption: &decrypt})
		if err == nil && out.Parameter != nil && out.Parameter.Value != nil {
			_ = os.Setenv("AIPROVIDER_GENERATIVE_AI_API_KEY", *out.Parameter.Value)
		}
	}
	serveLambda = func(h http.Handler) {
		if os.Getenv("AWS_LAMBDA_RUNTIME_API") != "" {
			lambdaurl.Start(h)
		}
	}
}
