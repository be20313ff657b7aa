// Package cfn reads and checks CloudFormation templates without any AWS access: it decodes YAML
// templates with their short-form intrinsic tags, and runs cfn-lint over template files.
//
// It is pure Go (no CDK), so the SAM tests and the CDK stack tests share it.
package cfn

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// ParseYAML decodes a CloudFormation template written in YAML. The short forms of intrinsic
// functions become the long forms a JSON template uses: `!Ref X` is {"Ref": "X"}, `!GetAtt A.B`
// is {"Fn::GetAtt": ["A", "B"]}, `!Condition C` is {"Condition": "C"} and any other `!Name v` is
// {"Fn::Name": v}. A plain YAML decoder would reject these tags or drop them.
func ParseYAML(data []byte) (map[string]any, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("cfn: parse YAML: %w", err)
	}
	v, err := value(&doc)
	if err != nil {
		return nil, fmt.Errorf("cfn: parse YAML: %w", err)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("cfn: parse YAML: the template is not a mapping")
	}
	return m, nil
}

// value converts one node into plain Go values (map[string]any, []any, string, int, float64,
// bool, nil).
func value(n *yaml.Node) (any, error) {
	var v any
	var err error
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return value(n.Content[0])
	case yaml.AliasNode:
		return value(n.Alias)
	case yaml.MappingNode:
		v, err = mapping(n)
	case yaml.SequenceNode:
		v, err = sequence(n)
	case yaml.ScalarNode:
		v, err = scalar(n)
	default:
		return nil, fmt.Errorf("line %d: unexpected YAML node kind %v", n.Line, n.Kind)
	}
	if err != nil {
		return nil, err
	}
	if !isShortForm(n.Tag) {
		return v, nil
	}
	return intrinsic(n, v)
}

// mapping converts a mapping node into a map[string]any.
func mapping(n *yaml.Node) (map[string]any, error) {
	m := make(map[string]any, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		cv, err := value(val)
		if err != nil {
			return nil, err
		}
		m[k.Value] = cv
	}
	return m, nil
}

// sequence converts a sequence node into a []any.
func sequence(n *yaml.Node) ([]any, error) {
	s := make([]any, 0, len(n.Content))
	for _, c := range n.Content {
		cv, err := value(c)
		if err != nil {
			return nil, err
		}
		s = append(s, cv)
	}
	return s, nil
}

// scalar converts a scalar node into the value its YAML core tag says, or into its text
// when it is the argument of a short-form intrinsic.
func scalar(n *yaml.Node) (any, error) {
	if isShortForm(n.Tag) {
		// Arguments of intrinsics are strings, even when they look like numbers.
		return n.Value, nil
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return nil, fmt.Errorf("line %d: %w", n.Line, err)
	}
	return v, nil
}

// intrinsic is the long form of the short-form intrinsic that node n tags, whose argument is
// v (n's value converted).
func intrinsic(n *yaml.Node, v any) (any, error) {
	name := strings.TrimPrefix(n.Tag, "!")
	switch name {
	case "Ref", "Condition":
		return map[string]any{name: v}, nil
	case "GetAtt":
		if s, ok := v.(string); ok {
			resource, attr, found := strings.Cut(s, ".")
			if !found {
				return nil, fmt.Errorf("line %d: !GetAtt %q is not Resource.Attribute", n.Line, s)
			}
			v = []any{resource, attr}
		}
	}
	return map[string]any{"Fn::" + name: v}, nil
}

// isShortForm reports whether tag is a local tag such as !Ref, as opposed to a YAML core tag
// (!!str, !!int, ...).
func isShortForm(tag string) bool {
	return strings.HasPrefix(tag, "!") && !strings.HasPrefix(tag, "!!")
}

// ErrLinterNotFound means cfn-lint is not on PATH.
var ErrLinterNotFound = errors.New("cfn: cfn-lint not found on PATH (pip install cfn-lint)")

// Lint runs cfn-lint on the template files, which may be JSON or YAML, SAM or plain
// CloudFormation. It returns nil when cfn-lint reports nothing, an error carrying the report
// otherwise, and [ErrLinterNotFound] when cfn-lint is not installed. ignore lists rule IDs to
// skip (cfn-lint --ignore-checks).
func Lint(ctx context.Context, ignore []string, paths ...string) error {
	bin, err := exec.LookPath("cfn-lint")
	if err != nil {
		return ErrLinterNotFound
	}
	args := []string{}
	if len(ignore) > 0 {
		args = append(args, "--ignore-checks")
		args = append(args, ignore...)
	}
	args = append(args, "--")
	args = append(args, paths...)
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("cfn: cfn-lint %s: %w\n%s", strings.Join(paths, " "), err, out.String())
	}
	return nil
}

// RequireLinter ends a test when err says cfn-lint is missing: it fails, since every machine of
// this project has cfn-lint, unless CFN_LINT=off asks to skip the lint knowingly. Other errors,
// and nil, are left to the caller.
func RequireLinter(tb testing.TB, err error) {
	tb.Helper()
	if !errors.Is(err, ErrLinterNotFound) {
		return
	}
	if os.Getenv("CFN_LINT") == "off" {
		tb.Skip("cfn-lint is not on PATH and CFN_LINT=off: lint skipped")
	}
	tb.Fatal("cfn-lint is not on PATH: install it (pip install cfn-lint), or set CFN_LINT=off to skip the lint knowingly")
}
