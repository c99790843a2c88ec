#!/usr/bin/env bash
# The result cache's benchmark: a generated repository whose last commit
# changes FILES*PER C functions (each with an assertion and an overflow
# check to prove), checked cold with an empty cache, then again with the
# cache it filled, then once more after a commit that changes one file
# (its PER functions are checked again). Prints the wall times and the
# warm/cold ratio.
# Usage: scripts/bench-cache.sh [PRBMC] [FILES] [PER] [FUNCTION_TIMEOUT] [JOBS]
set -euo pipefail
prbmc=${1:-$(pwd)/bin/prbmc}; files=${2:-20}; per=${3:-10}; ftimeout=${4:-10s}; jobs=${5:-2}
case $prbmc in /*) ;; *) prbmc=$(pwd)/$prbmc ;; esac
if [ ! -x "$prbmc" ]; then
	echo "bench-cache: $prbmc is not an executable: make build first" >&2
	exit 1
fi
work=$(mktemp -d)
[ -n "${BENCH_KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
repo=$work/repo
mkdir -p "$repo/src"
git -C "$repo" init -q -b main
git -C "$repo" config user.email bench@prbmc.invalid
git -C "$repo" config user.name bench

# gen FILE_INDEX VARIANT: one C file of PER functions. Variant 0 is the
# base (trivial bodies); variant 1 changes every function: a clamp, a
# bounded loop, an assertion, and a call to the previous function.
gen() {
	local f=$1 v=$2
	echo '#include <assert.h>'
	for ((i = 0; i < per; i++)); do
		local name="f${f}_${i}"
		if [ "$v" = 0 ]; then
			echo "int $name(int x, int y) { return x + y; }"
			continue
		fi
		local lim=$(( (f * per + i) % 17 + 4 ))
		echo "int $name(int x, int y) {"
		echo "	if (x < 0) x = 0;"
		echo "	if (x > $lim) x = $lim;"
		echo "	int s = 0;"
		echo "	for (int k = 0; k < x; k++)"
		echo "		s += (y & 7);"
		echo "	assert(s <= 7 * $lim);"
		if [ "$i" -gt 0 ]; then
			echo "	s += f${f}_$((i - 1))(x, 1) & 1;"
		fi
		echo "	return s;"
		echo "}"
	done
}
for ((f = 0; f < files; f++)); do gen "$f" 0 > "$repo/src/m$f.c"; done
git -C "$repo" add -A && git -C "$repo" commit -q -m base
base=$(git -C "$repo" rev-parse HEAD)
for ((f = 0; f < files; f++)); do gen "$f" 1 > "$repo/src/m$f.c"; done
git -C "$repo" add -A && git -C "$repo" commit -q -m change

run() {
	local start end code=0
	start=$(date +%s.%N)
	"$prbmc" check -C "$repo" --base "$base" --function-timeout "$ftimeout" --jobs "$jobs" --time-budget 0 \
		--cache-dir "$work/cache" > "$work/$1.txt" 2> "$work/$1.err" || code=$?
	end=$(date +%s.%N)
	if [ "$code" -ne 0 ] && [ "$code" -ne 10 ] && [ "$code" -ne 20 ]; then
		echo "bench-cache: prbmc check exited $code:" >&2
		cat "$work/$1.err" >&2
		exit 1
	fi
	printf '%.2f' "$(echo "$end - $start" | bc)"
}
cold=$(run cold)
warm=$(run warm)
gen 0 1 | sed 's/^int f0_0(/\/* edited *\/ int f0_0(/' > "$repo/src/m0.c"
git -C "$repo" commit -q -am "edit m0.c" # a new push to the same change
one=$(run one)
n=$(grep -c '^src/' "$work/cold.txt" || true)
echo "bench-cache: $n functions in scope, function timeout $ftimeout, $jobs jobs"
echo "bench-cache: cold: $(grep '^RESULT' "$work/cold.txt") in ${cold}s; $(grep 'cache ' "$work/cold.err" | sed 's/^prbmc check: //')"
echo "bench-cache: warm: $(grep '^RESULT' "$work/warm.txt") in ${warm}s; $(grep 'cache ' "$work/warm.err" | sed 's/^prbmc check: //')"
echo "bench-cache: one file changed: $(grep '^RESULT' "$work/one.txt") in ${one}s; $(grep 'cache ' "$work/one.err" | sed 's/^prbmc check: //')"
echo "bench-cache: warm/cold = $(printf '%.1f' "$(echo "scale=4; 100 * $warm / $cold" | bc)")%"
