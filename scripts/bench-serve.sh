#!/usr/bin/env bash
# bench-serve measures two goals of docs/benchmarks.md on a synced store of
# synthetic listings: `estate serve` start to ready (≤ 2 s) and its resident
# memory (≤ 150 MB), idle and after a sync, a full sync and a reindex run
# through the server's admin socket. It also checks that SIGTERM stops the
# server cleanly (exit 0 within 10 s).
#
# Each source is measured on its own fresh storage dir:
#   dir       source.kind=dir over the generated folder (the demo's source)
#   platform  source.kind=platform, the production HTTP client, against the
#             fake platform (scripts/benchplatform) serving the same folder
#
#   scripts/bench-serve.sh                      # 5,000 per language × nl, fr = 10,000 listings
#   PER_LANG=10000 scripts/bench-serve.sh       # 20,000 listings
#   SOURCES=platform scripts/bench-serve.sh     # one source only
#   GOMEMLIMIT=100MiB scripts/bench-serve.sh    # the Go runtime of bin/estate reads it
#
# Everything listens on loopback only, in a temporary folder removed on exit.
set -euo pipefail

cd "$(dirname "$0")/.."

GO=${GO:-go}
PER_LANG=${PER_LANG:-5000} # synthetic listings per language
LANGS=${LANGS:-nl,fr}
SOURCES=${SOURCES:-dir platform}
RUNS=${RUNS:-5}             # starts measured per source
PAGES=${PAGES:-1000}        # pages of the sitemap rendered before the memory is read again
POLL=0.01                   # seconds between /readyz polls
READY_TIMEOUT_NS=$((30 * 1000000000))
STOP_TIMEOUT=10             # seconds a SIGTERM may take

work=$(mktemp -d "${TMPDIR:-/tmp}/estate-bench.XXXXXX")
server_pid=""
platform_pid=""

kill_wait() {
	if [[ -n $1 ]] && kill -0 "$1" 2>/dev/null; then
		kill -KILL "$1" 2>/dev/null || true
		wait "$1" 2>/dev/null || true
	fi
}

cleanup() {
	kill_wait "$server_pid"
	kill_wait "$platform_pid"
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM # so that the EXIT trap cleans up on Ctrl-C too

die() {
	echo "bench-serve: $*" >&2
	if [[ -s $work/serve.log ]]; then
		echo "--- server log (tail)" >&2
		tail -n 20 "$work/serve.log" >&2
	fi
	exit 1
}

now_ns() { date +%s%N; }

seconds_since() { awk -v ns=$(($(now_ns) - $1)) 'BEGIN {printf "%.3f", ns / 1e9}'; }

# free_port finds an unused loopback port: nothing may answer a connect.
free_port() {
	local port
	for _ in $(seq 1 50); do
		port=$((20000 + RANDOM % 40000))
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
			echo "$port"
			return 0
		fi
	done
	die "no free loopback port found"
}

# mem prints "VmRSS VmHWM RssAnon RssFile" of a process in MB.
mem() {
	awk '/^(VmRSS|VmHWM|RssAnon|RssFile):/ {v[$1] = $2}
		END {printf "%.1f %.1f %.1f %.1f\n", v["VmRSS:"]/1024, v["VmHWM:"]/1024, v["RssAnon:"]/1024, v["RssFile:"]/1024}' "/proc/$1/status"
}

# file_rss prints the resident MB of the process's biggest file mappings
# (the binary, bbolt's mmap of estate.db, Bleve's segments).
file_rss() {
	awk -v dir="$work/" '/^[0-9a-f]+-[0-9a-f]+ / {f = ($6 ~ /^\//) ? $6 : ""; next}
		/^Rss:/ && f != "" {sub(dir, "", f); sub(/.*\/bin\//, "bin/", f); sub(/[0-9a-f]+\.zap$/, "*.zap", f); r[f] += $2}
		END {for (f in r) if (r[f] >= 1024) printf "%.1f %s\n", r[f] / 1024, f}' "/proc/$1/smaps" |
		sort -rn | awk '{printf "%s%s %s MB", (NR > 1 ? ", " : ""), $2, $1}'
}

# stats prints min, median and max of its arguments.
stats() {
	printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {
		m = (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2
		printf "min %s  median %s  max %s", v[1], m, v[NR]}'
}

# start_platform serves $work/platform with the fake platform and points the
# platform source at it.
start_platform() {
	"$work/benchplatform" -dir "$work/platform" -addr 127.0.0.1:0 -customer bench -password bench-password >"$work/platform.url" 2>>"$work/platform.log" &
	platform_pid=$!
	for _ in $(seq 1 1000); do # the dataset loads in about a second; 10 s at most
		[[ -s $work/platform.url ]] && break
		kill -0 "$platform_pid" 2>/dev/null || die "fake platform exited: $(cat "$work/platform.log")"
		sleep 0.01
	done
	[[ -s $work/platform.url ]] || die "fake platform did not start within 10 s"
	export ESTATE_SOURCE_KIND=platform ESTATE_SOURCE_CUSTOMER=bench ESTATE_SOURCE_PASSWORD=bench-password
	ESTATE_SOURCE_URL=$(head -n 1 "$work/platform.url")
	export ESTATE_SOURCE_URL
}

stop_platform() {
	kill -TERM "$platform_pid"
	wait "$platform_pid" || true
	platform_pid=""
}

# start_server starts bin/estate serve and waits for /readyz to answer 200;
# it sets server_pid and ready_s (seconds from start to the first 200).
start_server() {
	local port url start code
	port=$(free_port)
	url="http://127.0.0.1:$port/readyz"
	server_base="http://127.0.0.1:$port"
	start=$(now_ns)
	ESTATE_SERVER_ADDR="127.0.0.1:$port" bin/estate serve >>"$work/serve.log" 2>&1 &
	server_pid=$!
	for _ in $(seq 1 3000); do # 30 s of 10 ms polls, and the clock below bounds it too
		code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$url" || true)
		if [[ $code == 200 ]]; then
			ready_s=$(seconds_since "$start")
			return 0
		fi
		kill -0 "$server_pid" 2>/dev/null || die "server exited before it was ready"
		(($(now_ns) - start < READY_TIMEOUT_NS)) || die "not ready after 30 s (last /readyz: $code)"
		sleep "$POLL"
	done
	die "not ready after 3000 polls"
}

# stop_server sends SIGTERM and checks a clean exit within STOP_TIMEOUT.
stop_server() {
	local start rc
	start=$(now_ns)
	kill -TERM "$server_pid"
	for _ in $(seq 1 $((STOP_TIMEOUT * 100))); do
		kill -0 "$server_pid" 2>/dev/null || break
		sleep 0.01
	done
	kill -0 "$server_pid" 2>/dev/null && die "server still running $STOP_TIMEOUT s after SIGTERM"
	rc=0
	wait "$server_pid" || rc=$?
	server_pid=""
	((rc == 0)) || die "server exited $rc after SIGTERM"
	stop_s=$(seconds_since "$start")
}

# timed runs a command and prints its wall time in seconds.
timed() {
	local start
	start=$(now_ns)
	"$@" >>"$work/cli.log" 2>&1 || die "$* failed (see $work/cli.log)"
	seconds_since "$start"
}

# render_pages opens the first $PAGES addresses of the sitemap, every page
# rendered on the server once (the page cache keeps what fits its budget),
# and prints the render times and the memory after.
render_pages() {
	local start n rss hwm anon file
	start=$(now_ns)
	curl -s "$server_base/sitemap.xml" | grep -o '<loc>[^<]*' | sed 's#<loc>https\?://[^/]*##' | awk -v n="$PAGES" 'NR <= n' >"$work/pages.txt"
	n=$(wc -l <"$work/pages.txt")
	sed "s#^#$server_base#" "$work/pages.txt" | xargs -n 1 curl -s -o /dev/null -w '%{http_code} %{time_total}\n' >"$work/pages.out"
	grep -vc '^200 ' "$work/pages.out" | grep -qx 0 || die "some pages did not answer 200: $(grep -v '^200 ' "$work/pages.out" | head -3)"
	read -r rss hwm anon file < <(mem "$server_pid")
	printf '  %d pages rendered in %s s (per page: %s s)\n' "$n" "$(seconds_since "$start")" "$(stats $(cut -d' ' -f2 "$work/pages.out"))"
	printf '  after rendering them          VmRSS %6s (anon %6s, file %5s)  VmHWM %6s\n' "$rss" "$anon" "$file" "$hwm"
	bin/estate status | grep '^pages:' | sed 's/^/  /' || true
}

# measure runs the whole measurement with one source on a fresh storage dir.
measure() {
	local source=$1 i step took rss hwm anon file
	local readies=() rsss=() hwms=() anons=()
	export ESTATE_STORAGE_DIR="$work/data-$source"
	echo
	echo "=== source: $source"
	if [[ $source == platform ]]; then
		start_platform
	else
		export ESTATE_SOURCE_KIND=dir ESTATE_SOURCE_DIR="$work/platform"
	fi

	took=$(timed bin/estate sync --full) # an assignment, so a failure stops the script
	echo "first full sync (no server): $took s"
	bin/estate status --json >"$work/status.json"
	echo "status: $(tr -d ' \n' <"$work/status.json" | head -c 160)…"

	echo "start to ready and memory after ready ($RUNS starts; MB):"
	for i in $(seq 1 "$RUNS"); do
		start_server
		sleep 0.2 # let the last /readyz answers finish before reading memory
		read -r rss hwm anon file < <(mem "$server_pid")
		readies+=("$ready_s") rsss+=("$rss") hwms+=("$hwm") anons+=("$anon")
		((i > 1)) || echo "  file-backed after ready: $(file_rss "$server_pid")"
		if ((i < RUNS)); then
			stop_server
			printf '  run %d: ready %s s  VmRSS %s (anon %s, file %s)  VmHWM %s  SIGTERM → exit 0 in %s s\n' \
				"$i" "$ready_s" "$rss" "$anon" "$file" "$hwm" "$stop_s"
		else
			printf '  run %d: ready %s s  VmRSS %s (anon %s, file %s)  VmHWM %s  (kept running)\n' \
				"$i" "$ready_s" "$rss" "$anon" "$file" "$hwm"
		fi
	done
	echo "  start to ready (s):      $(stats "${readies[@]}")"
	echo "  VmRSS after ready (MB):  $(stats "${rsss[@]}")"
	echo "  RssAnon after ready (MB): $(stats "${anons[@]}")"
	echo "  VmHWM after ready (MB):  $(stats "${hwms[@]}")"

	render_pages
	echo "through the running server's admin socket (MB):"
	for step in "sync" "sync --full" "reindex"; do
		# shellcheck disable=SC2086 # the step is a command line
		took=$(timed bin/estate $step)
		read -r rss hwm anon file < <(mem "$server_pid")
		printf '  after estate %-12s %6s s  VmRSS %6s (anon %6s, file %5s)  VmHWM %6s\n' "$step" "$took" "$rss" "$anon" "$file" "$hwm"
	done
	sleep 10
	read -r rss hwm anon file < <(mem "$server_pid")
	printf '  10 s idle later                 VmRSS %6s (anon %6s, file %5s)  VmHWM %6s\n' "$rss" "$anon" "$file" "$hwm"
	echo "  file-backed now: $(file_rss "$server_pid")"

	stop_server
	echo "SIGTERM: exit 0 in ${stop_s} s"
	echo "disk: $(du -sh "$ESTATE_STORAGE_DIR/estate.db" | cut -f1) estate.db, $(du -sh "$ESTATE_STORAGE_DIR/index" | cut -f1) index"
	if [[ $source == platform ]]; then
		stop_platform
	fi
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $($GO version | cut -d' ' -f3); GOMEMLIMIT=${GOMEMLIMIT:-unset} GOGC=${GOGC:-unset}; $(date -u +%F)"
$GO build -trimpath -o bin/estate ./cmd/estate
$GO build -o "$work/benchplatform" ./scripts/benchplatform
$GO run ./demo/gen -synthetic "$PER_LANG" -langs "$LANGS" -out "$work/platform" >/dev/null
echo "dataset: $PER_LANG synthetic listings per language ($LANGS), $(du -sh "$work/platform" | cut -f1) of wire JSON"

export ESTATE_LANGUAGES_ENABLED="${LANGS//,/ }"
export ESTATE_LOG_LEVEL=warn
# The production shape: no demo media handler.
export ESTATE_DEMO=false

for source in $SOURCES; do
	case $source in
	dir | platform) measure "$source" ;;
	*) die "SOURCES: unknown source $source (want dir, platform)" ;;
	esac
done
