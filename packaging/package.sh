#!/usr/bin/env bash
# Linux packages, each with a .sha256 beside it:
#   gtm_VERSION-1_amd64.deb, gtm-VERSION-1.x86_64.rpm
#       /usr/bin/gtm (the headless build, -tags nogui) and the window build
#       it execs for the window, /usr/libexec/gtm/gtm-window; desktop
#       entry, icons, man page, license
#   gtm-headless_VERSION-1_amd64.deb, gtm-headless-VERSION-1.x86_64.rpm
#       /usr/bin/gtm alone (the same headless build), man page, license
# Both install /usr/bin/gtm and conflict with each other.
#
# usage: packaging/package.sh [--bin DIR] [OUTDIR]   (OUTDIR: dist)
#   --bin DIR   package DIR/gtm and DIR/gtm-window (an unpacked release
#               tarball) instead of building them
# The package version is VERSION (a leading "v" dropped) when it is one dpkg
# and rpm accept, else it comes from git: the tag (1.2.3), a later commit
# (1.2.3+git4.gabc1234), or with no tag 0.0.0~gitYYYYMMDD.abc1234 (by
# commit date); ".dirty" marks uncommitted changes.
#
# Dependencies are read from the binaries: the libraries they link (objdump
# NEEDED) and those GLFW opens at run time (their names are strings in the
# binary); each must be in the table below, so a new one fails the build
# until it is declared or listed as optional.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

bindir= out=dist
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bindir=${2:?--bin needs a directory}; shift ;;
    --bin=*) bindir=${1#--bin=} ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "package: unknown option $1" >&2; exit 2 ;;
    *) out=$1 ;;
  esac
  shift
done

GO=${GO:-go}
export GOTMPDIR=${GOTMPDIR:-$PWD/.cache/gotmp}
mkdir -p "$GOTMPDIR" "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/gtm-package.XXXXXX")
trap 'rm -rf "$work"' EXIT

# --- the package version -----------------------------------------------------
pkgver_ok() { [[ "$1" =~ ^[0-9][A-Za-z0-9.+~]*$ ]]; }
pkg_version() {
  local v=${VERSION:-}
  v=${v#v}
  if [ -n "$v" ] && pkgver_ok "$v"; then echo "$v"; return; fi
  local dirty="" d
  [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] && dirty=.dirty
  if d=$(git describe --tags --long --match 'v[0-9]*' 2>/dev/null); then
    # v1.2.3-4-gabc1234
    local tag=${d%-*-g*} rest=${d##*-g} n
    n=${d%-g*}; n=${n##*-}
    tag=${tag#v}
    if [ "$n" = 0 ] && [ -z "$dirty" ]; then echo "$tag"; else echo "$tag+git$n.g$rest$dirty"; fi
    return
  fi
  local hash day
  hash=$(git rev-parse --short=7 HEAD 2>/dev/null) || { echo "package: not a git checkout and no VERSION given" >&2; exit 1; }
  day=$(TZ=UTC git log -1 --date=format-local:%Y%m%d --format=%cd)
  echo "0.0.0~git$day.$hash$dirty"
}
version=$(pkg_version)
pkgver_ok "$version" || { echo "package: version '$version' is not a package version" >&2; exit 1; }
# A release (1.2.3) must be the version FyneApp.toml declares, as for dist.sh.
app_version=$(sed -n 's/^ *Version *= *"\{0,1\}\([^"]*\)"\{0,1\} *$/\1/p' FyneApp.toml | head -1)
if [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] && [ "$version" != "$app_version" ]; then
  echo "package: version $version does not match FyneApp.toml Version $app_version" >&2
  exit 1
fi
stamp=$(git log -1 --format=%ct 2>/dev/null || date +%s)

# --- the binaries --------------------------------------------------------------
if [ -n "$bindir" ]; then
  window=$bindir/gtm-window headless=$bindir/gtm
  for b in "$window" "$headless"; do
    [ -x "$b" ] || { echo "package: $b is not an executable" >&2; exit 1; }
  done
else
  # As packaging/dist.sh builds them (same flags and stamped version).
  binver=${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo 0.1.0-dev)}
  ldflags="-s -w -X main.version=${binver#v}"
  mkdir -p "$work/bin"
  window=$work/bin/gtm-window headless=$work/bin/gtm
  CGO_ENABLED=1 GOOS=linux GOARCH=amd64 $GO build -trimpath -ldflags "$ldflags" -o "$window" ./cmd/gtm
  CGO_ENABLED=1 GOOS=linux GOARCH=amd64 $GO build -trimpath -tags nogui -ldflags "$ldflags" -o "$headless" ./cmd/gtm
fi

# --- dependencies --------------------------------------------------------------
# soname → Debian package; rpm declares the soname itself ("libX11.so.6()(64bit)"),
# as rpmbuild's own dependency generator does, which Fedora, RHEL and openSUSE
# packages all provide (Fedora: glibc, libglvnd-glx, libglvnd-egl, libwayland-*,
# libxkbcommon, libX11, libXrandr, libXinerama, libXcursor, libXi, libXxf86vm).
declare -A deb_of=(
  [libc.so.6]=libc6 [libm.so.6]=libc6
  [libGL.so.1]=libgl1 [libEGL.so.1]=libegl1
  [libwayland-client.so.0]=libwayland-client0 [libwayland-cursor.so.0]=libwayland-cursor0
  [libwayland-egl.so.1]=libwayland-egl1 [libxkbcommon.so.0]=libxkbcommon0
  [libX11.so.6]=libx11-6 [libXrandr.so.2]=libxrandr2 [libXinerama.so.1]=libxinerama1
  [libXcursor.so.1]=libxcursor1 [libXi.so.6]=libxi6 [libXxf86vm.so.1]=libxxf86vm1
)
# Opened at run time only for features gtm does not use or with a fallback:
# GLX/OpenGL (libglvnd's parts of libGL), GLES and OSMesa contexts, Vulkan,
# X11-xcb (Vulkan surfaces), Xrender (transparent windows), Xext (mouse
# pass-through), libdecor (Wayland decorations; Fyne draws its own), and
# libGL.so (a development symlink tried after libGL.so.1); and NVIDIA's
# driver libraries, which come with the driver and are never a dependency.
optional=" libnvidia-ml.so.1 libnvidia-ml.so libcuda.so.1 libGLX.so.0 libOpenGL.so.0 libGL.so libGLESv1_CM.so.1 libGLES_CM.so.1 libGLESv2.so.2
  libOSMesa.so.6 libOSMesa.so.8 libvulkan.so.1 libX11-xcb.so.1 libXrender.so.1 libXext.so.6
  libdecor-0.so.0 "
optional=" $(echo $optional) " # one space between names, for the match below

# linked_libs, named_libs BIN: the sonames BIN links (NEEDED) and the library names in its
# strings (what it may dlopen), one a line.
linked_libs() { objdump -p "$1" | awk '$1 == "NEEDED" { print $2 }'; }
named_libs() { strings -a "$1" | grep -E '^lib[A-Za-z0-9_+-]+\.so(\.[0-9]+)*$' | sort -u; }

# libs_of BIN: adds to want (depends') the libraries BIN links or may open,
# each checked against the table.
libs_of() {
  local bin=$1 lib
  for lib in $(linked_libs "$bin"); do
    case "$lib" in libnvidia*|libcuda*)
      echo "package: $(basename "$bin") links $lib; NVIDIA's libraries come with the driver and must be loaded at run time" >&2
      exit 1 ;;
    esac
    [ -n "${deb_of[$lib]:-}" ] || { echo "package: $(basename "$bin") links $lib, which has no entry in package.sh's table" >&2; exit 1; }
    want[$lib]=1
  done
  for lib in $(named_libs "$bin"); do
    [ -n "${want[$lib]:-}" ] && continue
    if [ -n "${deb_of[$lib]:-}" ]; then want[$lib]=1; continue; fi
    case "$optional" in *" $lib "*) continue ;; esac
    echo "package: $(basename "$bin") names $lib (dlopen?), which package.sh neither declares nor lists as optional" >&2
    exit 1
  done
}

# depends FORMAT BIN...: the dependency list for FORMAT (deb or rpm) of a
# package holding the binaries BIN..., comma-separated.
depends() {
  local fmt=$1 bin lib glibc
  shift
  local -A want=()
  for bin in "$@"; do
    libs_of "$bin"
  done
  # The newest glibc symbol version the binaries use is the oldest glibc they run on.
  glibc=$(for bin in "$@"; do objdump -T "$bin"; done | grep -oE 'GLIBC_[0-9]+(\.[0-9]+)+' | sed 's/GLIBC_//' | sort -uV | tail -1)
  [ -n "$glibc" ] || { echo "package: $(basename "$1") uses no versioned glibc symbol; is it a glibc binary?" >&2; exit 1; }
  local list=()
  if [ "$fmt" = deb ]; then
    local -A seen=()
    for lib in $(printf '%s\n' "${!want[@]}" | sort); do
      local p=${deb_of[$lib]}
      [ -n "${seen[$p]:-}" ] && continue
      seen[$p]=1
      if [ "$p" = libc6 ]; then list+=("libc6 (>= $glibc)"); else list+=("$p"); fi
    done
  else
    for lib in $(printf '%s\n' "${!want[@]}" | sort); do
      if [ "$lib" = libc.so.6 ]; then list+=("libc.so.6(GLIBC_$glibc)(64bit)"); else list+=("$lib()(64bit)"); fi
    done
  fi
  printf '%s\n' "${list[@]}" | sort | paste -sd, -
}

# Dependencies first: an undeclared library fails before anything is built.
# The gtm package holds both binaries; gtm-headless the headless one.
declare -A deps_of=()
for fmt in deb rpm; do
  deps_of[gtm.$fmt]=$(depends $fmt "$headless" "$window")
  deps_of[gtm-headless.$fmt]=$(depends $fmt "$headless")
done

# --- the man page, from the binary's own --help ---------------------------------
day=$(date -u -d "@$stamp" +%Y-%m-%d)
manpage() { # BIN OUT.gz
  $GO run ./packaging/manpage -version "$version" -date "$day" -o "$work/gtm.1" "$1"
  gzip -9n < "$work/gtm.1" > "$2"
  touch -d "@$stamp" "$2"
}

# --- nfpm, pinned in packaging/nfpm/go.sum, built once per version of its module --
cache=${XDG_CACHE_HOME:-$HOME/.cache}/gtm
key=$(cat packaging/nfpm/go.mod packaging/nfpm/go.sum packaging/nfpm/main.go <($GO env GOVERSION) | sha256sum | cut -c1-16)
nfpm=$cache/nfpm-gtm-$key
if [ ! -x "$nfpm" ]; then
  mkdir -p "$cache"
  (cd packaging/nfpm && $GO build -trimpath -mod=readonly -o "$nfpm.tmp" .)
  mv "$nfpm.tmp" "$nfpm"
fi

maintainer=${MAINTAINER:-The gtm authors <https://github.com/gputaskman/gtm/issues>}
# One man page for both: the two builds print the same --help.
manpage "$headless" "$work/gtm.1.gz"
for name in gtm gtm-headless; do
  for fmt in deb rpm; do
    deps=${deps_of[$name.$fmt]}
    pkg=$("$nfpm" -config packaging/nfpm/$name.yaml -format $fmt -version "$version" -mtime "$stamp" -o "$out" \
      -depends "$deps" \
      -var "BIN=$headless" -var "WINDOW=$window" -var "MAN=$work/gtm.1.gz" -var "LICENSE=$repo/LICENSE" \
      -var "DESKTOP=$repo/packaging/linux/io.github.gputaskman.gtm.desktop" -var "ICONS=$repo/assets/icons" \
      -var "MAINTAINER=$maintainer")
    pkg=$(basename "$pkg")
    (cd "$out" && sha256sum "$pkg" > "$pkg.sha256")
    echo "package: $out/$pkg ($fmt depends: ${deps//,/, })"
  done
done
