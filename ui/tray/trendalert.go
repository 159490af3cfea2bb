package tray

import (
	"fmt"
	"time"

	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/internal/schema"
)

// TrendAlerts is the reducer of the trend notifications: a process named a
// leak suspect (its VRAM in steady growth) and a GPU forecast full within
// the hour. Each alerts once when it begins and is re-armed when it ends
// (the process's growth stops or the forecast goes), as the VRAM alert is
// re-armed by a fall. Both are inferences, and say so.
type TrendAlerts struct {
	leaks map[leakKey]bool     // processes alerted and still growing
	full  map[int]bool         // GPUs alerted and still forecast full
	press map[pressureKey]bool // engine pressures alerted and still on
	spill map[leakKey]bool     // processes alerted and still spilling
}

// pressureKey is one kind of pressure on one process.
type pressureKey struct {
	leakKey
	kind string
}

// leakKey is a process on a device; the start time keeps a reused PID
// from inheriting an alert.
type leakKey struct {
	device int
	pid    string
	start  time.Time
}

// keyOf is p's key on its device (p.DeviceIndex set).
func keyOf(p schema.Process) leakKey {
	k := leakKey{device: *p.DeviceIndex, pid: p.PIDLabel}
	if p.StartTime != nil {
		k.start = *p.StartTime
	}
	return k
}

// Reset re-arms everything (the alerts were turned off and on, or the
// window switched to or from the demo).
func (a *TrendAlerts) Reset() { a.leaks, a.full, a.press, a.spill = nil, nil, nil, nil }

// Step advances the reducer by one snapshot and returns what to notify.
func (a *TrendAlerts) Step(s *schema.Snapshot) []Alert {
	if s == nil {
		return nil
	}
	if a.leaks == nil {
		a.leaks, a.full, a.press = map[leakKey]bool{}, map[int]bool{}, map[pressureKey]bool{}
	}
	out := append(a.pressures(s), a.spills(s)...)
	growing := map[leakKey]bool{}
	for _, p := range s.Processes {
		if p.DeviceIndex == nil || p.VRAMTrend == nil || p.VRAMTrend.Shape != "steady growth" {
			continue
		}
		k := keyOf(p)
		growing[k] = true
		if !a.leaks[k] {
			out = append(out, leakAlert(s, p))
		}
	}
	a.leaks = growing
	forecast := map[int]bool{}
	for _, d := range s.Devices {
		if d.VRAMForecast == nil {
			continue
		}
		forecast[d.Index] = true
		if !a.full[d.Index] {
			out = append(out, fullAlert(s, d))
		}
	}
	a.full = forecast
	return out
}

// pressures alerts each engine pressure (KV cache full, preempting, every
// slot busy) once when it begins.
func (a *TrendAlerts) pressures(s *schema.Snapshot) []Alert {
	var out []Alert
	on := map[pressureKey]bool{}
	for _, p := range s.Processes {
		if p.LLM == nil {
			continue
		}
		// One alert per server: its workers share its API's state.
		k := leakKey{pid: report.PressureOwner(p), device: -1}
		if p.StartTime != nil && p.LLM.APIPID == nil {
			k.start = *p.StartTime
		}
		for _, pr := range p.LLM.Pressure {
			pk := pressureKey{k, pr.Kind}
			if on[pk] {
				continue // one row per device: alert once
			}
			on[pk] = true
			if !a.press[pk] {
				gpu := -1
				if p.DeviceIndex != nil {
					gpu = *p.DeviceIndex
				}
				title := report.PressureOwner(p) + ": " + pr.Text
				body := fmt.Sprintf("%s, since %s (%s)", pr.Text, pr.Since.Local().Format("15:04:05"), pr.Source)
				out = append(out, demoLabel(s, Alert{GPU: gpu, Title: title, Body: body}))
			}
		}
	}
	a.press = on
	return out
}

// spills alerts each process that starts spilling into shared memory.
func (a *TrendAlerts) spills(s *schema.Snapshot) []Alert {
	var out []Alert
	on := map[leakKey]bool{}
	for _, p := range s.Processes {
		if p.Spilling == nil || p.DeviceIndex == nil {
			continue
		}
		k := keyOf(p)
		on[k] = true
		if !a.spill[k] {
			title := fmt.Sprintf("%s (PID %s) is spilling to shared memory", report.FormatString(p.Name), p.PIDLabel)
			out = append(out, demoLabel(s, Alert{GPU: *p.DeviceIndex, Title: title, Body: p.Spilling.Text + " (inferred from its readings)"}))
		}
	}
	a.spill = on
	return out
}

// leakAlert names the process, its GPU and how fast it grows.
func leakAlert(s *schema.Snapshot, p schema.Process) Alert {
	title := fmt.Sprintf("Leak suspect: %s (PID %s) keeps growing on GPU %d", report.FormatString(p.Name), p.PIDLabel, *p.DeviceIndex)
	body := fmt.Sprintf("VRAM %s, growing %s at a steady rate (inferred from its readings: %s)",
		report.FormatBytes(p.VRAMBytes), report.PerMinute(p.VRAMTrend.BytesPerSecond), p.VRAMTrend.Method)
	return demoLabel(s, Alert{GPU: *p.DeviceIndex, Title: title, Body: body})
}

// fullAlert says when the GPU would be full and who drives it.
func fullAlert(s *schema.Snapshot, d schema.Device) Alert {
	title := fmt.Sprintf("GPU %d %s", d.Index, report.ForecastLine(d))
	body := GPULine(d)
	if pid := d.VRAMForecast.DrivenByPID; pid != nil {
		for _, p := range s.Processes {
			if p.PID == *pid && p.DeviceIndex != nil && *p.DeviceIndex == d.Index {
				body += fmt.Sprintf("\nGrowing: %s (PID %s)", report.FormatString(p.Name), p.PIDLabel)
			}
		}
	}
	return demoLabel(s, Alert{GPU: d.Index, Title: title, Body: body})
}

// demoLabel marks an alert from the recorded demo as such.
func demoLabel(s *schema.Snapshot, al Alert) Alert {
	if s.Demo {
		al.Title = "Recorded demo: " + al.Title
		al.Body += "\n" + DemoBanner
	}
	return al
}
