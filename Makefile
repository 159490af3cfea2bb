# gtm — two commands on a fresh Debian/Ubuntu machine with Go 1.26:
#   make run    builds and opens the window (prints a text snapshot without a display)
#   make test   lint + every test
# Both install missing Debian build packages first (scripts/install-deps.sh).

GO       ?= go
VERSION  ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo 0.1.0-dev)
LDFLAGS  := -s -w -X main.version=$(VERSION)
# cgo includes its work directory; a stray nvml.h in a shared TMPDIR would
# shadow go-nvml's own header, so Go gets a private one.
export GOTMPDIR := $(CURDIR)/.cache/gotmp
# go-nvml's header marks old calls deprecated; cgo would print ~30 warnings
# on a cold build that read like errors. Our own C has no such calls.
export CGO_CFLAGS ?= -O2 -g -Wno-deprecated-declarations
_ := $(shell mkdir -p $(GOTMPDIR))

.PHONY: all run test check build build-headless bench lint deps fuzz screenshot cross clean race fuzz-check measure-window

all: build

deps:
	@scripts/install-deps.sh

## build: gtm as a user runs it → bin/gtm, the headless build (links only
## libc, so `gtm --json` starts fast), and the desktop app (Fyne window) →
## bin/gtm-window, which bin/gtm becomes (exec) when the window is asked
## for. bin/gtm-window is a whole gtm on its own. go.mod builds Fyne from
## third_party/fyne/v2 (upstream + the patches in third_party/fyne/patches),
## so a plain `go build ./cmd/gtm` gives the same window build.
build: deps
	CGO_ENABLED=1 $(GO) build -trimpath -tags nogui -ldflags '$(LDFLAGS)' -o bin/gtm ./cmd/gtm
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o bin/gtm-window ./cmd/gtm

## build-headless: CLI only, links nothing but libc → bin/gtm (it opens the
## window only through a bin/gtm-window beside it)
build-headless:
	CGO_ENABLED=1 $(GO) build -trimpath -tags nogui -ldflags '$(LDFLAGS)' -o bin/gtm ./cmd/gtm

## run: open the window through bin/gtm (the labelled recorded demo when no
## GPU can be read here); with no display, print one text snapshot instead
run: build
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
		if ./bin/gtm --list-gpus | grep -q '^[0-9]'; then \
			./bin/gtm; \
		else \
			echo "make run: $$(./bin/gtm --list-gpus | head -n 1) Opening the recorded demo (gtm --demo); plain 'gtm' offers it too."; \
			./bin/gtm --demo; \
		fi; \
	else \
		echo "make run: no display here, so showing 'gtm --once' (the window needs X11 or Wayland)"; \
		./bin/gtm --once; \
	fi

## test: lint, every test, and cross-compile checks
test: deps lint
	@scripts/install-deps.sh --prometheus || echo "make test: could not install prometheus; the real-Prometheus test will be skipped"
	@scripts/install-deps.sh --journal || echo "make test: could not install systemd-journal-remote; the journal tests will be skipped"
	$(GO) test ./...
	@# the patched Fyne's own tests where the patches touch it ('ci' skips a test that needs a Hangul system font)
	cd third_party/fyne/v2 && \
		$(GO) vet ./internal/cache/ ./internal/painter/ ./internal/painter/gl/ ./internal/animation/ ./container/ ./internal/driver/glfw/ \
			./internal/memo/ ./internal/driver/common/ ./canvas/ ./widget/ ./app/ . && \
		$(GO) vet -tags gles ./internal/painter/gl/ && GOOS=js GOARCH=wasm $(GO) vet ./internal/painter/gl/ && \
		$(GO) test -tags ci ./internal/cache/ ./internal/painter/ ./internal/painter/gl/ ./internal/animation/ ./container/ \
			./internal/driver/common/ ./canvas/ ./widget/ ./layout/ ./app/
	$(GO) test -tags nogui ./cmd/gtm
	$(MAKE) --no-print-directory cross

## check: the fast loop while working — formatting, go vet and the unit
## tests (-short: no built binaries, no real display); make test is the full
## run CI does
check: deps
	@out=$$(gofmt -l $$(git ls-files '*.go' ':!third_party/fyne/v2' 2>/dev/null || find . -name '*.go' -not -path './third_party/*')); \
		if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) test -short ./...

## staticcheck, pinned, installed once into .cache (a host binary, so it can
## also check the Windows build: GOOS=windows .cache/.../staticcheck)
STATICCHECK_VERSION := v0.8.2
STATICCHECK := .cache/staticcheck-$(STATICCHECK_VERSION)/staticcheck
HEADLESS_PKGS := ./cmd/... ./app/... ./backend/... ./inspect/... ./internal/...
$(STATICCHECK):
	GOBIN=$(CURDIR)/$(dir $(STATICCHECK)) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

## deadcode, pinned like staticcheck; scripts/deadcode.sh runs it once per
## build (linux and windows with the window, linux, windows, darwin and
## freebsd headless) and fails on a function no build reaches
DEADCODE_VERSION := v0.45.0
DEADCODE := .cache/deadcode-$(DEADCODE_VERSION)/deadcode
$(DEADCODE):
	GOBIN=$(CURDIR)/$(dir $(DEADCODE)) $(GO) install golang.org/x/tools/cmd/deadcode@$(DEADCODE_VERSION)

.PHONY: deadcode
deadcode: $(DEADCODE)
	@scripts/install-deps.sh --mingw
	scripts/deadcode.sh $(DEADCODE) $(HEADLESS_PKGS)

## lint: formatting, go vet, staticcheck, deadcode, and third_party/fyne/v2 = upstream + patches
lint: deps $(STATICCHECK)
	@out=$$(gofmt -l $$(git ls-files '*.go' ':!third_party/fyne/v2' 2>/dev/null || find . -name '*.go' -not -path './third_party/*')); \
		if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	scripts/fyne-tree.sh check
	$(GO) vet ./...
	$(GO) vet -tags nogui ./...
	$(STATICCHECK) ./...
	@# the headless build's packages (ui/ is the window's, and some of ui/desktop is used only with it)
	$(STATICCHECK) -tags nogui $(HEADLESS_PKGS)
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(STATICCHECK) -tags nogui $(HEADLESS_PKGS)
	@$(MAKE) --no-print-directory deadcode

## cross: the headless CLI still builds for Windows and macOS
cross:
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) build -tags nogui -o /dev/null ./cmd/gtm
	GOOS=darwin GOARCH=arm64 CGO_ENABLED=0 $(GO) build -tags nogui -o /dev/null ./cmd/gtm
	GOOS=darwin GOARCH=arm64 CGO_ENABLED=0 $(GO) vet -tags nogui ./backend/darwin ./cmd/gtm ./inspect/...
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) vet -tags nogui ./...

## test-stock-fyne: gtm's window code on upstream Fyne without the patches
## (go.mod's replace dropped; -tags stockfyne leaves out the tests that guard
## a patch), so gtm itself stays correct and leak-free on any Fyne
.PHONY: test-stock-fyne
test-stock-fyne: deps
	grep -v '^replace fyne.io/fyne/v2 ' go.mod > .cache/stock.mod
	cat go.sum third_party/fyne/go.sum > .cache/stock.sum
	$(GO) test -modfile=.cache/stock.mod -tags stockfyne ./ui/...

## bench: the performance budgets (docs in README)
bench: deps
	$(GO) test -run '^$$' -bench . -benchmem ./...

## fuzz: run each fuzz target for FUZZTIME (default 1m)
FUZZTIME ?= 1m
FUZZ_TARGETS := ./backend/linux:FuzzParseStat ./backend/linux:FuzzPodNames ./inspect/gguf:FuzzParse ./inspect/procmaps:FuzzParseLine \
	./inspect/stores:FuzzManifest ./inspect/modelargs:FuzzArgs ./inspect/llamacpplog:FuzzParse \
	./inspect/apps:FuzzHandyLog ./inspect/apps:FuzzParseRecipe ./inspect/servers:FuzzPrometheus ./inspect/servers:FuzzProps \
	./backend/drm:FuzzParseFdinfo ./backend/wddm:FuzzParseInstance ./inspect/netports:FuzzParseTCPLine ./app/escape:FuzzText ./app/escape:FuzzShell \
	./app/secrets:FuzzMask ./internal/safefile:FuzzParseStatus \
	./backend/darwin:FuzzParsePlist ./backend/darwin:FuzzParseFootprint ./inspect/procmaps:FuzzDecodeRegionPathInfo \
	./app/diff:FuzzDiff ./app/capture:FuzzDecode ./backend/windows:FuzzSplitCommandLine \
	./inspect/safetensors:FuzzParse ./inspect/jsonscan:FuzzScan ./inspect/hfconfig:FuzzParse ./inspect/hfmodel:FuzzOpen ./inspect/onnx:FuzzParse \
	./inspect/torchzip:FuzzParse ./inspect/trtllm:FuzzConfig ./inspect/torchlog:FuzzParse ./inspect/servers:FuzzServerInfo \
	./internal/cri:FuzzDecode ./app/redact:FuzzSnapshot ./inspect/opens:FuzzParseStart \
	./internal/binread:FuzzWindow
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; fn=$${t##*:}; echo "== $$fn ($$pkg) for $(FUZZTIME)"; \
		$(GO) test $$pkg -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) || exit 1; \
	done

## screenshot: the real window under Xvfb replaying the shipped capture →
## docs/screenshots/{overview,chart,process,help}.png
CAPTURE ?= assets/demo/capture.jsonl
screenshot: build
	@scripts/install-deps.sh --screenshot
	scripts/screenshot.sh bin/gtm $(CAPTURE) docs/screenshots

## measure-window: the window's CPU (% of one core, 60 s at 1 s refresh) and
## resident memory under Xvfb with software GL, replaying the capture
## (bin/gtm-window itself: bin/gtm would only exec it)
measure-window: build
	@scripts/install-deps.sh --screenshot
	scripts/measure-window.sh bin/gtm-window 60 -- --replay $(CAPTURE) -i 1

## measure-window-live: the window live on the stand-in NVIDIA driver with a
## llama-server-like process (1 s refresh, Xvfb, software GL): CPU and RSS
## over MEASURE_SECONDS (default 60; 600 shows whether memory stays flat)
MEASURE_SECONDS ?= 60
.PHONY: measure-window-live
measure-window-live:
	scripts/measure-window-live.sh $(MEASURE_SECONDS)

clean:
	rm -rf bin out .cache

## test-e2e: the real headless binary on a stand-in NVIDIA driver (needs cc);
## also part of `make test`
.PHONY: test-e2e
test-e2e:
	$(GO) test -count=1 ./backend/nvml/fakenvml
	$(GO) test -count=1 -run 'E2E|FakeDriver' ./cmd/gtm ./backend/nvml

## race: every test under the race detector (CI runs it after make test)
race: deps
	$(GO) test -race ./...

## fuzz-check: every Fuzz function in the tree is in FUZZ_TARGETS
fuzz-check:
	@missing=$$(grep -rhoE --include='*_test.go' --exclude-dir=third_party '^func Fuzz[A-Za-z0-9_]+' . | sed 's/^func //' | sort -u | \
		while read fn; do echo " $(FUZZ_TARGETS) " | grep -q ":$$fn " || echo $$fn; done); \
		if [ -n "$$missing" ]; then echo "fuzz targets missing from FUZZ_TARGETS:" $$missing; exit 1; fi

## test-llamacpp: the LLM memory split (gtm model, gtm inspect) against a real
## CPU llama-server, built once from source into ~/.cache (several minutes the
## first time; scripts/build-llama-server.sh). GRID=FILE writes the table.
.PHONY: test-llamacpp
test-llamacpp:
	@server=$$(scripts/build-llama-server.sh) && \
		GTM_LLAMA_SERVER="$$server" GTM_GRID_REPORT="$(GRID)" $(GO) test -tags nogui -count=1 -timeout 30m -run '^TestLlamaCppGrid$$' -v ./cmd/gtm

## install: gtm in PREFIX/bin, the window it execs in PREFIX/libexec/gtm
## (as the packages lay them out), the menu entry and icons under PREFIX
## (make install PREFIX=~/.local for one user; uninstall removes them)
PREFIX  ?= /usr/local
APP_ID  := io.github.gputaskman.gtm
ICONDIR  = $(DESTDIR)$(PREFIX)/share/icons/hicolor
.PHONY: install uninstall
install: build
	install -Dm755 bin/gtm $(DESTDIR)$(PREFIX)/bin/gtm
	install -Dm755 bin/gtm-window $(DESTDIR)$(PREFIX)/libexec/gtm/gtm-window
	sed 's|^Exec=gtm|Exec=$(PREFIX)/bin/gtm|' packaging/linux/$(APP_ID).desktop > .cache/$(APP_ID).desktop
	install -Dm644 .cache/$(APP_ID).desktop $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop
	install -Dm644 assets/icons/$(APP_ID).svg $(ICONDIR)/scalable/apps/$(APP_ID).svg
	for s in 16 24 32 48 64 128 256; do \
		install -Dm644 assets/icons/$(APP_ID)-$$s.png $(ICONDIR)/$${s}x$${s}/apps/$(APP_ID).png || exit 1; \
	done
	@if command -v update-desktop-database >/dev/null; then update-desktop-database -q $(DESTDIR)$(PREFIX)/share/applications || true; fi
	@if command -v gtk-update-icon-cache >/dev/null; then gtk-update-icon-cache -q -t $(ICONDIR) || true; fi
	@echo "installed gtm in $(DESTDIR)$(PREFIX)/bin (its window in $(DESTDIR)$(PREFIX)/libexec/gtm); start it from the menu or with 'gtm' ('gtm --tray' for the tray only)"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/gtm $(DESTDIR)$(PREFIX)/libexec/gtm/gtm-window $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop
	rmdir $(DESTDIR)$(PREFIX)/libexec/gtm 2>/dev/null || true
	rm -f $(ICONDIR)/scalable/apps/$(APP_ID).svg
	for s in 16 24 32 48 64 128 256; do rm -f $(ICONDIR)/$${s}x$${s}/apps/$(APP_ID).png; done

## test-wine: the Windows build under Wine (--help, --list-gpus, --json, --trace-opens); GUI=1 adds the window
test-wine:
	scripts/wine-check.sh $(if $(GUI),--gui,)

## dist: release archives in dist/ (packaging/dist.sh): the Linux x64 tarball
## (gtm, gtm-window) and the Windows x64 zip (gtm.exe, mingw-w64), each
## with a .sha256; the version is the git tag (git describe)
.PHONY: dist test-dist
dist: deps
	@scripts/install-deps.sh --dist
	packaging/dist.sh dist

## package: .deb and .rpm packages in dist/ (packaging/package.sh): gtm (with
## the window) and gtm-headless (CLI only), each with a .sha256; nfpm is pinned
## in packaging/nfpm/go.sum and built once into ~/.cache/gtm
.PHONY: package
package: deps
	@scripts/install-deps.sh --dist
	packaging/package.sh dist

## test-dist: build the archives in a temporary directory, verify their
## checksums, run the unpacked binaries outside the checkout; package them
## as .deb and .rpm and check those (as root: dpkg -i, then dpkg -r)
test-dist: deps
	@scripts/install-deps.sh --dist
	packaging/test-dist.sh
