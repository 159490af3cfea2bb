package tray

import (
	"strings"
	"testing"

	"github.com/gputaskman/gtm/internal/schema"
)

// useSeq turns GPU 0 VRAM percentages (of 100 GiB) into snapshots; a
// negative value is a snapshot without a reading.
func useSeq(pcts ...float64) []*schema.Snapshot {
	var out []*schema.Snapshot
	for _, p := range pcts {
		d := device(0, "RTX", p, 100)
		if p < 0 {
			d.MemoryUsedBytes = nil
		}
		out = append(out, snap([]schema.Device{d}, []schema.Process{proc(4242, 0, "llama-server", 9.8, "Qwen3-8B-Q4_K_M", "Q4_K_M")}))
	}
	return out
}

func TestAlertHysteresis(t *testing.T) {
	cases := []struct {
		name string
		pcts []float64
		want []int // indexes of the snapshots that alert
	}{
		{"crossing upward alerts once", []float64{50, 70, 89.9, 90, 91, 95, 99}, []int{3}},
		{"jitter at the threshold alerts once", []float64{89, 90.2, 89.8, 90.1, 89.5, 90.4, 88, 90}, []int{1}},
		{"fall of less than 5 points does not re-arm", []float64{91, 85.1, 92}, []int{0}},
		{"fall of 5 points re-arms, rise alerts again", []float64{80, 91, 84.9, 86, 90, 60, 95}, []int{1, 4, 6}},
		{"already above when alerts start: once", []float64{97, 98, 97}, []int{0}},
		{"a missing reading is not a fall", []float64{92, -1, 92, 50, 93}, []int{0, 4}},
		{"never reaching it never alerts", []float64{10, 89.99, 50}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var a Alerts
			var got []int
			for i, s := range useSeq(c.pcts...) {
				for _, al := range a.Step(s, 90) {
					if al.GPU != 0 {
						t.Errorf("alert for GPU %d", al.GPU)
					}
					got = append(got, i)
				}
			}
			if len(got) != len(c.want) {
				t.Fatalf("alerts at %v, want %v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Fatalf("alerts at %v, want %v", got, c.want)
				}
			}
		})
	}
}

func TestAlertTextNamesGPUUseAndTopProcess(t *testing.T) {
	var a Alerts
	al := a.Step(useSeq(93)[0], 90)
	if len(al) != 1 {
		t.Fatalf("%d alerts", len(al))
	}
	if al[0].Title != "GPU 0 VRAM at 93 % (alert at 90 %)" {
		t.Errorf("title %q", al[0].Title)
	}
	for _, want := range []string{"GPU 0 · 93.0 / 100.0 GiB (93 %)", "llama-server 9.8 GiB · Qwen3-8B Q4_K_M"} {
		if !strings.Contains(al[0].Body, want) {
			t.Errorf("body %q lacks %q", al[0].Body, want)
		}
	}
	demo := useSeq(93)[0]
	demo.Demo = true
	a.Reset()
	if al := a.Step(demo, 90); len(al) != 1 || !strings.HasPrefix(al[0].Title, "Recorded demo") || !strings.Contains(al[0].Body, DemoBanner) {
		t.Errorf("demo alert not labelled: %+v", al)
	}
}

func TestAlertsPerGPU(t *testing.T) {
	var a Alerts
	s := snap([]schema.Device{device(0, "a", 95, 100), device(1, "b", 10, 100)}, nil)
	if al := a.Step(s, 90); len(al) != 1 || al[0].GPU != 0 {
		t.Fatalf("%+v", al)
	}
	s = snap([]schema.Device{device(0, "a", 95, 100), device(1, "b", 91, 100)}, nil)
	if al := a.Step(s, 90); len(al) != 1 || al[0].GPU != 1 {
		t.Fatalf("%+v", al)
	}
	if al := a.Step(s, 0); al != nil {
		t.Errorf("threshold 0 alerted: %+v", al)
	}
}
