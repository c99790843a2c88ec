#!/usr/bin/env bash
# Installs what prbmc needs on a Debian machine, only when it is missing:
# libz3-dev (the SMT solver), gcc-multilib (ILP32 headers), csmith and
# libcsmith-dev (random programs for the interpreter's differential test).
set -euo pipefail
need=()
for pkg in libz3-dev gcc-multilib csmith libcsmith-dev; do
	dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
command -v go >/dev/null || { echo "deps: Go is not installed (https://go.dev/dl/)" >&2; exit 1; }
if [ ${#need[@]} -eq 0 ]; then
	exit 0
fi
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
echo "deps: installing ${need[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
