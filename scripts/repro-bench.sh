#!/usr/bin/env bash
# For every expected-false SV-COMP task that prbmc solves, builds the
# counterexample's reproducer with gcc, runs it and checks that the
# assertion really fails. Usage: scripts/repro-bench.sh SHARED_DIR [TIMEOUT_S]
# (needs bin/prbmc: `make build`). Prints one line per task and a count.
set -uo pipefail
shared=${1:-../shared}; timeout=${2:-30}
tasks=$shared/benchmarks/tasks.tsv
[ -f "$tasks" ] || { echo "repro-bench: $tasks is absent (needs a developer checkout with ../shared)" >&2; exit 1; }
bin=$(pwd)/bin/prbmc
solved=0 reproduced=0
while IFS=$'\t' read -r yml cfile expected _; do
	[ "$expected" = false ] || continue
	f=$shared/benchmarks/$cfile
	model=ILP32
	grep -q "data_model: *LP64" "$shared/benchmarks/$yml" 2>/dev/null && model=LP64
	out=$(timeout $((timeout + 10)) "$bin" verify --data-model "$model" --timeout "${timeout}s" --reproduce "$f" 2>&1)
	case "$out" in *"RESULT: FALSE"*) ;; *) continue ;; esac
	solved=$((solved + 1))
	if grep -q "^reproduced:" <<<"$out"; then
		reproduced=$((reproduced + 1))
		echo "reproduced      $cfile"
	else
		echo "NOT REPRODUCED  $cfile: $(grep -E 'reproduc' <<<"$out" | tail -n 1)"
	fi
done < <(tail -n +2 "$tasks")
echo "repro-bench: $reproduced of $solved solved unsafe tasks reproduced with gcc"
[ "$reproduced" = "$solved" ]
