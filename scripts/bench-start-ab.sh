#!/usr/bin/env bash
# bench-start-ab starts each binary given in turn on one synced store and
# prints, per start: the time to the first /readyz 200, VmRSS once ready, the
# time to fetch the first $PAGES addresses of its sitemap one by one (each page
# rendered on the server once), and VmRSS, RssAnon and VmHWM after. Give the
# builds alternately (OLD NEW OLD NEW) so a busy machine weighs on both.
#
#   STORE=/tmp/ab/data SOURCE_DIR=/tmp/ab/platform scripts/bench-start-ab.sh /tmp/estate-old /tmp/estate-new …
#
# The store must be synced from SOURCE_DIR first (estate sync --full with the
# same ESTATE_* variables), e.g. from `go run ./demo/gen -synthetic 5000
# -langs nl,fr -out /tmp/ab/platform`. Run it from the repository root.
#
# SEARCH_PAGES=N then asks the search API for the first N pages of 24 hits of
# every listing in each language, as visitors paging through lists would, so
# the store's cache of decoded listings is as full as a long run leaves it,
# and prints VmRSS again.
set -euo pipefail
: "${STORE:?the synced storage dir}" "${SOURCE_DIR:?the dataset the store was synced from}"
PAGES=${PAGES:-600}
export ESTATE_LANGUAGES_ENABLED="nl fr" ESTATE_LOG_LEVEL=warn ESTATE_DEMO=false
export ESTATE_SOURCE_KIND=dir ESTATE_SOURCE_DIR=$SOURCE_DIR ESTATE_STORAGE_DIR=$STORE
status() { awk -v k="$2" '$1 == k":" {print int($2 / 1024)}' "/proc/$1/status"; }
for bin in "$@"; do
	port=$((20000 + RANDOM % 30000))
	start=$(date +%s%N)
	ESTATE_SERVER_ADDR=127.0.0.1:$port ESTATE_SERVER_BASE_URL=http://127.0.0.1:$port "$bin" serve >>"${TMPDIR:-/tmp}/bench-start-ab.log" 2>&1 &
	pid=$!
	until [[ $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz") == 200 ]]; do sleep 0.01; done
	ready=$((($(date +%s%N) - start) / 1000000))
	sleep 0.2
	rss0=$(status "$pid" VmRSS)
	pages=$(curl -s "http://127.0.0.1:$port/sitemap.xml" | grep -o '<loc>[^<]*' | sed 's#<loc>https\?://[^/]*##' | awk -v n="$PAGES" 'NR <= n')
	t0=$(date +%s%N)
	codes=$(sed "s#^#http://127.0.0.1:$port#" <<<"$pages" | xargs -n 1 curl -s -o /dev/null -w '%{http_code}\n' | sort | uniq -c | tr -s ' \n' ' ')
	took=$((($(date +%s%N) - t0) / 1000000))
	echo "$(basename "$bin") ready ${ready} ms  VmRSS ${rss0} MB  $(wc -l <<<"$pages") pages in ${took} ms (status:${codes})  VmRSS $(status "$pid" VmRSS) MB (anon $(status "$pid" RssAnon))  VmHWM $(status "$pid" VmHWM) MB"
	if [[ ${SEARCH_PAGES:-0} -gt 0 ]]; then
		t0=$(date +%s%N)
		for lang in ${ESTATE_LANGUAGES_ENABLED}; do
			for ((p = 0; p < SEARCH_PAGES; p++)); do
				curl -s -o /dev/null -X POST -H 'Content-Type: text/plain' \
					--data "{\"requests\":[{\"indexName\":\"properties_$lang\",\"page\":$p,\"hitsPerPage\":24}]}" \
					"http://127.0.0.1:$port/1/indexes/*/queries"
			done
		done
		took=$((($(date +%s%N) - t0) / 1000000))
		echo "    then $SEARCH_PAGES search pages per language in ${took} ms  VmRSS $(status "$pid" VmRSS) MB (anon $(status "$pid" RssAnon))  VmHWM $(status "$pid" VmHWM) MB"
	fi
	kill -TERM "$pid"
	wait "$pid" || true
done
