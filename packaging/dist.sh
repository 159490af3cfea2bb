#!/usr/bin/env bash
# Release archives:
#   gtm-VERSION-linux-x64.tar.gz    gtm, the headless build (links only
#                                   libc; alone it is the CLI for servers),
#                                   and gtm-window, the window build gtm
#                                   execs when the window is asked for;
#                                   LICENSE, README, the .desktop entry and
#                                   the icon
#   gtm-VERSION-windows-x64.zip     the window build gtm.exe (cross-built
#                                   with mingw-w64; one binary, no split),
#                                   LICENSE, README
# each with a .sha256 beside it (sha256sum -c checks it).
#
# usage: packaging/dist.sh [--linux] [--windows] [OUTDIR]   (both by default; OUTDIR: dist)
# VERSION comes from the git tag (git describe; a leading "v" dropped), or
# the VERSION environment variable.
#
# NVIDIA driver libraries (libnvidia-ml, libcuda, nvml.dll, nvcuda.dll) are
# never bundled: they come from the installed driver. The script refuses to
# write an archive that contains one or whose binaries link one.
set -euo pipefail
cd "$(dirname "$0")/.."

want_linux=0 want_windows=0 out=dist check_only=
for a in "$@"; do
  case "$a" in
    --linux) want_linux=1 ;;
    --windows) want_windows=1 ;;
    --check=*) check_only=${a#--check=} ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "dist: unknown option $a" >&2; exit 2 ;;
    *) out=$a ;;
  esac
done
if [ $want_linux = 0 ] && [ $want_windows = 0 ]; then want_linux=1 want_windows=1; fi

GO=${GO:-go}
version=${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo 0.1.0-dev)}
version=${version#v}
case "$version" in
  *[!A-Za-z0-9._+-]*|"") echo "dist: version '$version' has characters a file name should not" >&2; exit 1 ;;
esac
# FyneApp.toml is the app's metadata (what `fyne package` reads): the ID,
# name and icon, and the release version a tag must match.
toml() { sed -n "s/^ *$1 *= *\"\{0,1\}\([^\"]*\)\"\{0,1\} *$/\1/p" FyneApp.toml | head -1; }
app_id=$(toml ID)
app_name=$(toml Name)
app_version=$(toml Version)
app_build=$(toml Build)
icon_png=assets/icons/$app_id-256.png
if [ -z "$app_id" ] || [ -z "$app_name" ] || [ ! -f "$icon_png" ]; then
  echo "dist: FyneApp.toml needs ID and Name, and $icon_png must exist" >&2
  exit 1
fi
# A release tag (1.2.3) must be the version FyneApp.toml declares.
if [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] && [ "$version" != "$app_version" ]; then
  echo "dist: tag $version does not match FyneApp.toml Version $app_version" >&2
  exit 1
fi
ldflags="-s -w -X main.version=$version"
# The window builds need no flags of their own: go.mod replaces Fyne with
# third_party/fyne/v2 (upstream + patches) for every build.
# A private cgo work directory (a stray nvml.h in a shared TMPDIR would
# shadow go-nvml's own header).
export GOTMPDIR=${GOTMPDIR:-$PWD/.cache/gotmp}
mkdir -p "$GOTMPDIR" "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/gtm-dist.XXXXXX")
trap 'rm -rf "$work"' EXIT

# refuse_driver_libs DIR: no NVIDIA driver library in DIR or in what its
# binaries link (go-nvml loads libnvidia-ml.so.1 at run time, never links it).
refuse_driver_libs() {
  local bad
  bad=$(find "$1" -iname 'libnvidia*' -o -iname 'libcuda*' -o -iname 'nvml*.dll' -o -iname 'nvcuda*.dll' -o -iname 'nvapi*.dll' | head -5)
  if [ -n "$bad" ]; then
    echo "dist: refusing to package NVIDIA driver libraries (they come from the installed driver): $bad" >&2
    exit 1
  fi
  local f
  for f in "$1"/*; do
    if objdump -p "$f" 2>/dev/null | grep -Eiq '(NEEDED|DLL Name:) +(libnvidia|libcuda|nvml|nvcuda|nvapi)'; then
      echo "dist: $(basename "$f") links an NVIDIA driver library; it must load it at run time instead" >&2
      exit 1
    fi
  done
}

# --check=DIR: only the refusal check on DIR (for the tests).
if [ -n "$check_only" ]; then
  refuse_driver_libs "$check_only"
  exit 0
fi

checksum() { (cd "$out" && sha256sum "$1" > "$1.sha256"); echo "dist: $out/$1"; }

# Reproducible archive metadata: files dated at the commit.
stamp=$(git log -1 --format=%ct 2>/dev/null || date +%s)

common_files() {
  cp LICENSE "$1/LICENSE"
  cp README.md "$1/README.md"
}

if [ $want_linux = 1 ]; then
  name=gtm-$version-linux-x64
  stage=$work/$name
  mkdir -p "$stage"
  CGO_ENABLED=1 GOOS=linux GOARCH=amd64 $GO build -trimpath -tags nogui -ldflags "$ldflags" -o "$stage/gtm" ./cmd/gtm
  CGO_ENABLED=1 GOOS=linux GOARCH=amd64 $GO build -trimpath -ldflags "$ldflags" -o "$stage/gtm-window" ./cmd/gtm
  common_files "$stage"
  cp "packaging/linux/$app_id.desktop" "$stage/$app_id.desktop"
  cp "assets/icons/$app_id.svg" "$stage/$app_id.svg"
  cp "$icon_png" "$stage/$app_id.png"
  refuse_driver_libs "$stage"
  tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$stamp" -C "$work" -czf "$out/$name.tar.gz" "$name"
  checksum "$name.tar.gz"
fi

if [ $want_windows = 1 ]; then
  cc=${WINDOWS_CC:-x86_64-w64-mingw32-gcc}
  if ! command -v "$cc" >/dev/null; then
    echo "dist: $cc not found; install mingw-w64 (scripts/install-deps.sh --windows)" >&2
    exit 1
  fi
  name=gtm-$version-windows-x64
  stage=$work/$name
  mkdir -p "$stage"
  # The icon and version details, as `fyne package` would embed them: a
  # resource object the linker picks up from the package directory, removed
  # after the build.
  res=cmd/gtm/zz_dist_resources_windows_amd64.syso
  trap 'rm -rf "$work" "$res"' EXIT
  $GO run ./packaging/ico "$icon_png" "$work/gtm.ico"
  IFS=. read -r v1 v2 v3 _ <<<"${version%%[-+]*}.0.0.0"
  for n in v1 v2 v3; do [[ "${!n}" =~ ^[0-9]+$ ]] || printf -v "$n" 0; done
  cat > "$work/gtm.rc" <<RC
1 ICON "gtm.ico"
1 VERSIONINFO
FILEVERSION $v1,$v2,$v3,${app_build:-0}
PRODUCTVERSION $v1,$v2,$v3,${app_build:-0}
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904B0"
    BEGIN
      VALUE "FileDescription", "$app_name: GPU task manager"
      VALUE "ProductName", "$app_name"
      VALUE "FileVersion", "$version"
      VALUE "ProductVersion", "$version"
      VALUE "InternalName", "$app_id"
      VALUE "OriginalFilename", "gtm.exe"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x409, 1200
  END
END
RC
  (cd "$work" && "${WINDRES:-x86_64-w64-mingw32-windres}" -O coff -i gtm.rc -o gtm.syso)
  cp "$work/gtm.syso" "$res"
  CGO_ENABLED=1 GOOS=windows GOARCH=amd64 CC=$cc $GO build -trimpath -ldflags "$ldflags -H windowsgui" -o "$stage/gtm.exe" ./cmd/gtm
  rm -f "$res"
  common_files "$stage"
  refuse_driver_libs "$stage"
  (cd "$work" && find "$name" -exec touch -d "@$stamp" {} + && find "$name" | LC_ALL=C sort | zip -q -X -@ "$out/$name.zip")
  checksum "$name.zip"
fi
