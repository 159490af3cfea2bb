// Package snapshot is gtm's data model: the Snapshot and its JSON schema
// (docs/json.md). A Snapshot is plain data: it can be written, read back,
// diffed and rendered the same whether live or replayed.
package snapshot

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/gputaskman/gtm/app/escape"

	"github.com/gputaskman/gtm/internal/schema"
)

// SchemaVersion is the snapshot schema's version. Any breaking change to the
// JSON (a renamed or retyped key) needs a new version; docs/json.md
// documents it and testdata/snapshot.golden.json guards it.
const SchemaVersion = 1

// Snapshot is everything gtm knows at one moment.
type Snapshot struct {
	SchemaVersion int       `json:"schema_version"`
	Tool          Tool      `json:"tool"`
	TakenAt       time.Time `json:"taken_at"`
	Host          Host      `json:"host"`
	// System is the machine's CPU load, RAM and swap beside the GPUs;
	// null when not read (a platform without the reader, an older capture).
	System    *schema.System  `json:"system"`
	Devices   []schema.Device `json:"devices"`
	Processes []Process       `json:"processes"`
	// ServedModels are the models a server holds across several processes
	// or devices (an API process and one worker per GPU, a model split
	// over two GPUs), one entry each; absent when there are none.
	ServedModels []ServedModel         `json:"served_models,omitempty"`
	Sources      []schema.SourceStatus `json:"sources"`
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
	WSL *schema.WSLHost `json:"wsl"`
}

// Process is one process's use of one device, joined with what the OS says
// about it. A process on two GPUs has two rows.
type Process struct {
	PID int `json:"pid"`
	// PIDLabel is the PID as shown to people: plain for our own PID
	// namespace, "H:<pid>" for a host PID seen from a container, "W:<pid>"
	// for a Windows PID seen from WSL.
	PIDLabel string `json:"pid_label"`
	// HostPID is the driver's (host) PID of a row paired with a process
	// of this container (vram_inferred_by says how); null elsewhere.
	HostPID   *int       `json:"host_pid"`
	Name      *string    `json:"name"`
	Exe       *string    `json:"exe"`
	Cmdline   []string   `json:"cmdline"`
	User      *string    `json:"user"`
	StartTime *time.Time `json:"start_time"`
	PPID      *int       `json:"ppid"`
	Cwd       *string    `json:"cwd"`
	// Container is the container the process runs in ("docker:3f2a1b9c0d1e"),
	// seen from the host; null when it is in none or cannot be told.
	Container *string `json:"container"`
	// Namespace, Pod and ContainerName name the Kubernetes pod and
	// container the process runs in, read from the node's kubelet log
	// folders; PodUID is the pod's UID from its cgroup. All null outside a
	// pod; in a pod whose names could not be read, the names are null, the
	// UID is kept and a note says why.
	Namespace     *string `json:"namespace"`
	Pod           *string `json:"pod"`
	PodUID        *string `json:"pod_uid"`
	ContainerName *string `json:"container_name"`
	// DeviceIndex is the device this row is about; null only in
	// `gtm inspect` for a process that uses no GPU now.
	DeviceIndex *int `json:"device_index"`
	// GPUProcessTypes names the driver's lists that hold the process:
	// "compute", "graphics", "mps" (nvidia-smi's C / G / M+C).
	GPUProcessTypes []string `json:"gpu_process_types"`
	// GPUInstanceID and ComputeInstanceID place the process in a MIG
	// instance of its device; null when the device is not in MIG mode.
	GPUInstanceID     *int `json:"gpu_instance_id"`
	ComputeInstanceID *int `json:"compute_instance_id"`

	// VRAMBytes is measured by the driver. VRAMInferredBytes is a size
	// whose owner was matched by evidence (never added to measured
	// totals); VRAMInferredBy says how (Matched or Guess).
	VRAMBytes         *uint64     `json:"vram_bytes"`
	VRAMInferredBytes *uint64     `json:"vram_inferred_bytes"`
	VRAMInferredBy    *Provenance `json:"vram_inferred_by"`
	SpillBytes        *uint64     `json:"spill_bytes"`
	PagedBytes        *uint64     `json:"paged_bytes"`

	GPUUtilPercent     *float64 `json:"gpu_util_percent"`
	SMUtilPercent      *float64 `json:"sm_util_percent"`
	EncoderUtilPercent *float64 `json:"encoder_util_percent"`
	DecoderUtilPercent *float64 `json:"decoder_util_percent"`

	// CPUPercent is the process's share of all logical CPUs since the
	// previous refresh (null on the first), RSSBytes its resident RAM:
	// measured by the OS. A model partly offloaded to the CPU shows here.
	CPUPercent *float64 `json:"cpu_percent"`
	RSSBytes   *uint64  `json:"rss_bytes"`

	// Category, Runtimes and Models come from the inspector; null means
	// the process has not been inspected (yet, or at all: another PID
	// namespace, unreadable maps), not that nothing was found.
	Category *string          `json:"category"`
	Runtimes []schema.Runtime `json:"runtimes"`
	Models   []schema.Model   `json:"models"`

	// LLM is the memory breakdown and live state of an LLM process (null
	// for others): weights / KV cache / compute / output / other, each
	// reported or estimated, with n_ctx and where it came from.
	LLM *schema.LLM `json:"llm"`
	// App is what an app adapter read (Handy's selected model and its
	// logged model events); null for other processes.
	App *schema.AppState `json:"app"`

	// ListenPorts are the TCP ports the process listens on, read for an
	// AI process's server probes; absent when not read. They let `gtm
	// diff` follow a server that restarted under a new PID.
	ListenPorts []int `json:"listen_ports,omitempty"`

	// Notes explain missing details ("root can see more", "exited").
	Notes []string `json:"notes"`

	// Argv is the command line as the OS gave it, secrets included, for
	// the inspector; Cmdline is what is shown and written. Never written
	// to JSON.
	Argv []string `json:"-"`
	// Exited marks a zombie: nothing left in it to inspect. Not written.
	Exited bool `json:"-"`
}

// ServedModel is one model served by several processes, or on several
// devices: its server's API process and the workers holding its GPU
// memory. VRAMBytes adds the members' measured rows only; the parts of
// each member (weights, KV cache, ...) are in that process's llm block.
type ServedModel struct {
	Server string `json:"server"`
	// Model names the model as the server's API, its log or its command
	// line does (llm.model_id), else its main model file; null when
	// nothing names it.
	Model *string `json:"model"`
	// APIPID is the process serving the API; null when none was found.
	APIPID    *int            `json:"api_pid"`
	Processes []ServedProcess `json:"processes"`
	// Devices are the devices its processes hold memory on, sorted.
	Devices []int `json:"devices"`
	// VRAMBytes is the measured VRAM of all its processes on all devices;
	// null when none was measured.
	VRAMBytes *uint64 `json:"vram_bytes"`
}

// ServedProcess is one process of a served model on one device (a
// process on two devices is listed twice, as in processes).
type ServedProcess struct {
	PID         int     `json:"pid"`
	Role        string  `json:"role"` // api, worker
	Rank        *int    `json:"rank"`
	DeviceIndex *int    `json:"device_index"` // null: the process holds no GPU memory
	VRAMBytes   *uint64 `json:"vram_bytes"`   // measured; null when not
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
		out.Devices = []schema.Device{}
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

// OnDevice reports whether the row is about device index.
func (p *Process) OnDevice(index int) bool { return p.DeviceIndex != nil && *p.DeviceIndex == index }

// NoGPUMessage explains, in one line, why a snapshot has no devices, or
// returns "" when it has some. The reason is the GPU source's own error
// (e.g. no NVIDIA driver).
func (s *Snapshot) NoGPUMessage() string {
	if len(s.Devices) > 0 {
		return ""
	}
	for _, src := range s.Sources {
		if !src.OK && src.Error != nil {
			return fmt.Sprintf("No GPU to show: %s.", escape.Text(*src.Error))
		}
	}
	return "No GPU to show: the driver reports no devices."
}
