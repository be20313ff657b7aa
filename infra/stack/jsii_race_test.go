//go:build race

package stack_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// closeJSII ends the jsii node process without jsii.Close: under the race detector jsii.Close
// fails the run, because jsii-runtime-go (v1.113 up to at least v1.126) waits for the node
// process both in its own goroutine and in Close. Instead we signal our node child; jsii's own
// goroutine then reaps it and removes its temporary directory, which we wait for.
func closeJSII() {
	pid, dir := jsiiChild()
	if pid == 0 {
		return
	}
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		return
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
			return
		}
	}
	os.RemoveAll(dir)
}

// jsiiChild finds this process's jsii node child through /proc (Linux) and the temporary
// directory its entry point was unpacked into. It returns 0 when there is none.
func jsiiChild() (int, string) {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	self := os.Getpid()
	for _, stat := range stats {
		b, err := os.ReadFile(stat)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...; comm may hold spaces and parentheses.
		fields := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		if len(fields) < 2 || fields[1] != strconv.Itoa(self) {
			continue
		}
		cmdline, err := os.ReadFile(filepath.Join(filepath.Dir(stat), "cmdline"))
		if err != nil {
			continue
		}
		for _, arg := range strings.Split(string(cmdline), "\x00") {
			dir := filepath.Dir(filepath.Dir(arg))
			if filepath.Base(arg) == "jsii-runtime.js" && strings.HasPrefix(filepath.Base(dir), "jsii-runtime.") {
				pid, err := strconv.Atoi(filepath.Base(filepath.Dir(stat)))
				if err != nil {
					continue
				}
				return pid, dir
			}
		}
	}
	return 0, ""
}
