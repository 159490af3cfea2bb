package summary

import (
	"fmt"
	"time"

	"github.com/gputaskman/gtm/app/internal/textfmt"
	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/app/trend"
	"github.com/gputaskman/gtm/internal/schema"
)

// LeakSuspect is one stretch of a capture where a process's VRAM grew
// steadily (its vram_trend said "steady growth"): INFERRED from the
// measured readings, recomputed from the capture (trend.AnnotateAll).
type LeakSuspect struct {
	DeviceIndex int     `json:"device_index"`
	PID         int     `json:"pid"`
	PIDLabel    string  `json:"pid_label"`
	Name        *string `json:"name"`
	// Since is when the growth began; NamedAt when it was first named
	// (30–45 s later: the least history a trend is named on); Until the
	// last reading that still named it.
	Since   time.Time `json:"since"`
	NamedAt time.Time `json:"named_at"`
	Until   time.Time `json:"until"`
	// BytesPerSecond is the rate when last named (inferred); GrewBytes the
	// measured VRAM at Until less at Since (null: not measured then).
	BytesPerSecond float64 `json:"bytes_per_second"`
	GrewBytes      *int64  `json:"grew_bytes"`
	Method         string  `json:"method"`
	Source         string  `json:"source"` // "inferred"
}

// FullForecast is one stretch where a device was forecast full within the
// hour (its vram_forecast): when first and last, the soonest forecast and
// the process driving it.
type FullForecast struct {
	DeviceIndex int       `json:"device_index"`
	From        time.Time `json:"from"`
	Until       time.Time `json:"until"`
	// SoonestFullAt is the earliest time any forecast in the stretch
	// said the device would be full.
	SoonestFullAt  time.Time `json:"soonest_full_at"`
	BytesPerSecond float64   `json:"bytes_per_second"`
	DrivenByPID    *int      `json:"driven_by_pid"`
	Source         string    `json:"source"` // "inferred"
}

// PressureEpisode is one stretch in which a server said it was short of
// room (llm.pressure): its KV cache full with requests waiting,
// preemptions rising, or every slot busy.
type PressureEpisode struct {
	Server string    `json:"server"` // the owner, as "vllm (API PID 900)"
	Kind   string    `json:"kind"`
	From   time.Time `json:"from"`
	Until  time.Time `json:"until"`
	// Text is the last wording seen in the stretch ("KV cache full: 12
	// requests waiting"); Source as the pressure's.
	Text   string `json:"text"`
	Source string `json:"source"`
}

// trendKey is a process on a device, told from a reused PID by its start.
type trendKey struct {
	device int
	label  string
	start  string
}

// stretches are the summary's leak suspects, full forecasts and pressure
// episodes while the capture is read.
type stretches struct {
	leaks []*LeakSuspect
	full  []*FullForecast
	press []*PressureEpisode
}

// reading is one measured VRAM reading of a process.
type reading struct {
	at    time.Time
	bytes uint64
}

// addTrends recomputes the capture's trends and lists its leak suspects
// and full-device forecasts, each stretch once.
func (s *Summary) addTrends(snaps []*schema.Snapshot) {
	trend.AnnotateAll(snaps)
	// Stretches are built as their own values, in the order they begin,
	// and copied into the summary at the end: pointers into a slice that
	// is still growing would be left behind when it moves.
	var st stretches
	open := map[trendKey]*LeakSuspect{}
	seen := map[trendKey][]reading{}
	full := map[int]*FullForecast{}
	press := map[[2]string]*PressureEpisode{}
	for _, snap := range snaps {
		st.pressureStretches(press, snap)
		for i := range snap.Processes {
			p := &snap.Processes[i]
			if p.DeviceIndex == nil {
				continue
			}
			k := trendKey{*p.DeviceIndex, p.PIDLabel, startKey(p.StartTime)}
			if p.VRAMBytes != nil {
				seen[k] = append(seen[k], reading{snap.TakenAt, *p.VRAMBytes})
			}
			open[k] = st.leakStretch(open[k], p, snap.TakenAt, seen[k])
		}
		for i := range snap.Devices {
			d := &snap.Devices[i]
			full[d.Index] = st.fullStretch(full[d.Index], d, snap.TakenAt)
		}
	}
	for _, l := range st.leaks {
		s.LeakSuspects = append(s.LeakSuspects, *l)
	}
	for _, f := range st.full {
		s.FullForecasts = append(s.FullForecasts, *f)
	}
	for _, e := range st.press {
		s.PressureEpisodes = append(s.PressureEpisodes, *e)
	}
}

// leakStretch extends or ends the stretch cur of p's steady growth at at;
// readings are p's measured VRAM so far.
func (st *stretches) leakStretch(cur *LeakSuspect, p *schema.Process, at time.Time, readings []reading) *LeakSuspect {
	t := p.VRAMTrend
	if t == nil || t.Shape != string(trend.Growth) {
		return nil
	}
	if cur == nil {
		cur = &LeakSuspect{DeviceIndex: *p.DeviceIndex, PID: p.PID, PIDLabel: p.PIDLabel,
			Name: p.Name, NamedAt: at, Since: at, Source: "inferred"}
		st.leaks = append(st.leaks, cur)
		if t.Since != nil {
			cur.Since = *t.Since
		}
	}
	cur.Until, cur.BytesPerSecond, cur.Method = at, t.BytesPerSecond, t.Method
	// Measured growth: the reading now less the one at the foot of the rise.
	if p.VRAMBytes != nil {
		for _, r := range readings {
			if !r.at.Before(cur.Since) {
				grew := int64(*p.VRAMBytes) - int64(r.bytes)
				cur.GrewBytes = &grew
				break
			}
		}
	}
	return cur
}

// pressureStretches extends or ends each server's pressure stretches at
// snap: one per owner and kind, however many worker rows say it.
func (st *stretches) pressureStretches(open map[[2]string]*PressureEpisode, snap *schema.Snapshot) {
	on := map[[2]string]bool{}
	for _, p := range snap.Processes {
		if p.LLM == nil {
			continue
		}
		for _, pr := range p.LLM.Pressure {
			k := [2]string{report.PressureOwner(p), pr.Kind}
			if on[k] {
				continue
			}
			on[k] = true
			if open[k] == nil {
				open[k] = &PressureEpisode{Server: k[0], Kind: pr.Kind, From: snap.TakenAt}
				st.press = append(st.press, open[k])
			}
			open[k].Until, open[k].Text, open[k].Source = snap.TakenAt, pr.Text, pr.Source
		}
	}
	for k := range open {
		if !on[k] {
			delete(open, k)
		}
	}
}

// fullStretch extends or ends the stretch cur of d's full forecasts.
func (st *stretches) fullStretch(cur *FullForecast, d *schema.Device, at time.Time) *FullForecast {
	f := d.VRAMForecast
	if f == nil {
		return nil
	}
	fullAt := at.Add(time.Duration(f.FullInSeconds * float64(time.Second)))
	if cur == nil {
		cur = &FullForecast{DeviceIndex: d.Index, From: at, SoonestFullAt: fullAt, Source: "inferred"}
		st.full = append(st.full, cur)
	}
	cur.Until, cur.BytesPerSecond, cur.DrivenByPID = at, f.BytesPerSecond, f.DrivenByPID
	if fullAt.Before(cur.SoonestFullAt) {
		cur.SoonestFullAt = fullAt
	}
	return cur
}

// trendTable lists the leak suspects and full forecasts; "none" when the
// capture held neither.
func (s *Summary) trendTable() *textfmt.Table {
	t := &textfmt.Table{}
	t.Add(textfmt.Plain(""))
	t.Add(textfmt.Cell{Text: "Leak suspects and pressure episodes (inferred from the readings; pressure as the servers report it)", Colour: textfmt.ColourBold})
	for _, l := range s.LeakSuspects {
		t.Add(textfmt.Plain(fmt.Sprintf("  GPU %d  %s %s  from %s (named %s) to %s  %s/min",
			l.DeviceIndex, l.PIDLabel, report.FormatString(l.Name), s.when(&l.Since), s.when(&l.NamedAt), s.when(&l.Until),
			textfmt.Bytes(uint64(max(0, l.BytesPerSecond*60))))))
	}
	if len(s.LeakSuspects)+len(s.PressureEpisodes)+len(s.FullForecasts) == 0 {
		t.Add(textfmt.Plain("  none"))
	}
	for _, e := range s.PressureEpisodes {
		t.Add(textfmt.Plain(fmt.Sprintf("  %s: %s from %s to %s (%s)", e.Server, e.Text, s.when(&e.From), s.when(&e.Until), e.Source)))
	}
	for _, f := range s.FullForecasts {
		by := ""
		if f.DrivenByPID != nil {
			by = fmt.Sprintf(", driven by PID %d", *f.DrivenByPID)
		}
		t.Add(textfmt.Plain(fmt.Sprintf("  GPU %d forecast full from %s to %s: at %s/min it would have been full at %s%s",
			f.DeviceIndex, s.when(&f.From), s.when(&f.Until), textfmt.Bytes(uint64(max(0, f.BytesPerSecond*60))), s.when(&f.SoonestFullAt), by)))
	}
	return t
}
