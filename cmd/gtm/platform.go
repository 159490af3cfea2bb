package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	flag "github.com/spf13/pflag"

	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/app/energy"
	"github.com/gputaskman/gtm/app/trend"

	"github.com/gputaskman/gtm/internal/cri"
	"github.com/gputaskman/gtm/internal/procroot"
	"github.com/gputaskman/gtm/internal/safefile"
	"github.com/gputaskman/gtm/internal/safewrite"
)

// platform is what a command's flags say about collecting from this
// machine; run, serve, record and inspect each build one from their own.
type platform struct {
	procRoot string
	llmLogs  map[int]string // --llm-log: a buffer log per PID
	opts     platformOptions
}

// platformOptions are the flags newPlatformCollector itself follows.
type platformOptions struct {
	// TrustProcRoot is --trust-proc-root: believe a proc root that is not
	// procfs (read the files its processes name, probe their ports).
	TrustProcRoot bool
	// NoWSLHost is --no-host: under WSL, read no host counters through
	// interop (powershell.exe).
	NoWSLHost bool
	// WSLWaitFirst waits for the first host sample (about 2.5 s) rather
	// than showing "starting": one-shot output has no second chance.
	WSLWaitFirst bool
	// TraceOpens is --trace-opens: name the model files processes open
	// (fanotify; ETW on Windows), also below TracePaths (--trace-path);
	// ProcRoot is where the openers are looked up to forget those that
	// exited.
	TraceOpens bool
	TracePaths []string
	ProcRoot   string
	// HostRoot is --host-root: where the node's kubelet log folders are
	// read to name Kubernetes pods ("/" by default).
	HostRoot string
	// CRISocket is --cri-socket: the container runtime asked for the pod
	// names the kubelet's folders lack ("" for none).
	CRISocket string
	// JournalDirs are --journal-dir: where the systemd journal's files
	// are read (none: journald's own folders under HostRoot).
	JournalDirs []string
}

// collector builds this machine's collector for prog, after loading the
// user's app recipes and saying once
// on stderr when the proc root is not procfs; window is the collector's
// engine sampling window.
func (p platform) collector(e env, prog string, window time.Duration) (*collect.Collector, func()) {
	checkProcRoot(e.stderr, prog, p.procRoot, p.opts.TrustProcRoot)
	loadAppRecipes(e.stderr, prog)
	c, closeFn := e.newCollector(p.procRoot, p.llmLogs, p.opts)
	c.Version = version
	c.Window = window
	c.Trends = trend.NewAnnotator()
	c.Energy = energy.NewAnnotator(energy.LoadFloors(idleFloorsPath(e.stderr, prog)))
	opts := p.opts
	opts.ProcRoot = p.procRoot
	stopTrace := attachOpenTrace(e.stderr, prog, c, opts)
	return c, func() {
		stopTrace()
		closeFn()
		_ = c.Energy.Floors.Save() // a cache: failing to write it only loses what was learned
	}
}

// idleFloorsPath is where the GPUs' learned idle floors are kept: the
// user's own cache directory, or "" (learned for this run only) when there
// is none. Never a shared temp path, where another user could plant it.
func idleFloorsPath(stderr io.Writer, prog string) string {
	dir, err := safewrite.CacheDir()
	for _, n := range safewrite.TakeNotes() {
		fmt.Fprintln(stderr, n) // as root: another user's $XDG_CACHE_HOME or $HOME
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: not keeping the GPUs' idle power floors across runs: %v\n", prog, err)
		return ""
	}
	return filepath.Join(dir, "gputaskman", "idle-floors.json")
}

// trustProcRootFlag adds --trust-proc-root to a command that takes
// --proc-root.
func trustProcRootFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("trust-proc-root", false, "believe a --proc-root that is not a procfs mount (a test fixture): read the files its processes name, probe their ports, send their keys")
}

// hostRootFlag adds --host-root to a command that collects.
func hostRootFlag(fs *flag.FlagSet) *string {
	return fs.String("host-root", "/", "Linux: the node's root `dir`, where /var/log/pods and /var/log/containers name Kubernetes pods; in a container with the host's /proc and /var/log mounted read-only under DIR, use --proc-root DIR/proc --host-root DIR")
}

// criSocketFlag adds --cri-socket to a command that collects.
func criSocketFlag(fs *flag.FlagSet) *string {
	return fs.String("cri-socket", "", "Linux: the container runtime's CRI `socket` (e.g. /run/containerd/containerd.sock, /var/run/crio/crio.sock), asked for the kubelet's pod labels of containers /var/log/pods does not name; used as given, not under --host-root (in a pod, mount the host's socket)")
}

// checkCRISocket refuses a --cri-socket that is not a Unix socket: the
// user named it, so a typo should not silently leave pods unnamed.
func checkCRISocket(path string) error {
	if path == "" {
		return nil
	}
	if err := cri.CheckSocket(path); err != nil {
		return fmt.Errorf("--cri-socket %v", err)
	}
	return nil
}

// journalDirFlag adds --journal-dir to a command that collects.
func journalDirFlag(fs *flag.FlagSet) *[]string {
	return fs.StringArray("journal-dir", nil, "Linux: read the systemd journal's files from `dir` (repeatable), as journalctl --directory does, for the load logs of servers run as systemd units (Ollama's service, llama-server, vLLM); by default /var/log/journal and /run/log/journal under --host-root")
}

// checkJournalDirs refuses a --journal-dir that is not a directory.
func checkJournalDirs(dirs []string) error {
	for _, d := range dirs {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			return fmt.Errorf("--journal-dir %s is not a directory", d)
		}
	}
	return nil
}

// checkHostRoot refuses a --host-root that is not a directory.
func checkHostRoot(fs *flag.FlagSet, dir string) error {
	if fi, err := os.Stat(dir); fs.Changed("host-root") && (err != nil || !fi.IsDir()) {
		return fmt.Errorf("--host-root %s is not a directory", dir)
	}
	return nil
}

// checkProcRoot says on stderr when root is not procfs and not trusted on
// purpose: its processes are then data only.
func checkProcRoot(stderr io.Writer, prog, root string, trust bool) {
	if trust {
		return
	}
	if why := procroot.Untrusted(root); why != "" {
		fmt.Fprintf(stderr, "%s: %s (--trust-proc-root to believe it)\n", prog, why)
	}
}

// warnUnreadableLog says on stderr when a --llm-log cannot be read (it
// is then also a note on the process), instead of ignoring it.
func warnUnreadableLog(w io.Writer, prog, shown, path string) {
	reason := ""
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		reason = "no such file"
	case err != nil:
		reason = err.Error()
	case !fi.Mode().IsRegular():
		reason = "not a regular file"
	default:
		f, _, err := safefile.Open(path, 0) // never waits on a FIFO swapped in since the stat
		if err != nil {
			reason = "permission denied"
			if !errors.Is(err, os.ErrPermission) {
				reason = err.Error()
			}
		} else {
			f.Close()
		}
	}
	if reason != "" {
		fmt.Fprintf(w, "%s: --llm-log %s cannot be read (%s); going on without it\n", prog, shown, reason)
	}
}

// parseLLMLogs reads --llm-log PID=PATH values.
func parseLLMLogs(vals []string) (map[int]string, error) {
	out := map[int]string{}
	for _, v := range vals {
		pidStr, path, ok := strings.Cut(v, "=")
		pid, err := strconv.Atoi(pidStr)
		if !ok || err != nil || pid <= 0 || path == "" {
			return nil, fmt.Errorf("--llm-log %q: want PID=PATH, e.g. --llm-log 4242=/var/log/llama-server.log", v)
		}
		out[pid] = path
	}
	return out, nil
}
