// Command gtm shows what is inside a GPU: per-process memory and engine
// activity, joined with evidence of what each process holds.
//
// With no flags it opens the desktop window; --once and --json print one
// snapshot for terminals and scripts.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	flag "github.com/spf13/pflag"

	"github.com/gputaskman/gtm/app/anonymise"
	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/app/snapshot"
	"github.com/gputaskman/gtm/inspect/safefile"
)

// WSL host counters (Linux only): on unless --no-host; --once and --json
// wait for the first sample (about 2.5 s) rather than print "starting".
var (
	wslHostCounters = true
	wslWaitFirst    = false
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
	newCollector func(procRoot string, llmLogs map[int]string) (*collect.Collector, func())
	// runGUI opens the window; it returns when the window closes.
	runGUI func(src collect.Provider, opts guiOptions) error
}

type guiOptions struct {
	Interval time.Duration
	GPU      *int
	desktopOptions
}

func main() {
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
	fs.StringArrayVar(&o.llmLogs, "llm-log", nil, "read llama.cpp buffer sizes for process PID from its log (`PID=PATH`; repeatable)")
	fs.BoolVar(&o.redact, "redact", false, "with --once or --json: leave out command lines, cut paths to file names, replace user and host names (safe to post)")
	fs.StringVar(&o.replay, "replay", "", "show a `FILE` saved with --json or gtm record instead of this machine (window: play the capture; --once/--json: its last snapshot)")
	addDesktopFlags(fs, &o.desk)
	fs.BoolVar(&o.showVersion, "version", false, "print the version and exit")
	fs.BoolVarP(&o.help, "help", "h", false, "show this help")
	return fs
}

const usageHead = `gtm — what is inside your GPU, not just how full it is.

Usage:
  gtm [flags]            open the desktop window (needs a display)
  gtm --tray             start in the tray, window hidden (a second gtm shows it)
  gtm --demo             the recorded demo built into gtm, labelled as such
  gtm --once             print one text snapshot
  gtm --json             print one JSON snapshot (schema: docs/json.md)
  gtm --list-gpus        list the GPUs gtm can see
  gtm --replay FILE      play a capture (gtm record) or a snapshot saved with --json
  gtm record [-o FILE]   record snapshots, one JSON line each, until Ctrl+C
  gtm inspect PID        all evidence for one process (runtimes, models)
  gtm model FILE.gguf    what a GGUF model will cost before loading it
  gtm diff A B           what changed between two snapshots (A, B: --json files or CAPTURE:N)
  gtm summary CAPTURE    peaks and means of a gtm record capture (measured only)
  gtm serve              Prometheus metrics on 127.0.0.1:9835 (docs/metrics.md)

Unavailable readings are shown as n/a (null in JSON), never as 0.

Flags:
`

const usageTail = `
Exit status: 0 on success, 1 on a runtime error (no display, unwritable
output), 2 on a usage error (unknown flag, --gpu out of range).
`

func usage(w io.Writer, fs *flag.FlagSet) { printUsage(w, usageHead, fs, usageTail) }

// printUsage lists flags. pflag's own listing prints "[=true|false]" after
// every switch; this one reads like other CLIs.
func printUsage(w io.Writer, head string, fs *flag.FlagSet, tail string) {
	fmt.Fprint(w, head)
	tw := tabwriter.NewWriter(w, 0, 0, 3, ' ', 0)
	fs.VisitAll(func(f *flag.Flag) {
		name := "    --" + f.Name
		if f.Shorthand != "" {
			name = "-" + f.Shorthand + ", --" + f.Name
		}
		argName, help := flag.UnquoteUsage(f)
		if argName != "" {
			name += " " + argName
		}
		if f.Value.Type() != "bool" && f.DefValue != "" && f.DefValue != "0" {
			help += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		fmt.Fprintf(tw, "  %s\t%s\n", name, help)
	})
	tw.Flush()
	fmt.Fprint(w, tail)
}

func run(args []string, e env) int {
	if len(args) > 0 {
		switch args[0] {
		case "model":
			return runModel(args[1:], e)
		case "inspect":
			return runInspect(args[1:], e)
		case "diff":
			return runDiff(args[1:], e)
		case "serve":
			return runServe(args[1:], e)
		case "summary":
			return runSummary(args[1:], e)
		case "record":
			return runRecord(args[1:], e)
		}
	}
	var o options
	fs := newFlagSet(&o)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(e.stdout, fs)
			return exitOK
		}
		fmt.Fprintf(e.stderr, "gtm: %v\nRun 'gtm --help' for usage.\n", err)
		return exitUsage
	}
	if o.help {
		usage(e.stdout, fs)
		return exitOK
	}
	if o.showVersion {
		fmt.Fprintf(e.stdout, "gtm %s\n", version)
		return exitOK
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "gtm: unknown command %q\nRun 'gtm --help' for usage.\n", fs.Arg(0))
		return exitUsage
	}
	if o.interval <= 0 || o.interval > 3600 {
		fmt.Fprintf(e.stderr, "gtm: --interval must be between 0 and 3600 seconds, got %g\n", o.interval)
		return exitUsage
	}
	interval := time.Duration(o.interval * float64(time.Second))
	if o.json {
		o.once = true
	}
	wslHostCounters = !o.noHost
	wslWaitFirst = o.once || o.listGPUs

	if fi, err := os.Stat(o.procRoot); fs.Changed("proc-root") && (err != nil || !fi.IsDir()) {
		fmt.Fprintf(e.stderr, "gtm: --proc-root %s is not a directory\n", o.procRoot)
		return exitUsage
	}

	llmLogs, err := parseLLMLogs(o.llmLogs)
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm: %v\n", err)
		return exitUsage
	}
	for pid, path := range llmLogs {
		warnUnreadableLog(e.stderr, "gtm", fmt.Sprintf("%d=%s", pid, path), path)
	}

	if err := o.desk.validate(o.once || o.listGPUs, o.replay != ""); err != nil {
		fmt.Fprintf(e.stderr, "gtm: %v\nRun 'gtm --help' for usage.\n", err)
		return exitUsage
	}
	newLive := func() (collect.Provider, func()) {
		checkProcRoot(e.stderr, "gtm", o.procRoot, *o.trustProcRoot)
		c, closeFn := e.newCollector(o.procRoot, llmLogs)
		c.Version = version
		c.Window = interval
		return c, closeFn
	}

	var src collect.Provider
	if o.desk.demo {
		tl, err := builtinDemo()
		if err != nil {
			fmt.Fprintf(e.stderr, "gtm: --demo: %v\n", err)
			return exitRuntime
		}
		if o.once || o.listGPUs {
			src = capture.Replay{Snapshot: tl.Last()}
		} else {
			src = tl
		}
	} else if o.replay != "" {
		c, err := loadCapture(o.replay)
		if err != nil {
			fmt.Fprintf(e.stderr, "gtm: --replay %s: %v\n", o.replay, err)
			return exitRuntime
		}
		warnCapture(e.stderr, "gtm: --replay "+o.replay, c.Warnings)
		tl := capture.NewTimeline(c.Snapshots)
		if o.once || o.listGPUs {
			// A capture's "now" is its last snapshot.
			src = capture.Replay{Snapshot: tl.Last()}
		} else {
			src = tl
		}
	} else {
		c, closeFn := newLive()
		defer closeFn()
		src = c
	}

	var gpu *int
	if fs.Changed("gpu") {
		gpu = &o.gpu
	}

	if !o.once && !o.listGPUs {
		if gpu != nil {
			var snap *snapshot.Snapshot
			if tl, ok := src.(*capture.Timeline); ok {
				snap = tl.Last() // peek: collecting would move the timeline on
			} else {
				snap = src.Collect(context.Background())
			}
			if code := checkGPU(snap, *gpu, e.stderr); code != exitOK {
				return code
			}
		}
		if err := e.runGUI(src, guiOptions{Interval: interval, GPU: gpu,
			desktopOptions: o.desk.options(o.replay == "", newLive, e.stderr)}); err != nil {
			fmt.Fprintf(e.stderr, "gtm: %v\n", err)
			return exitRuntime
		}
		return exitOK
	}

	snap := src.Collect(context.Background())
	if gpu != nil {
		if code := checkGPU(snap, *gpu, e.stderr); code != exitOK {
			return code
		}
		snap = snap.OnlyDevice(*gpu)
	}
	if o.redact {
		snap = anonymise.Snapshot(snap)
	}
	if snap.Demo && !o.json {
		fmt.Fprintln(e.stdout, snapshot.DemoBanner)
	}
	switch {
	case o.listGPUs:
		err = writeGPUList(e.stdout, snap)
	case o.json:
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

// parseSubcommand parses a subcommand's flags (adding -h/--help) and
// wants exactly one argument, naming it in the error. done is true when
// run should return code: help was shown or the command line was wrong.
func parseSubcommand(fs *flag.FlagSet, args []string, e env, usageText, want string) (code int, done bool) {
	return parseSubcommandN(fs, args, e, usageText, want, 1)
}

// parseSubcommandN is parseSubcommand for a command that wants n arguments.
func parseSubcommandN(fs *flag.FlagSet, args []string, e env, usageText, want string, n int) (code int, done bool) {
	var help bool
	fs.SortFlags = false
	fs.SetOutput(io.Discard)
	fs.BoolVarP(&help, "help", "h", false, "show this help")
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp) || (err == nil && help):
		printUsage(e.stdout, usageText, fs, "")
		return exitOK, true
	case err != nil:
		fmt.Fprintf(e.stderr, "%s: %v\nRun '%s --help' for usage.\n", fs.Name(), err, fs.Name())
		return exitUsage, true
	case fs.NArg() != n:
		fmt.Fprintf(e.stderr, "%s: expected %s, got %d arguments\nRun '%s --help' for usage.\n", fs.Name(), want, fs.NArg(), fs.Name())
		return exitUsage, true
	}
	return exitOK, false
}

// checkGPU refuses a --gpu index no device has, naming the valid range.
func checkGPU(snap *snapshot.Snapshot, n int, stderr io.Writer) int {
	for _, d := range snap.Devices {
		if d.Index == n {
			return exitOK
		}
	}
	if len(snap.Devices) == 0 {
		fmt.Fprintf(stderr, "gtm: --gpu %d is out of range: there are no GPUs to choose from (%s)\n", n,
			strings.TrimSuffix(strings.TrimPrefix(snap.NoGPUMessage(), "No GPU to show: "), "."))
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

// readCaptureFile is loadCapture's snapshots, for tests.
func readCaptureFile(path string) ([]*snapshot.Snapshot, error) {
	c, err := loadCapture(path)
	if err != nil {
		return nil, err
	}
	return c.Snapshots, nil
}

// loadCapture reads a capture (gtm record) or one --json snapshot. Show
// its warnings once, with warnCapture.
func loadCapture(path string) (*capture.Capture, error) {
	f, _, err := safefile.Open(path, capture.MaxBytes) // a FIFO is refused, not waited on
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, errors.New("is a directory")
	}
	return capture.Decode(f)
}

// warnCapture shows a capture's warnings (a cut last line, values out of
// range), one line each after prefix.
func warnCapture(w io.Writer, prefix string, warnings []string) {
	for _, msg := range warnings {
		fmt.Fprintf(w, "%s: %s\n", prefix, msg)
	}
}

func writeGPUList(w io.Writer, snap *snapshot.Snapshot) error {
	if msg := snap.NoGPUMessage(); msg != "" {
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
