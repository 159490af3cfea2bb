#!/usr/bin/env bash
# The Fyne that gtm builds: third_party/fyne/v2 is fyne.io/fyne/v2 at the
# version in third_party/fyne/VERSION with third_party/fyne/patches/*.patch
# applied in order. go.mod replaces fyne.io/fyne/v2 with that directory, so
# `go build ./cmd/gtm`, `go test ./...`, `make` and gopls all build the same
# code.
#
#   scripts/fyne-tree.sh generate   write third_party/fyne/v2 afresh from
#                                   upstream (the Go module proxy) + patches
#   scripts/fyne-tree.sh check      fail unless third_party/fyne/v2 is exactly
#                                   upstream + patches (make lint runs it)
#
# To change Fyne: edit or add a numbered patch, run `generate`, commit both.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
go=${GO:-go}
version=$(cat third_party/fyne/VERSION)
tree=third_party/fyne/v2
patches=(third_party/fyne/patches/*.patch)

# build DIR: upstream's files, then each patch; fails loudly when a patch
# no longer fits rather than half applying.
build() {
	local dst=$1 src
	local json sum want
	# -mod=mod: go.mod's replace must not stop the download of upstream.
	# go.sum no longer lists a replaced module, so upstream is checked
	# against upstream's go.sum lines kept beside the patches instead.
	json=$(GOFLAGS=-mod=mod GONOSUMDB=fyne.io "$go" mod download -json "fyne.io/fyne/v2@$version") || {
		echo "fyne-tree: cannot download fyne.io/fyne/v2@$version" >&2
		return 1
	}
	src=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p' <<<"$json")
	sum=$(sed -n 's/^[[:space:]]*"Sum": "\(.*\)",$/\1/p' <<<"$json")
	want=$(awk -v v="$version" '$1 == "fyne.io/fyne/v2" && $2 == v {print $3}' third_party/fyne/go.sum)
	if [ -z "$want" ] || [ "$sum" != "$want" ]; then
		echo "fyne-tree: fyne.io/fyne/v2@$version has hash $sum, third_party/fyne/go.sum says ${want:-nothing}" >&2
		return 1
	fi
	cp -R "$src/." "$dst"
	chmod -R u+w "$dst"
	for p in "${patches[@]}"; do
		# The ceiling keeps git from finding this checkout around $dst: inside
		# a repository git applies paths from its root and silently skips a
		# patch's files.
		(cd "$dst" && export GIT_CEILING_DIRECTORIES="$(dirname "$dst")" &&
			git apply --check -p1 "$root/$p" && git apply -p1 "$root/$p") || {
			echo "fyne-tree: $p does not apply to fyne.io/fyne/v2 $version" >&2
			return 1
		}
	done
	# .orig/.rej never stay; the tree is exactly upstream + patches.
	find "$dst" -name '*.orig' -delete
}

tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT

case "${1:-}" in
generate)
	build "$tmp/v2"
	rm -rf "$tree"
	mv "$tmp/v2" "$tree"
	echo "fyne-tree: wrote $tree (fyne.io/fyne/v2 $version + ${#patches[@]} patches)"
	;;
check)
	if [ ! -f "$tree/go.mod" ]; then
		echo "fyne-tree: $tree is missing; run scripts/fyne-tree.sh generate" >&2
		exit 1
	fi
	build "$tmp/v2"
	if ! diff -r -q "$tmp/v2" "$tree" >"$tmp/diff"; then
		echo "fyne-tree: $tree differs from fyne.io/fyne/v2 $version + third_party/fyne/patches:" >&2
		sed 's|'"$tmp"'/v2|upstream+patches|' "$tmp/diff" | head -20 >&2
		echo "fyne-tree: change Fyne through a numbered patch, then run scripts/fyne-tree.sh generate" >&2
		exit 1
	fi
	echo "fyne-tree: $tree is fyne.io/fyne/v2 $version + ${#patches[@]} patches"
	;;
*)
	echo "usage: scripts/fyne-tree.sh generate|check" >&2
	exit 2
	;;
esac
