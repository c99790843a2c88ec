#!/usr/bin/env bash
# Differential test of the C front end and the IR interpreter against gcc on
# csmith-generated programs (verifier/cfront/csmith_test.go).
#
# Usage: scripts/csmith.sh [N [FIRST_SEED]] [extra go test flags...]
#   N           number of seeds (default 200), FIRST_SEED (default 1)
#   extra flags e.g. -csmith.m32 (ILP32), -csmith.opts=--float,
#               -csmith.keep=DIR (keep failing/rejected programs)
# Needs csmith, libcsmith-dev (/usr/include/csmith) and gcc. Prints the
# summary line: "csmith: N agree, M rejected (...), K skipped, F failed".
set -euo pipefail
n=${1:-200}
seed=${2:-1}
shift $(( $# > 2 ? 2 : $# )) || true
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
go test ./verifier/cfront/ -run '^TestCsmith$' -count=1 -v -timeout 6h \
	-csmith.n="$n" -csmith.seed="$seed" "$@" >"$log" 2>&1 || status=$?
# Failures first, with their details, then the summary.
grep -E -A12 '^\s+--- FAIL: TestCsmith/seeds/' "$log" | grep -v -E '^=== (RUN|PAUSE|CONT|NAME)' || true
grep -E 'csmith_test.go:[0-9]+: (csmith:|skipped )' "$log" | sed -E 's/^ *csmith_test.go:[0-9]+: //' || true
if [ "$status" -ne 0 ] && ! grep -q 'csmith:' "$log"; then
	tail -n 40 "$log"
fi
exit "$status"
