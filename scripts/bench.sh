#!/usr/bin/env bash
# Scores prbmc on the shared SV-COMP tasks with ../shared/bench/svcomp-score.
# Usage: scripts/bench.sh SHARED_DIR TIMEOUT_S JOBS [extra prbmc verify flags...]
# Writes bench-results/<engine>-<timeout>s.json and prints the score line.
set -euo pipefail
shared=${1:-../shared}; timeout=${2:-30}; jobs=${3:-2}; shift 3 || true
scorer=$shared/bench/svcomp-score
tasks=$shared/benchmarks
if [ ! -x "$scorer" ] || [ ! -f "$tasks/tasks.tsv" ]; then
	echo "bench: $shared/bench/svcomp-score or $shared/benchmarks is absent; make bench needs a developer checkout with ../shared" >&2
	exit 1
fi
mkdir -p bench-results
name=$(printf '%s' "${*:-default}" | tr -c 'A-Za-z0-9' '_')
out=bench-results/${name}-${timeout}s.json
bin=$(pwd)/bin/prbmc
# The verifier gets a little less than the hard limit so it can report its
# best partial result itself.
inner=$(( timeout > 2 ? timeout - 1 : timeout ))
"$scorer" --tasks "$tasks" --timeout "$timeout" --jobs "$jobs" --out "$out" -- \
	"$bin" verify --data-model '{data_model}' --timeout "${inner}s" "$@" '{file}' | tail -n 6
echo "bench: results in $out"
