package drm

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/procroot"
	"github.com/gputaskman/gtm/internal/schema"
)

// Notes a DRM row carries when its memory cannot be charged to it.
const (
	NoteSharedClient = "DRM memory not attributed: a DRM client of this process is shared with another process, opened through a primary (card) node, or shares buffers (drm-shared-*), so its bytes cannot be charged to it alone"
)

// Backend is the DRM backend: AMD and Intel GPUs, per-process usage from
// fdinfo. It implements backend.GPU.
type Backend struct {
	ProcRoot string // normally /proc
	SysRoot  string // normally /sys
	Now      func() time.Time

	prev   map[clientKey]busy
	prevAt time.Time
}

// New reads processes under procRoot and devices under sysRoot.
func New(procRoot, sysRoot string) *Backend {
	return &Backend{ProcRoot: procRoot, SysRoot: sysRoot, Now: time.Now}
}

// Name implements backend.GPU.
func (s *Backend) Name() string { return "drm" }

// Close implements backend.GPU.
func (s *Backend) Close() error { return nil }

type clientKey struct {
	pdev string
	id   uint64
}

// holding is one process's open of one DRM client.
type holding struct {
	pid    int
	client Client
	render bool // a render node (renderD*), not a primary node (card*)
}

// Sample implements backend.GPU.
func (s *Backend) Sample(ctx context.Context, _ time.Duration) backend.Sample {
	cards, err := FindCards(s.SysRoot)
	if err != nil || len(cards) == 0 {
		// No AMD or Intel GPU: nothing to say, and no process scan.
		return backend.Sample{}
	}
	out := backend.Sample{Sources: []schema.SourceStatus{schema.OK("drm")}}
	index := map[string]int{}
	for i, c := range cards {
		out.Devices = append(out.Devices, c.Read(i))
		index[c.PDev] = i
	}
	now := s.Now()
	holdings := s.scan(ctx)
	out.Usage = s.usage(holdings, index, now)
	return out
}

// maxFdinfo bounds one fdinfo file: a client's keys and a line per
// engine and memory region, a few KiB.
const maxFdinfo = 16 << 10

// scan finds every DRM client held by a visible process.
func (s *Backend) scan(ctx context.Context) []holding {
	entries, err := os.ReadDir(s.ProcRoot)
	if err != nil {
		return nil
	}
	var out []holding
	for _, e := range entries {
		if ctx.Err() != nil {
			break
		}
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		out = append(out, s.scanPID(pid)...)
	}
	return out
}

func (s *Backend) scanPID(pid int) []holding {
	dir := filepath.Join(s.ProcRoot, strconv.Itoa(pid))
	fds, err := os.ReadDir(filepath.Join(dir, "fd"))
	if err != nil {
		return nil // another user's process, or gone
	}
	var out []holding
	seen := map[clientKey]bool{}
	for _, fd := range fds {
		target, err := os.Readlink(filepath.Join(dir, "fd", fd.Name()))
		if err != nil || !strings.HasPrefix(target, "/dev/dri/") {
			continue
		}
		// Not readSmall: under a --proc-root, fdinfo may be a FIFO.
		text, _, err := procroot.ReadPrefix(filepath.Join(dir, "fdinfo", fd.Name()), maxFdinfo)
		if err != nil {
			continue
		}
		c, ok := ParseFdinfo(string(text))
		if !ok {
			continue
		}
		render := strings.HasPrefix(filepath.Base(target), "renderD")
		if c.HasID {
			k := clientKey{c.PDev, c.ID}
			if seen[k] { // the same client through a dup'ed fd
				continue
			}
			seen[k] = true
		}
		out = append(out, holding{pid: pid, client: c, render: render})
	}
	return out
}

// usage turns holdings into one row per (process, device), ordered by
// device, then PID.
func (s *Backend) usage(hs []holding, index map[string]int, now time.Time) []backend.ProcessUsage {
	rows, order := s.accumulate(hs, index, now)
	sort.Slice(order, func(i, j int) bool {
		if order[i].dev != order[j].dev {
			return order[i].dev < order[j].dev
		}
		return order[i].pid < order[j].pid
	})
	out := make([]backend.ProcessUsage, 0, len(order))
	for _, rk := range order {
		out = append(out, rows[rk].usage(rk))
	}
	return out
}

// rowKey is one process on one device.
type rowKey struct{ pid, dev int }

// rowAcc adds up one process's clients on one device.
type rowAcc struct {
	private         bool // every client is the process's alone, on a render node
	vram, gtt       uint64
	hasVRAM, hasGTT bool
	class           [4]float64
	hasBusy         bool
}

// holdersOf lists the processes holding each DRM client.
func holdersOf(hs []holding) map[clientKey]map[int]bool {
	holders := map[clientKey]map[int]bool{}
	for _, h := range hs {
		if !h.client.HasID {
			continue
		}
		k := clientKey{h.client.PDev, h.client.ID}
		if holders[k] == nil {
			holders[k] = map[int]bool{}
		}
		holders[k][h.pid] = true
	}
	return holders
}

// accumulate adds each holding's memory and engine time (against the
// previous sample's) to its process's row, and keeps this sample's
// engine time for the next. order lists the rows as first seen.
func (s *Backend) accumulate(hs []holding, index map[string]int, now time.Time) (rows map[rowKey]*rowAcc, order []rowKey) {
	holders := holdersOf(hs)
	dt := float64(now.Sub(s.prevAt).Nanoseconds())
	next := make(map[clientKey]busy, len(hs))
	rows = map[rowKey]*rowAcc{}
	for _, h := range hs {
		dev, ok := index[h.client.PDev]
		if !ok {
			continue // an NVIDIA or unknown device
		}
		rk := rowKey{h.pid, dev}
		a := rows[rk]
		if a == nil {
			a = &rowAcc{private: true}
			rows[rk] = a
			order = append(order, rk)
		}
		k := clientKey{h.client.PDev, h.client.ID}
		if !h.client.HasID || len(holders[k]) != 1 || !h.render || h.client.Shared() {
			a.private = false
		}
		if v, ok := h.client.VRAM(); ok {
			a.vram += v
			a.hasVRAM = true
		}
		if v, ok := h.client.GTT(); ok {
			a.gtt += v
			a.hasGTT = true
		}
		if !h.client.HasID {
			continue
		}
		cur := busyOf(h.client)
		next[k] = cur
		if prev, ok := s.prev[k]; ok {
			for e, p := range percents(prev, cur, dt) {
				c := engineClass(e)
				a.class[c] = min(100, a.class[c]+p)
				a.hasBusy = true
			}
		}
	}
	s.prev, s.prevAt = next, now
	return rows, order
}

// usage is the row: memory only when it is the process's alone.
func (a *rowAcc) usage(rk rowKey) backend.ProcessUsage {
	u := backend.ProcessUsage{PID: rk.pid, DeviceIndex: rk.dev, Kinds: []string{"drm"}}
	if a.private {
		if a.hasVRAM {
			u.VRAMBytes = schema.Ptr(a.vram)
		}
		if a.hasGTT {
			u.SpillBytes = schema.Ptr(a.gtt)
		}
	} else {
		u.Notes = append(u.Notes, NoteSharedClient)
	}
	if a.hasBusy {
		u.SMUtilPercent = schema.Ptr(a.class[classCompute])
		u.EncoderUtilPercent = schema.Ptr(a.class[classEncoder])
		u.DecoderUtilPercent = schema.Ptr(a.class[classDecoder])
		busiest := max(a.class[0], a.class[1], a.class[2], a.class[3])
		u.GPUUtilPercent = schema.Ptr(busiest)
	}
	return u
}
