#!/usr/bin/env bash
# Screenshots of the window for the README, taken from the real binary under
# a virtual X server (Xvfb, software GL) while it replays a capture:
#   overview.png   all eight charts, the table, the header
#   chart.png      one chart large (the `c` key)
#   process.png    the largest process (an LLM server, selected when the
#                  window opens) in the process pane, idle at the capture's end
#   help.png       the help (`?`)
# Usage: scripts/screenshot.sh [BINARY] [CAPTURE] [OUTDIR]
set -euo pipefail
bin=${1:-bin/gtm}
capture=${2:-assets/demo/capture.jsonl}
out=${3:-docs/screenshots}
for tool in xvfb-run xdotool import; do
  command -v "$tool" >/dev/null || { echo "screenshot: $tool is missing (scripts/install-deps.sh --screenshot)" >&2; exit 1; }
done
[ -f "$capture" ] || { echo "screenshot: no capture at $capture" >&2; exit 1; }
mkdir -p "$out"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}

xvfb-run -a -s '-screen 0 1360x880x24 -noreset' bash -s "$bin" "$capture" "$out" <<'INNER'
set -euo pipefail
bin=$1 capture=$2 out=$3
LIBGL_ALWAYS_SOFTWARE=1 "$bin" --replay "$capture" & pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
win=$(timeout 60 xdotool search --sync --onlyvisible --name '^gtm — GPU task manager')
xdotool windowfocus --sync "$win"
sleep 2
shot() { sleep "$2"; import -window root "$out/$1.png"; echo "wrote $out/$1.png"; }
# Pause, then move to the moment shown: AT snapshots from the end (Left
# steps back one), when the demo's LLM server is answering and a second
# job has joined it.
xdotool key p; sleep 0.5; xdotool key End; sleep 1
for ((i = 0; i < ${AT:-40}; i++)); do xdotool key Left; done
shot overview 2
xdotool key c
shot chart 2
for _ in 1 2 3 4 5 6 7 8; do xdotool key c; done
# The end of the capture: the LLM server has held its VRAM idle for a
# while (the "Idle for" column) and the process pane still explains it.
xdotool key End
shot process 3
xdotool type '?'
shot help 5
xdotool key Escape; sleep 1; xdotool key q
wait $pid
trap - EXIT
INNER
