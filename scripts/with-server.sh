#!/usr/bin/env bash
# Usage: scripts/with-server.sh DIR COMMAND [ARGS...]
# Starts `estate serve` with the demo agency on a free loopback port and a
# temporary storage dir, runs COMMAND in DIR with ESTATE_URL set to the
# server, and stops the server. Used by `make test` (conformance, browser).
set -euo pipefail
cd "$(dirname "$0")/.."

dir=$1
shift
bin=${ESTATE_BIN:-$PWD/bin/estate}
work=$(mktemp -d "${TMPDIR:-/tmp}/estate-test.XXXXXX")
pid=""
cleanup() {
	if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
		kill -TERM "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT

# Port 0: the kernel picks a free port, which the server logs. The browser
# tests send dozens of forms and the browser and conformance tests hundreds
# of searches from one address: the forms' and the search API's rate limits
# are raised (Go tests check them), the captcha stays on.
ESTATE_STORAGE_DIR=$work ESTATE_SERVER_ADDR=127.0.0.1:0 ESTATE_SOURCE_DIR=$PWD/testdata/platform \
	ESTATE_FORMS_RATE_PER_MINUTE=${ESTATE_FORMS_RATE_PER_MINUTE:-1000} ESTATE_FORMS_BURST=${ESTATE_FORMS_BURST:-1000} \
	ESTATE_SEARCH_RATE_PER_MINUTE=${ESTATE_SEARCH_RATE_PER_MINUTE:-100000} ESTATE_SEARCH_BURST=${ESTATE_SEARCH_BURST:-100000} \
	ESTATE_IMAGES_ENABLED=${ESTATE_IMAGES_ENABLED:-false} ESTATE_LOG_LEVEL=info "$bin" serve >"$work/serve.log" 2>&1 &
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

cd "$dir"
status=0
ESTATE_URL=http://$addr "$@" || status=$?
if [[ $status -ne 0 ]]; then
	# Warnings (a render that fell back, a failed request) say more than the last requests.
	echo "--- estate serve warnings and errors (last 40) ---"
	grep -E 'level=(WARN|ERROR)' "$work/serve.log" | tail -40 || true
	echo "--- estate serve log (last 40 lines) ---"
	tail -40 "$work/serve.log"
fi
exit $status
