package main

import (
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	flag "github.com/spf13/pflag"

	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/inspect/opens"
)

// traceFlags are --trace-opens and --trace-path, for the commands that
// watch the machine over time (the window, --once/--json with -i, record,
// serve).
type traceFlags struct {
	opens bool
	paths []string
}

func addTraceFlags(fs *flag.FlagSet, t *traceFlags) {
	fs.BoolVar(&t.opens, "trace-opens", false, "name the model files processes open, even those they read and close (Linux: fanotify, needs root or CAP_SYS_ADMIN; Windows: a kernel trace session, needs an elevated gtm): \"opened\" evidence; keeps the 16 newest per process, 1024 processes, 30 minutes and 4 MiB of paths at most")
	fs.StringArrayVar(&t.paths, "trace-path", nil, "with --trace-opens, also watch the filesystem holding `DIR` (repeatable; model stores, the HF cache, home directories, /models, /mnt, /data and /opt are watched already; Windows sees every volume)")
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
// and returns what stops it. Without the rights (or on a kernel or
// system without fanotify or a kernel trace) it says so in one line on
// stderr and gtm goes on without it: models read and closed then stay
// candidates.
func attachOpenTrace(stderr io.Writer, prog string, c *collect.Collector, opts platformOptions) func() {
	if !opts.TraceOpens {
		return func() {}
	}
	set := traceSetter(c.Evidence)
	if set == nil {
		return func() {} // a replay or a test's evidence: nothing traced
	}
	trace, stop, err := startOpenTrace(c.Procs, opts.ProcRoot, opts.TracePaths)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", prog, err)
		return func() {}
	}
	set(trace)
	return stop
}

// traceSetter returns what gives ev the trace: the maps inspector
// (Linux) and the modules inspector (Windows) take one.
func traceSetter(ev collect.Evidence) func(inspect.OpenTrace) {
	switch in := ev.(type) {
	case *inspect.Inspector:
		return func(t inspect.OpenTrace) { in.Opens = t }
	case *inspect.ModuleInspector:
		return func(t inspect.OpenTrace) { in.Opens = t }
	}
	return nil
}

// openTrace adapts the tracer to the inspector, and forgets the openers
// that exited (at most every forgetEvery: a look-up per traced process).
// ticks turns a start the collector gave into the tracer's (clock ticks
// after boot on Linux, a FILETIME on Windows); startOf reads a PID's now.
type openTrace struct {
	t       *opens.Tracer
	ticks   func(time.Time) (uint64, bool)
	startOf func(pid int) (uint64, bool)

	mu       sync.Mutex
	forgotAt time.Time
}

const forgetEvery = 10 * time.Second

func (o *openTrace) Opened(k inspect.Key) []inspect.FileOpen {
	o.forget()
	start, ok := o.ticks(k.Start)
	if !ok {
		return nil // no start the collector gave: no opener matches
	}
	var out []inspect.FileOpen
	for _, x := range o.t.Opened(opens.Proc{PID: k.PID, Start: start}) {
		out = append(out, inspect.FileOpen{Path: x.Path, At: x.At})
	}
	return out
}

func (o *openTrace) forget() {
	o.mu.Lock()
	due := time.Since(o.forgotAt) >= forgetEvery
	if due {
		o.forgotAt = time.Now()
	}
	o.mu.Unlock()
	if due {
		o.t.Forget(func(p opens.Proc) bool {
			start, ok := o.startOf(p.PID)
			return ok && start == p.Start
		})
	}
}
