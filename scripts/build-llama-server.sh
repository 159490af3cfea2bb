#!/usr/bin/env bash
# Builds a real llama-server (CPU only) once, from the llama.cpp source that the
# npm package node-llama-cpp carries, and caches it outside the checkout.
# Prints the binary's path on stdout. Later runs on the same machine reuse it.
#
#   scripts/build-llama-server.sh            # build if missing, print the path
#   GTM_LLAMACPP_CACHE=/some/dir scripts/...  # cache elsewhere
set -euo pipefail

pkg_version=3.21.1
cache="${GTM_LLAMACPP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gtm/llamacpp-nlc-$pkg_version}"
bin="$cache/build/bin/llama-server"
if [ -x "$bin" ]; then
  echo "$bin"
  exit 0
fi

# Only what is missing is installed: Debian's npm conflicts with a Node.js
# that did not come from Debian (a machine that has npm keeps its own).
need=()
for tool in npm git cmake c++ make; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    case "$tool" in c++) need+=(g++) ;; *) need+=("$tool") ;; esac
  fi
done
if [ ${#need[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1; then
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "build-llama-server: installing ${need[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq >&2
    $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
  else
    echo "build-llama-server: missing ${need[*]}" >&2
    exit 1
  fi
fi

mkdir -p "$cache"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "build-llama-server: fetching node-llama-cpp@$pkg_version (llama.cpp source)" >&2
(cd "$work" && npm pack --silent "node-llama-cpp@$pkg_version" >/dev/null)
tar -xzf "$work/node-llama-cpp-$pkg_version.tgz" -C "$work" package/llama/gitRelease.bundle
rm -rf "$cache/src"
git clone -q "$work/package/llama/gitRelease.bundle" "$cache/src" 2>/dev/null

echo "build-llama-server: building llama-server (CPU only; several minutes)" >&2
cmake -S "$cache/src" -B "$cache/build" -DCMAKE_BUILD_TYPE=Release \
  -DBUILD_SHARED_LIBS=OFF -DLLAMA_CURL=OFF -DGGML_NATIVE=OFF \
  -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF >&2
cmake --build "$cache/build" --target llama-server -j "$(nproc)" >&2
echo "$bin"
