package stack

import (
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"github.com/chatsvc/chat/pkg/deploy/stage"
)

// The cdk-nag packs (AwsSolutions, Serverless) run over every stage's synthesized template in
// the tests (infra/nag). A finding that stays is suppressed here, on the resource, with its
// reason, as template metadata (cdk_nag.rules_to_suppress), the form cdk-nag reads.

// Suppression is one acknowledged cdk-nag rule.
type Suppression struct {
	ID     string
	Reason string
	// AppliesTo narrows a granular rule (IAM4, IAM5) to the findings named, e.g.
	// "Resource::*"; empty means the whole rule.
	AppliesTo []string
}

// bucketDeploymentPrefix names CDK's own BucketDeployment singleton (a Lambda-backed custom
// resource that copies the page to S3 at deploy time) and its role.
const bucketDeploymentPrefix = "Custom::CDKBucketDeployment"

// suppressionsFor is the table of acknowledged findings, by the resource's path in the stack.
func suppressionsFor(st stage.Stage, path string) []Suppression {
	var out []Suppression
	switch {
	case strings.HasPrefix(path, bucketDeploymentPrefix):
		const reason = "CDK's own BucketDeployment custom resource: it runs only during a deploy, to copy the page to its bucket; its role, runtime and settings are CDK's"
		for _, id := range []string{"AwsSolutions-IAM4", "AwsSolutions-IAM5", "AwsSolutions-L1", "Serverless-LambdaDefaultMemorySize",
			"Serverless-LambdaDLQ", "Serverless-LambdaLatestVersion", "Serverless-LambdaTracing"} {
			out = append(out, Suppression{ID: id, Reason: reason})
		}
	case strings.HasPrefix(path, "FunctionRole/DefaultPolicy"):
		out = append(out, Suppression{ID: "AwsSolutions-IAM5",
			Reason:    "X-Ray's PutTraceSegments and PutTelemetryRecords support no resource-level permissions (Resource *); the logs statement names the function's own log group",
			AppliesTo: []string{"Resource::*"},
		})
	case path == "ChatFunction/Resource":
		out = append(out, Suppression{ID: "Serverless-LambdaDLQ",
			Reason: "The function is invoked synchronously through its URL, and a dead-letter queue only receives failed asynchronous invocations"})
	case path == "SiteDistribution/Resource":
		out = append(out, Suppression{ID: "AwsSolutions-CFR1",
			Reason: "The service has no per-country obligations; per-client rate limits in WAF, not geography, bound abuse"})
		if st.Domain == "" {
			out = append(out, Suppression{ID: "AwsSolutions-CFR4",
				Reason: "Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes (TLSv1); a stage with Domain and CertificateARN gets TLSv1.2_2021"})
		}
		if !st.WAF {
			out = append(out, Suppression{ID: "AwsSolutions-CFR2",
				Reason: "The stage table leaves this stage without WAF (about $5 a month and more); its reserved concurrency is its limit"})
		}
	}
	return out
}

// nagSuppressions puts each resource's suppressions into its metadata.
func nagSuppressions(stack awscdk.Stack, st stage.Stage) {
	prefix := *stack.Node().Path() + "/"
	for _, c := range *stack.Node().FindAll(constructs.ConstructOrder_PREORDER) {
		res, ok := c.(awscdk.CfnResource)
		if !ok {
			continue
		}
		rules := suppressionsFor(st, strings.TrimPrefix(*c.Node().Path(), prefix))
		if len(rules) == 0 {
			continue
		}
		list := make([]map[string]any, 0, len(rules))
		for _, r := range rules {
			m := map[string]any{"id": r.ID, "reason": r.Reason}
			if len(r.AppliesTo) > 0 {
				m["applies_to"] = r.AppliesTo
			}
			list = append(list, m)
		}
		res.AddMetadata(jsii.String("cdk_nag"), map[string]any{"rules_to_suppress": list})
	}
}
