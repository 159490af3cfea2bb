package linux

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/procroot"
)

// CUDAProcesses finds this PID namespace's processes that have libcuda
// mapped: in a container, the candidates for NVML's host PIDs. NVML-only
// tools (nvidia-smi, gtm itself) open the same device files but never load
// libcuda, so they are not candidates.
type CUDAProcesses struct {
	Root string // normally /proc
	// found remembers processes already seen with libcuda: a library
	// stays mapped, so their maps are not read again.
	found map[backend.LocalGPUProcess]bool
}

// maxMapsBytes bounds how much of one maps file is read.
const maxMapsBytes = 16 << 20

// CUDAProcesses implements collect.ContainerGPUProcesses (the collector's view).
func (c *CUDAProcesses) CUDAProcesses() []backend.LocalGPUProcess {
	entries, err := os.ReadDir(c.Root)
	if err != nil {
		return nil
	}
	next := map[backend.LocalGPUProcess]bool{}
	var out []backend.LocalGPUProcess
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		dir := filepath.Join(c.Root, e.Name())
		b, err := procroot.ReadFile(filepath.Join(dir, "stat"), maxStat)
		if err != nil {
			continue
		}
		st, err := parseStat(b)
		if err != nil {
			continue
		}
		// Start ticks order processes by creation, which is all the
		// pairing needs.
		lp := backend.LocalGPUProcess{PID: pid, Start: time.Unix(0, 0).Add(time.Duration(st.startTicks) * 10 * time.Millisecond).UTC()}
		if c.found[lp] || mapsLibcuda(filepath.Join(dir, "maps")) {
			next[lp] = true
			out = append(out, lp)
		}
	}
	c.found = next
	return out
}

func mapsLibcuda(path string) bool {
	f, err := procroot.Open(path) // a FIFO under a --proc-root is refused, not waited on
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, maxMapsBytes))
	sc.Buffer(make([]byte, 0, 64<<10), 64<<10)
	for sc.Scan() {
		line := sc.Bytes()
		if i := bytes.LastIndexByte(line, '/'); i >= 0 && bytes.HasPrefix(line[i+1:], []byte("libcuda.so")) {
			return true
		}
	}
	return false
}
