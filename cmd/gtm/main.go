// Command gtm shows what is inside a GPU: per-process memory and engine
// activity, joined with evidence of what each process holds.
//
// With no flags it opens the desktop window; --once and --json print one
// snapshot for terminals and scripts.
//
// This package is flags, subcommands and wiring: main.go is gtm itself
// (the window or one snapshot), each subcommand has its file (serve.go,
// record.go, inspect.go, model.go, diff.go, summary.go), platform*.go
// build the collector per OS from a command's flags, signal.go is the one
// SIGINT/SIGTERM handler, and gui.go (GUI builds only) hands the window to
// ui/desktop. A headless build on Unix hands a command line that wants the
// window to the gtm-window binary instead (window_exec_unix.go).
package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/app/redact"
	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/internal/schema"
	"io"
	"os"
	"strings"
	"time"

	flag "github.com/spf13/pflag"
)

// version is set at build time (-ldflags "-X main.version=...").
var version = "0.1.0-dev"

// Exit codes: usage errors are 2, runtime errors 1.
const (
	exitOK      = 0
	exitRuntime = 1
	exitUsage   = 2
)

// env is what run needs from the outside world, so tests can replace the
// platform collector and the GUI.
type env struct {
	stdout, stderr io.Writer
	// newCollector builds the platform collector over a proc root, with
	// the buffer logs the user named per PID.
	newCollector func(procRoot string, llmLogs map[int]string, opts platformOptions) (*collect.Collector, func())
	// runGUI opens the window; it returns when the window closes or ctx
	// ends.
	runGUI func(ctx context.Context, src collect.Provider, opts guiOptions) error
}

type guiOptions struct {
	Interval time.Duration
	GPU      *int
	desktopOptions
}

func main() {
	// A headless gtm becomes gtm-window here when the window is wanted,
	// before it reads or builds anything.
	if err := handOffWindow(os.Args); err != nil {
		fmt.Fprintf(os.Stderr, "gtm: %v\n", err)
		os.Exit(exitRuntime)
	}
	os.Exit(run(os.Args[1:], env{
		stdout:       os.Stdout,
		stderr:       os.Stderr,
		newCollector: newPlatformCollector,
		runGUI:       runGUI,
	}))
}

type options struct {
	once, json, listGPUs, showVersion, help bool
	noHost                                  bool
	redact                                  bool
	interval                                float64
	gpu                                     int
	procRoot, replay                        string
	llmLogs                                 []string
	trustProcRoot                           *bool
	hostRoot, criSocket                     *string
	journalDirs                             *[]string
	trace                                   traceFlags
	desk                                    desktopFlags
}

func newFlagSet(o *options) *flag.FlagSet {
	fs := flag.NewFlagSet("gtm", flag.ContinueOnError)
	fs.SortFlags = false
	fs.BoolVar(&o.once, "once", false, "print one text snapshot and exit")
	fs.BoolVar(&o.json, "json", false, "print one JSON snapshot and exit (implies --once)")
	fs.BoolVar(&o.noHost, "no-host", false, "WSL: do not read the Windows host's GPU counters through interop (powershell.exe)")
	fs.Float64VarP(&o.interval, "interval", "i", 1, "refresh interval in `seconds`; with --once, how far back per-process engine samples reach")
	fs.BoolVar(&o.listGPUs, "list-gpus", false, "list the GPUs gtm can see and exit")
	fs.IntVar(&o.gpu, "gpu", 0, "show only GPU `N`, as numbered by --list-gpus")
	fs.StringVar(&o.procRoot, "proc-root", "/proc", "where to read process details (a `dir` mounted like /proc)")
	o.trustProcRoot = trustProcRootFlag(fs)
	o.hostRoot = hostRootFlag(fs)
	o.criSocket = criSocketFlag(fs)
	o.journalDirs = journalDirFlag(fs)
	fs.StringArrayVar(&o.llmLogs, "llm-log", nil, "read llama.cpp buffer sizes for process PID from its log (`PID=PATH`; repeatable)")
	addTraceFlags(fs, &o.trace)
	fs.BoolVar(&o.redact, "redact", false, "with --once or --json: leave out command lines and working directories, cut every path (model ids too) to its file name, replace user and host names (safe to post)")
	fs.StringVar(&o.replay, "replay", "", "show a `FILE` saved with --json or gtm record instead of this machine (window: play the capture; --once/--json: its last snapshot)")
	addDesktopFlags(fs, &o.desk)
	fs.BoolVar(&o.showVersion, "version", false, "print the version and exit")
	fs.BoolVarP(&o.help, "help", "h", false, "show this help")
	return fs
}

func run(args []string, e env) int {
	if cmd := subcommand(args); cmd != nil {
		return cmd(args[1:], e)
	}
	m, code, done := parseMain(args, e)
	if done {
		return code
	}
	src, closeFn, code := m.source(e)
	if code != exitOK {
		return code
	}
	defer closeFn()
	if m.oneShot() {
		return printOnce(e, m, src)
	}
	return runWindow(e, m, src)
}

// subcommand is the command args[0] names, or nil for gtm itself.
func subcommand(args []string) func([]string, env) int {
	if len(args) == 0 {
		return nil
	}
	switch args[0] {
	case "model":
		return runModel
	case "inspect":
		return runInspect
	case "diff":
		return runDiff
	case "serve":
		return runServe
	case "summary":
		return runSummary
	case "record":
		return runRecord
	}
	return nil
}

// mainCmd is gtm's own command line, parsed and checked.
type mainCmd struct {
	o        options
	interval time.Duration
	gpu      *int // --gpu, when given
	plat     platform
}

// oneShot is true for output that ends gtm: --once, --json, --list-gpus.
func (m mainCmd) oneShot() bool { return m.o.once || m.o.listGPUs }

// parseMain parses and checks gtm's flags. done is true when run should
// return code: help or the version was shown, or the command line was
// wrong.
func parseMain(args []string, e env) (m mainCmd, code int, done bool) {
	o := &m.o
	fs := newFlagSet(o)
	fs.SetOutput(io.Discard)
	usageErr := func(format string, a ...any) (mainCmd, int, bool) {
		fmt.Fprintf(e.stderr, "gtm: "+format+"\n", a...)
		return m, exitUsage, true
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(e.stdout, fs)
			return m, exitOK, true
		}
		return usageErr("%v\nRun 'gtm --help' for usage.", err)
	}
	switch {
	case o.help:
		usage(e.stdout, fs)
		return m, exitOK, true
	case o.showVersion:
		fmt.Fprintf(e.stdout, "gtm %s\n", version)
		return m, exitOK, true
	case fs.NArg() > 0:
		return usageErr("unknown command %q\nRun 'gtm --help' for usage.", fs.Arg(0))
	case o.interval <= 0 || o.interval > 3600:
		return usageErr("--interval must be between 0 and 3600 seconds, got %g", o.interval)
	}
	m.interval = time.Duration(o.interval * float64(time.Second))
	if o.json {
		o.once = true
	}
	if fi, err := os.Stat(o.procRoot); fs.Changed("proc-root") && (err != nil || !fi.IsDir()) {
		return usageErr("--proc-root %s is not a directory", o.procRoot)
	}
	if err := checkHostRoot(fs, *o.hostRoot); err != nil {
		return usageErr("%v", err)
	}
	if err := checkCRISocket(*o.criSocket); err != nil {
		return usageErr("%v", err)
	}
	if err := checkJournalDirs(*o.journalDirs); err != nil {
		return usageErr("%v", err)
	}
	llmLogs, err := parseLLMLogs(o.llmLogs)
	if err != nil {
		return usageErr("%v", err)
	}
	for pid, path := range llmLogs {
		warnUnreadableLog(e.stderr, "gtm", fmt.Sprintf("%d=%s", pid, path), path)
	}
	if err := o.desk.validate(m.oneShot(), o.replay != ""); err != nil {
		return usageErr("%v\nRun 'gtm --help' for usage.", err)
	}
	if fs.Changed("gpu") {
		m.gpu = &o.gpu
	}
	if err := o.trace.check(o.replay); err != nil {
		return usageErr("%v", err)
	}
	m.plat = platform{procRoot: o.procRoot, llmLogs: llmLogs, opts: platformOptions{
		TrustProcRoot: *o.trustProcRoot, NoWSLHost: o.noHost, WSLWaitFirst: m.oneShot(),
		TraceOpens: o.trace.opens, TracePaths: o.trace.paths, HostRoot: *o.hostRoot, CRISocket: *o.criSocket, JournalDirs: *o.journalDirs}}
	return m, exitOK, false
}

// newLive builds this machine's collector (and its close).
func (m mainCmd) newLive(e env) func() (collect.Provider, func()) {
	return func() (collect.Provider, func()) { return m.plat.collector(e, "gtm", m.interval) }
}

// source is what gtm shows: the recorded demo, a capture (--replay) or
// this machine. One-shot output of a capture is its last snapshot, its
// "now".
func (m mainCmd) source(e env) (src collect.Provider, closeFn func(), code int) {
	var tl *capture.Timeline
	switch {
	case m.o.desk.demo:
		var err error
		if tl, err = builtinDemo(); err != nil {
			fmt.Fprintf(e.stderr, "gtm: --demo: %v\n", err)
			return nil, nil, exitRuntime
		}
	case m.o.replay != "":
		c, err := loadCapture(m.o.replay)
		if err != nil {
			fmt.Fprintf(e.stderr, "gtm: --replay %s: %v\n", m.o.replay, err)
			return nil, nil, exitRuntime
		}
		warnCapture(e.stderr, "gtm: --replay "+m.o.replay, c.Warnings)
		tl = capture.NewTimeline(c.Snapshots)
	default:
		src, closeFn = m.newLive(e)()
		return src, closeFn, exitOK
	}
	if m.oneShot() {
		return capture.Replay{Snapshot: tl.Last()}, func() {}, exitOK
	}
	return tl, func() {}, exitOK
}

// runWindow opens the desktop app over src until it quits or gtm is
// interrupted.
func runWindow(e env, m mainCmd, src collect.Provider) int {
	if m.gpu != nil {
		var snap *schema.Snapshot
		if tl, ok := src.(*capture.Timeline); ok {
			snap = tl.Last() // peek: collecting would move the timeline on
		} else {
			snap = src.Collect(context.Background())
		}
		if code := checkGPU(snap, *m.gpu, e.stderr); code != exitOK {
			return code
		}
	}
	ctx, stop := untilInterrupted()
	defer stop()
	opts := guiOptions{Interval: m.interval, GPU: m.gpu,
		desktopOptions: m.o.desk.options(m.o.replay == "", m.newLive(e), e.stderr)}
	if err := e.runGUI(ctx, src, opts); err != nil {
		fmt.Fprintf(e.stderr, "gtm: %v\n", err)
		return exitRuntime
	}
	return exitOK
}

// printOnce writes one snapshot of src: --once, --json or --list-gpus.
func printOnce(e env, m mainCmd, src collect.Provider) int {
	snap := src.Collect(context.Background())
	if m.gpu != nil {
		if code := checkGPU(snap, *m.gpu, e.stderr); code != exitOK {
			return code
		}
		snap = snap.OnlyDevice(*m.gpu)
	}
	if m.o.redact {
		snap = redact.Snapshot(snap)
	}
	if snap.Demo && !m.o.json {
		fmt.Fprintln(e.stdout, report.DemoBanner)
	}
	var err error
	switch {
	case m.o.listGPUs:
		err = writeGPUList(e.stdout, snap)
	case m.o.json:
		err = snap.WriteJSON(e.stdout)
	default:
		err = report.WriteText(e.stdout, snap)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm: writing output: %v\n", err)
		return exitRuntime
	}
	return exitOK
}

// checkGPU refuses a --gpu index no device has, naming the valid range.
func checkGPU(snap *schema.Snapshot, n int, stderr io.Writer) int {
	for _, d := range snap.Devices {
		if d.Index == n {
			return exitOK
		}
	}
	if len(snap.Devices) == 0 {
		fmt.Fprintf(stderr, "gtm: --gpu %d is out of range: there are no GPUs to choose from (%s)\n", n,
			strings.TrimSuffix(strings.TrimPrefix(report.NoGPUMessage(snap), "No GPU to show: "), "."))
		return exitUsage
	}
	first, last := snap.Devices[0].Index, snap.Devices[len(snap.Devices)-1].Index
	valid := fmt.Sprintf("%d", first)
	if last != first {
		valid = fmt.Sprintf("%d to %d", first, last)
	}
	fmt.Fprintf(stderr, "gtm: --gpu %d is out of range: valid GPUs are %s (see gtm --list-gpus)\n", n, valid)
	return exitUsage
}

func writeGPUList(w io.Writer, snap *schema.Snapshot) error {
	if msg := report.NoGPUMessage(snap); msg != "" {
		_, err := fmt.Fprintln(w, msg)
		return err
	}
	var b strings.Builder
	for _, d := range snap.Devices {
		fmt.Fprintf(&b, "%d  %s  %s  PCI %s  %s  %s\n", d.Index, escape.Text(d.Vendor), report.FormatString(d.Name),
			report.FormatString(d.PCIBusID), report.FormatString(d.UUID), report.FormatBytes(d.MemoryTotalBytes))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
