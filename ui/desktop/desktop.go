package desktop

import (
	"context"
	"fmt"
	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/internal/schema"
	"io"
	"os"
	"sync"

	"fyne.io/fyne/v2"
	fynedesktop "fyne.io/fyne/v2/driver/desktop"

	"github.com/gputaskman/gtm/ui"
	"github.com/gputaskman/gtm/ui/tray"
)

// Preference keys (Fyne keeps them per app id).
const (
	prefAlertsOn       = "alerts_on"
	prefAlertThreshold = "alert_vram_percent"
	prefTrendAlertsOn  = "alerts_trends_on"
	defaultAlertPct    = 90
)

// controller ties the window, the tray icon, alerts, the recorded demo and
// the single-instance socket together. Its methods run on the Fyne
// goroutine unless they say otherwise.
type controller struct {
	a     fyne.App
	shell *ui.Shell
	src   *switchSource
	opts  Options
	log   io.Writer
	pre   *preflight

	runner *collect.Runner
	cancel func()     // ends Run's context: the app quits (quitWhenDone)
	tray   *tray.Tray // nil without a tray host
	stop   func()     // takes the tray item off the bus

	alerts   tray.Alerts
	alertsOn bool
	// trendAlerts notify leak suspects and GPUs forecast full; on unless
	// turned off in the tray menu (kept).
	trendAlerts   tray.TrendAlerts
	trendAlertsOn bool
	threshold     float64

	q        *mainQueue
	loop     bool // Fyne's event loop runs
	wantLoop bool // the window is wanted: start the loop
	quitting bool // quit before the loop started

	demo      bool
	switching bool             // until the first snapshot of the new source arrives
	live      collect.Provider // this machine, made when first needed
	liveClose func()
	last      *schema.Snapshot
}

// newController wraps the window; src is what it shows first.
func newController(a fyne.App, w *ui.MainWindow, src collect.Provider, opts Options, pre *preflight) *controller {
	d := &controller{a: a, src: &switchSource{src: src}, opts: opts, log: opts.Log, pre: pre, q: newMainQueue()}
	if d.log == nil {
		d.log = os.Stderr
	}
	if opts.Live {
		d.live = src
	}
	d.shell = ui.NewShell(w)
	if opts.Demo != nil && (opts.Live || opts.StartDemo) { // not while replaying a file
		d.shell.OnDemo = func(on bool) { d.setDemo(on) }
	}
	if tl, ok := src.(*capture.Timeline); ok && opts.StartDemo {
		d.demo = true
		d.shell.EnterDemo(tl)
	}

	p := a.Preferences()
	d.threshold = p.FloatWithFallback(prefAlertThreshold, defaultAlertPct)
	d.alertsOn = p.Bool(prefAlertsOn)
	d.trendAlertsOn = p.BoolWithFallback(prefTrendAlertsOn, true)
	if opts.AlertVRAM > 0 {
		d.threshold, d.alertsOn = opts.AlertVRAM, true
		p.SetFloat(prefAlertThreshold, d.threshold)
		p.SetBool(prefAlertsOn, true)
	}
	return d
}

// attach connects the collecting runner: pausing from the window or the
// tray goes through it, and the tray follows.
func (d *controller) attach(r *collect.Runner) {
	d.runner = r
	prev := d.shell.W.OnPause
	d.shell.W.OnPause = func(p bool) {
		if prev != nil {
			prev(p)
		}
		d.updateTray()
	}
}

// startTray shows the tray icon when a tray host is on the session bus;
// otherwise it logs one line and the window works alone.
func (d *controller) startTray() {
	if !d.pre.trayHost {
		msg := "gtm: no tray icon: " + d.pre.trayWhy + "; closing the window quits gtm"
		if d.opts.Tray {
			msg += " (--tray: showing the window instead)"
		}
		fmt.Fprintln(d.log, msg)
		return
	}
	da, isDesk := d.a.(fynedesktop.App)
	if !isDesk {
		fmt.Fprintln(d.log, "gtm: no tray icon: this Fyne driver has no system tray; closing the window quits gtm")
		return
	}
	set := tray.Settings{AlertsOn: d.alertsOn, AlertThreshold: d.threshold, TrendAlertsOn: d.trendAlertsOn,
		Autostart: autostartEnabled(), AutostartAvailable: autostartAvailable()}
	d.tray, d.stop = tray.Start(da, tray.Actions{
		ShowWindow:     func() { d.q.do(d.showWindow) },
		ShowProcess:    func(pid int) { d.q.do(func() { d.showWindow(); d.shell.SelectPID(pid) }) },
		SetPaused:      func(p bool) { d.q.do(func() { d.shell.W.SetPaused(p); d.updateTray() }) },
		SetAlerts:      func(on bool) { d.q.do(func() { d.setAlerts(on) }) },
		SetTrendAlerts: func(on bool) { d.q.do(func() { d.setTrendAlerts(on) }) },
		SetAutostart: func(on bool) error {
			exe, err := os.Executable()
			if err == nil {
				err = setAutostart(on, exe)
			}
			if err != nil {
				fmt.Fprintf(d.log, "gtm: start at login: %v\n", err)
			}
			return err
		},
		SetDemo: func(on bool) { d.q.do(func() { d.setDemo(on) }) },
		Quit:    func() { d.cancel() },
	}, set, func() { d.q.do(d.showWindow) })
	d.shell.W.Window.SetCloseIntercept(d.hideWindow)
}

// run shows the window (unless --tray hid it in a working tray) and runs
// the app until Quit. In the tray alone, the main goroutine serves the
// queue itself until the window is first wanted; only then does Fyne's
// event loop start (see mainQueue).
func (d *controller) run() {
	defer d.close()
	if d.opts.Tray && d.tray != nil {
		d.shell.SetHidden(true)
		d.q.serve(func() bool { return d.wantLoop || d.quitting })
		if d.quitting {
			return
		}
		d.q.handOver()
		d.loop = true
		d.shell.W.Window.Show()
		d.a.Run()
		return
	}
	d.q.handOver()
	d.loop = true
	d.shell.W.Window.ShowAndRun()
}

// quit ends gtm, whether or not Fyne's loop has started.
func (d *controller) quit() {
	if d.loop {
		d.a.Quit()
		exitIfStuck()
		return
	}
	d.quitting = true
}

func (d *controller) close() {
	if d.stop != nil {
		d.stop()
	}
	if d.liveClose != nil {
		d.liveClose()
	}
}

// onSnapshot takes each snapshot from the runner (on the Fyne goroutine).
func (d *controller) onSnapshot(s *schema.Snapshot) {
	if s == nil {
		return
	}
	if d.switching {
		if s.Demo != d.demo {
			return // collected from the source just switched away from
		}
		d.switching = false
	}
	if s == d.last {
		d.tick()
		return
	}
	d.last = s
	d.shell.Update(s)
	d.updateTray()
	if d.alertsOn {
		for _, al := range d.alerts.Step(s, d.threshold) {
			go d.a.SendNotification(fyne.NewNotification("gtm: "+al.Title, al.Body)) // a DBus call
		}
	}
	if d.trendAlertsOn {
		for _, al := range d.trendAlerts.Step(s) {
			go d.a.SendNotification(fyne.NewNotification("gtm: "+al.Title, al.Body))
		}
	}
}

// tick follows a collection that brought nothing new (a still replay):
// only the tray's state (paused, say) may have changed.
func (d *controller) tick() { d.updateTray() }

func (d *controller) updateTray() {
	if d.tray == nil {
		return
	}
	d.tray.Update(tray.FromSnapshot(d.last, tray.Options{GPU: d.opts.GPU, Paused: d.shell.W.Paused(), Demo: d.demo}))
}

func (d *controller) showWindow() {
	d.shell.SetHidden(false)
	if !d.loop {
		d.wantLoop = true // run shows it as the loop starts
		return
	}
	d.shell.W.Window.Show()
	d.shell.W.Window.RequestFocus()
}

func (d *controller) hideWindow() {
	d.shell.W.Window.Hide()
	d.shell.SetHidden(true)
}

func (d *controller) setAlerts(on bool) {
	d.alertsOn = on
	d.alerts.Reset()
	d.a.Preferences().SetBool(prefAlertsOn, on)
}

func (d *controller) setTrendAlerts(on bool) {
	d.trendAlertsOn = on
	d.trendAlerts.Reset()
	d.a.Preferences().SetBool(prefTrendAlertsOn, on)
}

// setDemo switches between this machine and the recorded demo.
func (d *controller) setDemo(on bool) {
	if on == d.demo {
		return
	}
	if on {
		if d.opts.Demo == nil {
			return
		}
		tl, err := d.opts.Demo()
		if err != nil {
			fmt.Fprintf(d.log, "gtm: recorded demo: %v\n", err)
			return
		}
		d.demo = true
		d.src.set(tl)
		d.shell.EnterDemo(tl)
	} else {
		if d.live == nil {
			if d.opts.NewLive == nil {
				return
			}
			d.live, d.liveClose = d.opts.NewLive()
		}
		d.demo = false
		d.src.set(d.live)
		d.shell.LeaveDemo()
	}
	d.last = nil
	d.switching = true
	d.alerts.Reset()
	d.trendAlerts.Reset()
	if d.runner != nil {
		d.runner.SetPaused(false)
	}
	d.updateTray()
}

// switchSource lets the window change what it shows (this machine or the
// demo) while the runner keeps collecting from one Source.
type switchSource struct {
	mu  sync.Mutex
	src collect.Provider
}

func (s *switchSource) set(src collect.Provider) {
	s.mu.Lock()
	s.src = src
	s.mu.Unlock()
}

// Collect implements collect.Provider.
func (s *switchSource) Collect(ctx context.Context) *schema.Snapshot {
	s.mu.Lock()
	src := s.src
	s.mu.Unlock()
	return src.Collect(ctx)
}

// newRunner makes the one goroutine's collector: each snapshot reaches the
// window on the main goroutine (d.q: fyne.Do once Fyne's loop runs), so
// the window only draws. A source that hands back the snapshot it gave
// last time (a still replay) redraws nothing.
func (d *controller) newRunner() *collect.Runner {
	w := d.shell.W
	var last *schema.Snapshot
	runner := &collect.Runner{
		Src:      d.src,
		Interval: d.opts.Interval,
		OnSnapshot: func(s *schema.Snapshot) {
			if s == last {
				d.q.do(func() { w.SetCollecting(false); d.tick() })
				return
			}
			last = s
			if d.opts.GPU != nil {
				s = s.OnlyDevice(*d.opts.GPU)
			}
			d.q.do(func() { d.onSnapshot(s) })
		},
		OnSlow: func() { d.q.do(func() { w.SetCollecting(true) }) },
	}
	w.OnPause = runner.SetPaused
	d.attach(runner)
	return runner
}
