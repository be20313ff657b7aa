//go:build race

package stack_test

// closeJSII does nothing under the race detector: jsii-runtime-go's Close (v1.113 up to at
// least v1.126) waits for the node process both in its own goroutine and in Close, a data race
// the detector reports, failing the run. The node process ends by itself when the test binary
// exits and its stdin pipe closes; its temporary files are under TestMain's TMPDIR, which
// TestMain removes.
func closeJSII() {}
