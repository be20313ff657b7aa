//go:build lambda.norpc

package main

import (
	"errors"
	"net/http"
)

// errNoDemo is what -demo says in the Lambda build, which links no fake.
var errNoDemo = errors.New("-demo is not in the Lambda build (-tags lambda.norpc): build the local binary, go build ./functions/chat, or run make demo")

// startDemoUpstream is the Lambda build's: the fakes are not linked into it (see demo.go).
func startDemoUpstream() (baseURL string, srv *http.Server, err error) {
	return "", nil, errNoDemo
}
