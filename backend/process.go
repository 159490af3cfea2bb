package backend

import (
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// ProcessSource looks up OS details of a process by PID.
type ProcessSource interface {
	// Lookup never fails: what cannot be read is nil, and Exists and
	// Restricted say why.
	Lookup(pid int) ProcessInfo
	// Forget drops cached details of every PID not in keep.
	Forget(keep map[int]bool)
	// Health says whether the source can be read at all.
	Health() schema.SourceStatus
}

// ProcessInfo is what the OS says about one process. Nil fields could not be
// read (the process belongs to another user, or vanished).
type ProcessInfo struct {
	PID     int
	Name    *string
	Exe     *string
	Cmdline []string // nil when unreadable; empty for kernel threads
	// CmdlineTruncated: the command line was longer than the reader's cap
	// and Cmdline holds only its start (the last argument may be cut).
	CmdlineTruncated bool
	User             *string
	StartTime        *time.Time
	PPID             *int
	Cwd              *string
	// Container names the container the process runs in, as
	// "runtime:short-id" from its cgroup; nil outside containers.
	Container *string
	// Pod is the Kubernetes pod the process runs in, from its cgroup and
	// the node's kubelet log folders; nil outside a pod.
	Pod *Pod
	// Exists is false when the process is not visible: it exited, or it
	// lives in a PID namespace we cannot see.
	Exists bool
	// Restricted is true when permissions hid some details; root (or the
	// process's owner) can see more.
	Restricted bool
	// Exited is true for a zombie: the process has exited and its parent
	// has not reaped it yet. Its details are those read while it ran, or
	// nil; the kernel no longer has its command line or memory maps.
	Exited bool
}

// Pod is a Kubernetes pod and container a process runs in. The UID and
// container ID come from the process's cgroup; names from the kubelet's
// log folders on the node, nil when they could not be read.
type Pod struct {
	UID         string
	ContainerID string // full ID as the runtime names its cgroup
	Namespace   *string
	Name        *string
	Container   *string
}

// Host modes, as in the snapshot's host.mode.
const (
	ModeNative    = "native"
	ModeContainer = "container"
	ModeWSL       = "wsl"
	ModeWindows   = "windows"
	ModeMacOS     = "macos"
)

// Host is what we know about the machine we run on.
type Host struct {
	OS       string
	Mode     string
	Hostname *string
	// SharesHostPIDs is true when the GPU driver's PIDs are in our PID
	// namespace and can be looked up locally. In a container with its own
	// PID namespace, or under WSL where NVML reports Windows PIDs, they
	// cannot.
	SharesHostPIDs bool
}

// ProcessResources is a process's CPU load and resident memory as the OS
// counts them. Nil is unknown.
type ProcessResources struct {
	// CPUPercent is the process's share of all logical CPUs since the
	// previous reading of the same process, 0–100 (a process keeping one
	// of 16 cores busy is 6.25). Nil on the first reading.
	CPUPercent *float64
	// RSSBytes is resident memory: RAM the process holds now (a model
	// partly offloaded to the CPU is here, not in VRAM).
	RSSBytes *uint64
}

// ResourceReader is implemented by process sources that can also read CPU
// load and resident memory. Readings are differences, so a reader keeps
// the previous one per process (PID and start time) until Forget.
type ResourceReader interface {
	Resources(pid int) ProcessResources
}
