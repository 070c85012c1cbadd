# estate — two commands on a fresh machine: `make run` and `make test`.
SHELL := /bin/bash
GO ?= $(shell command -v go 2>/dev/null || echo /usr/local/go/bin/go)
BIN := bin/estate
STATICCHECK_VERSION := v0.8.2
GOBIN := $(shell $(GO) env GOPATH)/bin
VERSION := $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)

.PHONY: screens run build ui ui-deps test test-go test-ui test-browser test-conformance lint lint-ui bench bench-go bench-serve bench-lighthouse bench-keystroke generate clean

## run: build everything, sync the demo agency and serve it at http://localhost:8080
run: build
	$(BIN) sync
	@echo "Demo owner portal: http://localhost:8080/nl/login/ (eigenaar@ardennes-immo.example / demo-eigenaar-2026)"
	exec $(BIN) serve

## build: the UI (when present) and the binary
build: ui
	$(GO) build -trimpath -ldflags "-X main.version=$(VERSION)" -o $(BIN) ./cmd/estate

# PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: the browser tests drive Debian's chromium.
ui-deps:
	cd ui && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund

ui: ui-deps
	cd ui && npm run build

## test: every test: vet, staticcheck, Go tests with the race detector, UI
## unit tests, browser tests in Chromium, the search client's conformance.
## The UI is built before the Go tests, so they render its server bundle.
test: lint lint-ui build test-go test-ui test-browser test-conformance

## test-ui: TypeScript check and Vitest
test-ui: ui-deps
	cd ui && npx tsc -b && npx vitest run

## test-browser: Playwright (playwright-core) driving Debian's chromium against `estate serve`
# One Chromium for every file (e2e/run.mjs), two files at a time: one file
# keeps this 2-core machine about 70 % busy, and each test's data is its own
# (its own e-mail addresses, accounts and contexts; a second server where it
# must see mail or edit the platform). A render may take 5 s: with the
# default deadline (200 ms) this busy machine would serve some pages
# client-rendered, leaving the browser nothing to hydrate (the deadline's
# fallback has tests of its own in httpd).
test-browser: build
	scripts/install-chromium.sh
	ESTATE_RENDER_TIMEOUT=5s scripts/with-server.sh ui node e2e/run.mjs --test-concurrency=2 e2e/

## test-go: every Go test once, under the race detector where there is concurrency (scripts/test-go.sh says which)
test-go:
	GO=$(GO) scripts/test-go.sh

## test-conformance: the official algoliasearch client against `estate serve` with the demo data
test-conformance: build
	cd test/conformance && npm ci --no-audit --no-fund
	scripts/with-server.sh test/conformance node --test

lint:
	$(GO) vet ./...
	@test -x $(GOBIN)/staticcheck || $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	$(GOBIN)/staticcheck ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt needed"; exit 1; }

## lint-ui: ESLint over the UI: TypeScript's rules, the rules of hooks, the
## boundaries between src/'s layers (ui/eslint.config.js)
lint-ui: ui-deps
	cd ui && npx eslint .

## screens: docs/screens/, the visitor's first screens (home, list, filters, map, detail, favourites, brochure) in nl and fr at 390×844 and 1366×900
screens: build
	scripts/install-chromium.sh
	scripts/with-server.sh ui node scripts/screens.mjs ../docs/screens

## bench: the measured goals of docs/benchmarks.md (several minutes; run one at a time, nothing else busy)
bench: bench-go bench-serve

# The heavy benchmarks (a full sync, a reindex, an index rebuild) run once
# each: one iteration takes seconds to a minute. Searches, demo generation
# and photo rendering are fast and use the default benchtime.
bench-go:
	$(GO) test -run '^$$' -bench . -benchtime 1x -timeout 30m ./sync/
	$(GO) test -run '^$$' -bench Rebuild -benchtime 1x ./index/
	$(GO) test -run '^$$' -bench Search -benchmem ./index/
	$(GO) test -run '^$$' -bench . -benchmem ./demo/ ./demo/photos/

## bench-serve: `estate serve` start to ready and resident memory with 10,000 listings
bench-serve:
	GO=$(GO) scripts/bench-serve.sh

## bench-lighthouse: Lighthouse mobile scores of home, content, list and detail pages
bench-lighthouse: build
	cd test/lighthouse && npm ci --no-audit --no-fund
	scripts/install-chromium.sh
	scripts/with-server.sh test/lighthouse ../../scripts/lighthouse.sh /nl/ /fr/ /nl/onze-diensten/verkoop/ /fr/notre-agence/ \
		/nl/te-koop/ /fr/a-louer/ /nl/te-koop/chassepierre/stenen-woning-in-een-van-de-mooiste-dorpen-van-wallonie/4030/ /nl/te-koop/membre/prachtige-villa-met-panoramisch-uitzicht/4010/ /nl/nieuwbouw/

## bench-keystroke: time from a keystroke in a list's search box to its results on screen, in Chromium
bench-keystroke: build
	scripts/install-chromium.sh
	scripts/with-server.sh ui node bench/keystroke.mjs

## generate: regenerate the demo agency in testdata/ (deterministic)
generate:
	$(GO) run ./demo/gen

clean:
	rm -rf bin data
