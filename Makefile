# One file of entry points. `make run` serves locally; `make test` is the whole test suite
# (the command README.md gives and .ci/run calls); everything it needs it installs itself.
# `make help` (or a bare `make`) lists every target from its `## target: ...` comment.
SHELL := /usr/bin/env bash
GO ?= go
PORT ?= 8080
BUILD_DIR := .build/chat

.PHONY: help run demo smoke eval eval-up eval-deps nag-deps state-deps test test-go test-corpus test-web build web web-deps browser vet fmt-check bench synth lint-templates clean

# A bare `make` lists the targets (it used to start the server); README's commands name theirs.
.DEFAULT_GOAL := help

## help: list the targets with what each does (each from the `## target: ...` comment above it)
help:
	@awk '/^## / { line = substr($$0, 4); \
			if (!block) { name = line; sub(/:.*/, "", name); sub(/^[^:]*: /, "", line) } else name = ""; \
			printf "  %-15s %s\n", name, line; block = 1; next } { block = 0 }' \
		$(firstword $(MAKEFILE_LIST)) | sed -e 's/\$$(PORT)/$(PORT)/g' -e 's/\$$\$$/$$/g'
	@echo; echo "Variables: PORT=$(PORT), EVAL_URL, EVAL_THRESHOLD, STAGE=$(STAGE), GO=$(GO), CDK; e.g. make demo PORT=9000"

# The local server is built, then exec'd (not `go run`): Ctrl-C then reaches the server itself,
# which stops gracefully and exits 0, so make ends cleanly instead of reporting "Error 1".
LOCAL_BIN := .build/local/chat

## run: serve the chat endpoint (and the built page) on 127.0.0.1:$(PORT); GET /healthz
## answers 200 once it serves
run: web
	$(GO) build -o $(LOCAL_BIN) ./functions/chat
	exec $(LOCAL_BIN)

## demo: like run, but against the built-in scripted fake upstream (no key, no internet)
demo: web
	$(GO) build -tags demo -o $(LOCAL_BIN) ./functions/chat
	exec $(LOCAL_BIN) -demo

## smoke: with your own key, ask the real provider (or AIPROVIDER_BASE_URL) through the real
## server: which model answered, time to first text, finish, usage, sources. Not part of test.
smoke:
	@$(GO) run ./internal/smoke/cmd/smoke

## eval: the behaviour suite (internal/eval, run by promptfoo) against a running service:
## EVAL_URL (default the local server), EVAL_THRESHOLD percent to pass (default 80); the
## contract cases ask about EVAL_TOKEN, EVAL_HONEYPOT and EVAL_HOSTILE (default: the demo's
## fixture tokens). Every request stays on EVAL_URL: promptfoo's one telemetry call is sent
## to a closed loopback proxy.
## Nothing listening at EVAL_URL stops it before promptfoo starts (eval-up), with what to start.
EVAL_URL ?= http://127.0.0.1:$(PORT)
EVAL_DIR := $(CURDIR)/.build/eval
eval: eval-up eval-deps
	@mkdir -p $(EVAL_DIR)/promptfoo && rm -f $(EVAL_DIR)/results.json
	@echo "eval: asking $(EVAL_URL)"
	@cd internal/eval && env PROMPTFOO_CONFIG_DIR=$(EVAL_DIR)/promptfoo PROMPTFOO_DISABLE_TELEMETRY=1 \
		PROMPTFOO_DISABLE_UPDATE=1 PROMPTFOO_DISABLE_RUNTIME_WARNINGS=1 \
		HTTPS_PROXY=http://127.0.0.1:9 HTTP_PROXY=http://127.0.0.1:9 NO_PROXY=127.0.0.1,localhost,::1 \
		EVAL_URL=$(EVAL_URL) ./node_modules/.bin/promptfoo eval -c promptfooconfig.yaml --no-cache --no-write \
		--no-table --no-progress-bar -o $(EVAL_DIR)/results.json > $(EVAL_DIR)/promptfoo.log 2>&1; rc=$$?; \
	if [ $$rc != 0 ] && [ $$rc != 100 ] || [ ! -s $(EVAL_DIR)/results.json ]; then \
		cat $(EVAL_DIR)/promptfoo.log >&2; echo "eval: promptfoo failed (exit $$rc)" >&2; exit 1; fi; \
	node report.mjs $(EVAL_DIR)/results.json

## eval-up: whether anything answers at EVAL_URL (GET /healthz; any HTTP status counts, only a
## failed connection does not); if nothing does, it says to start `make demo` or `make run`
eval-up:
	@cd internal/eval && EVAL_URL='$(EVAL_URL)' node reachable.mjs

## eval-deps: promptfoo for make eval, exactly as internal/eval/package-lock.json pins it
eval-deps: internal/eval/node_modules/.package-lock.json

internal/eval/node_modules/.package-lock.json: internal/eval/package.json internal/eval/package-lock.json
	cd internal/eval && npm ci --no-audit --no-fund
	@touch $@

## test: the whole suite: formatting, vet, Go tests with -race, the browser test
test: fmt-check vet test-go test-web

## fmt-check: gofmt -l over the tracked Go files (part of test)
fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './web/*')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

## vet: go vet ./... (part of test)
vet:
	$(GO) vet ./...

# web-deps too: internal/repocheck runs `make browser`, which asks playwright-core; eval-deps:
# it runs `make eval` against the demo.
## test-go: the Go tests with -race (part of test; installs the npm packages they run)
test-go: nag-deps web-deps eval-deps state-deps test-corpus
	$(GO) test -race -count=1 ./...

## test-corpus: the fact checks' corpora (published passages, chat answers) without -race,
## which makes their pure single-goroutine work ten times slower (part of test-go)
test-corpus:
	$(GO) test -count=1 -run 'TestChatAnswers$$|TestPublishedCorpus$$' ./pkg/chat/factcheck

## nag-deps: cdk-nag and aws-cdk-lib for the infra tests, exactly as infra/nag/package-lock.json pins them
nag-deps: infra/nag/node_modules/.package-lock.json

infra/nag/node_modules/.package-lock.json: infra/nag/package.json infra/nag/package-lock.json
	cd infra/nag && npm ci --no-audit --no-fund
	@touch $@

## state-deps: dynalite (an in-memory DynamoDB) for the shared-state tests, exactly as
## internal/dynalite/package-lock.json pins it
state-deps: internal/dynalite/node_modules/.package-lock.json

internal/dynalite/node_modules/.package-lock.json: internal/dynalite/package.json internal/dynalite/package-lock.json
	cd internal/dynalite && npm ci --no-audit --no-fund
	@touch $@

## build: the Lambda bootstrap for linux/arm64 (provided.al2023)
build:
	mkdir -p $(BUILD_DIR)
	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 $(GO) build -tags lambda.norpc -trimpath -ldflags="-s -w" -o $(BUILD_DIR)/bootstrap ./functions/chat
	@echo "$(BUILD_DIR)/bootstrap: $$(stat -c %s $(BUILD_DIR)/bootstrap) bytes"

## browser: a Chromium for the browser test: $$CHROMIUM_PATH, else Debian's /usr/bin/chromium,
## else the Chrome playwright-core finds (web/test/chromium.mjs decides, and e2e.test.mjs uses
## the same). Only when there is none does it install Debian's chromium: as root, or through
## sudo when sudo needs no password; otherwise it stops and says what to do (never a prompt).
DEBIAN_CHROMIUM ?= /usr/bin/chromium
SUDO ?= sudo
browser: web-deps
	@found=$$(node web/test/chromium.mjs $(DEBIAN_CHROMIUM)); rc=$$?; \
	if [ $$rc = 0 ]; then echo "browser: $$found"; exit 0; fi; \
	if [ $$rc != 1 ]; then exit $$rc; fi; \
	if [ "$$(id -u)" = 0 ]; then sudo=; \
	elif command -v $(SUDO) >/dev/null 2>&1 && $(SUDO) -n true 2>/dev/null; then sudo="$(SUDO) -n"; \
	else \
		echo "make browser: installing Debian's chromium needs root, and this is not root and has no $(SUDO) without a password." >&2; \
		echo "  Either install it yourself (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chrome or Chromium binary." >&2; \
		exit 1; \
	fi; \
	echo "browser: installing Debian's chromium"; \
	$$sudo apt-get update && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

## web-deps: the page's npm packages, exactly as web/package-lock.json pins them (only when needed)
web-deps: web/node_modules/.package-lock.json

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	@echo "web-deps: installing the page's npm packages (on a fresh machine, the first run's longest step: about a minute)"
	cd web && npm ci --no-audit --no-fund
	@touch $@

## web: build the page into web/dist (served at / by `make run` and `make demo`)
web: web-deps
	cd web && npm run --silent build

## test-web: unit tests of the page, then headless Chromium against the Go server in demo mode
test-web: browser web
	cd web && npm test

## clean: remove .build, web/dist and web/node_modules
clean:
	rm -rf .build web/dist web/node_modules

## synth: the CDK template of one stage (STAGE=dev|staging|prod) into infra/cdk.out (the app runs `make build web` itself)
STAGE ?= dev
# The stages of pkg/deploy/stage, in table order (a test in infra/sam keeps this list in step).
STAGES := dev staging prod
# The CDK CLI, pinned to an exact version (README and docs/DEPLOY.md name the same one; a test
# in internal/repocheck keeps them in step). It reads the cloud assembly of aws-cdk-go v2.276
# (schema 55) and runs on Node 20 (its engines: Node >= 18). --no-notices: no fetch of AWS's notices feed (synthesis stays offline).
CDK ?= npx --yes aws-cdk@2.1148.1
# The banner on Node 20 comes from the CDK app's own jsii runtime (jsii-runtime-go),
# not from the CLI (whose package says node >= 18): it calls Node 20 end-of-life and supports
# Node 22 and 24 (README, "What deploying needs"). Node 20 is the version this project states.
synth lint-templates: export JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION = 20
synth:
	cd infra && $(CDK) synth --no-notices -c stage=$(STAGE) --quiet -o cdk.out/$(STAGE)
	@echo "infra/cdk.out/$(STAGE)/chat-$(STAGE).template.json"

## lint-templates: cfn-lint template.yaml and every stage's synthesized CDK template
lint-templates:
	cfn-lint template.yaml
	set -e; for s in $(STAGES); do \
		(cd infra && $(CDK) synth --no-notices -c stage=$$s --quiet -o cdk.out/$$s); \
		cfn-lint --ignore-checks W3005 W3045 -- infra/cdk.out/$$s/chat-$$s.template.json; \
	done

## bench: the figures of docs/BENCHMARKS.md: per-chunk benchmarks, then chatbench (latency,
## cold start, bootstrap size, memory, throughput) against the local server and a fake upstream,
## and statebench (the shared state on dynalite: its latency, the token APIs' calls)
bench:
	$(GO) test -run '^$$' -bench . -benchmem -benchtime 20000x ./pkg/wire/datastream ./pkg/wire/uistream ./pkg/wire/openai ./pkg/chat ./internal/loadtest
	$(GO) run ./internal/loadtest/cmd/chatbench
	$(GO) run ./internal/loadtest/cmd/thinkbench
	$(GO) run ./internal/loadtest/cmd/factsbench
	$(GO) run ./internal/loadtest/cmd/proxybench
	$(GO) run ./internal/loadtest/cmd/statebench
