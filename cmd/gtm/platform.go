package main

import (
	"fmt"
	"io"
	"time"

	flag "github.com/spf13/pflag"

	"github.com/gputaskman/gtm/app"
	"github.com/gputaskman/gtm/internal/procroot"
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
}

// collector builds this machine's collector for prog, after saying once
// on stderr when the proc root is not procfs; window is the collector's
// engine sampling window.
func (p platform) collector(e env, prog string, window time.Duration) (*app.Collector, func()) {
	checkProcRoot(e.stderr, prog, p.procRoot, p.opts.TrustProcRoot)
	c, closeFn := e.newCollector(p.procRoot, p.llmLogs, p.opts)
	c.Version = version
	c.Window = window
	return c, closeFn
}

// trustProcRootFlag adds --trust-proc-root to a command that takes
// --proc-root.
func trustProcRootFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("trust-proc-root", false, "believe a --proc-root that is not a procfs mount (a test fixture): read the files its processes name, probe their ports, send their keys")
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
