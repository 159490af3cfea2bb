package desktop

import (
	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/collect"
	"io"
	"time"
)

// AppID is gtm's application ID (FyneApp.toml, the .desktop file).
const AppID = "io.github.gputaskman.gtm"

// Options are what the desktop app needs from the command line.
type Options struct {
	// Interval is the refresh interval; GPU, when set, the one GPU shown.
	Interval time.Duration
	GPU      *int
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
	// Log takes the desktop's one-line notices (no tray host, ...);
	// standard error when nil.
	Log io.Writer
	// Version is gtm's version, for the app's metadata.
	Version string
}
