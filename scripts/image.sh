#!/usr/bin/env bash
# The steps of the action's Docker image (Dockerfile), as a script, so that
# machines without a Docker engine run them too: `.ci/run` (through
# `make test`) and the composite action (action-composite/action.yml) use
# it, and the Dockerfile calls it, so the three cannot drift apart.
#
#   image.sh build-deps     the build stage's Debian packages (libz3-dev)
#   image.sh run-deps       the run stage's: libz3-4 (the solver), gcc and
#                           libc6-dev (reproducers), git (the diff scope),
#                           ca-certificates (the GitHub API over HTTPS)
#   image.sh build OUT      the image's go build of prbmc, to OUT
#   image.sh check BIN      smoke test of a built binary: libz3 resolves,
#                           the bundled example is found unsafe, and its
#                           reproducer compiles with gcc and fails
#   image.sh container-config
#                           git config for the container, which runs as root
#                           on a workspace another user owns
#   image.sh ci             all of the above on this machine, building
#                           bin/prbmc-image (what `make test` runs)
#
# Packages are installed only when missing, so a prepared machine spends a
# few seconds here (the go build, from the build cache).
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_PKGS=(libz3-dev)
RUN_PKGS=(libz3-4 gcc libc6-dev git ca-certificates)

install() {
	local need=()
	for pkg in "$@"; do
		[ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)" = "install ok installed" ] || need+=("$pkg")
	done
	[ ${#need[@]} -eq 0 ] && return 0
	local sudo=""
	[ "$(id -u)" = 0 ] || sudo="sudo"
	echo "image: installing ${need[*]}" >&2
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
}

build() {
	# cgo links libz3; -trimpath keeps the build machine's paths out of
	# the binary.
	CGO_ENABLED=1 go build -trimpath -o "$1" ./cmd/prbmc
}

check() {
	local bin=$1 libs
	# Into a variable first: with pipefail, `ldd | grep -q` fails when
	# grep stops reading early.
	libs=$(ldd "$bin")
	if grep -q "not found" <<<"$libs"; then
		echo "image: $bin has unresolved libraries:" >&2
		echo "$libs" >&2
		exit 1
	fi
	grep -q libz3 <<<"$libs" || { echo "image: $bin is not linked with libz3" >&2; exit 1; }
	command -v gcc >/dev/null || { echo "image: gcc is missing (reproducers need it)" >&2; exit 1; }
	local status=0
	"$bin" verify --reproduce testdata/examples/ringbuf.c >/tmp/prbmc-image-check.$$ 2>&1 || status=$?
	if [ "$status" -ne 10 ] || ! grep -q "^RESULT: FALSE" /tmp/prbmc-image-check.$$ || ! grep -q "^reproduced: " /tmp/prbmc-image-check.$$; then
		echo "image: $bin verify --reproduce testdata/examples/ringbuf.c: exit $status, want 10 (unsafe) and a reproducer that fails:" >&2
		cat /tmp/prbmc-image-check.$$ >&2
		rm -f /tmp/prbmc-image-check.$$
		exit 1
	fi
	rm -f /tmp/prbmc-image-check.$$
}

container_config() {
	git config --system --add safe.directory '*'
}

case "${1:-}" in
build-deps) install "${BUILD_PKGS[@]}" ;;
run-deps) install "${RUN_PKGS[@]}" ;;
build) build "${2:?image.sh build OUT}" ;;
check) check "${2:?image.sh check BIN}" ;;
container-config) container_config ;;
ci)
	install "${BUILD_PKGS[@]}" "${RUN_PKGS[@]}"
	build bin/prbmc-image
	check bin/prbmc-image
	# The container's git config, into a scratch file instead of /etc.
	tmp=$(mktemp)
	GIT_CONFIG_SYSTEM=$tmp container_config
	[ "$(GIT_CONFIG_SYSTEM=$tmp git config --system --get-all safe.directory)" = '*' ] || {
		echo "image: container-config did not set safe.directory" >&2
		rm -f "$tmp"
		exit 1
	}
	rm -f "$tmp"
	;;
*)
	echo "usage: image.sh build-deps | run-deps | build OUT | check BIN | container-config | ci" >&2
	exit 2
	;;
esac
