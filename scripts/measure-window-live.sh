#!/usr/bin/env bash
# Measures the window live, as the README's build gives it: the stand-in
# NVIDIA driver lists a llama-server-like process, gtm refreshes every
# second under Xvfb with software GL, and the test prints gtm's CPU (% of
# one core) and resident memory (TestWindowLiveResourceUse in cmd/gtm).
#   scripts/measure-window-live.sh [SECONDS]   (default 60; 600 for flatness)
# As root the page cache is dropped first, so the binary is mapped as an
# installed one is.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-60}"
export GOTMPDIR="$PWD/.cache/gotmp"
mkdir -p "$GOTMPDIR"
scripts/install-deps.sh
scripts/install-deps.sh --screenshot
GTM_WINDOW_MEASURE="$secs" go test -count=1 -timeout "$((secs * 2 + 300))s" \
  -run '^TestWindowLiveResourceUse$' -v ./cmd/gtm | grep -E '^(MEASURE|--- |ok|FAIL)|window_measure'
