package inspect

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/probe"
	"github.com/gputaskman/gtm/internal/standin"
)

func cpuNow() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchTwoServers: two llama-servers (this process, twice, with two fake
// servers on loopback) mapping a GGUF each.
func benchTwoServers(b *testing.B, reask bool) {
	dir := b.TempDir()
	var targets []Target
	for i := 0; i < 2; i++ {
		model := filepath.Join(dir, "m"+itoa(i)+".gguf")
		if err := ggufgen.Qwen3_0_6B().MustBuild().WriteFile(model); err != nil {
			b.Fatal(err)
		}
		f, _ := os.Open(model)
		fi, _ := f.Stat()
		m, err := syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
		f.Close()
		if err != nil {
			b.Fatal(err)
		}
		defer syscall.Munmap(m)
		n := 0
		srv := fakeLlamaServerB(b, model, &n)
		defer srv.Close()
		targets = append(targets, Target{PID: os.Getpid(), Start: time.Unix(int64(1000+i), 0), Name: "llama-server",
			Cmdline: []string{"llama-server", "-m", model, "-c", "8192"}})
	}
	in := New("/proc", nil)
	in.Live = NewLive("/proc")
	vram := uint64(2 << 30)
	refresh := func() {
		found := in.Refresh(context.Background(), targets)
		for _, t := range targets {
			if f, ok := found[t.PID]; ok {
				in.Enrich(context.Background(), t, f, &vram)
			}
		}
	}
	refresh()
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuNow()
	for i := 0; i < b.N; i++ {
		if reask {
			in.Live.mu.Lock()
			for _, st := range in.Live.state {
				st.apiAt = time.Time{}
			}
			in.Live.mu.Unlock()
			in.Live.Client.Tracker().Forget(func(probe.Key) bool { return false })
		}
		refresh()
	}
	b.StopTimer()
	b.ReportMetric(float64(cpuNow()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// BenchmarkSteadyTwoLlamaServers: a steady refresh of two llama-servers
// (budget ≤ 3 ms CPU; the original tool took 15-30 ms): maps scans, headers
// and API answers come from their caches.
func BenchmarkSteadyTwoLlamaServers(b *testing.B) { benchTwoServers(b, false) }

// BenchmarkReaskTwoLlamaServers: the same, but every refresh asks both
// servers' APIs again (the worst case, once per API cache age).
func BenchmarkReaskTwoLlamaServers(b *testing.B) { benchTwoServers(b, true) }

// BenchmarkSteadyVLLMWorkers: a steady refresh of a stand-in vLLM over
// two GPUs: both workers' scans, their API (found on an ancestor), their
// load log, and the served model in the hub cache, all from caches.
func BenchmarkSteadyVLLMWorkers(b *testing.B) {
	api := standin.Start(b, standin.VLLM(standin.VLLMOptions{TP: 2, Libs: standin.FakeLibs(b)}), filepath.Join(b.TempDir(), "vllm.log"))
	var targets []Target
	for _, w := range api.Children[0].Children {
		targets = append(targets, Target{PID: w.PID, PPID: api.Children[0].PID, Name: w.Spec.CommName(), Cmdline: w.Spec.Argv, Start: time.Now()})
	}
	in := New("/proc", nil)
	in.Live = NewLive("/proc")
	vram := uint64(100 << 30)
	refresh := func() {
		found := in.Refresh(context.Background(), targets)
		for _, t := range targets {
			if f, ok := found[t.PID]; ok {
				_, l := in.Enrich(context.Background(), t, f, &vram)
				if l == nil || l.KVCache == nil {
					b.Fatalf("worker %d: no reported KV: %+v", t.PID, l)
				}
			}
		}
	}
	refresh()
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuNow()
	for i := 0; i < b.N; i++ {
		refresh()
	}
	b.StopTimer()
	b.ReportMetric(float64(cpuNow()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}
