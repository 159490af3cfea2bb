package main

import (
	"errors"
	"io"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/collect"
	flag "github.com/spf13/pflag"
)

// desktopFlags are the tray, alert and demo flags.
type desktopFlags struct {
	tray      bool
	demo      bool
	alertVRAM float64
}

func addDesktopFlags(fs *flag.FlagSet, d *desktopFlags) {
	fs.BoolVar(&d.tray, "tray", false, "start in the tray with the window hidden (needs a tray host; gtm's login entry uses it)")
	fs.Float64Var(&d.alertVRAM, "alert-vram", 0, "desktop notification when a GPU's VRAM use rises to `PCT` percent (kept for next time; the tray menu turns alerts off)")
	fs.BoolVar(&d.demo, "demo", false, "show the recorded demo built into gtm instead of this machine (labelled; with --json, \"demo\": true)")
}

// validate refuses combinations that mean nothing.
func (d desktopFlags) validate(oneShot, replay bool) error {
	switch {
	case d.alertVRAM != 0 && (d.alertVRAM <= 0 || d.alertVRAM > 100):
		return errors.New("--alert-vram wants a percentage above 0 and at most 100")
	case d.demo && replay:
		return errors.New("--demo and --replay both choose what to show; give one")
	case oneShot && d.tray:
		return errors.New("--tray is for the desktop app; it cannot be combined with --once, --json or --list-gpus")
	case oneShot && d.alertVRAM != 0:
		return errors.New("--alert-vram is for the desktop app; it cannot be combined with --once, --json or --list-gpus")
	}
	return nil
}

// desktopOptions are what the desktop app needs beyond the window's
// interval and GPU. They mirror ui/desktop's Options (gui.go copies them
// over): a headless build (-tags nogui) must not import that package.
type desktopOptions struct {
	// Tray starts with the window hidden in the tray.
	Tray bool
	// AlertVRAM turns alerts on at this percentage (0: as kept before).
	AlertVRAM float64
	// Live is true when the first source is this machine; StartDemo when
	// it is the recorded demo.
	Live, StartDemo bool
	// Demo builds the recorded demo's timeline; NewLive this machine's
	// collector (and its close), for switching between the two.
	Demo    func() (*capture.Timeline, error)
	NewLive func() (collect.Provider, func())
	// Log takes the desktop's one-line notices (no tray host, ...).
	Log io.Writer
}

func (d desktopFlags) options(live bool, newLive func() (collect.Provider, func()), log io.Writer) desktopOptions {
	return desktopOptions{Tray: d.tray, AlertVRAM: d.alertVRAM, Live: live && !d.demo, StartDemo: d.demo,
		Demo: builtinDemo, NewLive: newLive, Log: log}
}
