#!/usr/bin/env bash
# Checks the .deb and .rpm packages in DIR (packaging/package.sh's output)
# as a user gets them: each .sha256 verifies; each .deb's files and
# dependencies; as root, each .deb installs with dpkg -i (missing
# dependencies from apt first), `gtm --version` and `gtm --json` run,
# `gtm --demo` reaches the window build (gtm) or names where it looked
# (gtm-headless), the desktop entry, icons, man page and license are in
# place, the other package is refused (they conflict), and dpkg -r leaves
# none of its files behind. Each .rpm's
# file list (rpm -qpl), license and dependencies (rpm -qpR).
#
# usage: packaging/test-packages.sh DIR [BINARY-VERSION]
#   BINARY-VERSION: what `gtm --version` must print (the stamped version)
set -euo pipefail
dir=$(cd "${1:?usage: test-packages.sh DIR [BINARY-VERSION]}" && pwd)
binver=${2:-}
fail() { echo "test-packages: FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gtm-test-packages.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$dir"

app=io.github.gputaskman.gtm
icons=(/usr/share/icons/hicolor/scalable/apps/$app.svg)
for s in 16 24 32 48 64 128 256; do icons+=("/usr/share/icons/hicolor/${s}x$s/apps/$app.png"); done
# What each package must hold (and nothing else but its directories).
files_gtm=(/usr/bin/gtm /usr/libexec/gtm/gtm-window /usr/share/man/man1/gtm.1.gz /usr/share/applications/$app.desktop "${icons[@]}")
files_headless=(/usr/bin/gtm /usr/share/man/man1/gtm.1.gz)
# Window libraries: the headless package must declare none of them.
gui_libs='libgl|libegl|libx11|libxrandr|libxcursor|libxi|libxinerama|libxxf86vm|libwayland|libxkbcommon'

one() { # one GLOB: the single file matching it
  local m=($1)
  [ ${#m[@]} = 1 ] && [ -f "${m[0]}" ] || fail "expected one $1 in $dir, found: ${m[*]}"
  echo "${m[0]}"
}
deb_gtm=$(one 'gtm_*_amd64.deb') deb_headless=$(one 'gtm-headless_*_amd64.deb')
rpm_gtm=$(one 'gtm-[0-9]*.x86_64.rpm') rpm_headless=$(one 'gtm-headless-[0-9]*.x86_64.rpm')
for p in "$deb_gtm" "$deb_headless" "$rpm_gtm" "$rpm_headless"; do
  [ -f "$p.sha256" ] || fail "$p has no .sha256"
  sha256sum --quiet -c "$p.sha256" || fail "$p.sha256 does not verify"
done

# same_list WHAT EXPECTED-FILE ACTUAL-FILE
same_list() {
  diff <(sort -u "$2") <(sort -u "$3") > "$tmp/diff" || fail "$1 differs from what it should hold (< expected, > actual): $(cat "$tmp/diff")"
}

# --- .deb: contents and metadata (no root needed) ---
deb_files() { dpkg-deb --fsys-tarfile "$1" | tar -t | sed -n 's|^\./|/|; /[^/]$/p'; }
check_deb_meta() { # DEB NAME FILES...
  local deb=$1 name=$2; shift 2
  printf '%s\n' "$@" "/usr/share/doc/$name/copyright" > "$tmp/want"
  deb_files "$deb" > "$tmp/have"
  same_list "$deb" "$tmp/want" "$tmp/have"
  [ "$(dpkg-deb -f "$deb" Package)" = "$name" ] || fail "$deb is not package $name"
  local v; v=$(dpkg-deb -f "$deb" Version)
  [[ "$deb" == "${name}_${v}_amd64.deb" ]] || fail "$deb: its file name does not carry its version $v"
  [[ "$v" =~ ^[0-9] ]] || fail "$deb: version $v does not start with a digit"
  dpkg-deb -f "$deb" Depends | grep -Eq '(^|, )libc6 \(>= 2\.[0-9]+\)' || fail "$deb does not depend on a versioned libc6"
}
check_deb_meta "$deb_gtm" gtm "${files_gtm[@]}"
check_deb_meta "$deb_headless" gtm-headless "${files_headless[@]}"
deps=$(dpkg-deb -f "$deb_gtm" Depends)
for p in libgl1 libx11-6 libxrandr2 libxcursor1 libxinerama1 libxi6 libxxf86vm1 libwayland-client0 libxkbcommon0; do
  grep -Eq "(^|, )$p(,|$| )" <<<"$deps" || fail "$deb_gtm does not depend on $p (it has: $deps)"
done
if dpkg-deb -f "$deb_headless" Depends | grep -Eiq "$gui_libs"; then
  fail "$deb_headless depends on window libraries: $(dpkg-deb -f "$deb_headless" Depends)"
fi
[ "$(dpkg-deb -f "$deb_gtm" Conflicts)" = gtm-headless ] && [ "$(dpkg-deb -f "$deb_headless" Conflicts)" = gtm ] ||
  fail "gtm and gtm-headless must conflict (both install /usr/bin/gtm)"
# The gtm package's /usr/bin/gtm is the headless build (it starts fast and
# execs the window); the window build is /usr/libexec/gtm/gtm-window.
dpkg-deb --fsys-tarfile "$deb_gtm" | tar -xO ./usr/bin/gtm > "$tmp/gtm"
dpkg-deb --fsys-tarfile "$deb_gtm" | tar -xO ./usr/libexec/gtm/gtm-window > "$tmp/gtm-window"
objdump -p "$tmp/gtm" | grep -Eq 'NEEDED +lib(GL|X11|wayland)' && fail "$deb_gtm: /usr/bin/gtm links window libraries"
objdump -p "$tmp/gtm-window" | grep -Eq 'NEEDED +libGL' || fail "$deb_gtm: /usr/libexec/gtm/gtm-window is not the window build"
# The man page inside is gzip and renders without warnings.
dpkg-deb --fsys-tarfile "$deb_gtm" | tar -xO ./usr/share/man/man1/gtm.1.gz > "$tmp/gtm.1.gz"
gzip -t "$tmp/gtm.1.gz" || fail "the man page is not gzip"
zcat "$tmp/gtm.1.gz" | grep -q '^\.SH OPTIONS' || fail "the man page has no OPTIONS section"
zcat "$tmp/gtm.1.gz" | grep -q '^\.SS "gtm serve"' || fail "the man page has no gtm serve section"
if command -v groff >/dev/null; then
  warn=$(zcat "$tmp/gtm.1.gz" | groff -man -ww -z 2>&1) && [ -z "$warn" ] || fail "groff warns on the man page: $warn"
fi

# --- .deb: install and remove (root only) ---
# dpkg_excluded PATH: true when dpkg's path-exclude (as minimal images set
# for /usr/share/man and /usr/share/doc) keeps PATH from being installed.
dpkg_excluded() {
  local line pat excl=1
  for line in $(cat /etc/dpkg/dpkg.cfg.d/* /etc/dpkg/dpkg.cfg 2>/dev/null | grep -E '^path-(exclude|include)'); do
    pat=${line#*=}
    # shellcheck disable=SC2053 # pat is a glob
    if [[ "$1" == $pat ]]; then
      case "$line" in path-exclude*) excl=0 ;; *) excl=1 ;; esac
    fi
  done
  return $excl
}
install_deb() { # DEB: its dependencies from apt when missing, then dpkg -i
  local missing=() d
  for d in $(dpkg-deb -f "$1" Depends | tr ',' '\n' | sed 's/(.*)//; s/ //g'); do
    dpkg-query -W -f='${Status}' "$d" 2>/dev/null | grep -q "install ok installed" || missing+=("$d")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "test-packages: installing $1's dependencies: ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" > "$tmp/apt.log" 2>&1 ||
      fail "apt-get install ${missing[*]}: $(tail -3 "$tmp/apt.log")"
  fi
  dpkg -i "$1" > "$tmp/dpkg.log" 2>&1 || fail "dpkg -i $1: $(tail -5 "$tmp/dpkg.log")"
}
check_install() { # DEB NAME OTHER-DEB FILES...
  local deb=$1 name=$2 other=$3; shift 3
  local f paths=("$@" "/usr/share/doc/$name/copyright")
  install_deb "$deb"
  [ "$(dpkg-query -W -f='${Status}' "$name")" = "install ok installed" ] || fail "$name is not installed after dpkg -i"
  for f in "${paths[@]}"; do
    if dpkg_excluded "$f"; then
      echo "test-packages: $f: left out by dpkg's path-exclude here (in the package: checked above)"
      continue
    fi
    [ -f "$f" ] || fail "$name installed no $f"
  done
  # The installed binary, from PATH, with an empty environment.
  env -i PATH=/usr/bin:/bin HOME="$tmp" gtm --version > "$tmp/version.txt" 2>&1 || fail "installed gtm --version exited $?"
  [ -z "$binver" ] || grep -qF "gtm $binver" "$tmp/version.txt" || fail "installed gtm --version says $(cat "$tmp/version.txt"), not $binver"
  env -i PATH=/usr/bin:/bin HOME="$tmp" gtm --json > "$tmp/snap.json" 2>/dev/null || fail "installed gtm --json exited $?"
  grep -q '"schema_version"' "$tmp/snap.json" || fail "installed gtm --json wrote no snapshot"
  # /usr/bin/gtm is the headless build in both; asked for the window (no
  # display here) it becomes /usr/libexec/gtm/gtm-window, which says so, or
  # without one names where it looked.
  local want="no display found"
  [ "$name" = gtm ] || want="found no gtm-window at /usr/bin/gtm-window or /usr/libexec/gtm/gtm-window"
  if env -i PATH=/usr/bin:/bin HOME="$tmp" gtm --demo > /dev/null 2> "$tmp/window.err"; then fail "installed gtm --demo without a display exited 0"; fi
  grep -qF "$want" "$tmp/window.err" || fail "installed $name: gtm --demo said $(head -3 "$tmp/window.err"), want \"$want\""
  if [ -f "/usr/share/man/man1/gtm.1.gz" ] && command -v man >/dev/null; then
    [ "$(man -w gtm 2>/dev/null)" = /usr/share/man/man1/gtm.1.gz ] || fail "man -w gtm does not find the installed page"
  fi
  # The two packages both own /usr/bin/gtm: dpkg refuses the second.
  if dpkg -i "$other" > "$tmp/conflict.log" 2>&1; then fail "dpkg installed $other beside $name (they must conflict)"; fi
  [ "$(dpkg-query -W -f='${Status}' "$name")" = "install ok installed" ] || fail "installing $other disturbed $name"
  dpkg -r "$name" > "$tmp/dpkg.log" 2>&1 || fail "dpkg -r $name: $(tail -3 "$tmp/dpkg.log")"
  for f in "${paths[@]}" "/usr/share/doc/$name" /usr/libexec/gtm; do
    [ ! -e "$f" ] || fail "dpkg -r $name left $f behind"
  done
  if dpkg-query -W -f='${Status}' "$name" 2>/dev/null | grep -q installed; then
    fail "$name still $(dpkg-query -W -f='${Status}' "$name") after dpkg -r"
  fi
  echo "test-packages: $name: dpkg -i, gtm --version ($(head -1 "$tmp/version.txt")), files in place, dpkg -r left nothing"
}
if [ "$(id -u)" -ne 0 ]; then
  echo "test-packages: SKIPPED installing the .deb packages (needs root; CI runs as root)"
elif ! command -v apt-get >/dev/null || ! command -v dpkg >/dev/null; then
  echo "test-packages: SKIPPED installing the .deb packages (not a Debian-family system)"
else
  for n in gtm gtm-headless; do
    if dpkg-query -W -f='${Status}' "$n" 2>/dev/null | grep -q 'ok installed'; then
      fail "package $n is already installed here; remove it first (the check installs and removes it)"
    fi
  done
  for f in /usr/bin/gtm /usr/libexec/gtm/gtm-window; do
    [ ! -e "$f" ] || fail "$f exists (not from a package); the check would overwrite it"
  done
  check_install "$deb_gtm" gtm "$deb_headless" "${files_gtm[@]}"
  check_install "$deb_headless" gtm-headless "$deb_gtm" "${files_headless[@]}"
fi

# --- .rpm: file list, license and dependencies ---
command -v rpm >/dev/null || fail "rpm not installed (scripts/install-deps.sh --dist installs it)"
check_rpm() { # RPM NAME FILES...
  local r=$1 name=$2; shift 2
  printf '%s\n' "$@" "/usr/share/licenses/$name/LICENSE" > "$tmp/want"
  rpm -qpl "$r" 2>/dev/null > "$tmp/have"
  same_list "$r (rpm -qpl)" "$tmp/want" "$tmp/have"
  [ "$(rpm -qpL "$r" 2>/dev/null)" = "/usr/share/licenses/$name/LICENSE" ] || fail "$r: the license is not marked %license"
  [ "$(rpm -qp --qf '%{NAME}' "$r" 2>/dev/null)" = "$name" ] || fail "$r is not package $name"
  rpm -qpR "$r" 2>/dev/null > "$tmp/req"
  grep -Eq '^libc\.so\.6\(GLIBC_2\.[0-9]+\)\(64bit\)$' "$tmp/req" || fail "$r does not require a versioned libc.so.6: $(tr '\n' ' ' < "$tmp/req")"
}
check_rpm "$rpm_gtm" gtm "${files_gtm[@]}"
for lib in 'libGL.so.1()(64bit)' 'libX11.so.6()(64bit)' 'libXrandr.so.2()(64bit)' 'libXcursor.so.1()(64bit)' \
  'libXinerama.so.1()(64bit)' 'libXi.so.6()(64bit)' 'libXxf86vm.so.1()(64bit)' 'libwayland-client.so.0()(64bit)' 'libxkbcommon.so.0()(64bit)'; do
  rpm -qpR "$rpm_gtm" 2>/dev/null | grep -qxF "$lib" || fail "$rpm_gtm does not require $lib"
done
[ "$(rpm -qp --conflicts "$rpm_gtm" 2>/dev/null)" = gtm-headless ] || fail "$rpm_gtm does not conflict with gtm-headless"
check_rpm "$rpm_headless" gtm-headless "${files_headless[@]}"
if rpm -qpR "$rpm_headless" 2>/dev/null | grep -Eiq "$gui_libs"; then
  fail "$rpm_headless requires window libraries: $(rpm -qpR "$rpm_headless" | tr '\n' ' ')"
fi
[ "$(rpm -qp --conflicts "$rpm_headless" 2>/dev/null)" = gtm ] || fail "$rpm_headless does not conflict with gtm"
echo "test-packages: ok ($(basename "$deb_gtm") $(basename "$deb_headless") $(basename "$rpm_gtm") $(basename "$rpm_headless"))"
