package backend

import (
	"context"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

type fixedGPU Sample

func (f fixedGPU) Name() string                                 { return "fixed" }
func (f fixedGPU) Sample(context.Context, time.Duration) Sample { return Sample(f) }
func (f fixedGPU) Close() error                                 { return nil }

func TestMultiRenumbersDevicesAndRows(t *testing.T) {
	nv := fixedGPU{Devices: []schema.Device{{Index: 0}, {Index: 1}}, Usage: []ProcessUsage{{PID: 1, DeviceIndex: 1}}, Sources: []schema.SourceStatus{schema.OK("nvml")}}
	drm := fixedGPU{Devices: []schema.Device{{Index: 0}}, Usage: []ProcessUsage{{PID: 2, DeviceIndex: 0}}, Sources: []schema.SourceStatus{schema.OK("drm")}}
	got := Multi{nv, drm}.Sample(context.Background(), time.Second)
	if len(got.Devices) != 3 || got.Devices[2].Index != 2 {
		t.Fatalf("devices %+v", got.Devices)
	}
	if got.Usage[0].DeviceIndex != 1 || got.Usage[1].DeviceIndex != 2 || len(got.Sources) != 2 {
		t.Errorf("rows %+v sources %+v", got.Usage, got.Sources)
	}
	// No NVIDIA driver: the DRM card is GPU 0.
	got = Multi{fixedGPU{Sources: []schema.SourceStatus{schema.Failed("nvml", context.Canceled)}}, drm}.Sample(context.Background(), time.Second)
	if got.Devices[0].Index != 0 || got.Usage[0].DeviceIndex != 0 {
		t.Errorf("without NVML: %+v", got)
	}
}
