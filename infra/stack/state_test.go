package stack_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"

	"github.com/chatsvc/chat/infra/stack"
	"github.com/chatsvc/chat/pkg/deploy/settings"
)

// checkStateTable: one table per stage, on-demand, partition key pk (string), TTL on
// expires_at, point-in-time recovery as the stage table says; the function may GetItem,
// PutItem and UpdateItem on that table's ARN, and has no other DynamoDB right anywhere.
func checkStateTable(t *testing.T, s synthesized) {
	id, table := one(t, s, "AWS::DynamoDB::Table", func(map[string]any) bool { return true })
	want := map[string]any{
		"BillingMode":                      "PAY_PER_REQUEST",
		"KeySchema":                        []any{map[string]any{"AttributeName": settings.StateKey, "KeyType": "HASH"}},
		"AttributeDefinitions":             []any{map[string]any{"AttributeName": settings.StateKey, "AttributeType": "S"}},
		"TimeToLiveSpecification":          map[string]any{"AttributeName": settings.StateExpires, "Enabled": true},
		"PointInTimeRecoverySpecification": map[string]any{"PointInTimeRecoveryEnabled": s.stage.PointInTimeRecovery},
	}
	for k, v := range want {
		if js(table[k]) != js(v) {
			t.Errorf("state table %s = %s, want %s", k, js(table[k]), js(v))
		}
	}
	res := resources(s, "AWS::DynamoDB::Table")[id]
	if keep := res["DeletionPolicy"] == "Retain"; keep != s.stage.PointInTimeRecovery {
		t.Errorf("state table DeletionPolicy = %v; want Retain exactly where point-in-time recovery is on", res["DeletionPolicy"])
	}
	var found []string
	for _, typ := range []string{"AWS::IAM::Policy", "AWS::IAM::Role", "AWS::IAM::ManagedPolicy"} {
		for _, r := range resources(s, typ) {
			for _, stmt := range statements(r["Properties"].(map[string]any)) {
				for _, a := range strs(stmt["Action"]) {
					if strings.HasPrefix(strings.ToLower(a), "dynamodb:") || a == "*" {
						found = append(found, a+" on "+js(stmt["Resource"]))
					}
				}
			}
		}
	}
	var wantRights []string
	for _, a := range settings.StateActions() {
		wantRights = append(wantRights, a+` on {"Fn::GetAtt":["`+id+`","Arn"]}`)
	}
	slices.Sort(found)
	slices.Sort(wantRights)
	if !slices.Equal(found, wantRights) {
		t.Errorf("DynamoDB rights = %q, want exactly %q", found, wantRights)
	}
}

// checkDailySpend: an alarm on the day's CostUSD at SpendAlarmShare of the stage's budget,
// and a dashboard widget with the budget drawn on it.
func checkDailySpend(t *testing.T, s synthesized) {
	has(t, s, "AWS::CloudWatch::Alarm", map[string]any{
		"MetricName":   "CostUSD",
		"Namespace":    stack.MetricNamespace(s.stage),
		"Statistic":    "Sum",
		"Period":       86400,
		"Threshold":    stack.SpendAlarmShare * s.stage.DailyBudgetUSD,
		"AlarmActions": assertions.Match_AnyValue(),
	})
	for _, d := range resources(s, "AWS::CloudWatch::Dashboard") {
		body := js(d["Properties"].(map[string]any)["DashboardBody"])
		for _, want := range []string{"Estimated spend per UTC day against the daily budget", `\"period\":86400`,
			`\"label\":\"daily budget (questions refused)\",\"value\":` + s.stage.FormatDailyBudget()} {
			if !strings.Contains(body, want) {
				t.Errorf("the dashboard body does not hold %s: %s", want, body)
			}
		}
	}
}
