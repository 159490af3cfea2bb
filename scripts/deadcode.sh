#!/usr/bin/env bash
# Dead code: a function no build of gtm reaches, tests included.
#
#   scripts/deadcode.sh DEADCODE HEADLESS_PKGS...
#
# golang.org/x/tools/cmd/deadcode answers for one GOOS and set of tags, so
# it runs once per build gtm has: linux and windows with the window (every
# package; the Windows window is cgo, type-checked with mingw-w64's C
# compiler), and linux, windows, darwin and freebsd headless (HEADLESS_PKGS:
# the macOS and BSD windows need their own systems' C headers). -test makes
# the tests roots too, so a helper only tests call is alive. A function is
# dead when every build that compiles its file finds it unreachable: one
# used on only one OS is alive, and one in a _windows.go file is judged by
# the windows builds alone. scripts/deadcode.keep names the few functions
# alive only in a build that cannot be analysed here.
# Prints the dead functions and fails when there are any.
set -euo pipefail
deadcode=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
go=${GO:-go}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# files TAGS PKGS...: the module's Go files the build compiles, tests
# included, relative to the root (the form deadcode prints).
files() {
	"$go" list -e -deps -test -tags "$1" -f '{{if .Module}}{{if .Module.Main}}{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}
{{end}}{{range .CgoFiles}}{{$d}}/{{.}}
{{end}}{{range .TestGoFiles}}{{$d}}/{{.}}
{{end}}{{range .XTestGoFiles}}{{$d}}/{{.}}
{{end}}{{end}}{{end}}' "${@:2}" | sed "s|^$root/||" | sort -u
}

# run NAME TAGS PKGS...: one build's compiled files and its dead functions
# ("file:line:col name"), in the environment the caller set.
run() {
	local name=$1 tags=$2
	shift 2
	files "$tags" "$@" >"$work/$name.files"
	"$deadcode" -test -tags "$tags" -f '{{range .Funcs}}{{println .Position .Name}}{{end}}' "$@" >"$work/$name.dead"
}

run linux "" ./...
run linux-nogui nogui "$@"
GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc run windows "" ./...
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 run windows-nogui nogui "$@"
GOOS=darwin GOARCH=arm64 CGO_ENABLED=0 run darwin-nogui nogui "$@"
GOOS=freebsd GOARCH=amd64 CGO_ENABLED=0 run freebsd-nogui nogui "$@"

builds="linux linux-nogui windows windows-nogui darwin-nogui freebsd-nogui"
records=$(
	for b in $builds; do
		sed "s/^/F $b /" "$work/$b.files"
		sed "s/^/D $b /" "$work/$b.dead"
	done
	sed '/^#/d; /^$/d; s/^/K /' scripts/deadcode.keep
)
dead=$(echo "$records" | awk -v builds="$builds" '
	$1 == "F" { compiled[$2, $3] = 1; next }
	$1 == "K" { keep[$2, $3] = 1; next }
	{ dead[$2, $3 " " $4] = 1; fn[$3 " " $4] = 1 }
	END {
		n = split(builds, b, " ")
		for (f in fn) {
			split(f, part, " ")
			file = part[1]
			sub(/:.*/, "", file)
			all = 1
			for (i = 1; i <= n; i++)
				if ((b[i], file) in compiled && !((b[i], f) in dead))
					all = 0
			if ((file, part[2]) in keep) {
				kept[file, part[2]] = 1
				all = 0
			}
			if (all)
				print f
		}
		# a kept function no build reports is alive or gone: drop its line
		for (k in keep)
			if (!(k in kept)) {
				split(k, part, SUBSEP)
				print "scripts/deadcode.keep: " part[1] " " part[2] " is not dead in any build"
			}
	}' | sort)
if [ -n "$dead" ]; then
	echo "deadcode: unreachable in every build that compiles it (tests included), or a stale keep line:"
	echo "$dead"
	exit 1
fi
