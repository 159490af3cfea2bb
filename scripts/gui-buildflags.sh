#!/usr/bin/env bash
# Prints the `go build` flags of the desktop (Fyne) build, preparing what
# they point at first:
#
#   -tags no_emoji   Fyne's bundled colour-emoji font is a 4 MB CFF font that
#                    Fyne parses once per text style (about 50 MB of heap
#                    for four styles); gtm draws no emoji.
#   -modfile=…       a copy of go.mod that replaces fyne.io/fyne/v2 with the
#                    same version patched by third_party/fyne/*.patch (an
#                    event loop that sleeps until something happens instead
#                    of ticking at 60 Hz, a quit that cannot hang, text
#                    textures that do not pile up, theme overrides that do
#                    not re-parse fonts, fallback fonts parsed only when
#                    needed, no depth/stencil buffers, cheaper shaders for
#                    plain rectangles and textures, cached glyphs, sizes
#                    measured once a frame, a string shaped once to
#                    be measured and drawn, one buffer for drawing texts,
#                    only the changed parts of a frame painted again;
#                    see third_party/fyne/README.md).
#
# The patched copy lives in .cache/ (ignored), keyed by the Fyne version and
# the patches' hash, so it is made once. The repository's go.mod is never
# changed: a plain `go build ./cmd/gtm` still builds, with stock Fyne.
# Usage: scripts/gui-buildflags.sh   (from anywhere; prints one line)
#        scripts/gui-buildflags.sh --dir   (prints the patched module's directory)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
go=${GO:-go}
patches=(third_party/fyne/*.patch)

# The module must be in the module cache (a fresh clone has nothing yet).
"$go" mod download fyne.io/fyne/v2
read -r src version < <("$go" list -m -f '{{.Dir}} {{.Version}}' fyne.io/fyne/v2)
want=$(cat third_party/fyne/VERSION)
if [ "$version" != "$want" ]; then
	echo "gui-buildflags: go.mod asks for fyne.io/fyne/v2 $version but third_party/fyne/ patches $want; port the patches (see third_party/fyne/README.md)" >&2
	exit 1
fi
hash=$(cat "${patches[@]}" | sha256sum | cut -c1-12)
dst=$root/.cache/fyne-$version-$hash
if [ ! -f "$dst/.patched" ]; then
	rm -rf "$dst" "$dst.tmp"
	mkdir -p "$(dirname "$dst")"
	cp -R "$src" "$dst.tmp"
	chmod -R u+w "$dst.tmp"
	for p in "${patches[@]}"; do
		# git apply works outside a repository too; --check first so a
		# patch that no longer fits fails loudly instead of half applying.
		# The ceiling keeps git from finding this checkout around .cache/:
		# inside a repository git applies paths from its root and silently
		# skips a "diff --git" patch's files.
		(cd "$dst.tmp" && export GIT_CEILING_DIRECTORIES="$root/.cache" &&
			git apply --check -p1 "$root/$p" && git apply -p1 "$root/$p") || {
			echo "gui-buildflags: $p does not apply to fyne.io/fyne/v2 $version" >&2
			exit 1
		}
	done
	touch "$dst.tmp/.patched"
	mv "$dst.tmp" "$dst"
fi

mod=$root/.cache/gui.mod
{
	cat go.mod
	printf '\n// Written by scripts/gui-buildflags.sh: stock Fyne plus third_party/fyne/*.patch.\nreplace fyne.io/fyne/v2 => %s\n' "$dst"
} >"$mod.tmp"
mv "$mod.tmp" "$mod"
cp go.sum "$root/.cache/gui.sum"
if [ "${1:-}" = "--dir" ]; then
	echo "$dst" # the patched module, for running its own tests
else
	echo "-tags no_emoji -modfile=$mod"
fi
