#!/usr/bin/env bash
# Checks one range of a C library's history as a pull request would be
# checked (prbmc check, default settings, 20 s per function), and prints
# prbmc's one-line RESULT, the wall time and the peak memory of all its
# processes: one row of README's "A real library's history" table.
#
# Usage: scripts/history.sh CLONE BASE HEAD [prbmc check flags...]
#   CLONE  a clone of the library (it is not modified: prbmc checks the
#          head out in a temporary work tree)
# Example:
#   git clone https://github.com/kokke/tiny-regex-c /tmp/tre
#   scripts/history.sh /tmp/tre 2f225fa5e355 f2632c6
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 3 ]; then
	sed -n '2,13p' "$0" >&2
	exit 2
fi
clone=$1 base=$2 head=$3
shift 3
prbmc=${PRBMC:-$here/bin/prbmc}
[ -x "$prbmc" ] || (cd "$here" && go build -o bin/prbmc ./cmd/prbmc)
out=$(mktemp)
start=$(date +%s)
(cd "$clone" && "$here/scripts/peak-rss.sh" "$prbmc" check --base "$base" --head "$head" \
	--function-timeout 20s "$@") >"$out" 2>"$out.err" || true
end=$(date +%s)
grep '^RESULT' "$out" || { echo "no result:" >&2; cat "$out.err" >&2; exit 1; }
echo "wall $((end - start)) s; $(grep -i 'peak' "$out.err" | tail -1)"
echo "output: $out"
