#!/usr/bin/env bash
# Starts `estate serve` with the demo agency on a free loopback port and a
# temporary storage dir, runs the algoliasearch conformance tests against it,
# and stops it. Used by `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${ESTATE_BIN:-bin/estate}
work=$(mktemp -d "${TMPDIR:-/tmp}/estate-conformance.XXXXXX")
pid=""
cleanup() {
	if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
		kill -TERM "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT

# Port 0: the kernel picks a free port, which the server logs.
ESTATE_STORAGE_DIR=$work ESTATE_SERVER_ADDR=127.0.0.1:0 ESTATE_SOURCE_DIR=$PWD/testdata/platform \
	ESTATE_LOG_LEVEL=info "$bin" serve >"$work/serve.log" 2>&1 &
pid=$!

addr=""
for _ in $(seq 1 300); do
	kill -0 "$pid" 2>/dev/null || { cat "$work/serve.log"; exit 1; }
	[[ -n $addr ]] || addr=$(grep -o 'msg=serving addr=[^ ]*' "$work/serve.log" | head -1 | cut -d= -f3 || true)
	if [[ -n $addr ]] && curl -sf "http://$addr/readyz" >/dev/null; then
		break
	fi
	sleep 0.1
done
curl -sf "http://$addr/readyz" >/dev/null || { echo "estate serve not ready after 30 s"; cat "$work/serve.log"; exit 1; }

cd test/conformance
ESTATE_URL=http://$addr node --test
