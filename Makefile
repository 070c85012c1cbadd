# estate — two commands on a fresh machine: `make run` and `make test`.
SHELL := /bin/bash
GO ?= $(shell command -v go 2>/dev/null || echo /usr/local/go/bin/go)
BIN := bin/estate
STATICCHECK_VERSION := v0.8.2
GOBIN := $(shell $(GO) env GOPATH)/bin
VERSION := $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)

.PHONY: run build ui test test-go lint bench generate clean

## run: build everything, sync the demo agency and serve it at http://localhost:8080
run: build
	$(BIN) sync
	exec $(BIN) serve

## build: the UI (when present) and the binary
build: ui
	$(GO) build -trimpath -ldflags "-X main.version=$(VERSION)" -o $(BIN) ./cmd/estate

ui:
	@if [ -f ui/package.json ]; then cd ui && npm ci --no-audit --no-fund && npm run build; fi

## test: every test: vet, staticcheck, Go tests with the race detector
test: lint test-go

test-go:
	$(GO) test -race -count=1 ./...

lint:
	$(GO) vet ./...
	@test -x $(GOBIN)/staticcheck || $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	$(GOBIN)/staticcheck ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt needed"; exit 1; }

## bench: the measured goals of docs/benchmarks.md
bench:
	$(GO) test -run '^$$' -bench . -benchtime 1x -benchmem ./...

## generate: regenerate the demo agency in testdata/ (deterministic)
generate:
	$(GO) run ./demo/gen

clean:
	rm -rf bin data
