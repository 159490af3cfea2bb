package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"time"

	flag "github.com/spf13/pflag"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/app/redact"
	"github.com/gputaskman/gtm/internal/safewrite"
	"github.com/gputaskman/gtm/internal/schema"
)

const recordUsage = `gtm record — write a capture: one JSON snapshot per line (JSONL).

Usage:
  gtm record [-o FILE] [--duration D] [-i N] [flags]

Takes a snapshot at once and then every interval, each written as one
line as soon as it is taken, until the duration is over or gtm is
interrupted (Ctrl+C or SIGTERM: the last line is always complete). Play a
capture back with 'gtm --replay FILE'; '--replay FILE --json' prints its
last snapshot. Each line has the schema of 'gtm --json' (docs/json.md).

Flags:
`

const recordTail = `
Exit status: 0 when the recording ended (duration over or interrupted),
1 when the output could not be written, 2 on a usage error.
`

// recordOptions are gtm record's flags.
type recordOptions struct {
	out, duration, procRoot string
	interval                float64
	llmLogs                 []string
	redact                  bool
	trust                   *bool
	trace                   traceFlags

	// From the flags above, once checked:
	every time.Duration // --interval
	count int           // snapshots to take; 0 is until interrupted
	plat  platform
}

func runRecord(args []string, e env) int {
	o, code, done := parseRecord(args, e)
	if done {
		return code
	}
	out, name := e.stdout, "standard output"
	var file *os.File
	fresh := false // a new file of ours, which the writer may cut back
	if o.out != "-" {
		// Never through a planted link, and only in a directory no one
		// else may change (internal/safewrite).
		var err error
		file, fresh, err = safewrite.Create(o.out, captureMode())
		if err != nil {
			fmt.Fprintf(e.stderr, "gtm record: %v\n", err)
			return exitRuntime
		}
		out, name = file, o.out
	}

	c, closeFn := o.plat.collector(e, "gtm record", o.every)
	defer closeFn()
	// A signal ends the recording between snapshots: a snapshot being
	// taken is finished and written whole first.
	stop, cancel := untilInterrupted()
	defer cancel()
	cw := capture.NewWriter(out)
	if fresh {
		cw = capture.NewFileWriter(file) // a full disk leaves no partial line
	}
	var src collect.Provider = c
	if o.redact {
		src = redacted{c}
	}
	err := record(stop, src, o.every, o.count, cw)
	if file != nil {
		// A full disk may show only when the file is closed.
		if cerr := file.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm record: writing %s: %v\n", name, err)
		return exitRuntime
	}
	if o.out != "-" {
		fmt.Fprintf(e.stderr, "gtm record: wrote %d snapshots to %s\n", cw.Count(), o.out)
	}
	return exitOK
}

// parseRecord parses and checks gtm record's flags; done is true when
// runRecord should return code.
func parseRecord(args []string, e env) (o recordOptions, code int, done bool) {
	var help bool
	fs := flag.NewFlagSet("gtm record", flag.ContinueOnError)
	fs.SortFlags = false
	fs.SetOutput(io.Discard)
	fs.StringVarP(&o.out, "output", "o", "-", "write the capture to `FILE` (created or replaced; - is standard output)")
	fs.StringVar(&o.duration, "duration", "", "stop after `D` (30s, 5m, 1h30m; plain numbers are seconds); default: until interrupted")
	fs.Float64VarP(&o.interval, "interval", "i", 1, "take a snapshot every `N` seconds")
	fs.StringVar(&o.procRoot, "proc-root", "/proc", "where to read process details (a `dir` mounted like /proc)")
	o.trust = trustProcRootFlag(fs)
	hostRoot := hostRootFlag(fs)
	criSocket := criSocketFlag(fs)
	journalDirs := journalDirFlag(fs)
	fs.StringArrayVar(&o.llmLogs, "llm-log", nil, "read llama.cpp buffer sizes for process PID from its log (`PID=PATH`; repeatable)")
	addTraceFlags(fs, &o.trace)
	fs.BoolVar(&o.redact, "redact", false, "write redacted snapshots: no command lines or working directories, every path (model ids too) cut to its file name, user and host names replaced (safe to post)")
	fs.BoolVarP(&help, "help", "h", false, "show this help")
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp) || (err == nil && help):
		printUsage(e.stdout, recordUsage, fs, recordTail)
		return o, exitOK, true
	case err != nil:
		return o, recordUsageError(e, err.Error()), true
	case fs.NArg() > 0:
		return o, recordUsageError(e, fmt.Sprintf("unexpected argument %q (the output file goes after -o)", fs.Arg(0))), true
	case o.interval <= 0 || o.interval > 3600:
		return o, recordUsageError(e, fmt.Sprintf("--interval must be between 0 and 3600 seconds, got %g", o.interval)), true
	}
	o.every = time.Duration(o.interval * float64(time.Second))
	if o.duration != "" {
		d, err := parseDuration(o.duration)
		if err != nil {
			return o, recordUsageError(e, err.Error()), true
		}
		// Snapshots at 0, N, 2N, … strictly before D.
		o.count = int(math.Ceil(float64(d) / float64(o.every)))
	}
	if fi, err := os.Stat(o.procRoot); err != nil || !fi.IsDir() {
		return o, recordUsageError(e, fmt.Sprintf("--proc-root %s is not a directory", o.procRoot)), true
	}
	if err := checkHostRoot(fs, *hostRoot); err != nil {
		return o, recordUsageError(e, err.Error()), true
	}
	if err := checkCRISocket(*criSocket); err != nil {
		return o, recordUsageError(e, err.Error()), true
	}
	if err := checkJournalDirs(*journalDirs); err != nil {
		return o, recordUsageError(e, err.Error()), true
	}
	llmLogs, err := parseLLMLogs(o.llmLogs)
	if err != nil {
		return o, recordUsageError(e, err.Error()), true
	}
	if err := o.trace.check(""); err != nil {
		return o, recordUsageError(e, err.Error()), true
	}
	o.plat = platform{procRoot: o.procRoot, llmLogs: llmLogs, opts: platformOptions{TrustProcRoot: *o.trust,
		TraceOpens: o.trace.opens, TracePaths: o.trace.paths, HostRoot: *hostRoot, CRISocket: *criSocket, JournalDirs: *journalDirs}}
	return o, exitOK, false
}

// record writes count snapshots (0: until stop ends) one interval apart.
// Each line goes out in one write, so a stopped recording never ends in a
// partial line.
func record(stop context.Context, src collect.Provider, interval time.Duration, count int, cw *capture.Writer) error {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		if err := cw.Write(src.Collect(context.Background())); err != nil {
			return err
		}
		if count > 0 && cw.Count() >= count {
			return nil
		}
		select {
		case <-stop.Done():
			return nil
		case <-tick.C:
		}
		if stop.Err() != nil {
			return nil
		}
	}
}

// parseDuration reads a Go duration ("90s", "5m") or plain seconds.
func parseDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		secs, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil || math.IsNaN(secs) || secs > 1e8 {
			return 0, fmt.Errorf("--duration %q: want a duration such as 30s, 5m or 1h", s)
		}
		d = time.Duration(secs * float64(time.Second))
	}
	if d <= 0 {
		return 0, fmt.Errorf("--duration %q must be positive", s)
	}
	return d, nil
}

func recordUsageError(e env, msg string) int {
	fmt.Fprintf(e.stderr, "gtm record: %s\nRun 'gtm record --help' for usage.\n", msg)
	return exitUsage
}

// captureMode is 0600 as root: root's captures hold every user's command
// lines and paths. Anyone else's hold what /proc already shows other users.
func captureMode() os.FileMode {
	if os.Geteuid() == 0 {
		return 0o600
	}
	return 0o644
}

// redacted is a Provider whose snapshots pass through redact.Snapshot.
type redacted struct{ src collect.Provider }

func (r redacted) Collect(ctx context.Context) *schema.Snapshot {
	return redact.Snapshot(r.src.Collect(ctx))
}
