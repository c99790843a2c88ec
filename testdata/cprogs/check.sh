#!/bin/sh
# Validate the differential-test corpus in this directory.
#
# For every NNN_*.c and for each data model (-m64, -m32) the program must:
#   * compile with gcc -std=gnu11 -O0 -Wall -Wextra -Werror=implicit-function-declaration
#     -Werror=format -fsanitize=undefined,address -fno-sanitize-recover=all
#     plus float-cast-overflow, float-divide-by-zero, pointer-compare and
#     pointer-subtract (the ASan parts are dropped for -m32 if 32-bit ASan is
#     unusable);
#   * run twice with no sanitizer report / stderr output, identical stdout and
#     exit status both times, non-empty stdout, exit status in 0..100;
#   * give the same stdout/status unsanitized at -O0 and at -O2;
#   * for -m32 also the same with -msse2 -mfpmath=sse (x87 excess precision
#     must not be able to change the output).
# Also lints: 10..80 source lines, 10..40 output lines, only the allowed headers.
# One line per failure ("FAIL ..."), then per-model and overall summaries.
#
# Usage: ./check.sh [-j N] [file.c ...]     (default: all NNN_*.c, -j nproc)

CFLAGS="-std=gnu11 -Wall -Wextra -Werror=implicit-function-declaration -Werror=format"
# -fsanitize=undefined plus the two float checks gcc leaves out of it
SAN="-fsanitize=undefined,float-cast-overflow,float-divide-by-zero -fno-sanitize-recover=all"
# ASan extras: comparing/subtracting pointers into different objects
ASANX="address,pointer-compare,pointer-subtract"
export ASAN_OPTIONS=detect_leaks=1:detect_invalid_pointer_pairs=2
export UBSAN_OPTIONS=print_stacktrace=0

# ---- worker: check one file, print FAIL/WARN lines and "RES <model> ok|bad"
if [ "$1" = "--one" ]; then
  f=$2; TMP=$3; asan32=$4
  b=$(basename "$f" .c)
  fail() { echo "FAIL $b $1"; }
  lines=$(wc -l <"$f")
  lint=1
  if [ "$lines" -lt 10 ] || [ "$lines" -gt 80 ]; then fail "lint: $lines lines (want 10..80)"; lint=0; fi
  bad=$(grep -E '^[[:space:]]*#[[:space:]]*include' "$f" | grep -vE '<(stdio|stdlib|string|stdint|limits|stdbool|stddef|float)\.h>')
  if [ -n "$bad" ]; then fail "lint: header $bad"; lint=0; fi
  run() { "$1" >"$2" 2>"$2.err"; echo $? >"$2.rc"; }
  same() { cmp -s "$1" "$2" && cmp -s "$1.rc" "$2.rc"; }
  for m in 64 32; do
    san="$SAN,$ASANX"
    [ $m = 32 ] && [ "$asan32" = 0 ] && san="$SAN"
    p="$TMP/$b.m$m"
    res=ok
    [ $lint = 0 ] && res=bad
    while :; do
      if ! gcc -m$m $CFLAGS -O0 $san "$f" -o "$p.san" 2>"$p.cc"; then
        fail "-m$m: compile: $(grep -m2 -E 'error|warning' "$p.cc" | tr '\n' ' ')"; res=bad; break
      fi
      if grep -q 'warning:' "$p.cc"; then
        echo "WARN $b -m$m: $(grep -m1 'warning:' "$p.cc" | sed 's|^.*/||')"
      fi
      gcc -m$m $CFLAGS -O0 "$f" -o "$p.o0" 2>/dev/null &&
      gcc -m$m $CFLAGS -O2 "$f" -o "$p.o2" 2>/dev/null || { fail "-m$m: plain compile"; res=bad; break; }
      run "$p.san" "$p.r1"; run "$p.san" "$p.r2"
      if [ -s "$p.r1.err" ] || [ -s "$p.r2.err" ]; then
        fail "-m$m: stderr: $(cat "$p.r1.err" "$p.r2.err" | grep -m2 . | tr '\n' ' ' | cut -c1-240)"; res=bad; break
      fi
      same "$p.r1" "$p.r2" || { fail "-m$m: two runs differ"; res=bad; break; }
      [ -s "$p.r1" ] || { fail "-m$m: empty output"; res=bad; break; }
      ol=$(wc -l <"$p.r1")
      if [ "$ol" -lt 10 ] || [ "$ol" -gt 40 ]; then fail "-m$m: lint: $ol output lines (want 10..40)"; res=bad; break; fi
      rc=$(cat "$p.r1.rc")
      [ "$rc" -le 100 ] || { fail "-m$m: exit status $rc > 100"; res=bad; break; }
      run "$p.o0" "$p.p0"; run "$p.o2" "$p.p2"
      same "$p.r1" "$p.p0" || { fail "-m$m: sanitized vs plain -O0 differ"; res=bad; break; }
      same "$p.p0" "$p.p2" || { fail "-m$m: -O0 vs -O2 differ (UB?)"; res=bad; break; }
      if [ $m = 32 ]; then
        gcc -m32 $CFLAGS -O0 -msse2 -mfpmath=sse "$f" -o "$p.sse" 2>/dev/null || { fail "-m32: sse compile"; res=bad; break; }
        run "$p.sse" "$p.ps"
        same "$p.p0" "$p.ps" || { fail "-m32: x87 vs sse output differ (excess precision)"; res=bad; break; }
      fi
      break
    done
    echo "RES m$m $res"
  done
  rm -f "$TMP/$b".*
  exit 0
fi

# ---- driver
DIR=$(cd "$(dirname "$0")" && pwd)
JOBS=$(nproc 2>/dev/null || echo 2)
if [ "$1" = "-j" ]; then JOBS=$2; shift 2; fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM
asan32=1
echo 'int main(void){return 0;}' >"$TMP/probe.c"
if ! gcc -m32 -fsanitize=address "$TMP/probe.c" -o "$TMP/probe" 2>/dev/null || ! "$TMP/probe" 2>/dev/null; then
  asan32=0; echo "note: 32-bit ASan unavailable, -m32 uses UBSan only"
fi
if [ $# -gt 0 ]; then ls "$@"; else ls "$DIR"/[0-9][0-9][0-9]_*.c; fi >"$TMP/list"
xargs -P "$JOBS" -I{} sh "$DIR/check.sh" --one {} "$TMP" "$asan32" <"$TMP/list" >"$TMP/out"
grep -v '^RES ' "$TMP/out" | sort
n=$(wc -l <"$TMP/list")
for m in m64 m32; do
  k=$(grep -c "^RES $m ok" "$TMP/out")
  echo "$m: $n programs, $k ok"
done
# a program is ok overall if it passed in both models
nb=$(grep -c '^RES m.. bad' "$TMP/out")
bad=$(grep '^FAIL' "$TMP/out" | awk '{print $2}' | sort -u | wc -l)
ok=$((n - bad))
echo "$n programs, $ok ok"
[ "$ok" = "$n" ] && [ "$nb" = 0 ]
