package darwin

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/schema"
)

// SourceName is this backend's name in snapshots.
const SourceName = "metal"

// Always-shown process: the compositor is listed even when idle.
const windowServer = "WindowServer"

// Metal reports one GPU time per process; above this share a process with
// no more specific evidence is a graphics (3D/game) process.
const graphicsAbovePercent = 10.0

// IORegArgs read the accelerators with their user clients (children).
var IORegArgs = []string{"-a", "-r", "-d", "2", "-c", "IOAccelerator"}

// firstGap is the pause between the two readings of the first sample, so
// that the first refresh already has GPU % (a rate needs two readings).
const firstGap = 200 * time.Millisecond

// Backend is the macOS GPU source. The OS is reached only through its
// hooks, so tests run it on any OS with recorded outputs. It implements
// backend.GPU.
type Backend struct {
	// Exec runs a command and returns its standard output.
	Exec func(ctx context.Context, name string, args ...string) ([]byte, error)
	// MemSize is the machine's physical memory (hw.memsize).
	MemSize func() (uint64, error)
	// StartTime is a process's start time; false when it is gone.
	StartTime func(pid int) (time.Time, bool)
	// Measurable says whether footprint can read a process (not root: only
	// our own); nil means every process.
	Measurable func(pid int) bool
	Now        func() time.Time
	Poller     *Poller

	mu     sync.Mutex
	rates  Rates
	cancel context.CancelFunc
}

// NewBackend returns a source on the given hooks with a footprint poller
// that runs footprint through Exec. Start begins background polling.
func NewBackend(exec func(ctx context.Context, name string, args ...string) ([]byte, error)) *Backend {
	s := &Backend{Exec: exec, Now: time.Now}
	s.Poller = NewPoller(func(ctx context.Context, pid int) (uint64, error) {
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		out, err := exec(ctx, "footprint", FootprintArgs(pid)...)
		if err != nil {
			return 0, err
		}
		return ParseFootprint(out)
	})
	return s
}

// Start runs the footprint poller in the background until Close.
func (s *Backend) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	s.mu.Lock()
	s.cancel = cancel
	s.mu.Unlock()
	go s.Poller.Run(ctx)
}

// Name implements backend.GPU.
func (s *Backend) Name() string { return SourceName }

// Close implements backend.GPU.
func (s *Backend) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cancel != nil {
		s.cancel()
	}
	return nil
}

func (s *Backend) read(ctx context.Context) ([]Accelerator, error) {
	out, err := s.Exec(ctx, "ioreg", IORegArgs...)
	if err != nil {
		return nil, fmt.Errorf("ioreg: %w", err)
	}
	return ParseIOReg(out)
}

// Sample implements backend.GPU.
func (s *Backend) Sample(ctx context.Context, _ time.Duration) backend.Sample {
	s.mu.Lock()
	defer s.mu.Unlock()
	accs, err := s.read(ctx)
	if err != nil {
		return backend.Sample{Sources: []schema.SourceStatus{schema.Failed(SourceName, err)}}
	}
	first := !s.rates.have
	pct := s.rates.Update(allClients(accs), s.Now())
	if first {
		select {
		case <-ctx.Done():
		case <-time.After(firstGap):
			if again, err := s.read(ctx); err == nil {
				accs = again
				pct = s.rates.Update(allClients(accs), s.Now())
			}
		}
	}
	return s.assemble(accs, pct)
}

func allClients(accs []Accelerator) []Client {
	var all []Client
	for _, a := range accs {
		all = append(all, a.Clients...)
	}
	return all
}

// assemble builds the sample from one reading and the GPU % per PID (nil
// when no rate could be taken yet).
func (s *Backend) assemble(accs []Accelerator, pct map[int]float64) backend.Sample {
	out := backend.Sample{Sources: []schema.SourceStatus{schema.OK(SourceName)}}
	var total *uint64
	if s.MemSize != nil {
		if n, err := s.MemSize(); err == nil && n > 0 {
			total = &n
		} else {
			if err == nil {
				err = errors.New("hw.memsize is 0")
			}
			out.Sources = append(out.Sources, schema.Failed(SourceName+".memory_total", err))
		}
	}
	type proc struct {
		dev  int
		name string
	}
	procs := map[int]proc{}
	for i, a := range accs {
		out.Devices = append(out.Devices, schema.Device{
			Index: i, Vendor: "apple", Name: a.Model,
			MemoryTotalBytes: total, MemoryUsedBytes: a.AllocSystemBytes, GPUUtilPercent: a.UtilPercent,
		})
		for _, c := range a.Clients {
			if _, ok := procs[c.PID]; !ok {
				procs[c.PID] = proc{dev: i, name: c.Name}
			}
		}
	}
	pids := make([]int, 0, len(procs))
	for pid := range procs {
		pids = append(pids, pid)
	}
	sort.Ints(pids)
	var targets []Target
	starts := map[int]time.Time{}
	for _, pid := range pids {
		if s.StartTime == nil {
			break
		}
		st, ok := s.StartTime(pid)
		if !ok {
			continue
		}
		starts[pid] = st
		if s.Measurable == nil || s.Measurable(pid) {
			targets = append(targets, Target{PID: pid, Start: st, Busy: pct[pid] > 0})
		}
	}
	if s.Poller != nil {
		s.Poller.Track(targets)
	}
	for _, pid := range pids {
		p := procs[pid]
		u := backend.ProcessUsage{PID: pid, DeviceIndex: p.dev, Kinds: []string{"metal"}, Name: schema.Ptr(p.name)}
		if v, ok := pct[pid]; ok {
			u.GPUUtilPercent = schema.Ptr(v)
			if v > graphicsAbovePercent {
				u.Kinds = append(u.Kinds, "graphics")
			}
		}
		u.VRAMBytes, u.Notes = s.memory(pid, starts)
		if !visible(u, p.name) {
			continue
		}
		out.Usage = append(out.Usage, u)
	}
	return out
}

// Notes on a process's GPU memory when footprint has no size for it.
const (
	NoteMemoryRoot    = "GPU memory n/a: footprint needs root for another user's process (run with sudo)"
	NoteMemoryPending = "GPU memory n/a until the first footprint measurement (a second or two)"
	NoteMemoryFailed  = "GPU memory n/a: footprint failed: "
	NoteMemoryGone    = "GPU memory n/a: the process's start time could not be read"
)

func (s *Backend) memory(pid int, starts map[int]time.Time) (*uint64, []string) {
	st, ok := starts[pid]
	switch {
	case s.Poller == nil || s.StartTime == nil:
		return nil, nil
	case !ok:
		return nil, []string{NoteMemoryGone}
	case s.Measurable != nil && !s.Measurable(pid):
		return nil, []string{NoteMemoryRoot}
	}
	size, pending, err := s.Poller.Bytes(pid, st)
	switch {
	case size != nil:
		return size, nil
	case err != nil:
		return nil, []string{NoteMemoryFailed + err.Error()}
	case pending:
		return nil, []string{NoteMemoryPending}
	}
	return nil, nil
}

// visible leaves idle processes out: no GPU time since the last sample
// and no measured graphics memory. WindowServer always shows, and so does
// a process whose GPU % is not known yet.
func visible(u backend.ProcessUsage, name string) bool {
	if name == windowServer || u.GPUUtilPercent == nil {
		return true
	}
	return *u.GPUUtilPercent > 0 || (u.VRAMBytes != nil && *u.VRAMBytes > 0)
}
