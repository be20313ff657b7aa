package main

import (
	"maps"
	"sync"

	"github.com/chatsvc/chat/internal/demo"
)

// The tests run -demo whatever the build tags: the test binary links the fakes, the
// default build of the command does not.
func init() { startDemo = demo.Start }

// testEnv is an environment of its own for one run: getenv reads vars, setenv writes a copy
// of them, safe for the server's goroutines.
func testEnv(vars map[string]string) environment {
	var mu sync.RWMutex
	env := maps.Clone(vars)
	if env == nil {
		env = map[string]string{}
	}
	return environment{
		getenv: func(k string) string { mu.RLock(); defer mu.RUnlock(); return env[k] },
		setenv: func(k, v string) error { mu.Lock(); defer mu.Unlock(); env[k] = v; return nil },
	}
}
