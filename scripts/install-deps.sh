#!/usr/bin/env bash
# Installs what building and testing gtm needs on Debian/Ubuntu, and only
# what is missing: cgo's compiler and the X11/GL/Wayland headers Fyne links
# against. Uses sudo when not root. Elsewhere it says what to install.
set -euo pipefail

packages=(gcc pkg-config libgl1-mesa-dev libx11-dev libxrandr-dev libxcursor-dev
  libxinerama-dev libxi-dev libxxf86vm-dev libwayland-dev libxkbcommon-dev
  # The window's tests run it under a virtual X server, type keys into it
  # and start it with and without a DBus session bus.
  xvfb xauth xdotool dbus-daemon)
# `make screenshot` also needs a virtual display and a screen grabber.
if [ "${1:-}" = "--screenshot" ]; then
  packages+=(xvfb xauth imagemagick)
fi
# `make dist` cross-builds gtm.exe with mingw-w64 (its resources with
# windres) and writes a zip; `make package` reads the binaries with binutils;
# `make test-dist` lists the .rpm packages with rpm.
if [ "${1:-}" = "--dist" ]; then
  packages+=(gcc-mingw-w64-x86-64-win32 binutils-mingw-w64-x86-64 binutils zip unzip rpm)
fi
# `make lint`'s deadcode check type-checks the Windows window build, whose
# Fyne is cgo: mingw-w64's C compiler.
if [ "${1:-}" = "--mingw" ]; then
  packages+=(gcc-mingw-w64-x86-64-win32)
fi
# The journal tests write real journal files with systemd's own writer.
if [ "${1:-}" = "--journal" ]; then
  packages+=(systemd-journal-remote)
fi
# `make test` also runs a real Prometheus against `gtm serve`, and promtool.
if [ "${1:-}" = "--prometheus" ]; then
  packages+=(prometheus)
fi

if ! command -v go >/dev/null 2>&1; then
  echo "install-deps: Go is not on PATH; gtm needs Go 1.26 or newer (https://go.dev/dl/)." >&2
  exit 1
fi
go_minor=$(go env GOVERSION | sed -E 's/^go1\.([0-9]+).*/\1/')
if [ "${go_minor:-0}" -lt 26 ] 2>/dev/null; then
  echo "install-deps: $(go env GOVERSION) is too old; gtm needs Go 1.26 or newer." >&2
  exit 1
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install-deps: not a Debian-family system; make sure these (or your distribution's equivalents) are installed:" >&2
  echo "  ${packages[*]}" >&2
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-deps: not root and no sudo; please install: ${missing[*]}" >&2
    exit 1
  fi
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
