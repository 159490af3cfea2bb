package tray

import (
	"fmt"

	"github.com/gputaskman/gtm/internal/schema"
)

// RearmPoints is how far below the threshold a GPU must fall before it can
// alert again, so use jittering around the threshold alerts once.
const RearmPoints = 5

// Alert is one desktop notification.
type Alert struct {
	GPU     int
	Percent float64
	Title   string
	Body    string
}

// Alerts is the VRAM alert reducer: Step takes each snapshot and returns
// the alerts to send. A GPU alerts when its use is at or above the
// threshold while armed, and is re-armed only after falling RearmPoints
// below it. A GPU seen for the first time is armed, so one that is
// already above the threshold when alerts start alerts once. A missing
// reading changes nothing (unknown is not a fall).
type Alerts struct {
	fired map[int]bool // GPU index → alerted and not yet re-armed
}

// Reset re-arms every GPU (alerts were turned off and on, or the
// threshold changed).
func (a *Alerts) Reset() { a.fired = nil }

// Step advances the reducer by one snapshot.
func (a *Alerts) Step(s *schema.Snapshot, threshold float64) []Alert {
	if s == nil || threshold <= 0 {
		return nil
	}
	if a.fired == nil {
		a.fired = map[int]bool{}
	}
	var out []Alert
	for _, d := range s.Devices {
		pct, ok := Percent(d)
		if !ok {
			continue
		}
		switch {
		case pct >= threshold && !a.fired[d.Index]:
			a.fired[d.Index] = true
			out = append(out, alertFor(s, d.Index, pct, threshold))
		case pct < threshold-RearmPoints:
			a.fired[d.Index] = false
		}
	}
	return out
}

// alertFor names the GPU, its use, and the process holding the most VRAM
// on it with its model.
func alertFor(s *schema.Snapshot, gpu int, pct, threshold float64) Alert {
	var line string
	for _, d := range s.Devices {
		if d.Index == gpu {
			line = GPULine(d)
		}
	}
	title := fmt.Sprintf("GPU %d VRAM at %.0f %% (alert at %.0f %%)", gpu, pct, threshold)
	body := line
	if top := topProcesses(s.OnlyDevice(gpu), 1); len(top) > 0 {
		body += "\nLargest: " + top[0].Label
	}
	if s.Demo {
		title = "Recorded demo: " + title
		body += "\n" + DemoBanner
	}
	return Alert{GPU: gpu, Percent: pct, Title: title, Body: body}
}
