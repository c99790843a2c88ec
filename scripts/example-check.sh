#!/bin/sh
# Builds the two-commit history of testdata/project in a temporary git
# repository and runs `prbmc check --base HEAD~1` on it: the second commit's
# bug in ring_push is reported with a replayed trace, ring_pop is proved.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${PRBMC:-$here/bin/prbmc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
git init -q .
git config user.email example@prbmc.invalid
git config user.name example
cp -R "$here/testdata/project/v1/." .
git add -A && git commit -qm "ring buffer"
cp -R "$here/testdata/project/v2/." .
git add -A && git commit -qm "ring: allow filling the last slot; tidy ring_pop"
status=0
"$bin" check --base HEAD~1 "$@" || status=$?
echo "prbmc check exited with $status (10: a function can fail)"
test "$status" -eq 10
