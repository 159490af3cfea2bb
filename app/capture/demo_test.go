package capture

import (
	"bytes"
	"testing"

	"github.com/gputaskman/gtm/assets"
)

// The demo capture built into gtm (gtm --demo) reads back whole.
func TestDemoCaptureReads(t *testing.T) {
	snaps, err := Read(bytes.NewReader(assets.DemoCapture))
	if err != nil {
		t.Fatal(err)
	}
	if len(snaps) < 180 || !snaps[0].Synthetic || !snaps[len(snaps)-1].Synthetic || len(snaps[0].Devices) != 2 {
		t.Errorf("demo capture: %d snapshots, synthetic %v, %d devices", len(snaps), snaps[0].Synthetic, len(snaps[0].Devices))
	}
}
