#!/usr/bin/env bash
# Runs a command and prints, at the end, the peak of the summed resident
# memory of it and all its descendants (sampled every 100 ms), which is
# what a CI runner has to hold: /usr/bin/time reports one process's peak.
# Usage: scripts/peak-rss.sh prbmc check --base A --head B ...
set -uo pipefail
setsid "$@" &
pid=$!
peak=0
while kill -0 "$pid" 2>/dev/null; do
	sum=$(ps -s "$pid" -o rss= 2>/dev/null | awk '{s += $1} END {print s + 0}')
	[ "$sum" -gt "$peak" ] && peak=$sum
	sleep 0.1
done
wait "$pid"
status=$?
echo "peak-rss: $((peak / 1024)) MiB (the command and its descendants together)" >&2
exit "$status"
