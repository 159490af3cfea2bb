package ui

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"github.com/go-text/typesetting/font"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/trend"
	"github.com/gputaskman/gtm/assets"
	"github.com/gputaskman/gtm/internal/schema"
)

// TestWindowTextNeedsNoSystemFont guards the window's memory: a character
// missing from Fyne's bundled fonts makes Fyne search and parse the
// system's fonts (tens of MB of heap for a single arrow or minus sign).
// Every text the window itself writes, on the demo capture with the
// process pane and the help open, must be drawable with the bundled fonts.
func TestWindowTextNeedsNoSystemFont(t *testing.T) {
	time.Local = time.UTC
	snaps, err := capture.Read(bytes.NewReader(assets.DemoCapture))
	if err != nil {
		t.Fatal(err)
	}
	trend.AnnotateAll(snaps) // as a replay does: the Trend column's words
	// Every trend word and a forecast, whatever the demo holds.
	last := snaps[len(snaps)-1]
	for i, shape := range []string{"steady", "warm-up", "steady growth", "release"} {
		if i < len(last.Processes) {
			last.Processes[i].VRAMTrend = &schema.Trend{Shape: shape, BytesPerSecond: 1 << 20}
		}
	}
	late := 900.0
	last.Devices[0].VRAMForecast = &schema.Forecast{FullInSeconds: 600, SoonestSeconds: 500, LatestSeconds: &late, BytesPerSecond: 1 << 20}
	// The power split, a process's estimate with its error bar and energy.
	w300, w50, src := 300.0, 50.0, "counter"
	last.Devices[0].Energy = &schema.DeviceEnergy{PowerW: &w300, PowerSource: &src, IdleFloorW: &w50, ActiveW: &w300, ProcessesW: &w300, UnattributedW: &w50}
	j := 12345.0
	last.Processes[0].Power = &schema.ProcessPower{Watts: &w300, ErrorWatts: &w50, Share: &late, EnergyJoules: &j, Method: "active power × share of SM time", Source: "estimated"}
	w := newWindow(t)
	w.Window.Resize(fyne.NewSize(1360, 880))
	for _, s := range snaps[len(snaps)-30:] {
		w.Update(s)
	}
	seen := map[string]bool{}
	check := func(where string) {
		for _, s := range texts(w.Window.Content()) {
			seen[s] = true
		}
		for _, o := range w.Window.Canvas().Overlays().List() {
			for _, s := range texts(o) {
				seen[s] = true
			}
		}
		if len(seen) < 20 {
			t.Fatalf("%s: only %d texts found; the walk misses the window", where, len(seen))
		}
	}
	check("overview")
	for range numCols {
		w.TypedRune('s') // every sort column's arrow
		check("sorted")
	}
	w.TypedRune('c') // one chart large
	check("one chart")
	w.TypedRune('?')
	check("help")

	faces := bundledFaces(t)
	var missing []string
	for s := range seen {
		for _, r := range s {
			if !covered(faces, r) {
				missing = append(missing, fmt.Sprintf("%q in %q", r, s))
			}
		}
	}
	if len(missing) > 0 {
		t.Errorf("characters outside Fyne's bundled fonts (use another character):\n%s", strings.Join(missing, "\n"))
	}
}

// bundledFaces are the fonts Fyne draws with before it falls back to the
// system's: the theme's text fonts and its symbol font.
func bundledFaces(t *testing.T) []*font.Face {
	var out []*font.Face
	for _, res := range []fyne.Resource{theme.DefaultTextFont(), theme.DefaultTextBoldFont(),
		theme.DefaultTextItalicFont(), theme.DefaultSymbolFont()} {
		f, err := font.ParseTTF(bytes.NewReader(res.Content()))
		if err != nil {
			t.Fatalf("%s: %v", res.Name(), err)
		}
		out = append(out, f)
	}
	return out
}

func covered(faces []*font.Face, r rune) bool {
	if r < 0x20 {
		return true // line breaks are layout, not glyphs
	}
	for _, f := range faces {
		if _, ok := f.NominalGlyph(r); ok {
			return true
		}
	}
	return false
}

// TestCoveredFindsMissing keeps the font check honest: a character the
// bundled fonts lack is reported.
func TestCoveredFindsMissing(t *testing.T) {
	faces := bundledFaces(t)
	for _, r := range "aé·—…°↓↑" {
		if !covered(faces, r) {
			t.Errorf("%q should be covered", r)
		}
	}
	for _, r := range "▼−≥模" {
		if covered(faces, r) {
			t.Errorf("%q should not be covered", r)
		}
	}
}
