#!/usr/bin/env bash
# Measures the window's cost the way a user's machine without a GPU driver
# pays it: the real binary under a virtual X server with software GL
# (llvmpipe), refreshing every second. Prints the CPU it used as % of one
# core, averaged over SECONDS after a warm-up, and its resident memory at
# the start and end of that span (and the largest seen).
# The mapped-file part of resident memory depends on the page cache: right
# after a build the kernel maps the freshly written binary in bigger pieces
# (about 5 MB more than when it was read from disk). For the figure an
# installed binary gives, drop the page cache first (as root:
# sync; echo 3 > /proc/sys/vm/drop_caches).
# Usage: scripts/measure-window.sh [BINARY] [SECONDS] [-- gtm arguments]
#   default gtm arguments: --replay assets/demo/capture.jsonl -i 1
set -euo pipefail
bin=${1:-bin/gtm}
secs=${2:-60}
shift $(( $# > 2 ? 2 : $# ))
[ "${1:-}" = "--" ] && shift
args=("$@")
[ ${#args[@]} -eq 0 ] && args=(--replay assets/demo/capture.jsonl -i 1)
warmup=${WARMUP:-10}
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}

xvfb-run -a -s '-screen 0 1360x880x24 -noreset' bash -s "$bin" "$secs" "$warmup" "${args[@]}" <<'INNER'
set -euo pipefail
bin=$1 secs=$2 warmup=$3; shift 3
LIBGL_ALWAYS_SOFTWARE=1 "$bin" "$@" >/dev/null 2>&1 & pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
hz=$(getconf CLK_TCK)
ticks() { awk '{print $14+$15}' "/proc/$pid/stat"; }
rss() { awk '/^VmRSS/ {print $2}' "/proc/$pid/status"; }
anon() { awk '/^RssAnon/ {print $2}' "/proc/$pid/status"; }
sleep "$warmup"
t0=$(ticks); r0=$(rss); start=$(date +%s.%N); peak=$r0; r60=
for ((i = 0; i < secs; i++)); do
  sleep 1
  r=$(rss); [ "$r" -gt "$peak" ] && peak=$r
  [ "$i" -eq 59 ] && r60=$r
done
t1=$(ticks); r1=$(rss); a1=$(anon); end=$(date +%s.%N)
awk -v r60="${r60:-0}" -v a1="$a1" -v t0="$t0" -v t1="$t1" -v hz="$hz" -v s="$start" -v e="$end" -v r0="$r0" -v r1="$r1" -v p="$peak" 'BEGIN {
  printf "cpu: %.2f %% of one core over %.0f s\n", 100*(t1-t0)/hz/(e-s), e-s
  printf "rss: %.1f MB at start, %.1f MB at end (%+.1f MB), %.1f MB largest; %.1f MB of it private (the rest is mapped libraries, mostly software GL)\n", r0/1024, r1/1024, (r1-r0)/1024, p/1024, a1/1024
  if (r60 > 0) printf "rss after the first minute: %.1f MB; growth since: %+.1f MB\n", r60/1024, (r1-r60)/1024
}'
kill $pid; wait $pid || true
trap - EXIT
INNER
