package stack

import (
	"fmt"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudwatch"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudwatchactions"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssns"
	"github.com/aws/jsii-runtime-go"

	"github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/deploy/stage"
)

// SpendAlarmShare is the share of the daily budget at which the spend alarm fires: early
// enough to act before questions are refused.
const SpendAlarmShare = 0.8

// stateTable is the table the function's instances share their state in (README, "Shared
// state"): on-demand, TTL on expires_at, point-in-time recovery where the stage table says
// so; its name in STATE_TABLE, and the function granted only the item actions it uses, on
// this table alone. A stage with point-in-time recovery keeps the table when the stack goes.
func stateTable(stack awscdk.Stack, st stage.Stage, fn awslambda.Function) awsdynamodb.Table {
	removal := awscdk.RemovalPolicy_DESTROY
	if st.PointInTimeRecovery {
		removal = awscdk.RemovalPolicy_RETAIN
	}
	table := awsdynamodb.NewTable(stack, jsii.String("StateTable"), &awsdynamodb.TableProps{
		PartitionKey:        &awsdynamodb.Attribute{Name: jsii.String(settings.StateKey), Type: awsdynamodb.AttributeType_STRING},
		BillingMode:         awsdynamodb.BillingMode_PAY_PER_REQUEST,
		TimeToLiveAttribute: jsii.String(settings.StateExpires),
		PointInTimeRecoverySpecification: &awsdynamodb.PointInTimeRecoverySpecification{
			PointInTimeRecoveryEnabled: jsii.Bool(st.PointInTimeRecovery),
		},
		RemovalPolicy: removal,
	})
	fn.AddEnvironment(jsii.String(settings.StateTableVar), table.TableName(), nil)
	fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   jsii.Strings(settings.StateActions()...),
		Resources: jsii.Strings(*table.TableArn()),
	}))
	return table
}

// spendMonitoring shows the day's estimated spend (the CostUSD metric the request log's
// cost_usd feeds) against the stage's daily budget, on the dashboard and in an alarm at
// SpendAlarmShare of it. A period of a day is aligned on midnight UTC, the budget's day.
func spendMonitoring(stack awscdk.Stack, st stage.Stage, topic awssns.Topic, dashboard awscloudwatch.Dashboard) {
	day := awscloudwatch.NewMetric(&awscloudwatch.MetricProps{
		Namespace: jsii.String(MetricNamespace(st)), MetricName: jsii.String("CostUSD"), Statistic: jsii.String("Sum"),
		Period: awscdk.Duration_Days(jsii.Number(1)),
	})
	alarm := awscloudwatch.NewAlarm(stack, jsii.String("DailySpendAlarm"), &awscloudwatch.AlarmProps{
		AlarmDescription: jsii.String(fmt.Sprintf("chat %s: the day's estimated spend reached %.0f%% of the daily budget ($%s, DAILY_BUDGET_USD); at 100%% every question is refused until midnight UTC",
			st.Name, SpendAlarmShare*100, st.FormatDailyBudget())),
		Metric:             day,
		Threshold:          jsii.Number(SpendAlarmShare * st.DailyBudgetUSD),
		EvaluationPeriods:  jsii.Number(1),
		ComparisonOperator: awscloudwatch.ComparisonOperator_GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
		TreatMissingData:   awscloudwatch.TreatMissingData_NOT_BREACHING,
	})
	alarm.AddAlarmAction(awscloudwatchactions.NewSnsAction(topic))
	dashboard.AddWidgets(awscloudwatch.NewGraphWidget(&awscloudwatch.GraphWidgetProps{
		Title: jsii.String("Estimated spend per UTC day against the daily budget, USD"),
		Left:  &[]awscloudwatch.IMetric{day.With(&awscloudwatch.MetricOptions{Label: jsii.String("spent (USD)")})},
		LeftAnnotations: &[]*awscloudwatch.HorizontalAnnotation{
			{Value: jsii.Number(st.DailyBudgetUSD), Label: jsii.String("daily budget (questions refused)")},
			{Value: jsii.Number(SpendAlarmShare * st.DailyBudgetUSD), Label: jsii.String("alarm")},
		},
		Width: jsii.Number(24),
	}))
}
