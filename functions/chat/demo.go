//go:build demo

package main

import "github.com/chatsvc/chat/internal/demo"

// The demo build (-tags demo: make demo) links the fakes the -demo flag answers from; the
// default build links none (main.go's startDemo refuses).
func init() { startDemo = demo.Start }
