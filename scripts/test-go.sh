#!/usr/bin/env bash
# Usage: scripts/test-go.sh — every Go test once (make test-go).
#
# The race detector makes a test four to ten times slower, and finds races
# only in code that runs goroutines or shares state between them. So:
# - RACED packages run under it: the server and its handlers, the render
#   pool, queues, caches, the outbox relay, the fake platform and SMTP server.
# - RACE_FREE packages have no concurrency of their own (functions over
#   data, at most a value loaded once with sync.Once) and run without it.
# - The sync's tests of its concurrency (parallel fetches with faults and
#   retries, the run lock, a full and an incremental run) are raced; its
#   other tests check what a run maps, quarantines and keeps, over the same
#   fetch code, and run without the detector.
# - The pages' render tests run again without it: under it the JavaScript
#   engine is so slow that they render none or a sample of the pages.
# The jobs run side by side, so that no package runs alone for minutes on
# one core while the other idles; each job's output is printed whole.
# Before them, one build compiles every package the tests import, under the
# detector: two go commands compiling the same packages at once would each
# compile them, which with an empty build cache (a CI machine) costs minutes.
set -uo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}

RACE_FREE=(./admin ./alerts ./config ./demo/... ./epcimage ./internal/... ./listing ./ownerreport ./pagedata ./schedule ./site/... ./store/storetest ./render/rendertest ./ui)
SYNC_RACED='^(TestFullSyncOfTheDemoAgency|TestIncrementalSyncAppliesChangesAndDeletions|TestBadPlatformAnswersKeepTheLastGoodData|TestTransientFaultsAreRetried|TestConcurrentRunIsRefused)$'
RENDERS='^(TestEveryPageRendersOnTheServer|TestListPageFromPlan|TestServe|TestProcessedPhotosComeFromOurOrigin)$'
# The longest first: go test starts packages in the order given.
FIRST=(./cmd/estate ./httpd ./index ./demands)
mapfile -t RACED < <(comm -23 <($GO list ./... | sort) <($GO list "${RACE_FREE[@]}" ./sync "${FIRST[@]}" | sort))

mapfile -t SHARED < <($GO list -deps -test -f '{{if and (not .ForTest) (ne .Name "main")}}{{.ImportPath}}{{end}}' ./...)
$GO build -race "${SHARED[@]}" || exit 1

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
jobs=(
	"$GO test -race -count=1 -run '$SYNC_RACED' ./sync"
	"$GO test -race -count=1 ${FIRST[*]} ${RACED[*]}"
	"$GO test -count=1 ${RACE_FREE[*]} && $GO test -count=1 -skip '$SYNC_RACED' ./sync && $GO test -count=1 -run '$RENDERS' ./httpd ./cmd/estate"
)
pids=()
for i in "${!jobs[@]}"; do
	bash -c "${jobs[$i]}" >"$out/$i" 2>&1 &
	pids+=($!)
done
status=0
for i in "${!jobs[@]}"; do
	wait "${pids[$i]}" || status=1
	echo "\$ ${jobs[$i]}" | sed "s|$($GO list -m)/||g"
	cat "$out/$i"
done
exit $status
