package main

import (
	"errors"
	"fmt"
	"io"

	flag "github.com/spf13/pflag"

	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/inspect"
)

// traceFlags are --trace-opens and --trace-path, for the commands that
// watch the machine over time (the window, --once/--json with -i, record,
// serve).
type traceFlags struct {
	opens bool
	paths []string
}

func addTraceFlags(fs *flag.FlagSet, t *traceFlags) {
	fs.BoolVar(&t.opens, "trace-opens", false, "name the model files processes open, even those they read and close (fanotify; needs root or CAP_SYS_ADMIN): \"opened\" evidence; keeps the 16 newest per process, 1024 processes, 30 minutes and 4 MiB of paths at most")
	fs.StringArrayVar(&t.paths, "trace-path", nil, "with --trace-opens, also watch the filesystem holding `DIR` (repeatable; model stores, the HF cache, home directories, /models, /mnt, /data and /opt are watched already)")
}

// check refuses --trace-path without --trace-opens, and tracing when
// gtm shows a capture (replay) rather than this machine.
func (t traceFlags) check(replay string) error {
	if len(t.paths) > 0 && !t.opens {
		return errors.New("--trace-path needs --trace-opens")
	}
	if t.opens && replay != "" {
		return errors.New("--trace-opens watches this machine; it does not apply to --replay")
	}
	return nil
}

// attachOpenTrace starts the file-open trace for c's inspector when asked,
// and returns what stops it. Without the capability (or on a kernel or
// system without fanotify) it says so in one line on stderr and gtm goes
// on without it: models read and closed then stay candidates.
func attachOpenTrace(stderr io.Writer, prog string, c *collect.Collector, opts platformOptions) func() {
	if !opts.TraceOpens {
		return func() {}
	}
	in, ok := c.Evidence.(*inspect.Inspector)
	if !ok {
		return func() {}
	}
	trace, stop, err := startOpenTrace(c.Procs, opts.ProcRoot, opts.TracePaths)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", prog, err)
		return func() {}
	}
	in.Opens = trace
	return stop
}
