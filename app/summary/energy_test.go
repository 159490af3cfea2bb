package summary

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// tenMinutes is a capture of ten minutes, one snapshot a minute: 50 W
// idle first, then 300 W by the card's counter with two processes at 60 %
// and 20 % SM, each in its own pod and with its own model.
func tenMinutes() []*schema.Snapshot {
	counter := 1_000.0
	dev := func(counter, util float64) schema.Device {
		d := fxDev(1<<30, util)
		d.PowerW = fxF64(1) // ignored: the counter rose
		d.Energy = &schema.DeviceEnergy{EnergyJoules: fxF64(counter)}
		return d
	}
	first := dev(counter, 0)
	first.PowerW = fxF64(50)
	snaps := []*schema.Snapshot{fxSnap(fxT0, first)}
	a := fxProc(100, "llama-server", fxT0, fxU64(mib))
	a.SMUtilPercent, a.Namespace, a.Pod, a.PodUID = fxF64(60), fxStr("ml"), fxStr("chat-0"), fxStr("u1")
	a.Models = []schema.Model{fxGGUF("/m/qwen.gguf", "mapped")}
	b := fxProc(200, "python", fxT0, fxU64(mib))
	b.SMUtilPercent, b.Namespace, b.Pod, b.PodUID = fxF64(20), fxStr("ml"), fxStr("embed-0"), fxStr("u2")
	b.Models = []schema.Model{fxGGUF("/m/bge.gguf", "mapped")}
	for i := 1; i <= 10; i++ {
		counter += 300 * 60
		snaps = append(snaps, fxSnap(fxT0.Add(time.Duration(i)*time.Minute), dev(counter, 80), a, b))
	}
	return snaps
}

func TestSummaryEnergyPerProcessModelAndPod(t *testing.T) {
	s := Summarize(tenMinutes())
	s.SetTariff(Tariff{PricePerKWh: fxF64(0.30), Currency: fxStr("EUR"), CarbonGPerKWh: fxF64(400)})
	es := s.Energy
	d := es.Devices[0]
	if d.Card.Joules != 300*600 || *d.Source != "counter" || d.Idle.Joules != 50*600 || d.Processes.Joules != 250*600 || d.Unattributed.Joules != 0 {
		t.Fatalf("device: %+v %+v %+v %+v", d.Card, d.Idle, d.Processes, d.Unattributed)
	}
	want := map[string]float64{"100": 187.5 * 600, "200": 62.5 * 600}
	for _, p := range es.Processes {
		if p.Joules != want[p.PIDLabel] || p.Source != "estimated" {
			t.Fatalf("pid %s: %v J; want %v", p.PIDLabel, p.Joules, want[p.PIDLabel])
		}
		kwh := p.Joules / 3.6e6
		if math.Abs(*p.Cost-kwh*0.30) > 1e-12 || math.Abs(*p.CO2Grams-kwh*400) > 1e-9 {
			t.Fatalf("pid %s: cost %v, CO₂ %v", p.PIDLabel, *p.Cost, *p.CO2Grams)
		}
	}
	if len(es.Models) != 2 || es.Models[0].Label != "qwen.gguf" || es.Models[0].Joules != 187.5*600 {
		t.Fatalf("models: %+v", es.Models)
	}
	if len(es.Pods) != 2 || es.Pods[0].Label != "ml/chat-0" || es.Pods[1].Label != "ml/embed-0" || es.Pods[1].Joules != 62.5*600 {
		t.Fatalf("pods: %+v", es.Pods)
	}
	var text bytes.Buffer
	if err := s.WriteText(&text, "capture"); err != nil {
		t.Fatal(err)
	}
	// 112.5 kJ = 0.03125 kWh: 0.0094 EUR at 0.30 EUR/kWh
	for _, line := range []string{"card 180.0 kJ  0.0500 kWh  0.0150 EUR  20.0 g CO₂ (counter, over 10m0s)", "100 llama-server  112.5 kJ ± ", "0.0312 kWh  0.0094 EUR  12.5 g CO₂", "ml/embed-0  37.5 kJ"} {
		if !strings.Contains(text.String(), line) {
			t.Errorf("text lacks %q:\n%s", line, text.String())
		}
	}
}
