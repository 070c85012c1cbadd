#!/usr/bin/env bash
# lighthouse-ab runs scripts/lighthouse.sh against two servers of the same
# site, alternating per page (A then B in odd rounds, B then A in even ones)
# so a busy moment on this shared machine weighs on both builds alike. The
# JSON reports go to OUT/A/ROUND and OUT/B/ROUND.
#
#   scripts/lighthouse-ab.sh /tmp/lh 3 8091 8092 /nl/ /fr/a-vendre/ …
#
# Start both servers first (each with its own ESTATE_STORAGE_DIR) and give
# them a minute to render their pages ahead. Run it from the repository root.
set -euo pipefail
[[ $# -ge 5 ]] || { echo "usage: $0 OUT ROUNDS A_PORT B_PORT PATH…" >&2; exit 2; }
out=$1 rounds=$2 a=$3 b=$4
shift 4
root=$(pwd)
cd test/lighthouse
for ((r = 1; r <= rounds; r++)); do
	for path in "$@"; do
		if ((r % 2)); then order="A:$a B:$b"; else order="B:$b A:$a"; fi
		for s in $order; do
			echo -n "$r ${s%%:*} "
			# A run Lighthouse could not trace (NO_NAVSTART, seen on this busy
			# machine) is reported and skipped, not the end of the comparison.
			ESTATE_URL=http://127.0.0.1:${s#*:} LIGHTHOUSE_OUT=$out/${s%%:*}/$r "$root/scripts/lighthouse.sh" "$path" | head -1 ||
				echo "$path  run failed"
		done
	done
done
