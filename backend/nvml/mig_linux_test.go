package nvml

import (
	"context"
	"strings"
	"testing"
	"time"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/backend/nvml/nvmltest"
)

// An H100 split into two MIG instances (and one empty slot): memory per
// instance from the MIG handles, process rows placed in their instances,
// per-process load null with the reason, never 0.
func TestMIGInstancesAndProcessPlacement(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	m := &nvmltest.Machine{GPUs: []*nvmltest.GPU{{
		Name: "NVIDIA H100 80GB HBM3", UUID: "GPU-mig", BusID: "00000000:41:00.0",
		Total: 80 * gib, Used: 30 * gib,
		Compute: []gonvml.ProcessInfo{
			{Pid: 100, UsedGpuMemory: 10 * gib, GpuInstanceId: 1, ComputeInstanceId: 0},
			{Pid: 200, UsedGpuMemory: 18 * gib, GpuInstanceId: 2, ComputeInstanceId: 0},
		},
		MIG: []*nvmltest.MIGInstance{
			{GPUInstance: 1, ComputeInstance: 0, UUID: "MIG-aaaa", Total: 40 * gib, Used: 11 * gib},
			nil,
			{GPUInstance: 2, ComputeInstance: 0, UUID: "MIG-bbbb", Total: 40 * gib, Used: 19 * gib},
		},
		Unsupported: map[string]bool{nvmltest.Graphics: true, nvmltest.MPS: true},
	}}}
	b := New(m.Interface())
	b.now = func() time.Time { return now }
	s := b.Sample(context.Background(), time.Second)

	d := s.Devices[0]
	if len(d.MIGInstances) != 2 {
		t.Fatalf("want 2 MIG instances (empty slot skipped), got %+v", d.MIGInstances)
	}
	in := d.MIGInstances[1]
	if *in.GPUInstanceID != 2 || *in.ComputeInstanceID != 0 || *in.UUID != "MIG-bbbb" || *in.MemoryTotalBytes != 40*gib || *in.MemoryUsedBytes != 19*gib {
		t.Errorf("instance: %+v", in)
	}
	if len(s.Usage) != 2 {
		t.Fatalf("rows %+v", s.Usage)
	}
	for _, u := range s.Usage {
		if u.GPUInstanceID == nil || u.ComputeInstanceID == nil {
			t.Errorf("pid %d not placed in an instance", u.PID)
		}
		if u.SMUtilPercent != nil || u.EncoderUtilPercent != nil || len(u.Notes) != 1 || !strings.Contains(u.Notes[0], "MIG") {
			t.Errorf("pid %d: load must be null with the reason: %+v", u.PID, u)
		}
	}
	if *s.Usage[1].GPUInstanceID != 2 {
		t.Errorf("pid 200 instance %d", *s.Usage[1].GPUInstanceID)
	}
	var util bool
	for _, src := range s.Sources {
		if strings.HasPrefix(src.Name, "nvml.process_utilization") {
			util = true
			if src.OK || !strings.Contains(*src.Error, "MIG mode") {
				t.Errorf("utilization source must say MIG: %+v", src)
			}
		}
	}
	if !util {
		t.Error("no utilization source")
	}
	if len(m.GPUs[0].LastAsked()) != 0 {
		t.Error("GetProcessUtilization must not be asked under MIG")
	}
}

// Outside MIG mode nothing changes: no instances, no instance ids.
func TestNoMIGLeavesInstancesNull(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	b := New(twoGPUs(now).Interface())
	b.now = func() time.Time { return now }
	s := b.Sample(context.Background(), time.Second)
	for _, d := range s.Devices {
		if d.MIGInstances != nil {
			t.Errorf("device %d: %+v", d.Index, d.MIGInstances)
		}
	}
	for _, u := range s.Usage {
		if u.GPUInstanceID != nil || u.ComputeInstanceID != nil {
			t.Errorf("pid %d has MIG ids", u.PID)
		}
	}
}
