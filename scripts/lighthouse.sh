#!/usr/bin/env bash
# Lighthouse (mobile profile, the default) with Debian's chromium against the
# server in ESTATE_URL, for each path given. Prints one line of scores per
# path and keeps the JSON reports in ${LIGHTHOUSE_OUT:-/tmp/estate-lighthouse}.
# Run through scripts/with-server.sh (make bench-lighthouse).
set -euo pipefail
out=${LIGHTHOUSE_OUT:-/tmp/estate-lighthouse}
mkdir -p "$out"
flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-background-networking --disable-component-update --disable-sync"
for path in "$@"; do
	name=$(echo "$path" | tr -c 'a-z0-9\n' '_')
	# Lighthouse now and then fails to record a trace (NO_NAVSTART); a second try does.
	for try in 1 2; do
		if CHROME_PATH=/usr/bin/chromium npx lighthouse "$ESTATE_URL$path" --quiet --output=json --output-path="$out/$name.json" \
			--chrome-flags="$flags" --only-categories=performance,accessibility,best-practices,seo >/dev/null; then
			break
		fi
		[[ $try -eq 2 ]] && exit 1
	done
	node -e '
		const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
		const c = r.categories, a = r.audits;
		const s = (k) => Math.round(c[k].score * 100);
		const js = (a["total-byte-weight"].details?.items ?? [])
			.filter((i) => /\.js(\?|$)/.test(i.url)).reduce((n, i) => n + i.totalBytes, 0);
		console.log(`${process.argv[2]}  performance ${s("performance")}  accessibility ${s("accessibility")}  best-practices ${s("best-practices")}  seo ${s("seo")}  LCP ${Math.round(a["largest-contentful-paint"].numericValue)} ms  CLS ${a["cumulative-layout-shift"].numericValue.toFixed(3)}  TBT ${Math.round(a["total-blocking-time"].numericValue)} ms  JS transferred ${(js / 1024).toFixed(1)} KB`);
		for (const k of ["accessibility", "best-practices", "seo"]) for (const ref of c[k].auditRefs) {
			const au = a[ref.id]; if (ref.weight > 0 && au.score !== null && au.score < 1) console.log(`    ${k}: ${ref.id} ${au.title}`);
		}
	' "$out/$name.json" "$path"
done
