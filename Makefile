# One file of entry points. `make run` serves locally; `make test` is the whole test suite
# (the command README.md gives and .ci/run calls); everything it needs it installs itself.
SHELL := /usr/bin/env bash
GO ?= go
PORT ?= 8080
BUILD_DIR := .build/chat

.PHONY: run demo test test-go test-web build web web-deps browser vet fmt-check bench synth lint-templates clean

## run: serve the chat endpoint (and the built page) on 127.0.0.1:$(PORT)
run: web
	$(GO) run ./functions/chat

## demo: like run, but against the built-in scripted fake upstream (no key, no internet)
demo: web
	$(GO) run ./functions/chat -demo

## test: the whole suite: formatting, vet, Go tests with -race, the browser test
test: fmt-check vet test-go test-web

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './web/*')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

test-go:
	$(GO) test -race -count=1 ./...

## build: the Lambda bootstrap for linux/arm64 (provided.al2023)
build:
	mkdir -p $(BUILD_DIR)
	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 $(GO) build -tags lambda.norpc -trimpath -ldflags="-s -w" -o $(BUILD_DIR)/bootstrap ./functions/chat
	@echo "$(BUILD_DIR)/bootstrap: $$(stat -c %s $(BUILD_DIR)/bootstrap) bytes"

clean:
	rm -rf .build web/dist web/node_modules

## bench: the figures of docs/BENCHMARKS.md: per-chunk benchmarks, then chatbench (latency,
## cold start, bootstrap size, memory, throughput) against the local server and a fake upstream
bench:
	$(GO) test -run '^$$' -bench . -benchmem -benchtime 20000x ./pkg/datastream ./pkg/chat ./pkg/loadtest
	$(GO) run ./pkg/loadtest/cmd/chatbench
