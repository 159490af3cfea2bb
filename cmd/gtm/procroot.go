package main

import (
	"fmt"
	"io"

	flag "github.com/spf13/pflag"

	"github.com/gputaskman/gtm/internal/procroot"
)

// trustProcRoot is --trust-proc-root: the platform collector believes a
// proc root that is not procfs (newInspector). Set by checkProcRoot.
var trustProcRoot bool

// trustProcRootFlag adds --trust-proc-root to a command that takes
// --proc-root.
func trustProcRootFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("trust-proc-root", false, "believe a --proc-root that is not a procfs mount (a test fixture): read the files its processes name, probe their ports, send their keys")
}

// checkProcRoot is called before a live collector is built over root: a
// root that is not procfs (and not trusted on purpose) is said once on
// stderr, and its processes are then data only.
func checkProcRoot(stderr io.Writer, prog, root string, trust bool) {
	trustProcRoot = trust
	if trust {
		return
	}
	if why := procroot.Untrusted(root); why != "" {
		fmt.Fprintf(stderr, "%s: %s (--trust-proc-root to believe it)\n", prog, why)
	}
}
