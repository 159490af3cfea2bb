#!/usr/bin/env bash
# Measures gtm in the tray alone (--tray, window hidden, 1 s refresh) on a
# virtual display and a private session bus with a stand-in tray host: CPU
# as a share of one core and resident memory, for this machine's readings
# and for a replay that changes the tray every second.
#   scripts/measure-tray.sh [SECONDS]   (default 60; 600 for memory flatness)
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-60}"
export GOTMPDIR="$PWD/.cache/gotmp"
mkdir -p "$GOTMPDIR"
scripts/install-deps.sh
GTM_TRAY_MEASURE="$secs" go test -count=1 -timeout "$((secs * 3 + 300))s" \
  -run '^TestTrayResourceUse$' -v ./cmd/gtm | grep -E '^(MEASURE|--- |ok|FAIL)|desktop_measure'
