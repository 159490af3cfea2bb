package linux

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// stat4242 is the fixture's llama-server stat line with the given utime,
// stime and start time (ticks).
func stat4242(utime, stime, start int) string {
	return fmt.Sprintf("4242 (llama server) x) S 1 4242 4242 0 -1 4194560 0 0 0 0 %d %d 0 0 20 0 9 0 %d 0 0 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 3 0 0 0 0 0 0\n", utime, stime, start)
}

func TestResources(t *testing.T) {
	root := copyTree(t)
	p := NewProcFS(root)
	clock := time.Unix(1_800_000_000, 0)
	p.now = func() time.Time { return clock }

	r := p.Resources(4242)
	if r.RSSBytes == nil || *r.RSSBytes != 262144*pageSize {
		t.Errorf("RSS = %v, want statm's 262144 pages", r.RSSBytes)
	}
	if r.CPUPercent != nil {
		t.Errorf("first reading: CPU %% = %v, want null (it needs two readings)", *r.CPUPercent)
	}

	// 2 s later the process has used 3 s of CPU time (300 ticks, user and
	// kernel): 1.5 cores of the fixture's 4, 37.5 %.
	clock = clock.Add(2 * time.Second)
	must(t, os.WriteFile(filepath.Join(root, "4242/stat"), []byte(stat4242(200, 100, 100000)), 0o644))
	r = p.Resources(4242)
	if r.CPUPercent == nil || *r.CPUPercent != 37.5 {
		t.Errorf("CPU %% = %v, want 37.5", r.CPUPercent)
	}
	// An idle second is a measured 0.
	clock = clock.Add(time.Second)
	if r = p.Resources(4242); r.CPUPercent == nil || *r.CPUPercent != 0 {
		t.Errorf("idle CPU %% = %v, want 0", r.CPUPercent)
	}
	// No time passed: unknown.
	if r = p.Resources(4242); r.CPUPercent != nil {
		t.Errorf("zero interval: CPU %% = %v, want null", *r.CPUPercent)
	}

	// A reused PID (new start time) starts over: its predecessor's CPU
	// time says nothing about it.
	clock = clock.Add(time.Second)
	must(t, os.WriteFile(filepath.Join(root, "4242/stat"), []byte(stat4242(5, 5, 200000)), 0o644))
	if r = p.Resources(4242); r.CPUPercent != nil {
		t.Errorf("reused PID: CPU %% = %v, want null", *r.CPUPercent)
	}
	// Forget drops the previous reading too.
	p.Forget(map[int]bool{})
	clock = clock.Add(time.Second)
	if r = p.Resources(4242); r.CPUPercent != nil {
		t.Errorf("after Forget: CPU %% = %v, want null", *r.CPUPercent)
	}
}

func TestResourcesUnreadable(t *testing.T) {
	root := copyTree(t)
	p := NewProcFS(root)
	// 4343 has no statm in the fixture; 999 does not exist.
	if r := p.Resources(4343); r.RSSBytes != nil {
		t.Errorf("no statm: RSS = %v", *r.RSSBytes)
	}
	if r := p.Resources(999); r.RSSBytes != nil || r.CPUPercent != nil {
		t.Errorf("missing process = %+v", r)
	}
	must(t, os.WriteFile(filepath.Join(root, "4242/statm"), []byte("garbage"), 0o644))
	if r := p.Resources(4242); r.RSSBytes != nil {
		t.Errorf("corrupt statm: RSS = %v", *r.RSSBytes)
	}
}

func TestCPUPercentClampsAndCountsCPUs(t *testing.T) {
	if n := NewProcFS("testdata/proc").numCPULocked(); n != 4 {
		t.Errorf("fixture CPUs = %d, want 4", n)
	}
	// Tick rounding can put a busy process slightly over its share.
	if p := cpuPercent(410, time.Second, 4); p == nil || *p != 100 {
		t.Errorf("over 100 %% = %v", p)
	}
	if p := cpuPercent(10, 0, 4); p != nil {
		t.Errorf("no elapsed time = %v", *p)
	}
}

// TestResourcesSelf reads this test process: it has resident memory, and
// burning CPU between two readings shows up.
func TestResourcesSelf(t *testing.T) {
	p := NewProcFS("/proc")
	pid := os.Getpid()
	p.Resources(pid)
	deadline := time.Now().Add(200 * time.Millisecond)
	for x := 0; time.Now().Before(deadline); x++ {
		_ = x * x
	}
	r := p.Resources(pid)
	if r.RSSBytes == nil || *r.RSSBytes < 1<<20 {
		t.Errorf("own RSS = %v", r.RSSBytes)
	}
	if r.CPUPercent == nil || *r.CPUPercent <= 0 {
		t.Errorf("own CPU %% after a busy loop = %v", r.CPUPercent)
	}
}

// BenchmarkResources is one refresh's CPU/RAM reading for 20 GPU
// processes (this test process, read 20 times: real /proc files).
func BenchmarkResources(b *testing.B) {
	p := NewProcFS("/proc")
	pid := os.Getpid()
	for b.Loop() {
		for range 20 {
			p.Resources(pid)
		}
	}
}
