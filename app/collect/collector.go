// Package collect takes snapshots: the Collector joins a GPU backend's
// readings with OS process details and the inspector's findings, and the
// Runner drives any Provider on a schedule.
package collect

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/gputaskman/gtm/app/energy"
	"github.com/gputaskman/gtm/app/secrets"
	"github.com/gputaskman/gtm/app/snapshot"
	"github.com/gputaskman/gtm/app/trend"
	"github.com/gputaskman/gtm/app/wslmatch"
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/internal/schema"
)

// Collector joins a GPU backend's readings with OS process details into
// Snapshots. It is safe for one goroutine at a time; a Runner drives it
// on a schedule.
type Collector struct {
	GPU   backend.GPU
	Procs backend.ProcessSource // nil where the OS gives no process details
	// Evidence finds runtimes and models in processes; nil leaves them
	// null (not inspected).
	Evidence Evidence
	// System reads the machine's CPU, RAM and swap; nil leaves the
	// snapshot's system null.
	System  backend.SystemReader
	Host    backend.Host
	Version string
	// Window is how far back per-process engine samples may reach on the
	// first refresh; normally the refresh interval.
	Window time.Duration
	Now    func() time.Time
	// Containers lists our processes that have libcuda mapped; in a
	// container of our own PID namespace they are paired with the driver's
	// host PIDs (see ContainerMatcher). Nil leaves those rows as H:<pid>.
	Containers ContainerGPUProcesses
	matcher    ContainerMatcher
	// WSL lists the Linux processes holding /dev/dxg under WSL; they are
	// sized by matching the VM worker's GPU contexts (see wslmatch).
	WSL WSLProcesses
	// WSLHints are foreign context sizes cached per WSL boot; nil for
	// none. WSLSelf is our own PID, which holds /dev/dxg too.
	WSLHints     *wslmatch.Hints
	WSLHintsPath string
	WSLSelf      int
	wslMatch     *wslmatch.Matcher
	// Trends fills each snapshot's inferred VRAM trends and forecasts
	// from the readings of the refreshes before it; nil leaves them null.
	Trends *trend.Annotator
	// Energy splits each device's power among idle, its processes and
	// what none explains, and integrates it (docs/energy.md); nil leaves
	// the energy blocks as the backend gave them.
	Energy *energy.Annotator

	mu sync.Mutex
}

// Evidence is what the collector asks of an evidence gatherer
// (inspect.Inspector, inspect.ModuleInspector): findings for many
// processes within the scan budget, a fresh scan of one, and the LLM
// breakdown of a finding. Scans stop and server probes end when ctx does,
// and probes are charged to the budget ctx carries.
type Evidence interface {
	Refresh(ctx context.Context, targets []inspect.Target) map[int]inspect.Finding
	Inspect(t inspect.Target) inspect.Finding
	Enrich(ctx context.Context, t inspect.Target, f inspect.Finding, measuredVRAM *uint64) (inspect.Finding, *schema.LLM)
}

// Notes attached to process rows; tests and the GUI refer to them.
const (
	NoteOtherNamespace = "PID is from outside this PID namespace (host or another container); it cannot be looked up here"
	NoteWindowsPID     = "Windows PID reported through WSL; it cannot be looked up in Linux"
	NoteNotVisible     = "process is not visible in /proc: it exited, or is hidden from this user"
	NoteRestricted     = "some details are hidden by permissions; run as root (or as the process's owner) to see more"
	NoteExited         = "process has exited; its parent has not reaped it yet (zombie), so the driver may still list its memory"
	NoteContainerGuess = "owner guessed: the GPU driver lists a different number of processes than this container has with libcuda mapped, so pairing host PIDs by creation order is a heuristic (?)"
	NoteCmdlineCut     = "command line truncated: only its first 128 KiB were read"
	NotePodUnnamed     = "in a Kubernetes pod (pod_uid), but the kubelet's /var/log/pods or /var/log/containers under --host-root does not name it or its container (--cri-socket asks the container runtime)"
)

// Windows' versions of NoteRestricted (the way up is an administrator,
// not root) and NoteNotVisible (Toolhelp lists every process, so one
// missing has exited).
const (
	NoteRestrictedWindows = "some details are hidden by permissions; run gtm as administrator to see more"
	NoteNotVisibleWindows = "process is not in Windows' process list: it has exited"
)

// Collect takes one snapshot. Ending ctx (gtm quitting) cuts the
// inspector's scans and server probes short; one refresh's server probes
// share one time budget (inspect.ProbeBudget).
func (c *Collector) Collect(ctx context.Context) *schema.Snapshot {
	c.mu.Lock()
	defer c.mu.Unlock()
	ctx = inspect.WithProbeBudget(ctx)
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	snap := &schema.Snapshot{
		SchemaVersion: schema.SchemaVersion,
		Tool:          schema.Tool{Name: "gtm", Version: c.Version},
		Host:          schema.Host{OS: c.Host.OS, Mode: c.Host.Mode, Hostname: c.Host.Hostname},
		Devices:       []schema.Device{},
		Processes:     []schema.Process{},
		Sources:       []schema.SourceStatus{},
	}
	if c.GPU != nil {
		sample := c.GPU.Sample(ctx, c.window())
		if sample.Devices != nil {
			snap.Devices = sample.Devices
		}
		snap.Sources = append(snap.Sources, sample.Sources...)
		snap.Processes = c.joinProcesses(ctx, sample.Usage)
		if sample.WSL != nil {
			snap.Host.WSL = sample.WSL
			snap.Processes = append(snap.Processes, c.wslLinuxRows(ctx, sample.WSL, len(sample.Devices))...)
			sortProcesses(snap.Processes)
		}
	}
	snap.ServedModels = snapshot.GroupServed(snap.Processes)
	if c.Procs != nil {
		snap.Sources = append(snap.Sources, c.Procs.Health())
	}
	if c.System != nil {
		sys, src := c.System.ReadSystem(ctx)
		snap.System = &sys
		snap.Sources = append(snap.Sources, src)
	}
	snap.TakenAt = now().UTC().Truncate(time.Millisecond)
	if c.Trends != nil {
		c.Trends.Annotate(snap)
	}
	if c.Energy != nil {
		c.Energy.Annotate(snap)
	}
	return snap
}

func (c *Collector) joinProcesses(ctx context.Context, usage []backend.ProcessUsage) []schema.Process {
	out := make([]schema.Process, 0, len(usage))
	keep := make(map[int]bool, len(usage))
	pairs := c.pairContainerPIDs(usage)
	// CPU load is a difference between readings: read each PID once per
	// refresh, however many GPUs it uses.
	resources := map[int]backend.ProcessResources{}
	addResources := func(p *schema.Process) {
		r, ok := resources[p.PID]
		if !ok {
			r = c.resources(p.PID)
			resources[p.PID] = r
		}
		p.CPUPercent, p.RSSBytes = r.CPUPercent, r.RSSBytes
	}
	for _, u := range usage {
		p := usageRow(u)
		switch {
		case c.Host.Mode == backend.ModeWSL && !c.Host.SharesHostPIDs:
			p.PIDLabel = "W:" + p.PIDLabel
			p.Name = u.Name
			p.Notes = append(p.Notes, NoteWindowsPID)
		case !c.Host.SharesHostPIDs && pairs[u.PID].By != "":
			pair := pairs[u.PID]
			p.HostPID = schema.Ptr(u.PID)
			p.PID, p.PIDLabel = pair.Local.PID, strconv.Itoa(pair.Local.PID)
			// The size is the driver's; its owner is inferred, so it is
			// never part of a measured total.
			p.VRAMBytes, p.VRAMInferredBytes, p.VRAMInferredBy = nil, u.VRAMBytes, schema.Ptr(pair.By)
			if pair.By == schema.Guess {
				p.Notes = append(p.Notes, NoteContainerGuess)
			}
			if c.Procs != nil {
				keep[p.PID] = true
				c.addDetails(&p, c.Procs.Lookup(p.PID))
				addResources(&p)
			}
		case !c.Host.SharesHostPIDs:
			p.PIDLabel = "H:" + p.PIDLabel
			p.Notes = append(p.Notes, NoteOtherNamespace)
		case c.Procs != nil:
			keep[u.PID] = true
			c.addDetails(&p, c.Procs.Lookup(u.PID))
			addResources(&p)
		}
		out = append(out, p)
	}
	if c.Procs != nil {
		c.Procs.Forget(keep)
	}
	c.inspect(ctx, out)
	sortProcesses(out)
	return out
}

// usageRow is the row of one process on one device, from the driver's
// reading alone: no OS details, no inspection.
func usageRow(u backend.ProcessUsage) schema.Process {
	p := schema.Process{
		PID:                u.PID,
		PIDLabel:           strconv.Itoa(u.PID),
		DeviceIndex:        &u.DeviceIndex,
		GPUProcessTypes:    u.Kinds,
		VRAMBytes:          u.VRAMBytes,
		SMUtilPercent:      u.SMUtilPercent,
		EncoderUtilPercent: u.EncoderUtilPercent,
		DecoderUtilPercent: u.DecoderUtilPercent,
		GPUUtilPercent:     busiestEngine(u.SMUtilPercent, u.EncoderUtilPercent, u.DecoderUtilPercent),
		SpillBytes:         u.SpillBytes,
		PagedBytes:         u.PagedBytes,
		GPUInstanceID:      u.GPUInstanceID,
		ComputeInstanceID:  u.ComputeInstanceID,
		Notes:              append([]string{}, u.Notes...),
	}
	if u.GPUUtilPercent != nil {
		p.GPUUtilPercent = u.GPUUtilPercent
	}
	return p
}

// pairContainerPIDs pairs the driver's host PIDs with our processes that
// have libcuda mapped, when we run in our own PID namespace (not WSL, whose
// PIDs are Windows').
func (c *Collector) pairContainerPIDs(usage []backend.ProcessUsage) map[int]Pairing {
	if c.Host.SharesHostPIDs || c.Host.Mode == backend.ModeWSL || c.Containers == nil {
		return nil
	}
	hosts := make([]int, 0, len(usage))
	for _, u := range usage {
		hosts = append(hosts, u.PID)
	}
	return c.matcher.Match(hosts, c.Containers.CUDAProcesses())
}

// inspect attaches the inspector's findings (within its scan budget) to
// every row whose process we can see.
func (c *Collector) inspect(ctx context.Context, rows []schema.Process) {
	if c.Evidence == nil {
		return
	}
	targets := make([]inspect.Target, 0, len(rows))
	seen := map[int]bool{}
	for _, p := range rows {
		if p.Name == nil || p.Exited || seen[p.PID] {
			continue // not visible here: nothing to inspect
		}
		seen[p.PID] = true
		targets = append(targets, targetOf(&p))
	}
	found := c.Evidence.Refresh(ctx, targets)
	for i := range rows {
		if f, ok := found[rows[i].PID]; ok && rows[i].Name != nil {
			f, llm := c.Evidence.Enrich(ctx, targetOf(&rows[i]), f, rows[i].VRAMBytes)
			applyFinding(&rows[i], f)
			rows[i].LLM = llm
		}
	}
}

func targetOf(p *schema.Process) inspect.Target {
	t := inspect.Target{PID: p.PID, Cmdline: p.Argv, VRAM: p.VRAMBytes}
	if t.Cmdline == nil {
		t.Cmdline = p.Cmdline
	}
	if p.PPID != nil {
		t.PPID = *p.PPID
	}
	if p.StartTime != nil {
		t.Start = *p.StartTime
	}
	if p.Name != nil {
		t.Name = *p.Name
	}
	if p.Exe != nil {
		t.Exe = *p.Exe
	}
	if p.Cwd != nil {
		t.Cwd = *p.Cwd
	}
	return t
}

// applyFinding fills runtimes, models and the category from a finding.
// Unreadable maps leave runtimes null and say why in the notes.
func applyFinding(p *schema.Process, f inspect.Finding) {
	p.Runtimes, p.Models, p.App = f.Runtimes, f.Models, f.App
	p.ListenPorts = f.ListenPorts
	if f.MapsError != "" {
		p.Notes = append(p.Notes, f.MapsError)
	}
	p.Notes = append(p.Notes, f.Notes...)
	in := inspect.CategoryInput{Graphics: contains(p.GPUProcessTypes, "graphics")}
	if p.Name != nil {
		in.Name = *p.Name
	}
	if p.Exe != nil {
		in.Exe = *p.Exe
	}
	for _, r := range f.Runtimes {
		in.Runtimes = append(in.Runtimes, r.Name)
	}
	for _, m := range f.Models {
		if m.Candidate {
			continue // installed files say nothing about what runs
		}
		kind := "unknown"
		if m.Kind != nil {
			kind = *m.Kind
		}
		in.ModelKinds = append(in.ModelKinds, kind)
		if m.KindHint != nil {
			in.ModelHints = append(in.ModelHints, *m.KindHint)
		}
	}
	busy := func(v *float64) bool { return v != nil && *v > 0 }
	in.VideoEngines = busy(p.EncoderUtilPercent) || busy(p.DecoderUtilPercent)
	if f.MapsError == "" || len(f.Models) > 0 {
		cat := inspect.Categorize(in)
		p.Category = &cat
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// InspectPID gives one process's full evidence, whether or not it uses a
// GPU now: the same Process object as a snapshot row (the row with the
// most VRAM when it uses several GPUs; device_index null when none). It
// takes one GPU reading and inspects this process alone: no other process
// is looked up or inspected. The scan is fresh, outside the refresh
// budget.
func (c *Collector) InspectPID(ctx context.Context, pid int) (*schema.Process, error) {
	if err := c.canInspect(); err != nil {
		return nil, err
	}
	p := schema.Process{PID: pid, PIDLabel: strconv.Itoa(pid), Notes: []string{}}
	if c.GPU != nil {
		c.mu.Lock()
		sample := c.GPU.Sample(ctx, c.window())
		c.mu.Unlock()
		for _, u := range sample.Usage {
			if u.PID == pid && (p.DeviceIndex == nil || larger(u.VRAMBytes, p.VRAMBytes)) {
				p = usageRow(u)
			}
		}
	}
	return c.InspectRow(ctx, p)
}

// InspectRow gives the full evidence for a row of a snapshot already
// taken (a click in the window): its GPU readings are kept as they are, so
// the driver is not read again, and only this process is inspected.
func (c *Collector) InspectRow(ctx context.Context, row schema.Process) (*schema.Process, error) {
	if err := c.canInspect(); err != nil {
		return nil, err
	}
	pid := row.PID
	info := c.Procs.Lookup(pid)
	if !info.Exists {
		return nil, fmt.Errorf("no process %d (it exited, or is hidden from this user)", pid)
	}
	p := row
	p.Notes = nil
	p.Runtimes, p.Models, p.LLM, p.App, p.Category = nil, nil, nil, nil, nil
	c.addDetails(&p, info)
	if p.DeviceIndex == nil || p.CPUPercent == nil && p.RSSBytes == nil {
		r := c.resources(pid)
		p.CPUPercent, p.RSSBytes = r.CPUPercent, r.RSSBytes
	}
	if p.Notes == nil {
		p.Notes = []string{}
	}
	if c.Evidence != nil {
		t := targetOf(&p)
		f, llm := c.Evidence.Enrich(ctx, t, c.Evidence.Inspect(t), p.VRAMBytes)
		applyFinding(&p, f)
		p.LLM = llm
	}
	return &p, nil
}

func (c *Collector) canInspect() error {
	if c.Procs == nil {
		return errors.New("this platform gives no process details")
	}
	if !c.Host.SharesHostPIDs {
		return errors.New("the GPU driver's PIDs are from another PID namespace here; inspect needs a process visible in this one")
	}
	return nil
}

// window is how far back per-process engine samples may reach.
func (c *Collector) window() time.Duration {
	if c.Window <= 0 {
		return time.Second
	}
	return c.Window
}

// resources reads a process's CPU load and resident RAM where the process
// source can.
func (c *Collector) resources(pid int) backend.ProcessResources {
	if rr, ok := c.Procs.(backend.ResourceReader); ok {
		return rr.Resources(pid)
	}
	return backend.ProcessResources{}
}

func larger(a, b *uint64) bool { return a != nil && (b == nil || *a > *b) }

func (c *Collector) addDetails(p *schema.Process, info backend.ProcessInfo) {
	if !info.Exists && c.Host.Mode == backend.ModeWindows {
		p.Notes = append(p.Notes, NoteNotVisibleWindows)
		return
	} else if !info.Exists {
		p.Notes = append(p.Notes, NoteNotVisible)
		return
	}
	p.Name, p.Exe, p.User = info.Name, info.Exe, info.User
	p.Argv, p.Cmdline = info.Cmdline, secrets.MaskArgs(info.Cmdline)
	p.StartTime, p.PPID, p.Cwd = info.StartTime, info.PPID, info.Cwd
	p.Container = info.Container
	if pod := info.Pod; pod != nil {
		uid := pod.UID
		p.PodUID, p.Namespace, p.Pod, p.ContainerName = &uid, pod.Namespace, pod.Name, pod.Container
		if pod.Name == nil || pod.Container == nil {
			p.Notes = append(p.Notes, NotePodUnnamed)
		}
	}
	if info.Restricted && c.Host.Mode == backend.ModeWindows {
		p.Notes = append(p.Notes, NoteRestrictedWindows)
	} else if info.Restricted {
		p.Notes = append(p.Notes, NoteRestricted)
	}
	if info.Exited {
		p.Exited = true
		p.Notes = append(p.Notes, NoteExited)
	}
	if info.CmdlineTruncated {
		p.Notes = append(p.Notes, NoteCmdlineCut)
	}
}

// busiestEngine is a process's GPU%: its busiest engine, as Task Manager's
// GPU column is. Nil when no engine was sampled.
func busiestEngine(vals ...*float64) *float64 {
	var best *float64
	for _, v := range vals {
		if v != nil && (best == nil || *v > *best) {
			x := *v
			best = &x
		}
	}
	return best
}

// sortProcesses orders rows by device, then measured VRAM (largest first,
// unknown last), then PID.
func sortProcesses(ps []schema.Process) {
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		if ai, bi := deviceOrder(a), deviceOrder(b); ai != bi {
			return ai < bi
		}
		if (a.VRAMBytes == nil) != (b.VRAMBytes == nil) {
			return a.VRAMBytes != nil
		}
		if a.VRAMBytes != nil && *a.VRAMBytes != *b.VRAMBytes {
			return *a.VRAMBytes > *b.VRAMBytes
		}
		return a.PID < b.PID
	})
}

func deviceOrder(p schema.Process) int {
	if p.DeviceIndex == nil {
		return -1
	}
	return *p.DeviceIndex
}
