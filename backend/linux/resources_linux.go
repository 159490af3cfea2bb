package linux

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/procroot"
)

// pageSize converts statm's pages to bytes.
var pageSize = uint64(os.Getpagesize())

// Resources implements backend.ResourceReader: CPU load from the change
// in utime+stime since the previous call for the same process (PID and
// start time), and resident memory from statm. Both files are readable
// for every user's processes. Call it once per process per refresh: two
// calls in quick succession measure a very short interval.
func (p *ProcFS) Resources(pid int) backend.ProcessResources {
	var r backend.ProcessResources
	dir := filepath.Join(p.root, strconv.Itoa(pid))
	if b, err := procroot.ReadFile(filepath.Join(dir, "statm"), maxStatm); err == nil {
		if f := bytes.Fields(b); len(f) >= 2 {
			if pages, err := strconv.ParseUint(string(f[1]), 10, 64); err == nil {
				rss := pages * pageSize
				r.RSSBytes = &rss
			}
		}
	}
	b, err := procroot.ReadFile(filepath.Join(dir, "stat"), maxStat)
	if err != nil {
		return r
	}
	st, err := parseStat(b)
	if err != nil {
		return r
	}
	now := p.now()
	cur := cpuSample{startTicks: st.startTicks, ticks: st.utime + st.stime, at: now}

	p.mu.Lock()
	defer p.mu.Unlock()
	prev, ok := p.cpuTimes[pid]
	p.cpuTimes[pid] = cur
	if ok && prev.startTicks == cur.startTicks && cur.ticks >= prev.ticks {
		r.CPUPercent = cpuPercent(cur.ticks-prev.ticks, cur.at.Sub(prev.at), p.numCPULocked())
	}
	return r
}

// cpuPercent is ticks of CPU time over elapsed wall time, as a share of
// all CPUs; nil when no time passed.
func cpuPercent(ticks uint64, elapsed time.Duration, cpus int) *float64 {
	if elapsed <= 0 || cpus <= 0 {
		return nil
	}
	busy := float64(ticks) / userHZ
	pct := min(100, 100*busy/elapsed.Seconds()/float64(cpus))
	return &pct
}

// numCPULocked counts the cpuN lines of <root>/stat once (the machine's
// logical CPUs as this proc tree sees them), falling back to Go's count.
func (p *ProcFS) numCPULocked() int {
	if p.numCPU > 0 {
		return p.numCPU
	}
	n := 0
	if b, _, err := procroot.ReadPrefix(filepath.Join(p.root, "stat"), maxMachineStat); err == nil {
		for _, line := range bytes.Split(b, []byte("\n")) {
			if len(line) > 3 && bytes.HasPrefix(line, []byte("cpu")) && line[3] >= '0' && line[3] <= '9' {
				n++
			}
		}
	}
	if n == 0 {
		n = runtime.NumCPU()
	}
	p.numCPU = n
	return n
}
