package main

import (
	"context"
	"fmt"
	"github.com/gputaskman/gtm/app/collect"
	"os"
	"path/filepath"
	"strings"
	"time"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/app/wslmatch"
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/drm"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/backend/nvml"
	"github.com/gputaskman/gtm/backend/system"
	"github.com/gputaskman/gtm/backend/wsl"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/inspect/journal"
	"github.com/gputaskman/gtm/inspect/stores"
	"github.com/gputaskman/gtm/internal/procroot"
	"github.com/gputaskman/gtm/internal/safewrite"
)

// newInspector reads evidence over procRoot; trust is --trust-proc-root.
func newInspector(procRoot string, llmLogs map[int]string, trust bool) *inspect.Inspector {
	in := inspect.New(procRoot, stores.New(stores.DefaultConfig()))
	in.Live = inspect.NewLive(procRoot)
	for pid, path := range llmLogs {
		in.Live.LogPaths[pid] = path
	}
	if trust {
		in.TrustProcRoot()
	}
	return in
}

// newPlatformCollector wires Linux: NVML for NVIDIA GPUs, DRM fdinfo and
// sysfs for AMD and Intel ones, /proc for processes (and, through
// gopsutil, the machine's CPU and memory), and the inspector over
// /proc maps and the local model stores.
func newPlatformCollector(procRoot string, llmLogs map[int]string, opts platformOptions) (*collect.Collector, func()) {
	host := linux.DetectHost(procRoot, "/")
	var gpu backend.GPU = backend.Multi{nvml.New(gonvml.New()), drm.New(procRoot, "/sys")}
	if host.Mode == backend.ModeWSL {
		gpu = newWSLSource(procRoot, opts)
	}
	procs := linux.NewProcFS(procRoot)
	hostRoot := opts.HostRoot
	if hostRoot == "" {
		hostRoot = "/"
	}
	procs.SetHostRoot(hostRoot)
	if opts.CRISocket != "" {
		procs.SetCRISocket(opts.CRISocket, func(err error) {
			fmt.Fprintf(os.Stderr, "gtm: --cri-socket: %v; pods it would name stay unnamed\n", err)
		})
	}
	in := newInspector(procRoot, llmLogs, opts.TrustProcRoot)
	in.Live.JournalDirs = journalDirs(hostRoot, opts.JournalDirs)
	c := &collect.Collector{
		GPU:      gpu,
		Procs:    procs,
		Evidence: in,
		System:   system.New(procRoot),
		Host:     host,
	}
	if host.Mode == backend.ModeWSL {
		c.WSL = dxgHolders(procRoot)
		c.WSLSelf = os.Getpid()
		c.WSLHintsPath = wslHintsPath()
		c.WSLHints = wslmatch.LoadHints(c.WSLHintsPath, bootID(procRoot))
	}
	if c.Host.Mode == backend.ModeContainer && !c.Host.SharesHostPIDs {
		c.Containers = &linux.CUDAProcesses{Root: procRoot}
	}
	return c, func() { _ = gpu.Close() }
}

// journalDirs are where the journal is read: --journal-dir, else
// journald's own folders under the host root.
func journalDirs(hostRoot string, given []string) []string {
	if len(given) > 0 {
		return given
	}
	return journal.DefaultDirs(hostRoot)
}

func newWSLSource(procRoot string, opts platformOptions) *wsl.Backend {
	src := &wsl.Backend{NVML: nvml.New(gonvml.New())}
	switch {
	case opts.NoWSLHost:
		src.OffReason = "turned off with --no-host"
	case !wsl.InteropEnabled(procRoot):
		src.OffReason = "WSL interop is disabled; enable [interop] in /etc/wsl.conf, then wsl --shutdown"
	default:
		src.Stream = wsl.NewStream(nil)
		src.Stream.Start()
		if opts.WSLWaitFirst {
			src.Stream.WaitFirst(context.Background(), 6*time.Second)
		}
	}
	return src
}

type dxgHolders string

func (d dxgHolders) DXGHolders() []backend.LocalGPUProcess { return wsl.DXGHolders(string(d)) }

// wslHintsPath is where foreign context sizes are cached per WSL boot:
// the user's own cache directory, or "" (no hints kept) when there is none.
// Never a shared temp path, where another user could plant the file.
func wslHintsPath() string {
	dir, err := safewrite.CacheDir()
	for _, n := range safewrite.TakeNotes() {
		fmt.Fprintln(os.Stderr, n) // as root: another user's $XDG_CACHE_HOME or $HOME
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "gtm: not keeping WSL context sizes across runs: %v\n", err)
		return ""
	}
	return filepath.Join(dir, "gputaskman", "wsl-foreign.json")
}

func bootID(procRoot string) string {
	b, err := procroot.ReadFile(filepath.Join(procRoot, "sys", "kernel", "random", "boot_id"), 4<<10)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}
