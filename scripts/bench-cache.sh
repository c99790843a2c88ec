#!/usr/bin/env bash
# The result cache's benchmark: a generated repository whose last commit
# changes FILES*PER C functions (each with an assertion and an overflow
# check to prove), checked cold with an empty cache, then again with the
# cache it filled, then once more after a commit that changes one file
# (its PER functions are checked again). Prints the wall times and the
# warm/cold ratio. Then the same change in SHARDS shards (prbmc plan,
# check --shard i/N, merge --plan), run one after the other as a matrix's
# jobs would run side by side: each shard's wall and CPU time, the
# critical path (the slowest shard), and whether the merged verdicts are
# the unsharded run's. CPU times are printed beside wall times because
# they hold on a machine shared with other work.
# Usage: scripts/bench-cache.sh [PRBMC] [FILES] [PER] [FUNCTION_TIMEOUT] [JOBS] [SHARDS]
set -euo pipefail
prbmc=${1:-$(pwd)/bin/prbmc}; files=${2:-20}; per=${3:-10}; ftimeout=${4:-10s}; jobs=${5:-2}; shards=${6:-4}
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

# run NAME [FLAGS...]: prbmc check of the change with FLAGS (by default
# the cache); prints the wall time and writes NAME.{txt,err,json,time}
# (the last: wall, user and system seconds of prbmc and its children).
run() {
	local name=$1 code=0
	shift
	[ $# -gt 0 ] || set -- --cache-dir "$work/cache"
	/usr/bin/time -f '%e %U %S' -o "$work/$name.time" \
		"$prbmc" check -C "$repo" --base "$base" --function-timeout "$ftimeout" --jobs "$jobs" --time-budget 0 \
		--results "$work/$name.json" "$@" > "$work/$name.txt" 2> "$work/$name.err" || code=$?
	if [ "$code" -ne 0 ] && [ "$code" -ne 10 ] && [ "$code" -ne 20 ]; then
		echo "bench-cache: prbmc check exited $code:" >&2
		cat "$work/$name.err" >&2
		exit 1
	fi
	awk '{printf "%.2f", $1}' "$work/$name.time"
}
cpu() { awk '{printf "%.1f", $2 + $3}' "$work/$1.time"; }
# verdicts FILE: "name verdict" lines of a results file, sorted.
verdicts() {
	python3 -c 'import json,sys
for f in json.load(open(sys.argv[1]))["functions"]:
    print(f["name"], f.get("verdict") or f.get("notChecked") or "-")' "$1" | sort
}
cold=$(run cold)
# The same change in shards, without the cache, as a matrix would run it.
"$prbmc" plan -C "$repo" --base "$base" --shards "$shards" > "$work/plan.json"
crit=0 critcpu=0 shardlines=""
for ((i = 1; i <= shards; i++)); do
	t=$(run "shard$i" --shard "$i/$shards")
	c=$(cpu "shard$i")
	shardlines+="bench-cache: shard $i/$shards: $(grep -c '^src/' "$work/shard$i.txt" || true) functions in ${t}s (CPU ${c}s)"$'\n'
	crit=$(echo "if ($t > $crit) $t else $crit" | bc)
	critcpu=$(echo "if ($c > $critcpu) $c else $critcpu" | bc)
done
"$prbmc" merge --plan "$work/plan.json" -o "$work/merged.json" "$work"/shard*.json
if diff <(verdicts "$work/cold.json") <(verdicts "$work/merged.json") > "$work/merged.diff"; then
	same="the same verdicts as unsharded"
else
	same="verdicts DIFFER from unsharded (< unsharded, > merged):"$'\n'"$(head -20 "$work/merged.diff")"
fi
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
printf '%s' "$shardlines"
echo "bench-cache: cold unsharded ${cold}s (CPU $(cpu cold)s); $shards shards: critical path ${crit}s (CPU ${critcpu}s); merged: $same"
