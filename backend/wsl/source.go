package wsl

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/wddm"
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
	host := &backend.WSLHost{State: StateOff}
	out.WSL = host
	if s.Stream == nil {
		host.Reason = backend.Ptr(s.OffReason)
		return out
	}
	hs, state, err := s.Stream.Latest()
	host.State = state
	if err != nil {
		host.Reason = backend.Ptr(err.Error())
	}
	if hs == nil {
		return out
	}
	procs, adapters, bad := wddm.Account(hs.Counters)
	if bad > 0 {
		out.Sources = append(out.Sources, backend.Failed("wsl.host", fmt.Errorf("%d host counter values were unreadable and skipped", bad)))
	} else {
		out.Sources = append(out.Sources, backend.OK("wsl.host"))
	}
	nvmlRows := map[[2]int]backend.ProcessUsage{}
	for _, u := range out.Usage {
		nvmlRows[[2]int{u.DeviceIndex, u.PID}] = u
	}
	var usage []backend.ProcessUsage
	for _, d := range out.Devices {
		wd := backend.WSLDevice{Index: d.Index}
		if d.MemoryUsedBytes != nil {
			if luid, ok := PairAdapter(*d.MemoryUsedBytes, adapters); ok {
				wd.AdapterLUID = &luid
			}
		}
		if wd.AdapterLUID != nil {
			var workers []wddm.Process
			for _, p := range procs {
				if p.LUID != *wd.AdapterLUID {
					continue
				}
				u := hostRow(d.Index, p)
				if n, ok := nvmlRows[[2]int{d.Index, p.PID}]; ok {
					if u.SMUtilPercent == nil {
						u.SMUtilPercent = n.SMUtilPercent
					}
					delete(nvmlRows, [2]int{d.Index, p.PID})
				}
				if strings.EqualFold(p.Name, "vmwp.exe") {
					workers = append(workers, p)
				}
				usage = append(usage, u)
			}
			label := "WSL VM"
			if len(workers) > 1 {
				label = "VM worker"
			}
			for i := range usage {
				if usage[i].DeviceIndex == d.Index && usage[i].Name != nil && strings.EqualFold(*usage[i].Name, "vmwp.exe") {
					if label == "WSL VM" {
						usage[i].Notes = append(usage[i].Notes, NoteWSLVM)
					} else {
						usage[i].Notes = append(usage[i].Notes, NoteVMWorker)
					}
				}
			}
			wd.Label = label
			if len(workers) == 1 {
				wd.VMWorkerPID = backend.Ptr(workers[0].PID)
				wd.Contexts = workers[0].Contexts
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
		u.Name = backend.Ptr(p.Name)
	}
	if p.Fallback {
		u.Notes = append(u.Notes, NoteFallbackCounters)
	}
	return u
}
