package capture

import (
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// TestTimelineSplitsPower: a replayed capture (from a gtm that recorded no
// energy blocks) gets them from its readings: the card's energy over the
// capture, integrated from its power sensor.
func TestTimelineSplitsPower(t *testing.T) {
	t0 := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	var snaps []*schema.Snapshot
	for i, w := range []float64{40, 100, 100} {
		snaps = append(snaps, &schema.Snapshot{TakenAt: t0.Add(time.Duration(i) * time.Second),
			Devices: []schema.Device{{Index: 0, UUID: schema.Ptr("GPU-r"), PowerW: schema.Ptr(w), GPUUtilPercent: schema.Ptr(0.0)}}})
	}
	tl := NewTimeline(snaps)
	e := tl.At(2).Devices[0].Energy
	if e == nil || *e.EnergySinceStartJoules != 200 || *e.EnergySource != "integrated" || *e.IdleFloorW != 40 {
		t.Fatalf("replayed energy: %+v", e)
	}
}
