package collect

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/backend/nvml"
	"github.com/gputaskman/gtm/backend/nvml/nvmltest"
	"github.com/gputaskman/gtm/inspect"
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
		write(dir+"/maps", fakeMaps(i))
		if err := os.Symlink("/usr/bin/python3", filepath.Join(root, dir, "exe")); err != nil {
			tb.Fatal(err)
		}
		if err := os.Symlink("/srv/work", filepath.Join(root, dir, "cwd")); err != nil {
			tb.Fatal(err)
		}
	}
	return root
}

// fakeMaps is a PyTorch-like process's memory map: ~120 regions over a
// few dozen libraries, most of them not runtimes.
func fakeMaps(seed int) string {
	var b strings.Builder
	addr := uint64(0x7f0000000000) + uint64(seed)<<32
	libs := []string{"/usr/lib/x86_64-linux-gnu/libc.so.6", "/usr/lib/x86_64-linux-gnu/libm.so.6",
		"/usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15", "/opt/venv/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so",
		"/opt/venv/lib/python3.11/site-packages/torch/lib/libc10.so", "/opt/venv/lib/python3.11/site-packages/nvidia/cudnn/lib/libcudnn.so.9"}
	for i := 0; i < 20; i++ {
		libs = append(libs, fmt.Sprintf("/usr/lib/x86_64-linux-gnu/libdep%d.so.1", i))
	}
	for i, lib := range libs {
		for _, perm := range []string{"r--p", "r-xp", "r--p", "rw-p"} {
			fmt.Fprintf(&b, "%x-%x %s 00000000 fd:01 %d %s\n", addr, addr+0x1000, perm, 1000+i, lib)
			addr += 0x1000
		}
	}
	for i := 0; i < 16; i++ {
		fmt.Fprintf(&b, "%x-%x rw-p 00000000 00:00 0 \n", addr, addr+0x10000)
		addr += 0x10000
	}
	fmt.Fprintf(&b, "%x-%x rw-p 00000000 00:00 0 [heap]\n", addr, addr+0x21000)
	return b.String()
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

// fixtureInspector inspects a fixture tree as it would a real /proc: a
// temporary folder is not procfs, and untrusted would read far less.
func fixtureInspector(root string) *inspect.Inspector {
	in := inspect.New(root, nil)
	in.TrustProcRoot()
	return in
}

// BenchmarkRefresh is a steady refresh on a machine with 500 processes of
// which 20 use the GPU, inspector included (budget: ≤ 3 ms CPU). It
// reports CPU time per refresh as cpu-ms/op beside wall time.
func BenchmarkRefresh(b *testing.B) {
	root := fakeProcTree(b, 500)
	gpu := nvml.New(benchMachine(20).Interface())
	c := &Collector{GPU: gpu, Procs: linux.NewProcFS(root), Host: linux.DetectHost(root, b.TempDir()),
		Evidence: fixtureInspector(root)}
	ctx := context.Background()
	if snap := c.Collect(ctx); len(snap.Processes) != 20 || snap.Processes[0].Name == nil || len(snap.Processes[0].Runtimes) == 0 {
		b.Fatalf("warm-up snapshot has %d processes, first %+v", len(snap.Processes), snap.Processes[0])
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

// BenchmarkFirstRefresh is the refresh that scans all 20 GPU processes'
// memory maps (new processes): bounded by the 150 ms scan budget.
func BenchmarkFirstRefresh(b *testing.B) {
	root := fakeProcTree(b, 500)
	host := linux.DetectHost(root, b.TempDir())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := &Collector{GPU: nvml.New(benchMachine(20).Interface()), Procs: linux.NewProcFS(root), Host: host,
			Evidence: fixtureInspector(root)}
		c.Collect(context.Background())
	}
}
