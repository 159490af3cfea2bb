//go:build !nogui

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
)

// TestWindowLiveResourceUse measures the window as the README's build gives
// it, live: the stand-in NVIDIA driver lists a llama-server-like process
// (named llama-server, mapping a GGUF model and a CUDA runtime) holding
// 6 GiB, gtm refreshes every second under Xvfb with software GL, and the
// test reads gtm's CPU (share of one core) and resident memory over
// GTM_WINDOW_MEASURE seconds after a warm-up. It is a measurement, run by
// scripts/measure-window-live.sh (make measure-window-live); without the
// variable it is skipped. Budgets: 2 % of one core, 150 MiB, and (for runs
// of two minutes or more) at most 5 MiB of growth after the first minute.
func TestWindowLiveResourceUse(t *testing.T) {
	secs, _ := strconv.Atoi(os.Getenv("GTM_WINDOW_MEASURE"))
	if secs <= 0 {
		t.Skip("set GTM_WINDOW_MEASURE=seconds (scripts/measure-window-live.sh) to measure")
	}
	display := xvfb(t)
	dir := t.TempDir()
	model := filepath.Join(dir, "Qwen3-0.6B-Q8_0.gguf")
	must(t, ggufgen.Qwen3_0_6B().MustBuild().WriteFile(model))
	cuda := maptest.TempFile(t, "libcudart.so.12", 64<<10)
	llama := maptest.StartNamedMapper(t, "llama-server", model, cuda)
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(
		fakenvml.Process{PID: llama, UsedMemory: 6 << 30, Sample: &fakenvml.Sample{SM: 60}},
	)}})
	var env []string
	for _, kv := range fakenvml.Env(m.libDir, m.path) {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "DBUS_SESSION_BUS_ADDRESS=") {
			env = append(env, kv)
		}
	}
	guiBinary(t)
	// A binary just written is mapped from the page cache in bigger pieces
	// (~5 MB more resident) than an installed one read from disk.
	if os.Geteuid() == 0 {
		exec.Command("sync").Run()
		_ = os.WriteFile("/proc/sys/vm/drop_caches", []byte("3"), 0)
	}
	g := startGUI(t, display, env, nil, "--interval", "1")
	pid := g.cmd.Process.Pid
	time.Sleep(10 * time.Second) // start-up is not the steady state
	cpu0, rss0 := procUsage(t, pid)
	start := time.Now()
	var firstMinute, maxR int64 = 0, rss0
	for time.Since(start) < time.Duration(secs)*time.Second {
		time.Sleep(5 * time.Second)
		_, r := procUsage(t, pid)
		maxR = max(maxR, r)
		if firstMinute == 0 && time.Since(start) >= time.Minute {
			firstMinute = r
		}
	}
	cpu1, rss1 := procUsage(t, pid)
	wall := time.Since(start).Seconds()
	pct := 100 * (cpu1 - cpu0) / wall
	t.Logf("%.0f s live at 1 s: CPU %.2f %% of one core (%.2f s), RSS %.1f → %.1f MiB (max %.1f, after the first minute %.1f)",
		wall, pct, cpu1-cpu0, mib(rss0), mib(rss1), mib(maxR), mib(firstMinute))
	fmt.Printf("MEASURE window live: cpu=%.2f%% rss_start=%.1fMiB rss_end=%.1fMiB rss_max=%.1fMiB rss_1min=%.1fMiB seconds=%.0f\n",
		pct, mib(rss0), mib(rss1), mib(maxR), mib(firstMinute), wall)
	if pct > 2 {
		t.Errorf("window CPU %.2f %% of one core, budget 2 %%", pct)
	}
	if mib(maxR) > 150 {
		t.Errorf("window RSS reached %.1f MiB, budget 150 MiB", mib(maxR))
	}
	if firstMinute > 0 && secs >= 120 && mib(rss1-firstMinute) > 5 {
		t.Errorf("window RSS grew %.1f MiB after the first minute", mib(rss1-firstMinute))
	}
}
