package cfn_test

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/chatsvc/chat/infra/cfn"
)

func TestParseYAML(t *testing.T) {
	tests := map[string]struct {
		in   string
		want map[string]any
	}{
		"plain values": {
			in:   "A: 1\nB: \"1\"\nC: true\nD: [x, 2]\n",
			want: map[string]any{"A": 1, "B": "1", "C": true, "D": []any{"x", 2}},
		},
		"Ref": {
			in:   "A: !Ref Stage\n",
			want: map[string]any{"A": map[string]any{"Ref": "Stage"}},
		},
		"GetAtt dotted": {
			in:   "A: !GetAtt Fn.Arn\n",
			want: map[string]any{"A": map[string]any{"Fn::GetAtt": []any{"Fn", "Arn"}}},
		},
		"GetAtt list": {
			in:   "A: !GetAtt [Fn, Arn]\n",
			want: map[string]any{"A": map[string]any{"Fn::GetAtt": []any{"Fn", "Arn"}}},
		},
		"nested FindInMap": {
			in: "A: !FindInMap [Stages, !Ref Stage, Timeout]\n",
			want: map[string]any{"A": map[string]any{"Fn::FindInMap": []any{
				"Stages", map[string]any{"Ref": "Stage"}, "Timeout"}}},
		},
		"Sub keeps numeric-looking strings": {
			in:   "A: !Sub 123\n",
			want: map[string]any{"A": map[string]any{"Fn::Sub": "123"}},
		},
		"Sub with variables": {
			in: "A: !Sub [\"p${X}\", {X: !Ref Y}]\n",
			want: map[string]any{"A": map[string]any{"Fn::Sub": []any{
				"p${X}", map[string]any{"X": map[string]any{"Ref": "Y"}}}}},
		},
		"Condition": {
			in:   "A: !Condition IsProd\n",
			want: map[string]any{"A": map[string]any{"Condition": "IsProd"}},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := cfn.ParseYAML([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseYAML() = %#v, want %#v", got, tt.want)
			}
		})
	}
}

func TestParseYAMLRejects(t *testing.T) {
	tests := map[string]string{
		"not a mapping":   "- a\n- b\n",
		"bad GetAtt":      "A: !GetAtt NoDot\n",
		"malformed YAML":  "A: [\n",
		"tab indentation": "A:\n\tB: 1\n",
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			if _, err := cfn.ParseYAML([]byte(in)); err == nil {
				t.Errorf("ParseYAML(%q) succeeded", in)
			}
		})
	}
}

func TestLint(t *testing.T) {
	tests := map[string]struct {
		file    string
		wantErr string
	}{
		"valid":           {file: "valid.yaml"},
		"unknown Ref":     {file: "invalid.yaml", wantErr: "Missing"},
		"file is missing": {file: "nope.yaml", wantErr: "nope.yaml"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			err := cfn.Lint(context.Background(), nil, filepath.Join("testdata", tt.file))
			cfn.RequireLinter(t, err)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatal(err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("Lint() = %v, want an error mentioning %q", err, tt.wantErr)
			}
		})
	}
}
