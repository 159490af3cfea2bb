package wsl

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/wddm"
	"github.com/gputaskman/gtm/internal/schema"
)

// Notes on WSL rows.
const (
	NoteFallbackCounters = "Windows' Dedicated/Shared Usage counters (Local/Non Local could not be read): shared surfaces count against every process that maps them"
	NoteWSLVM            = "WSL VM: the exact total of Linux GPU memory (every distro, WSLg, Docker Desktop), as Windows charges it"
	NoteVMWorker         = "VM worker: several Hyper-V VMs run (or Windows Sandbox), so this one cannot be tied to WSL alone"
)

// Backend is the GPU source under WSL: NVML for the devices, the Windows
// host stream for per-process memory and engine load.
type Backend struct {
	NVML   backend.GPU
	Stream *Stream // nil when off
	// OffReason says why the stream is off ("--no-host", "WSL interop is
	// disabled").
	OffReason string
}

// Name implements backend.GPU.
func (s *Backend) Name() string { return "wsl" }

// Close implements backend.GPU.
func (s *Backend) Close() error {
	if s.Stream != nil {
		s.Stream.Close()
	}
	return s.NVML.Close()
}

// Sample implements backend.GPU.
func (s *Backend) Sample(ctx context.Context, window time.Duration) backend.Sample {
	out := s.NVML.Sample(ctx, window)
	host := &schema.WSLHost{State: StateOff}
	out.WSL = host
	if s.Stream == nil {
		host.Reason = schema.Ptr(s.OffReason)
		return out
	}
	hs, state, err := s.Stream.Latest()
	host.State = state
	if err != nil {
		host.Reason = schema.Ptr(err.Error())
	}
	if hs == nil {
		return out
	}
	procs, adapters, bad := wddm.Account(hs.Counters)
	if bad > 0 {
		out.Sources = append(out.Sources, schema.Failed("wsl.host", fmt.Errorf("%d host counter values were unreadable and skipped", bad)))
	} else {
		out.Sources = append(out.Sources, schema.OK("wsl.host"))
	}
	nvmlRows := map[[2]int]backend.ProcessUsage{}
	for _, u := range out.Usage {
		nvmlRows[[2]int{u.DeviceIndex, u.PID}] = u
	}
	var usage []backend.ProcessUsage
	for _, d := range out.Devices {
		wd := schema.WSLDevice{Index: d.Index}
		if d.MemoryUsedBytes != nil {
			if luid, ok := PairAdapter(*d.MemoryUsedBytes, adapters); ok {
				wd.AdapterLUID = &luid
				usage = append(usage, adapterRows(&wd, procs, nvmlRows)...)
			}
		}
		host.Devices = append(host.Devices, wd)
	}
	// NVML rows the host counters did not name (an unmatched adapter, a
	// process with engine samples only) stay as they were.
	for _, u := range out.Usage {
		if _, left := nvmlRows[[2]int{u.DeviceIndex, u.PID}]; left {
			usage = append(usage, u)
		}
	}
	out.Usage = usage
	return out
}

// adapterRows are the host counters' rows of wd's adapter, which replace
// the device's NVML rows (their SM load is kept where the host has none;
// used rows leave nvmlRows). The VM workers among them label wd: one is
// the WSL VM, and its guest contexts are wd's.
func adapterRows(wd *schema.WSLDevice, procs []wddm.Process, nvmlRows map[[2]int]backend.ProcessUsage) []backend.ProcessUsage {
	var rows []backend.ProcessUsage
	var workers []wddm.Process
	for _, p := range procs {
		if p.LUID != *wd.AdapterLUID {
			continue
		}
		u := hostRow(wd.Index, p)
		if n, ok := nvmlRows[[2]int{wd.Index, p.PID}]; ok {
			if u.SMUtilPercent == nil {
				u.SMUtilPercent = n.SMUtilPercent
			}
			delete(nvmlRows, [2]int{wd.Index, p.PID})
		}
		if strings.EqualFold(p.Name, "vmwp.exe") {
			workers = append(workers, p)
		}
		rows = append(rows, u)
	}
	note := NoteWSLVM
	wd.Label = "WSL VM"
	if len(workers) > 1 {
		wd.Label, note = "VM worker", NoteVMWorker
	}
	for i := range rows {
		if rows[i].Name != nil && strings.EqualFold(*rows[i].Name, "vmwp.exe") {
			rows[i].Notes = append(rows[i].Notes, note)
		}
	}
	if len(workers) == 1 {
		wd.VMWorkerPID = schema.Ptr(workers[0].PID)
		wd.Contexts = workers[0].Contexts
	}
	return rows
}

func hostRow(dev int, p wddm.Process) backend.ProcessUsage {
	u := backend.ProcessUsage{
		PID: p.PID, DeviceIndex: dev, Kinds: []string{"wddm"},
		VRAMBytes: p.VRAM, SpillBytes: p.Spill, PagedBytes: p.Paged,
		SMUtilPercent:      p.EngineClass("3D", "Compute"),
		EncoderUtilPercent: p.EngineClass("VideoEncode"),
		DecoderUtilPercent: p.EngineClass("VideoDecode"),
		GPUUtilPercent:     p.GPUPercent(),
	}
	if p.Name != "" {
		u.Name = schema.Ptr(p.Name)
	}
	if p.Fallback {
		u.Notes = append(u.Notes, NoteFallbackCounters)
	}
	return u
}
