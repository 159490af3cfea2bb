package schema

import "time"

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
	// VRAMTrend is where VRAMBytes is heading (inferred; null with too
	// little history).
	VRAMTrend  *Trend  `json:"vram_trend"`
	SpillBytes *uint64 `json:"spill_bytes"`
	// SpillTrend is where SpillBytes is heading (inferred, as VRAMTrend);
	// Spilling says the process is spilling into shared memory now: its
	// spill rising while its GPU is nearly full (null otherwise).
	SpillTrend *Trend    `json:"spill_trend"`
	Spilling   *Pressure `json:"spilling"`
	PagedBytes *uint64   `json:"paged_bytes"`

	GPUUtilPercent     *float64 `json:"gpu_util_percent"`
	SMUtilPercent      *float64 `json:"sm_util_percent"`
	EncoderUtilPercent *float64 `json:"encoder_util_percent"`
	DecoderUtilPercent *float64 `json:"decoder_util_percent"`

	// CPUPercent is the process's share of all logical CPUs since the
	// previous refresh (null on the first), RSSBytes its resident RAM:
	// measured by the OS. A model partly offloaded to the CPU shows here.
	CPUPercent *float64 `json:"cpu_percent"`
	RSSBytes   *uint64  `json:"rss_bytes"`
	// RSSTrend is where RSSBytes is heading, for a process that offloads a
	// model to host memory (llm.host set); null for others and with too
	// little history (inferred).
	RSSTrend *Trend `json:"rss_trend"`
	// Power is the process's estimated share of its GPU's power and its
	// energy so far (docs/energy.md).
	Power *ProcessPower `json:"power"`

	// Category, Runtimes and Models come from the inspector; null means
	// the process has not been inspected (yet, or at all: another PID
	// namespace, unreadable maps), not that nothing was found.
	Category *string   `json:"category"`
	Runtimes []Runtime `json:"runtimes"`
	Models   []Model   `json:"models"`

	// LLM is the memory breakdown and live state of an LLM process (null
	// for others): weights / KV cache / compute / output / other, each
	// reported or estimated, with n_ctx and where it came from.
	LLM *LLM `json:"llm"`
	// App is what an app adapter read (Handy's selected model and its
	// logged model events); null for other processes.
	App *AppState `json:"app"`

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

// OnDevice reports whether the row is about device index.
func (p *Process) OnDevice(index int) bool {
	return p.DeviceIndex != nil && *p.DeviceIndex == index
}

// Provenance says how the owner of a size that was not measured for its
// row was told (Process.VRAMInferredBy): the JSON strings "matched" and
// "guess". Such sizes are shown, never added to measured totals.
type Provenance string

const (
	// Matched (shown "*"): the evidence fits only one owner.
	Matched Provenance = "matched"
	// Guess (shown "?"): a heuristic pairing, e.g. by start order.
	Guess Provenance = "guess"
)

// Process categories, as the table and JSON show them.
const (
	CategoryAI         = "AI"
	CategoryGraphics   = "3D/game"
	CategoryBrowser    = "browser"
	CategoryCompositor = "compositor"
	CategoryVideo      = "video"
	CategoryDecision   = "decision?"
	CategoryOther      = "other"
)
