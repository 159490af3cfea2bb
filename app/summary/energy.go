package summary

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/gputaskman/gtm/app/energy"
	"github.com/gputaskman/gtm/app/internal/textfmt"
	"github.com/gputaskman/gtm/app/metrics"
	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/internal/schema"
)

// Tariff is what the user says a kWh costs and emits; gtm ships no
// figures of its own. Nil fields give no cost or CO₂.
type Tariff struct {
	PricePerKWh   *float64 `json:"price_per_kwh"`
	Currency      *string  `json:"currency"`
	CarbonGPerKWh *float64 `json:"carbon_g_per_kwh"`
}

// EnergySummary is the capture's energy: per GPU measured (or integrated
// from the power sensor), per process, model and pod ESTIMATED by the
// power split (docs/energy.md), recomputed from the capture's readings.
type EnergySummary struct {
	Tariff    Tariff          `json:"tariff"`
	Devices   []DeviceEnergy  `json:"devices"`
	Processes []ProcessEnergy `json:"processes"`
	Models    []EnergyByLabel `json:"models"`
	Pods      []EnergyByLabel `json:"pods"`
	Method    string          `json:"method"`
	byKey     map[string]*ProcessEnergy
	order     []string
	devByKey  map[string]*DeviceEnergy
}

// Amount is an energy with what the tariff makes of it. ErrorJoules is
// the error bars summed over the refreshes (estimates only).
type Amount struct {
	Joules      float64  `json:"joules"`
	ErrorJoules *float64 `json:"error_joules"`
	KWh         float64  `json:"kwh"`
	Cost        *float64 `json:"cost"`
	CO2Grams    *float64 `json:"co2_grams"`
}

// DeviceEnergy is one GPU's energy over the capture, split: the card's
// (Source "counter" when every interval had a counter rise, else
// "integrated"), its idle floor's, its processes' and what none explains.
// A part is null when any interval lacked it (no floor yet, MIG, MPS).
type DeviceEnergy struct {
	Index        int     `json:"index"`
	UUID         *string `json:"uuid"`
	Card         *Amount `json:"card"`
	Source       *string `json:"source"`
	Idle         *Amount `json:"idle"`
	Processes    *Amount `json:"processes"`
	Unattributed *Amount `json:"unattributed"`
	Seconds      float64 `json:"seconds"`
	// SplitSeconds is how much of Seconds had a split (a known floor and
	// processes whose shares hold).
	SplitSeconds float64 `json:"split_seconds"`
	card, idle   sum
	procs, unatt sum
	counterOnly  bool
}

// ProcessEnergy is one process (PID and start time) on one GPU: its
// estimated energy over the capture.
type ProcessEnergy struct {
	DeviceIndex int     `json:"device_index"`
	PID         int     `json:"pid"`
	PIDLabel    string  `json:"pid_label"`
	Name        *string `json:"name"`
	Model       string  `json:"model"`
	Pod         *string `json:"pod"`
	Amount
	Source string `json:"source"` // "estimated"
}

// EnergyByLabel is the estimated energy of the processes of one model or
// one pod.
type EnergyByLabel struct {
	Label string `json:"label"`
	Amount
	Processes int    `json:"processes"`
	Source    string `json:"source"` // "estimated"
}

// sum adds an energy and its error over intervals.
type sum struct {
	j, errJ float64
	n       int
}

func (s *sum) add(w, errW, sec float64) { s.j += w * sec; s.errJ += errW * sec; s.n++ }

// summarizeEnergy recomputes the capture's power split (energy.AnnotateAll)
// and adds up each interval's power times its length.
func summarizeEnergy(snaps []*schema.Snapshot) *EnergySummary {
	energy.AnnotateAll(snaps)
	es := &EnergySummary{Devices: []DeviceEnergy{}, Processes: []ProcessEnergy{}, Models: []EnergyByLabel{}, Pods: []EnergyByLabel{},
		Method: energy.Method, byKey: map[string]*ProcessEnergy{}, devByKey: map[string]*DeviceEnergy{}}
	var devOrder []string
	for _, s := range snaps {
		sec := map[int]float64{}
		for i := range s.Devices {
			d := &s.Devices[i]
			k := adapterKey(*d)
			de := es.devByKey[k]
			if de == nil {
				de = &DeviceEnergy{Index: d.Index, UUID: d.UUID, counterOnly: true}
				es.devByKey[k] = de
				devOrder = append(devOrder, k)
			}
			if t, ok := de.addInterval(d.Energy); ok {
				sec[d.Index] = t
			}
		}
		for i := range s.Processes {
			es.addProcess(&s.Processes[i], sec)
		}
	}
	for _, k := range devOrder {
		es.Devices = append(es.Devices, es.devByKey[k].result())
	}
	es.finish()
	return es
}

// addInterval adds one refresh's interval of a device; ok with its length
// when the card's power over it is known.
func (de *DeviceEnergy) addInterval(e *schema.DeviceEnergy) (float64, bool) {
	if e == nil || e.IntervalSeconds == nil || e.PowerW == nil {
		return 0, false
	}
	t := *e.IntervalSeconds
	de.Seconds += t
	de.card.add(*e.PowerW, 0, t)
	if e.PowerSource == nil || *e.PowerSource != "counter" {
		de.counterOnly = false
	}
	if e.IdleFloorW != nil {
		de.idle.add(*e.IdleFloorW, 0, t)
	}
	if e.ProcessesW != nil && e.UnattributedW != nil {
		de.procs.add(*e.ProcessesW, 0, t)
		de.unatt.add(*e.UnattributedW, 0, t)
		de.SplitSeconds += t
	}
	return t, true
}

// result is the device's figures: a part is null unless every interval
// with a power reading had it.
func (de *DeviceEnergy) result() DeviceEnergy {
	out := *de
	if de.card.n == 0 {
		return out
	}
	out.Card = &Amount{Joules: de.card.j}
	out.Source = schema.Ptr(map[bool]string{true: "counter", false: "integrated"}[de.counterOnly])
	if de.idle.n == de.card.n {
		out.Idle = &Amount{Joules: de.idle.j}
	}
	if de.procs.n == de.card.n {
		out.Processes = &Amount{Joules: de.procs.j}
		out.Unattributed = &Amount{Joules: de.unatt.j}
	}
	return out
}

// addProcess adds a row's estimated power over its device's interval.
func (es *EnergySummary) addProcess(p *schema.Process, sec map[int]float64) {
	if p.DeviceIndex == nil || p.Power == nil || p.Power.Watts == nil {
		return
	}
	t, ok := sec[*p.DeviceIndex]
	if !ok {
		return
	}
	k := strconv.Itoa(*p.DeviceIndex) + "|" + p.PIDLabel + "|" + startKey(p.StartTime)
	pe := es.byKey[k]
	if pe == nil {
		pe = &ProcessEnergy{DeviceIndex: *p.DeviceIndex, PID: p.PID, PIDLabel: p.PIDLabel, Source: "estimated",
			Amount: Amount{ErrorJoules: schema.Ptr(0.0)}}
		es.byKey[k] = pe
		es.order = append(es.order, k)
	}
	// the last name, model and pod seen: inspection may name them late
	pe.Name, pe.Model = p.Name, metrics.ModelLabel(p)
	pe.Pod = podOf(p)
	pe.Joules += *p.Power.Watts * t
	if p.Power.ErrorWatts != nil {
		*pe.ErrorJoules += *p.Power.ErrorWatts * t
	}
}

// podOf is a process's pod as namespace/pod, "pod UID (unnamed)" where
// the node's folders do not name it, nil outside a pod.
func podOf(p *schema.Process) *string {
	switch {
	case p.PodUID == nil:
		return nil
	case p.Namespace == nil || p.Pod == nil:
		return schema.Ptr("pod " + *p.PodUID + " (unnamed)")
	}
	return schema.Ptr(*p.Namespace + "/" + *p.Pod)
}

// finish lists the processes (most energy first) and sums them per model
// and per pod.
func (es *EnergySummary) finish() {
	models, pods := map[string]*EnergyByLabel{}, map[string]*EnergyByLabel{}
	var mOrder, pOrder []string
	group := func(m map[string]*EnergyByLabel, order *[]string, label string, p *ProcessEnergy) {
		g := m[label]
		if g == nil {
			g = &EnergyByLabel{Label: label, Source: "estimated", Amount: Amount{ErrorJoules: schema.Ptr(0.0)}}
			m[label] = g
			*order = append(*order, label)
		}
		g.Joules += p.Joules
		*g.ErrorJoules += *p.ErrorJoules
		g.Processes++
	}
	for _, k := range es.order {
		p := es.byKey[k]
		es.Processes = append(es.Processes, *p)
		group(models, &mOrder, p.Model, p)
		if p.Pod != nil {
			group(pods, &pOrder, *p.Pod, p)
		}
	}
	for _, l := range mOrder {
		es.Models = append(es.Models, *models[l])
	}
	for _, l := range pOrder {
		es.Pods = append(es.Pods, *pods[l])
	}
	for _, list := range [][]EnergyByLabel{es.Models, es.Pods} {
		sort.SliceStable(list, func(i, j int) bool { return list[i].Joules > list[j].Joules })
	}
	sort.SliceStable(es.Processes, func(i, j int) bool { return es.Processes[i].Joules > es.Processes[j].Joules })
	es.price()
}

// SetTariff prices the capture's energy: cost with a price per kWh, grams
// of CO₂ with a carbon intensity (both the user's figures).
func (s *Summary) SetTariff(t Tariff) {
	if s.Energy == nil {
		return
	}
	s.Energy.Tariff = t
	s.Energy.price()
}

// price fills every amount's kWh, cost and CO₂ from the tariff.
func (es *EnergySummary) price() {
	do := func(a *Amount) {
		if a == nil {
			return
		}
		a.KWh = a.Joules / 3.6e6
		a.Cost, a.CO2Grams = nil, nil
		if es.Tariff.PricePerKWh != nil {
			a.Cost = schema.Ptr(a.KWh * *es.Tariff.PricePerKWh)
		}
		if es.Tariff.CarbonGPerKWh != nil {
			a.CO2Grams = schema.Ptr(a.KWh * *es.Tariff.CarbonGPerKWh)
		}
	}
	for i := range es.Devices {
		d := &es.Devices[i]
		for _, a := range []*Amount{d.Card, d.Idle, d.Processes, d.Unattributed} {
			do(a)
		}
	}
	for i := range es.Processes {
		do(&es.Processes[i].Amount)
	}
	for _, list := range [][]EnergyByLabel{es.Models, es.Pods} {
		for i := range list {
			do(&list[i].Amount)
		}
	}
}

// amountText is an amount for people: joules (± error), kWh, cost, CO₂.
func (es *EnergySummary) amountText(a *Amount) string {
	if a == nil {
		return report.NA
	}
	s := report.Joules(a.Joules)
	if a.ErrorJoules != nil {
		s += " ± " + report.Joules(*a.ErrorJoules)
	}
	s += fmt.Sprintf("  %s kWh", textfmt.Float(a.KWh, 4))
	if a.Cost != nil {
		cur := ""
		if es.Tariff.Currency != nil {
			cur = " " + *es.Tariff.Currency
		}
		s += "  " + textfmt.Float(*a.Cost, 4) + cur
	}
	if a.CO2Grams != nil {
		s += "  " + textfmt.Float(*a.CO2Grams, 1) + " g CO₂"
	}
	return s
}

// energyTable is the capture's energy: per GPU, then the estimates per
// process, model and pod.
func (s *Summary) energyTable() *textfmt.Table {
	t := &textfmt.Table{}
	es := s.Energy
	if es == nil || len(es.Devices) == 0 {
		return t
	}
	t.Add(textfmt.Plain(""))
	t.Add(textfmt.Cell{Text: "Energy over the capture (per GPU measured; per process, model and pod estimated: docs/energy.md)", Colour: textfmt.ColourBold})
	for _, d := range es.Devices {
		if d.Card == nil {
			t.Add(textfmt.Plain(fmt.Sprintf("  GPU %d  no power reading over an interval in the capture", d.Index)))
			continue
		}
		src := report.NA
		if d.Source != nil {
			src = *d.Source
		}
		t.Add(textfmt.Plain(fmt.Sprintf("  GPU %d  card %s (%s, over %s)", d.Index, es.amountText(d.Card), src, textfmt.Elapsed(d.Seconds))))
		t.Add(textfmt.Plain("    idle " + es.amountText(d.Idle)))
		t.Add(textfmt.Plain("    processes " + es.amountText(d.Processes) + " (estimated)"))
		t.Add(textfmt.Plain("    unattributed " + es.amountText(d.Unattributed)))
	}
	rows := func(head string, list []EnergyByLabel) {
		if len(list) == 0 {
			return
		}
		t.Add(textfmt.Plain("  " + head))
		for _, g := range list {
			t.Add(textfmt.Plain(fmt.Sprintf("    %s  %s (%d %s)", g.Label, es.amountText(&g.Amount), g.Processes, textfmt.Plural(g.Processes, "process", "processes"))))
		}
	}
	if len(es.Processes) > 0 {
		t.Add(textfmt.Plain("  per process (estimated)"))
		for _, p := range es.Processes {
			t.Add(textfmt.Plain(fmt.Sprintf("    GPU %d  %s %s  %s", p.DeviceIndex, p.PIDLabel, report.FormatString(p.Name), es.amountText(&p.Amount))))
		}
	}
	rows("per model (estimated)", es.Models)
	rows("per pod (estimated)", es.Pods)
	return t
}
