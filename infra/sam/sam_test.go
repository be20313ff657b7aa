package sam_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/chatsvc/chat/infra/cfn"
	"github.com/chatsvc/chat/infra/sam"
	"github.com/chatsvc/chat/pkg/config"
	"github.com/chatsvc/chat/pkg/config/configtest"
	"github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/deploy/stage"
)

// root is the repository root, seen from this package's directory.
const root = "../.."

// mappingKeys says which StageConfig key carries which environment variable.
var mappingKeys = map[string]string{
	settings.ModelVar:            "Model",
	settings.TemperatureVar:      "Temperature",
	settings.MaxTokensVar:        "MaxTokens",
	settings.ThinkingVar:         "Thinking",
	settings.MaxDurationVar:      "Timeout",
	settings.APIKeyParameterVar:  "ApiKeyParameter",
	settings.WebSearchVar:        "ToolWebSearch",
	settings.URLContextVar:       "ToolUrlContext",
	settings.APIKeyTTLVar:        "ApiKeyTtlSeconds",
	settings.TokenFactsBudgetVar: "TokenFactsBudget",
	settings.DailyBudgetVar:      "DailyBudgetUsd",
}

func TestTemplateMatchesStageTable(t *testing.T) {
	tmpl := loadTemplate(t)
	mapping := get[map[string]any](t, tmpl, "Mappings", sam.MappingName)
	if got, want := slices.Sorted(maps.Keys(mapping)), slices.Sorted(slices.Values(stage.Names())); !slices.Equal(got, want) {
		t.Errorf("%s rows = %v, want the stage table's %v", sam.MappingName, got, want)
	}
	allowed := get[[]any](t, tmpl, "Parameters", "Stage", "AllowedValues")
	if got := strings.Fields(fmt.Sprintln(allowed...)); !slices.Equal(got, stage.Names()) {
		t.Errorf("Stage AllowedValues = %v, want %v", allowed, stage.Names())
	}

	for _, st := range stage.Stages() {
		t.Run(st.Name, func(t *testing.T) {
			row, ok := mapping[st.Name].(map[string]any)
			if !ok {
				t.Fatalf("no %s row for stage %s", sam.MappingName, st.Name)
			}
			origins := []any{"none"} // placeholder of a stage without CORS, see template.yaml
			browser := "false"
			if len(st.AllowedOrigins) > 0 {
				origins, browser = nil, "true"
				for _, o := range st.AllowedOrigins {
					origins = append(origins, o)
				}
			}
			want := map[string]any{
				"Plan":                string(st.Plan),
				"MemorySize":          st.MemoryMB,
				"ReservedConcurrency": st.ReservedConcurrency,
				"LogRetentionDays":    st.LogRetentionDays,
				"AllowedOrigins":      origins,
				"BrowserOrigins":      browser,
				"PointInTimeRecovery": fmt.Sprint(st.PointInTimeRecovery),
			}
			for env, key := range mappingKeys {
				want[key] = st.Environment()[env]
			}
			for key, w := range want {
				if g := row[key]; fmt.Sprint(g) != fmt.Sprint(w) {
					t.Errorf("%s.%s.%s = %v, want %v (pkg/deploy/stage)", sam.MappingName, st.Name, key, g, w)
				}
			}
			for key := range row {
				if _, ok := want[key]; !ok {
					t.Errorf("%s.%s.%s is not derived from the stage table", sam.MappingName, st.Name, key)
				}
			}
		})
	}
}

// TestTimeoutsWithinCaps checks the template on its own terms: whatever the Go table says, no
// row may run longer than its plan allows or Lambda accepts.
func TestTimeoutsWithinCaps(t *testing.T) {
	mapping := get[map[string]any](t, loadTemplate(t), "Mappings", sam.MappingName)
	for name, row := range mapping {
		t.Run(name, func(t *testing.T) {
			row := row.(map[string]any)
			plan := stage.Plan(fmt.Sprint(row["Plan"]))
			timeout, ok := row["Timeout"].(int)
			planCap := int(plan.Cap().Seconds())
			switch {
			case !ok:
				t.Errorf("Timeout %v is not an integer", row["Timeout"])
			case planCap == 0:
				t.Errorf("unknown plan %q", plan)
			case timeout > planCap || timeout > int(stage.LambdaMaxTimeout.Seconds()):
				t.Errorf("Timeout %d s exceeds the %s plan's cap (%d s) or Lambda's 900 s", timeout, plan, planCap)
			case timeout != min(int(stage.MaxRequestDuration.Seconds()), planCap):
				t.Errorf("Timeout %d s, want min(50, %d)", timeout, planCap)
			}
		})
	}
}

// TestTemplateKeys asserts the keys cfn-lint cannot check: a misspelled InvokeMode, say, lints
// clean and is dropped, and the URL quietly buffers.
func TestTemplateKeys(t *testing.T) {
	tmpl := loadTemplate(t)
	fn := get[map[string]any](t, tmpl, "Resources", "ChatFunction")
	props := get[map[string]any](t, fn, "Properties")
	fromMapping := func(key string) any {
		return map[string]any{"Fn::FindInMap": []any{sam.MappingName, map[string]any{"Ref": "Stage"}, key}}
	}
	tests := map[string]struct {
		path []string
		want any
	}{
		"type":         {[]string{"Type"}, "AWS::Serverless::Function"},
		"build method": {[]string{"Metadata", "BuildMethod"}, "go1.x"},
		"code":         {[]string{"Properties", "CodeUri"}, "functions/chat/"},
		"handler":      {[]string{"Properties", "Handler"}, "bootstrap"},
		"runtime":      {[]string{"Properties", "Runtime"}, "provided.al2023"},
		"architecture": {[]string{"Properties", "Architectures"}, []any{"arm64"}},
		"timeout":      {[]string{"Properties", "Timeout"}, fromMapping("Timeout")},
		"memory":       {[]string{"Properties", "MemorySize"}, fromMapping("MemorySize")},
		"concurrency":  {[]string{"Properties", "ReservedConcurrentExecutions"}, fromMapping("ReservedConcurrency")},
		"log format":   {[]string{"Properties", "LoggingConfig", "LogFormat"}, "JSON"},
		"log group":    {[]string{"Properties", "LoggingConfig", "LogGroup"}, map[string]any{"Ref": "ChatFunctionLogs"}},
		// IAM-only unless the operator opts in (PublicUrl=true, default false).
		"url auth":        {[]string{"Properties", "FunctionUrlConfig", "AuthType"}, map[string]any{"Fn::If": []any{"IsPublicUrl", "NONE", "AWS_IAM"}}},
		"url invoke mode": {[]string{"Properties", "FunctionUrlConfig", "InvokeMode"}, "RESPONSE_STREAM"},
		"url cors": {[]string{"Properties", "FunctionUrlConfig", "Cors"}, map[string]any{"Fn::If": []any{
			"HasBrowserOrigins",
			map[string]any{
				"AllowOrigins":  fromMapping("AllowedOrigins"),
				"AllowMethods":  []any{"GET", "POST"},
				"AllowHeaders":  []any{"*"},
				"ExposeHeaders": []any{"retry-after", "x-request-id", "x-should-retry", "x-vercel-ai-ui-message-stream"},
				"MaxAge":        3600,
			},
			map[string]any{"Ref": "AWS::NoValue"},
		}}},
		"ssm read and state items only": {[]string{"Properties", "Policies"}, []any{map[string]any{
			"Version": "2012-10-17",
			"Statement": []any{map[string]any{
				"Effect": "Allow",
				"Action": "ssm:GetParameter",
				"Resource": map[string]any{"Fn::Sub": []any{
					"arn:${AWS::Partition}:ssm:${AWS::Region}:${AWS::AccountId}:parameter${Name}",
					map[string]any{"Name": fromMapping("ApiKeyParameter")},
				}},
			}, map[string]any{
				"Effect":   "Allow",
				"Action":   anys(settings.StateActions()),
				"Resource": map[string]any{"Fn::GetAtt": []any{"StateTable", "Arn"}},
			}},
		}}},
		"state table": {[]string{"Properties", "Environment", "Variables", settings.StateTableVar}, map[string]any{"Ref": "StateTable"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			if got := get[any](t, fn, tt.path...); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ChatFunction.%s = %#v, want %#v", strings.Join(tt.path, "."), got, tt.want)
			}
		})
	}
	t.Run("public url only on request", func(t *testing.T) {
		p := get[map[string]any](t, tmpl, "Parameters", "PublicUrl")
		if p["Default"] != "false" || !strings.Contains(fmt.Sprint(p["Description"]), "anyone") {
			t.Errorf("PublicUrl parameter = %v", p)
		}
		cond := get[any](t, tmpl, "Conditions", "IsPublicUrl")
		if want := map[string]any{"Fn::Equals": []any{map[string]any{"Ref": "PublicUrl"}, "true"}}; !reflect.DeepEqual(cond, want) {
			t.Errorf("IsPublicUrl = %v", cond)
		}
		actions := map[string]bool{}
		for id, r := range get[map[string]any](t, tmpl, "Resources") {
			res := r.(map[string]any)
			if res["Type"] != "AWS::Lambda::Permission" {
				continue
			}
			if res["Condition"] != "IsPublicUrl" {
				t.Errorf("%s grants invocation without the IsPublicUrl condition", id)
			}
			actions[fmt.Sprint(res["Properties"].(map[string]any)["Action"])] = true
		}
		if !actions["lambda:InvokeFunctionUrl"] || !actions["lambda:InvokeFunction"] {
			t.Errorf("public permissions = %v, want both InvokeFunctionUrl and InvokeFunction", actions)
		}
	})
	t.Run("url config keys", func(t *testing.T) {
		got := slices.Sorted(maps.Keys(get[map[string]any](t, props, "FunctionUrlConfig")))
		if want := []string{"AuthType", "Cors", "InvokeMode"}; !slices.Equal(got, want) {
			t.Errorf("FunctionUrlConfig keys = %v, want %v", got, want)
		}
	})
	t.Run("environment", func(t *testing.T) {
		vars := get[map[string]any](t, props, "Environment", "Variables")
		if got, want := slices.Sorted(maps.Keys(vars)), slices.Sorted(slices.Values(append(slices.Collect(maps.Keys(stage.Stages()[0].Environment())), settings.StateTableVar))); !slices.Equal(got, want) {
			t.Errorf("environment variables = %v, want %v", got, want)
		}
		for name, key := range mappingKeys {
			if got := vars[name]; !reflect.DeepEqual(got, fromMapping(key)) {
				t.Errorf("%s = %v, want %v", name, got, fromMapping(key))
			}
		}
	})
	t.Run("log retention", func(t *testing.T) {
		got := get[any](t, tmpl, "Resources", "ChatFunctionLogs", "Properties", "RetentionInDays")
		if !reflect.DeepEqual(got, fromMapping("LogRetentionDays")) {
			t.Errorf("RetentionInDays = %v", got)
		}
	})
	t.Run("no parameter resource", func(t *testing.T) {
		for id, r := range get[map[string]any](t, tmpl, "Resources") {
			if typ := r.(map[string]any)["Type"]; typ == "AWS::SSM::Parameter" {
				t.Errorf("%s creates an SSM parameter; the operator creates it", id)
			}
		}
	})
	t.Run("output", func(t *testing.T) {
		got := get[any](t, tmpl, "Outputs", "FunctionUrl", "Value")
		if want := map[string]any{"Fn::GetAtt": []any{"ChatFunctionUrl", "FunctionUrl"}}; !reflect.DeepEqual(got, want) {
			t.Errorf("FunctionUrl output = %v, want %v", got, want)
		}
	})
}

// samconfig is the part of samconfig.toml the stages rely on.
type samconfig map[string]map[string]struct {
	Parameters map[string]any `toml:"parameters"`
}

func TestSamconfigMatchesStageTable(t *testing.T) {
	var raw map[string]any
	if _, err := toml.DecodeFile(filepath.Join(root, sam.ConfigPath), &raw); err != nil {
		t.Fatal(err)
	}
	if v := raw["version"]; v != 0.1 {
		t.Errorf("version = %v, want 0.1", v)
	}
	delete(raw, "version")
	var cfg samconfig
	if _, err := toml.DecodeFile(filepath.Join(root, sam.ConfigPath), &cfg); err != nil {
		t.Fatal(err)
	}

	// Each environment stands alone (no inheritance from default), so each must name its
	// stage everywhere a command reads it.
	envs := map[string]string{"default": "dev"}
	for _, name := range stage.Names() {
		envs[name] = name
	}
	for env := range raw {
		if _, ok := envs[env]; !ok {
			t.Errorf("samconfig environment %q is not a stage of pkg/deploy/stage (%v)", env, stage.Names())
		}
	}
	for env, stageName := range envs {
		t.Run(env, func(t *testing.T) {
			cmds, ok := cfg[env]
			if !ok {
				t.Fatalf("samconfig has no environment %q", env)
			}
			param := func(cmd, key string) any {
				t.Helper()
				v, ok := cmds[cmd].Parameters[key]
				if !ok {
					t.Errorf("[%s.%s.parameters] has no %s", env, cmd, key)
				}
				return v
			}
			if got, want := param("global", "stack_name"), "chat-"+stageName; got != want {
				t.Errorf("stack_name = %v, want %q", got, want)
			}
			for _, cmd := range []string{"deploy", "local_invoke"} {
				if got, want := param(cmd, "parameter_overrides"), "Stage="+stageName; got != want {
					t.Errorf("[%s.%s.parameters] parameter_overrides = %v, want %q", env, cmd, got, want)
				}
			}
			if got := param("deploy", "capabilities"); got != "CAPABILITY_IAM" {
				t.Errorf("capabilities = %v, want CAPABILITY_IAM", got)
			}
			if _, ok := cmds["build"]; !ok {
				t.Errorf("no [%s.build.parameters]", env)
			}
		})
	}
}

// TestMakefileStages keeps the Makefile's list of stages (for lint-templates) in step.
func TestMakefileStages(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^STAGES\s*:?=\s*(.*)$`).FindSubmatch(b)
	if m == nil {
		t.Fatal("Makefile has no STAGES := line")
	}
	if got := strings.Fields(string(m[1])); !slices.Equal(got, stage.Names()) {
		t.Errorf("Makefile STAGES = %v, want %v", got, stage.Names())
	}
}

func TestTemplateLint(t *testing.T) {
	err := cfn.Lint(context.Background(), nil, filepath.Join(root, sam.TemplatePath))
	cfn.RequireLinter(t, err)
	if err != nil {
		t.Fatal(err)
	}
}

func loadTemplate(t *testing.T) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, sam.TemplatePath))
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := cfn.ParseYAML(b)
	if err != nil {
		t.Fatal(err)
	}
	return tmpl
}

// get walks a path of mapping keys and returns the value there as a T.
func get[T any](t *testing.T, v any, path ...string) T {
	t.Helper()
	for i, key := range path {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%s is not a mapping", strings.Join(path[:i], "."))
		}
		if v, ok = m[key]; !ok {
			t.Fatalf("%s is missing", strings.Join(path[:i+1], "."))
		}
	}
	out, ok := v.(T)
	if !ok {
		t.Fatalf("%s is %T, not %T", strings.Join(path, "."), v, out)
	}
	return out
}

// TestTemplateEnvironmentLoadsToTheRow (issue 13, item 11): the environment template.yaml
// gives the function in each stage (its Variables, resolved through StageConfig) is read by
// the function's own config.Load to exactly the stage table's settings.
func TestTemplateEnvironmentLoadsToTheRow(t *testing.T) {
	tmpl := loadTemplate(t)
	mapping := get[map[string]any](t, tmpl, "Mappings", sam.MappingName)
	vars := get[map[string]any](t, tmpl, "Resources", "ChatFunction", "Properties", "Environment", "Variables")
	for _, st := range stage.Stages() {
		t.Run(st.Name, func(t *testing.T) {
			row := get[map[string]any](t, mapping, st.Name)
			env := map[string]string{}
			for name, v := range vars {
				if name == settings.StateTableVar {
					continue // the table's name, !Ref StateTable
				}
				find, ok := v.(map[string]any)["Fn::FindInMap"].([]any)
				if !ok || len(find) != 3 {
					t.Fatalf("%s = %v, want a FindInMap into %s", name, v, sam.MappingName)
				}
				env[name] = fmt.Sprint(row[fmt.Sprint(find[2])])
			}
			c, err := config.Load(func(k string) string { return env[k] })
			if err != nil {
				t.Fatal(err)
			}
			if err := configtest.Matches(st, c); err != nil {
				t.Error(err)
			}
		})
	}
}

// anys is ss as the template's YAML decodes a list.
func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// TestStateTable: the table the stage's instances share, of the shape pkg/state reads.
func TestStateTable(t *testing.T) {
	table := get[map[string]any](t, loadTemplate(t), "Resources", "StateTable")
	want := map[string]any{
		"BillingMode":             "PAY_PER_REQUEST",
		"AttributeDefinitions":    []any{map[string]any{"AttributeName": settings.StateKey, "AttributeType": "S"}},
		"KeySchema":               []any{map[string]any{"AttributeName": settings.StateKey, "KeyType": "HASH"}},
		"TimeToLiveSpecification": map[string]any{"AttributeName": settings.StateExpires, "Enabled": true},
		"PointInTimeRecoverySpecification": map[string]any{"PointInTimeRecoveryEnabled": map[string]any{
			"Fn::FindInMap": []any{sam.MappingName, map[string]any{"Ref": "Stage"}, "PointInTimeRecovery"}}},
	}
	if table["Type"] != "AWS::DynamoDB::Table" {
		t.Fatalf("StateTable is a %v", table["Type"])
	}
	props := get[map[string]any](t, table, "Properties")
	for k, w := range want {
		if !reflect.DeepEqual(props[k], w) {
			t.Errorf("StateTable.%s = %#v, want %#v", k, props[k], w)
		}
	}
}
