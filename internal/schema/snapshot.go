package schema

import (
	"encoding/json"
	"io"
	"time"
)

// SchemaVersion is the snapshot schema's version. Any breaking change to the
// JSON (a renamed or retyped key) needs a new version; docs/json.md
// documents it and app/snapshot/testdata/snapshot.golden.json guards it.
const SchemaVersion = 1

// Snapshot is everything gtm knows at one moment.
type Snapshot struct {
	SchemaVersion int       `json:"schema_version"`
	Tool          Tool      `json:"tool"`
	TakenAt       time.Time `json:"taken_at"`
	Host          Host      `json:"host"`
	// System is the machine's CPU load, RAM and swap beside the GPUs;
	// null when not read (a platform without the reader, an older capture).
	System    *System   `json:"system"`
	Devices   []Device  `json:"devices"`
	Processes []Process `json:"processes"`
	// ServedModels are the models a server holds across several processes
	// or devices (an API process and one worker per GPU, a model split
	// over two GPUs), one entry each; absent when there are none.
	ServedModels []ServedModel  `json:"served_models,omitempty"`
	Sources      []SourceStatus `json:"sources"`
	// Redacted is true for a snapshot made safe to post (Redact): no
	// command lines, paths cut to base names, user and host names
	// replaced. Absent otherwise.
	Redacted bool `json:"redacted,omitempty"`
	// Synthetic is true for a snapshot built by a generator from
	// documented counter behaviour rather than read from a machine (the
	// demo capture). Absent otherwise.
	Synthetic bool `json:"synthetic,omitempty"`
	// Demo is true for recorded demo data shown instead of this
	// machine's (gtm --demo). Absent otherwise.
	Demo bool `json:"demo,omitempty"`
}

// Tool names the program that took the snapshot.
type Tool struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Host is the machine the snapshot was taken on.
type Host struct {
	OS       string  `json:"os"`
	Mode     string  `json:"mode"`
	Hostname *string `json:"hostname"`
	// WSL is the Windows host counters' state under WSL: on / starting /
	// failed / off (with the reason), and each device's host adapter and
	// VM worker. Null outside WSL.
	WSL *WSLHost `json:"wsl"`
}

// WriteJSON writes the snapshot as indented JSON with a trailing newline.
func (s *Snapshot) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// OnlyDevice returns a copy of the snapshot with just one device and its
// processes.
func (s *Snapshot) OnlyDevice(index int) *Snapshot {
	out := *s
	out.Devices = nil
	for _, d := range s.Devices {
		if d.Index == index {
			out.Devices = append(out.Devices, d)
		}
	}
	out.Processes = nil
	for _, p := range s.Processes {
		if p.OnDevice(index) {
			out.Processes = append(out.Processes, p)
		}
	}
	if out.Devices == nil {
		out.Devices = []Device{}
	}
	if out.Processes == nil {
		out.Processes = []Process{}
	}
	return &out
}

// MeasuredVRAM adds the driver-measured VRAM of the processes on one device.
// Inferred and estimated sizes are never part of it (docs/design.md, evidence rule 3); known
// is false when no process on the device had a measured size.
func (s *Snapshot) MeasuredVRAM(deviceIndex int) (total uint64, known bool) {
	for _, p := range s.Processes {
		if p.OnDevice(deviceIndex) && p.VRAMBytes != nil {
			total += *p.VRAMBytes
			known = true
		}
	}
	return total, known
}
