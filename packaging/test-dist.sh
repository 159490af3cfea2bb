#!/usr/bin/env bash
# Checks the release archives as a user gets them: builds them
# (packaging/dist.sh) into a temporary directory, verifies each .sha256,
# then unpacks the Linux tarball outside the checkout and runs its
# binaries there: `gtm --help`, `gtm-window --help`, `gtm --json` (checked
# by reading it back with `gtm diff`), and plain `gtm` without a display,
# which must reach the window build beside it. The Windows zip is
# checked for its files, a GUI-subsystem x64 executable, and no NVIDIA
# driver libraries. The .deb and .rpm packages are made from the tarball's
# binaries and checked by packaging/test-packages.sh (as root: installed
# with dpkg -i and removed).
#
# usage: packaging/test-dist.sh [--linux]   (--linux: skip the Windows zip)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
args=()
[ "${1:-}" = "--linux" ] && args=(--linux)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gtm-test-dist.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test-dist: FAIL: $*" >&2; exit 1; }

# The refusal: a driver library by name, and a binary that links one.
mkdir -p "$tmp/bad1" "$tmp/bad2" "$tmp/good"
: > "$tmp/bad1/libnvidia-ml.so.1"
packaging/dist.sh --check="$tmp/bad1" 2>/dev/null && fail "dist packages libnvidia-ml.so.1"
echo 'int cuInit(unsigned f) { return (int)f; }' > "$tmp/cuda.c"
echo 'int cuInit(unsigned); int main(void) { return cuInit(0); }' > "$tmp/main.c"
cc -shared -fPIC -Wl,-soname,libcuda.so.1 -o "$tmp/libcuda.so.1" "$tmp/cuda.c"
cc -o "$tmp/bad2/app" "$tmp/main.c" "$tmp/libcuda.so.1"
packaging/dist.sh --check="$tmp/bad2" 2>/dev/null && fail "dist packages a binary that links libcuda"
cp /bin/true "$tmp/good/app"
packaging/dist.sh --check="$tmp/good" || fail "dist refuses a clean directory"
# The package writer's own tests (its module is apart from the app's, so
# `go test ./...` does not reach it).
(cd packaging/nfpm && ${GO:-go} test -count=1 .) || fail "packaging/nfpm tests"
# The packages' dependency table: a library it does not know, and an NVIDIA
# driver library, each stop the build before any package is written.
mkdir -p "$tmp/badlib" "$tmp/badnv"
cc -shared -fPIC -Wl,-soname,libunknown.so.1 -o "$tmp/libunknown.so.1" "$tmp/cuda.c"
cc -o "$tmp/badlib/gtm" "$tmp/main.c" "$tmp/libunknown.so.1"
cp "$tmp/badlib/gtm" "$tmp/badlib/gtm-window"
cp "$tmp/bad2/app" "$tmp/badnv/gtm" && cp "$tmp/bad2/app" "$tmp/badnv/gtm-window"
for d in badlib badnv; do
  if packaging/package.sh --bin "$tmp/$d" "$tmp/$d-out" 2> "$tmp/$d.err"; then fail "package.sh packaged $d"; fi
  [ -z "$(ls "$tmp/$d-out")" ] || fail "package.sh wrote packages for $d"
done
grep -q 'libunknown.so.1, which has no entry' "$tmp/badlib.err" || fail "package.sh on an unknown library: $(cat "$tmp/badlib.err")"
grep -q 'links libcuda.so.1; NVIDIA' "$tmp/badnv.err" || fail "package.sh on a libcuda binary: $(cat "$tmp/badnv.err")"

packaging/dist.sh "${args[@]}" "$tmp/out"

cd "$tmp/out"
for sum in *.sha256; do
  sha256sum --quiet -c "$sum" || fail "$sum does not verify"
done
# A corrupted archive must fail the check (the check itself works).
tarball=$(ls gtm-*-linux-x64.tar.gz)
cp "$tarball" "$tmp/corrupt.tar.gz" && printf 'x' >> "$tmp/corrupt.tar.gz"
(cd "$tmp" && sed "s/$tarball/corrupt.tar.gz/" "$tmp/out/$tarball.sha256" | sha256sum --quiet -c - >/dev/null 2>&1) &&
  fail "a corrupted archive passed its checksum"

# Unpack outside the checkout and run from there, with the checkout and
# the Go toolchain out of reach.
mkdir "$tmp/x"
tar -xzf "$tarball" -C "$tmp/x"
dir=$(echo "$tmp"/x/gtm-*-linux-x64)
case "$dir" in "$repo"/*) fail "unpacked inside the checkout" ;; esac
for f in gtm gtm-window LICENSE README.md io.github.gputaskman.gtm.desktop io.github.gputaskman.gtm.png; do
  [ -e "$dir/$f" ] || fail "the tarball has no $f"
done
[ -x "$dir/gtm" ] && [ -x "$dir/gtm-window" ] || fail "binaries lost their executable bit"
if tar -tzf "$tarball" | grep -Eiq 'libnvidia|libcuda'; then fail "the tarball bundles NVIDIA driver libraries"; fi
version=${tarball#gtm-}; version=${version%-linux-x64.tar.gz}

cd "$dir"
run() { env -i PATH=/usr/bin:/bin HOME="$tmp/home" "$@"; }
mkdir -p "$tmp/home"
run ./gtm --help > "$tmp/cli-help.txt" 2>&1 || fail "gtm --help exited $?"
run ./gtm-window --help > "$tmp/gui-help.txt" 2>&1 || fail "gtm-window --help exited $?"
grep -qi "usage" "$tmp/cli-help.txt" || fail "gtm --help printed no usage: $(head -3 "$tmp/cli-help.txt")"
grep -qi "usage" "$tmp/gui-help.txt" || fail "gtm-window --help printed no usage"
for b in gtm gtm-window; do
  run ./$b --version > "$tmp/version.txt" 2>&1 || fail "$b --version exited $?"
  grep -qF "gtm $version" "$tmp/version.txt" || fail "$b --version says $(cat "$tmp/version.txt"), not $version (stamped from git describe)"
done
run ./gtm --json > "$tmp/snap.json" 2> "$tmp/json.err" || fail "gtm --json exited $?: $(head -3 "$tmp/json.err")"
grep -q '"schema_version"' "$tmp/snap.json" || fail "gtm --json wrote no snapshot"
run ./gtm diff "$tmp/snap.json" "$tmp/snap.json" > /dev/null || fail "gtm cannot read back its own --json"
# gtm is the headless build; asked for the window it becomes gtm-window,
# whose own answer without a display shows it got there.
objdump -p gtm | grep -Eq 'NEEDED +lib(GL|X11|wayland)' && fail "gtm links window libraries; it should be the headless build"
run ./gtm --demo > /dev/null 2> "$tmp/window.err" && fail "gtm --demo without a display exited 0"
grep -q "no display found" "$tmp/window.err" || fail "gtm --demo did not reach gtm-window: $(head -3 "$tmp/window.err")"

# The .deb and .rpm packages of these very binaries (not built again), then
# installed and removed as root (packaging/test-packages.sh).
pkg_start=$SECONDS
"$repo/packaging/package.sh" --bin "$dir" "$tmp/pkg"
"$repo/packaging/test-packages.sh" "$tmp/pkg" "$version"
echo "test-dist: packages made and checked in $((SECONDS - pkg_start)) s"

# The Windows zip, when built.
cd "$tmp/out"
if zipfile=$(ls gtm-*-windows-x64.zip 2>/dev/null); then
  list=$(unzip -Z1 "$zipfile")
  for f in gtm.exe LICENSE README.md; do
    grep -q "/$f\$" <<<"$list" || fail "the zip has no $f"
  done
  if grep -Eiq 'nvml|nvcuda|nvapi|libnvidia|libcuda' <<<"$list"; then fail "the zip bundles NVIDIA driver libraries"; fi
  unzip -q "$zipfile" -d "$tmp/w"
  exe=$(echo "$tmp"/w/gtm-*-windows-x64/gtm.exe)
  hdr=$(objdump -p "$exe")
  grep -q "pei-x86-64" <<<"$hdr" || fail "gtm.exe is not an x64 Windows executable"
  grep -Eq "^Subsystem[[:space:]]+0+2[[:space:]]" <<<"$hdr" || fail "gtm.exe is not a GUI-subsystem program (-H windowsgui)"
fi
echo "test-dist: ok ($(ls "$tmp/out" "$tmp/pkg" | grep -v -e ':$' -e '^$' | tr '\n' ' '))"
