package report

import (
	"strings"
	"testing"

	"github.com/gputaskman/gtm/internal/schema"
)

// TestPowerLines: the --once text gives a GPU's split on one line and each
// process's estimate (or why it has none) on its own, after the table, so
// that the table's columns stay as they were; nothing without a split.
func TestPowerLines(t *testing.T) {
	d := schema.Device{Index: 0, Name: schema.Ptr("GPU"), Energy: &schema.DeviceEnergy{PowerW: schema.Ptr(300.0), PowerSource: schema.Ptr("counter"),
		IdleFloorW: schema.Ptr(50.0), ProcessesW: schema.Ptr(250.0), UnattributedW: schema.Ptr(0.0),
		EnergySinceStartJoules: schema.Ptr(12_345.0), EnergySource: schema.Ptr("counter")}}
	if got, want := PowerLine(d), "Power 300.0 W (counter)  idle 50.0 W  processes 250.0 W (estimated)  unattributed 0.0 W  energy since start 12.3 kJ (counter)"; got != want {
		t.Errorf("PowerLine = %q\nwant %q", got, want)
	}
	d.Energy.IdleFloorW, d.Energy.ProcessesW, d.Energy.UnattributedW = nil, nil, nil
	if got := PowerLine(d); !strings.Contains(got, "idle n/a  processes n/a (estimated)  unattributed n/a") {
		t.Errorf("unknowns are not n/a: %q", got)
	}
	if PowerLine(schema.Device{}) != "" {
		t.Error("a power line without a reading")
	}
	dev := 0
	s := &schema.Snapshot{Devices: []schema.Device{d}, Processes: []schema.Process{
		{PID: 7, PIDLabel: "7", Name: schema.Ptr("python"), DeviceIndex: &dev,
			Power: &schema.ProcessPower{Watts: schema.Ptr(187.5), ErrorWatts: schema.Ptr(1.5625), Share: schema.Ptr(0.75), EnergyJoules: schema.Ptr(9000.0), Source: "estimated"}},
		{PID: 8, PIDLabel: "8", Name: schema.Ptr("mps-client"), DeviceIndex: &dev,
			Power: &schema.ProcessPower{Reason: schema.Ptr("MPS: shares do not hold"), Source: "estimated"}},
		{PID: 9, PIDLabel: "9", DeviceIndex: &dev},
	}}
	var b strings.Builder
	if err := WriteText(&b, s); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"  GPU 0  PID 7 python  187.5 ± 1.6 W (estimated, 75% of engine time), 9.0 kJ so far\n",
		"  1 process n/a: MPS: shares do not hold\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
	if strings.Contains(b.String(), "PID 9 ") {
		t.Errorf("a process without a power block has a power line:\n%s", b.String())
	}
}
