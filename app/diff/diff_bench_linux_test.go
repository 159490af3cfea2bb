package diff

import (
	"fmt"
	"io"
	"syscall"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// diffBenchPair: two snapshots of 200 processes on two GPUs; between them
// 20 LLM servers change context (KV segments move), 10 restart under new
// PIDs on the same ports, 5 exit and 5 start.
func diffBenchPair() (*schema.Snapshot, *schema.Snapshot) {
	start := fxT0.Add(-time.Hour)
	var before, after []schema.Process
	for i := 0; i < 200; i++ {
		p := fxProc(10000+i, fmt.Sprintf("worker-%d", i%150), start, fxU64(uint64(100+i)*mib))
		dev := i % 2
		p.DeviceIndex = &dev
		if i < 20 {
			p.Name = fxStr("llama-server")
			p.ListenPorts = []int{8000 + i}
			p.Models = []schema.Model{fxGGUF(fmt.Sprintf("/models/m%d.gguf", i), "mapped")}
			p.LLM = fxLLM(500*mib, 64*mib, "estimated", "gguf", 4096, "cmdline")
		}
		before = append(before, p)
		q := p
		q.VRAMBytes = fxU64(uint64(100+i+i%7*10) * mib)
		switch {
		case i < 10:
			q.PID, q.PIDLabel = 20000+i, fmt.Sprint(20000+i)
			q.StartTime = &fxT0
			q.LLM = fxLLM(500*mib, 512*mib, "estimated", "gguf", 32768, "cmdline")
		case i < 20:
			q.LLM = fxLLM(500*mib, 128*mib, "estimated", "gguf", 8192, "cmdline")
		case i >= 195:
			continue // exited
		}
		after = append(after, q)
	}
	for i := 0; i < 5; i++ {
		after = append(after, fxProc(30000+i, "new", fxT0, fxU64(300*mib)))
	}
	g1 := fxDev(20000*mib, 50)
	g1.Index, g1.UUID = 1, fxStr("GPU-second")
	b, a := fxSnap(fxT0, fxDev(20000*mib, 50), before...), fxSnap(fxT0.Add(time.Minute), fxDev(21000*mib, 60), after...)
	b.Devices, a.Devices = append(b.Devices, g1), append(a.Devices, g1)
	return b, a
}

// BenchmarkCompare200: pairing and comparing two 200-process snapshots,
// no output. Budget: 5 ms.
func BenchmarkCompare200(b *testing.B) {
	before, after := diffBenchPair()
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPUTime(b)()
	for i := 0; i < b.N; i++ {
		if _, err := Compare(before, after); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDiff200: compare two 200-process snapshots and write the text
// diff. Budget: 5 ms.
func BenchmarkDiff200(b *testing.B) {
	before, after := diffBenchPair()
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPUTime(b)()
	for i := 0; i < b.N; i++ {
		d, err := Compare(before, after)
		if err != nil {
			b.Fatal(err)
		}
		if err := d.WriteText(io.Discard, false); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDiff200JSON: the same with --json output.
func BenchmarkDiff200JSON(b *testing.B) {
	before, after := diffBenchPair()
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPUTime(b)()
	for i := 0; i < b.N; i++ {
		d, err := Compare(before, after)
		if err != nil {
			b.Fatal(err)
		}
		if err := d.WriteJSON(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

func TestDiffBenchPairIsPaired(t *testing.T) {
	before, after := diffBenchPair()
	d, err := Compare(before, after)
	must(t, err)
	restarted, gone, added := 0, 0, 0
	for _, c := range d.Processes {
		switch {
		case c.Restarted:
			restarted++
		case c.After == nil:
			gone++
		case c.Before == nil:
			added++
		}
	}
	if restarted != 10 || gone != 5 || added != 5 {
		t.Fatalf("restarted %d, gone %d, added %d", restarted, gone, added)
	}
}

// reportCPUTime adds cpu-ns/op: this process's CPU time (user+system) per
// iteration, which on a busy shared machine says more than wall time.
func reportCPUTime(b *testing.B) func() {
	var start syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &start)
	return func() {
		var end syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &end)
		ns := end.Utime.Nano() + end.Stime.Nano() - start.Utime.Nano() - start.Stime.Nano()
		b.ReportMetric(float64(ns)/float64(b.N), "cpu-ns/op")
	}
}
