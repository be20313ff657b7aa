//go:build !race

package stack_test

import "github.com/aws/jsii-runtime-go"

// closeJSII stops the jsii node process and removes its temporary files.
func closeJSII() { jsii.Close() }
