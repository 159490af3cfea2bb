package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/internal/schema"
)

// processSection is who the process is: identity, command line, category,
// container or Kubernetes pod, and the ports it listens on.
func processSection(p *schema.Process) Section {
	s := Section{Title: "Process"}
	s.Rows = append(s.Rows,
		Row{Label: "PID", Value: pidText(p)},
		Row{Label: "User", Value: FormatString(p.User)},
		Row{Label: "Started", Value: timeText(p)},
		Row{Label: "Parent", Value: intText(p.PPID)},
		Row{Label: "Executable", Value: FormatString(p.Exe)},
		Row{Label: "Directory", Value: FormatString(p.Cwd)},
		// Cmdline is the command line the snapshot carries, secrets masked;
		// the raw argv never reaches a report.
		Row{Label: "Command", Value: CommandLine(p.Cmdline)},
		Row{Label: "Category", Value: FormatString(p.Category)},
	)
	if p.Container != nil {
		s.Rows = append(s.Rows, Row{Label: "Container", Value: *p.Container})
	}
	// The Kubernetes pod, named from the node's kubelet folders; n/a for a
	// name they do not give.
	if p.PodUID != nil {
		s.Rows = append(s.Rows, Row{Label: "Namespace", Value: FormatString(p.Namespace)}, Row{Label: "Pod", Value: FormatString(p.Pod)},
			Row{Label: "Pod container", Value: FormatString(p.ContainerName)}, Row{Label: "Pod UID", Value: *p.PodUID})
	}
	if len(p.ListenPorts) > 0 {
		ports := make([]string, len(p.ListenPorts))
		for k, port := range p.ListenPorts {
			ports[k] = strconv.Itoa(port)
		}
		s.Rows = append(s.Rows, Row{Label: "Listening", Value: "TCP " + strings.Join(ports, ", ")})
	}
	return s
}

func pidText(p *schema.Process) string {
	if p.HostPID != nil {
		return fmt.Sprintf("%s (the driver lists host PID %d for it)", p.PIDLabel, *p.HostPID)
	}
	switch {
	case strings.HasPrefix(p.PIDLabel, "H:"):
		return p.PIDLabel + " (a host PID, seen from a container)"
	case strings.HasPrefix(p.PIDLabel, "W:"):
		return p.PIDLabel + " (a Windows PID, seen from WSL)"
	}
	return p.PIDLabel
}

func timeText(p *schema.Process) string {
	if p.StartTime == nil {
		return NA
	}
	return p.StartTime.Local().Format("2006-01-02 15:04:05")
}

func intText(v *int) string {
	if v == nil {
		return NA
	}
	return strconv.Itoa(*v)
}

// countersSection lists each measured counter with its provenance, and a
// size whose owner was inferred beside it, never in it.
func countersSection(snap *schema.Snapshot, p *schema.Process) Section {
	s := Section{Title: "GPU counters"}
	s.Rows = append(s.Rows, Row{Label: "GPU", Value: gpuText(snap, p)},
		provRow("VRAM", FormatBytes(p.VRAMBytes), Measured))
	if p.VRAMInferredBytes != nil {
		prov := Inferred + " (owner matched by evidence; not in measured totals)"
		if p.VRAMInferredBy != nil && *p.VRAMInferredBy == schema.Guess {
			prov = Guessed + " (owner guessed; not in measured totals)"
		}
		s.Rows = append(s.Rows, provRow("VRAM (attributed)", FormatBytes(p.VRAMInferredBytes), prov))
	}
	// Engine activity in one row, Spill and Paged in another: each
	// reading unknown on its own is n/a.
	act := []string{}
	allNA := true
	for _, e := range []struct {
		name string
		v    *float64
	}{{"GPU", p.GPUUtilPercent}, {"SM", p.SMUtilPercent}, {"enc", p.EncoderUtilPercent}, {"dec", p.DecoderUtilPercent}} {
		act = append(act, e.name+" "+FormatPercent(e.v))
		allNA = allNA && e.v == nil
	}
	activity := Row{Label: "Activity", Value: NA}
	if !allNA {
		activity = provRow("Activity", strings.Join(act, " · "), Measured)
	}
	// Spill and paged have a source each, so the value names both.
	mem := NA
	if p.SpillBytes != nil || p.PagedBytes != nil {
		mem = "spill " + provRow("", FormatBytes(p.SpillBytes), Measured).Text() +
			" · paged " + provRow("", FormatBytes(p.PagedBytes), Estimated).Text()
	}
	cpu := NA
	if p.CPUPercent != nil {
		cpu = FormatPercent(p.CPUPercent) + " of all CPUs"
	}
	s.Rows = append(s.Rows, activity)
	s.Rows = append(s.Rows, energyRows(p)...)
	s.Rows = append(s.Rows, Row{Label: "Spill / paged", Value: mem},
		provRow("CPU", cpu, Measured),
		provRow("Resident RAM", FormatBytes(p.RSSBytes), Measured))
	return s
}

// gpuText names the process's GPU: its index, the device's name when the
// snapshot has several (the window's header names a lone one), its MIG
// instance and the driver's process types.
func gpuText(snap *schema.Snapshot, p *schema.Process) string {
	if p.DeviceIndex == nil {
		return "none listed by the driver now"
	}
	gpu := fmt.Sprintf("GPU %d", *p.DeviceIndex)
	if snap != nil && len(snap.Devices) > 1 {
		for _, d := range snap.Devices {
			if d.Index == *p.DeviceIndex && d.Name != nil {
				gpu += " · " + *d.Name
			}
		}
	}
	if p.GPUInstanceID != nil {
		gpu += fmt.Sprintf(" · MIG GI %d", *p.GPUInstanceID)
		if p.ComputeInstanceID != nil {
			gpu += fmt.Sprintf(" CI %d", *p.ComputeInstanceID)
		}
	}
	if len(p.GPUProcessTypes) > 0 {
		gpu += " (" + strings.Join(p.GPUProcessTypes, ", ") + ")"
	}
	return gpu
}
