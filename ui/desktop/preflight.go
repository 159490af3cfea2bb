package desktop

import (
	"fmt"
	"os"
	"sync/atomic"
)

// preflight is what the desktop app checks before opening anything.
type preflight struct {
	inst     *instance
	trayHost bool
	trayWhy  string
	// noBus: no DBus session bus can be reached (Linux); the log line
	// saying so is the only one about it (quietBus).
	noBus bool
	// target is the running app a later launch asks to show itself; the
	// instance socket listens before the app exists, so it is set later.
	target atomic.Pointer[controller]
}

func (p *preflight) close() {
	if p.inst != nil {
		p.inst.Close()
	}
}

// checkBefore looks for a tray host (before Fyne starts, so that no
// library launches a session bus of its own) and makes this gtm the one
// window of this machine's readings, or asks the running one to show its
// window (running=true). Replays and the demo are separate windows.
func checkBefore(opts Options) (pre *preflight, running bool) {
	pre = &preflight{}
	pre.trayHost, pre.noBus, pre.trayWhy = trayHostPresent()
	if !opts.Live {
		return pre, false
	}
	log := opts.Log
	if log == nil {
		log = os.Stderr
	}
	dir, err := instanceDir()
	printIgnoredEnv(log)
	if err != nil {
		fmt.Fprintf(log, "gtm: not checking for a running gtm: %v\n", err)
		return pre, false
	}
	msg := msgShow
	if opts.Tray {
		msg = msgPing // started at login: leave the running one as it is
	}
	inst, running, err := claimInstance(dir, msg, func(m string) {
		if d := pre.target.Load(); d != nil && m == msgShow {
			d.q.do(d.showWindow)
		}
	})
	switch {
	case err != nil:
		fmt.Fprintf(log, "gtm: not checking for a running gtm: %v\n", err)
	case running && msg == msgShow:
		fmt.Fprintln(log, "gtm: already running; showing its window")
	case running:
		fmt.Fprintln(log, "gtm: already running")
	}
	pre.inst = inst
	return pre, running
}
