package app

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/backend/nvml"
	"github.com/gputaskman/gtm/backend/nvml/nvmltest"
)

// fakeProcTree writes n processes (PIDs 1000..1000+n-1) under a new proc root.
func fakeProcTree(tb testing.TB, n int) string {
	tb.Helper()
	root := tb.TempDir()
	write := func(rel, data string) {
		path := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	write("stat", "cpu 1 2 3\nbtime 1764662400\n")
	write("2/comm", "kthreadd\n")
	for i := 0; i < n; i++ {
		pid := 1000 + i
		dir := strconv.Itoa(pid)
		write(dir+"/stat", fmt.Sprintf("%d (worker %d) S 1 %d %d 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 %d 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", pid, i, pid, pid, 1000+i))
		write(dir+"/comm", fmt.Sprintf("worker%d\n", i))
		write(dir+"/cmdline", fmt.Sprintf("python3\x00-m\x00worker\x00--id\x00%d\x00", i))
		write(dir+"/status", "Name:\tworker\nUid:\t0\t0\t0\t0\n")
		if err := os.Symlink("/usr/bin/python3", filepath.Join(root, dir, "exe")); err != nil {
			tb.Fatal(err)
		}
		if err := os.Symlink("/srv/work", filepath.Join(root, dir, "cwd")); err != nil {
			tb.Fatal(err)
		}
	}
	return root
}

// benchMachine is two GPUs with gpuProcs processes between them, each with
// a fresh utilization sample on every read.
func benchMachine(gpuProcs int) *nvmltest.Machine {
	m := &nvmltest.Machine{}
	for g := 0; g < 2; g++ {
		gpu := &nvmltest.GPU{Name: "NVIDIA H200", UUID: fmt.Sprintf("GPU-%d", g), BusID: fmt.Sprintf("00000000:%02x:00.0", g+1),
			Total: 141 << 30, Used: 40 << 30, GPUUtil: 50, TempC: 40, PowerMW: 300000, LimitMW: 700000,
			SMClock: 1980, MemClock: 2619, VideoClock: 1500, PCIeRxKB: 100, PCIeTxKB: 100}
		var pids []uint32
		for i := g; i < gpuProcs; i += 2 {
			pid := uint32(1000 + i*25) // spread over the 500 processes
			pids = append(pids, pid)
			gpu.Compute = append(gpu.Compute, gonvml.ProcessInfo{Pid: pid, UsedGpuMemory: uint64(i+1) << 28})
		}
		gpu.SamplesFunc = func(since uint64) []gonvml.ProcessUtilizationSample {
			out := make([]gonvml.ProcessUtilizationSample, len(pids))
			for i, pid := range pids {
				out[i] = gonvml.ProcessUtilizationSample{Pid: pid, TimeStamp: since + 1000, SmUtil: 40}
			}
			return out
		}
		m.GPUs = append(m.GPUs, gpu)
	}
	return m
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkRefresh is a steady refresh on a machine with 500 processes of
// which 20 use the GPU (budget: ≤ 3 ms CPU). It reports CPU time per
// refresh as cpu-ms/op beside wall time.
func BenchmarkRefresh(b *testing.B) {
	root := fakeProcTree(b, 500)
	gpu := nvml.New(benchMachine(20).Interface())
	c := &Collector{GPU: gpu, Procs: linux.NewProcFS(root), Host: linux.DetectHost(root, b.TempDir())}
	ctx := context.Background()
	if snap := c.Collect(ctx); len(snap.Processes) != 20 || snap.Processes[0].Name == nil {
		b.Fatalf("warm-up snapshot has %d processes", len(snap.Processes))
	}
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		c.Collect(ctx)
	}
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// BenchmarkSnapshotJSON encodes a 20-process snapshot.
func BenchmarkSnapshotJSON(b *testing.B) {
	root := fakeProcTree(b, 500)
	c := &Collector{GPU: nvml.New(benchMachine(20).Interface()), Procs: linux.NewProcFS(root),
		Host: backend.Host{OS: "linux", Mode: "native", SharesHostPIDs: true}}
	snap := c.Collect(context.Background())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := snap.WriteJSON(discard{}); err != nil {
			b.Fatal(err)
		}
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
