#!/usr/bin/env bash
# Runs the Windows build of gtm under Wine: the real Windows process model
# (x/sys/windows, PDH, DXGI, Toolhelp) on a machine without Windows.
#
#   scripts/wine-check.sh          # the CLI: --help, --list-gpus, --json, --trace-opens
#   scripts/wine-check.sh --gui    # also the window on the demo under Xvfb
#                                  # → out/wine-window.png (docs/screenshots/windows-wine.png)
#
# Wine has no GPU performance counters, so --json must name the source that
# is unavailable and why, never show zeros. Installs wine64 and mingw-w64
# (for the ProcessPrng shim Wine 8 lacks) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
gui=0; [ "${1:-}" = "--gui" ] && gui=1

need=(wine64 gcc-mingw-w64-x86-64)
[ $gui = 1 ] && need+=(xvfb xauth libgl1-mesa-dri imagemagick x11-utils fonts-wine)
missing=()
for p in "${need[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "wine-check: installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
wine=/usr/lib/wine/wine64
[ -x "$wine" ] || wine=$(command -v wine64 || command -v wine)

work=$(mktemp -d)
trap 'WINEPREFIX="$work/prefix" wineserver -k 2>/dev/null || true; rm -rf "$work"' EXIT
export WINEPREFIX="$work/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="bcryptprimitives=n,b;mscoree,mshtml="
export GOTMPDIR="$work" TMPDIR="$work"

echo "wine-check: building gtm.exe (headless) and the ProcessPrng shim"
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go build -trimpath -tags nogui -o "$work/gtm.exe" ./cmd/gtm
x86_64-w64-mingw32-gcc -shared -O2 -o "$work/bcryptprimitives.dll" \
  packaging/windows/processprng.c packaging/windows/processprng.def

echo "wine-check: creating a Wine prefix"
"$wine" wineboot -i >/dev/null 2>&1 || true
cp "$work/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"

fail=0
check() { # name, command...
  local name=$1; shift
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; fail=1; fi
}

out=$("$wine" "$work/gtm.exe" --help 2>/dev/null) && code=0 || code=$?
check "--help exits 0 and explains" test $code -eq 0 -a -n "$(grep -F 'gtm --json' <<<"$out")"

out=$("$wine" "$work/gtm.exe" --list-gpus 2>/dev/null) && code=0 || code=$?
check "--list-gpus exits 0" test $code -eq 0
echo "$out" | sed 's/^/     /'

"$wine" "$work/gtm.exe" --json >"$work/snap.json" 2>"$work/err.txt" && code=0 || code=$?
check "--json exits 0" test $code -eq 0
check "--json writes nothing to stderr (missing sources are in the JSON, not spam)" test ! -s "$work/err.txt"
check "--json is a windows snapshot whose GPU counters say why they are missing, never zeros" python3 - "$work/snap.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
assert s["host"]["os"] == "windows" and s["host"]["mode"] == "windows", s["host"]
srcs = {x["name"]: x for x in s["sources"]}
w = srcs.get("wddm")
assert w is not None, srcs
if not w["ok"]:
    assert w["error"], w
    print("     wddm:", w["error"])
n = srcs.get("nvml")
assert n is not None, srcs
nvidia = any(d.get("vendor") == "NVIDIA" for d in s["devices"])
if not nvidia:
    # No NVIDIA adapter listed: nvml.dll is not even loaded, and that is
    # a quiet note, not an error.
    assert n["ok"] and n["error"] is None and n.get("note"), n
    print("     nvml (note):", n["note"])
elif not n["ok"]:
    assert n["error"], n
    print("     nvml:", n["error"])
for d in s["devices"]:
    for k in ("memory_used_bytes", "gpu_util_percent", "temperature_c", "power_w"):
        assert d.get(k) != 0, (d["index"], k, "a missing reading must be null, not 0")
    print("     device", d["index"], d.get("name"), d.get("vendor"))
for p in s["processes"]:
    assert p["vram_bytes"] is None or p["vram_bytes"] >= 0
# RAM from GlobalMemoryStatusEx; Wine has no "Paging File" counter, so the
# paging files' size comes from GetPerformanceInfo (none: 0 of 0).
m = s["system"]
assert m["memory_total_bytes"] and m["memory_total_bytes"] > 0, m
assert m["swap_total_bytes"] is not None, m
print("     system: RAM", m["memory_total_bytes"], "· swap", m["swap_used_bytes"], "of", m["swap_total_bytes"], "·",
      "ok" if srcs["system"]["ok"] else srcs["system"]["error"])
PY

# File-open tracing: Wine has no kernel event tracing, so --trace-opens
# says so in exactly one line on stderr and the snapshot is printed as
# without it.
"$wine" "$work/gtm.exe" --trace-opens --once >"$work/trace.txt" 2>"$work/err.txt" && code=0 || code=$?
check "--trace-opens --once exits 0, runs, and says in one line why nothing is traced" \
  test $code -eq 0 -a -s "$work/trace.txt" -a "$(wc -l <"$work/err.txt")" -eq 1 \
  -a -n "$(grep -F 'gtm: file-open tracing is not supported: Wine has no kernel event tracing' "$work/err.txt")"
sed 's/^/     /' "$work/err.txt"

# Runtime detection from loaded modules: a Windows process that loads
# vulkan-1.dll and d3d12.dll, found through WMI, inspected by gtm.exe.
x86_64-w64-mingw32-gcc -O2 -o "$work/holdlibs.exe" scripts/wine/holdlibs.c
"$wine" "$work/holdlibs.exe" 60 vulkan-1.dll d3d12.dll >/dev/null 2>&1 & hold=$!
pid=""
for _ in 1 2 3 4 5 6 7 8 9 10; do
  sleep 2
  pid=$("$wine" wmic process get name,processid 2>/dev/null | tr -d '\0\r' | awk '$1=="holdlibs.exe"{print $2}' | head -1)
  [ -n "$pid" ] && break
done
"$wine" "$work/gtm.exe" inspect --json "${pid:-0}" >"$work/inspect.json" 2>"$work/err.txt" && code=0 || code=$?
check "inspect finds runtimes in a Windows process's loaded modules (pid ${pid:-none})" python3 - "$work/inspect.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
names = [r["name"] for r in p["runtimes"]]
assert "Vulkan" in names and "Direct3D 12" in names, names
assert p["category"] == "3D/game", p["category"]
assert p["models"] is None, "modules never name model files: models stay unknown"
print("     runtimes:", ", ".join(names), "· category:", p["category"])
PY
kill $hold 2>/dev/null || true

# Command lines: a "llama-server.exe" (holdlibs under that name, in a
# folder with a space) started in C:\models with a known argument list;
# gtm.exe reads its command line and working directory back, splits the
# line as Windows programs do, masks the API key, and reads the model file
# it names relative to that directory (a tiny GGUF) for the LLM block.
mkdir -p "$WINEPREFIX/drive_c/llama cpp" "$WINEPREFIX/drive_c/models"
cp "$work/holdlibs.exe" "$WINEPREFIX/drive_c/llama cpp/llama-server.exe"
go run ./scripts/wine/writegguf "$WINEPREFIX/drive_c/models/tiny model.gguf"
(cd "$WINEPREFIX/drive_c/models" && exec "$wine" 'C:\llama cpp\llama-server.exe' 60 -m 'tiny model.gguf' \
  -c 4096 -np 2 --api-key sekrit 'say "hi"') >/dev/null 2>&1 & llama=$!
pid=""
for _ in 1 2 3 4 5 6 7 8 9 10; do
  sleep 2
  pid=$("$wine" wmic process get name,processid 2>/dev/null | tr -d '\0\r' | awk '$1=="llama-server.exe"{print $2}' | head -1)
  [ -n "$pid" ] && break
done
"$wine" "$work/gtm.exe" inspect --json "${pid:-0}" >"$work/cmdline.json" 2>"$work/err.txt" && code=0 || code=$?
check "inspect reads a Windows process's command line and working directory, the model it names and its -c/-np (pid ${pid:-none})" python3 - "$work/cmdline.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
want = ["C:\\llama cpp\\llama-server.exe", "60", "-m", "tiny model.gguf", "-c", "4096", "-np", "2",
        "--api-key", "[redacted]", 'say "hi"']
assert p["cmdline"] == want, p["cmdline"]
assert p["cwd"] == "C:\\models", p["cwd"]
assert "sekrit" not in json.dumps(p), "the API key must never be shown"
models = p["models"] or []
assert [m["path"] for m in models] == ["C:\\models\\tiny model.gguf"], models
assert models[0]["evidence"] == ["cmdline"] and models[0]["format"] == "gguf", models[0]
llm = p["llm"]
assert llm and llm["n_ctx"] == 4096 and llm["n_ctx_source"] == "cmdline", llm
assert llm["parallel"] == 2 and llm["parallel_source"] == "cmdline", llm
print("     cmdline:", " ".join(p["cmdline"]), "· cwd", p["cwd"])
print("     model:", models[0]["path"], "· n_ctx", llm["n_ctx"], "· parallel", llm["parallel"])
PY
kill $llama 2>/dev/null || true

if [ $gui = 1 ]; then
  echo "wine-check: cross-building the window with mingw-w64 (a few minutes cold)"
  # The shipped build: go.mod gives it the patched Fyne (third_party/fyne).
  GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc \
    go build -trimpath -ldflags '-H windowsgui' -o "$work/gtm-gui.exe" ./cmd/gtm
  # A new prefix has no fonts in C:\windows\Fonts; Wine's own window frame
  # draws its buttons with Marlett (fonts-wine).
  mkdir -p "$WINEPREFIX/drive_c/windows/Fonts"
  cp /usr/share/wine/fonts/marlett.ttf "$WINEPREFIX/drive_c/windows/Fonts/"
  cp "$work/gtm-gui.exe" "$WINEPREFIX/drive_c/gtm-gui.exe"
  mkdir -p out && rm -f out/wine-window.png
  # In Wine's virtual desktop Wine frames and sizes its windows itself, as
  # Windows does (without a window manager, Xvfb's window may keep the size
  # Wine first gave it while Fyne draws for the final one). The demo is shot
  # once its llama-server has loaded, about 30 s in.
  export wine work
  xvfb-run -a -s '-screen 0 1600x1000x24' bash -c '
    "$wine" explorer /desktop=gtm,1480x960 "C:\\gtm-gui.exe" --demo >"$work/gui.log" 2>&1 & pid=$!
    for _ in $(seq 60); do
      xwininfo -root -tree | grep -F "\"gtm — GPU task manager" >"$work/window.txt" && break
      sleep 1
    done
    sleep 30
    id=$(awk "{print \$1; exit}" "$work/window.txt" 2>/dev/null)
    [ -n "$id" ] && import -window "$id" "$work/window.png"
    kill $pid' || true
  check "the window opens under Wine ($(sed 's/^ *//' "$work/window.txt" 2>/dev/null | cut -c1-80))" test -s "$work/window.txt"
  # Few colours, no dithering: a small PNG of a flat UI.
  convert "$work/window.png" -strip -dither None -colors 96 -define png:compression-level=9 \
    out/wine-window.png 2>/dev/null || true
  read -r w h colours < <(identify -format '%w %h %k\n' out/wine-window.png 2>/dev/null || echo 0 0 0)
  # Drawn, not blank: a window whose GL failed is one or two colours.
  check "screenshot out/wine-window.png shows the window drawn (${w}x${h}, $colours colours)" \
    test "$w" -ge 1000 -a "$h" -ge 700 -a "$colours" -ge 40
fi

[ $fail = 0 ] && echo "wine-check: all passed" || { echo "wine-check: failures above"; exit 1; }
