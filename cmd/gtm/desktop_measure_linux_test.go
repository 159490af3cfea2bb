//go:build !nogui

package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestTrayResourceUse measures the tray-only gtm (--tray with a tray host,
// window hidden, 1 s refresh): CPU as a share of one core and resident
// memory over GTM_TRAY_MEASURE seconds. It is a measurement, run by
// scripts/measure-tray.sh; without the variable it is skipped.
func TestTrayResourceUse(t *testing.T) {
	secs, _ := strconv.Atoi(os.Getenv("GTM_TRAY_MEASURE"))
	if secs <= 0 {
		t.Skip("set GTM_TRAY_MEASURE=seconds (scripts/measure-tray.sh) to measure")
	}
	for _, mode := range []struct {
		name string
		args func(t *testing.T) []string
	}{
		{"live, this machine", func(*testing.T) []string { return nil }},
		{"replay, tray changing every second", func(t *testing.T) []string {
			path, _ := trayCapture(t, secs+30)
			return []string{"--replay", path}
		}},
	} {
		t.Run(mode.name, func(t *testing.T) {
			env := newDesktopEnv(t, true)
			w := newWatcher(t, env.bus)
			args := append([]string{"--tray", "--interval", "1"}, mode.args(t)...)
			args = append(args, strings.Fields(os.Getenv("GTM_TRAY_ARGS"))...) // e.g. --interval 3600: no collection
			g := env.start(t, args...)
			w.waitItem(t, g)
			if windowVisible(t, env, time.Second) {
				t.Fatal("the window is shown; this measures the tray alone")
			}
			pid := g.cmd.Process.Pid
			time.Sleep(5 * time.Second) // start-up is not the steady state
			cpu0, rss0 := procUsage(t, pid)
			start := time.Now()
			var rss []int64
			for time.Since(start) < time.Duration(secs)*time.Second {
				time.Sleep(5 * time.Second)
				_, r := procUsage(t, pid)
				rss = append(rss, r)
			}
			cpu1, rss1 := procUsage(t, pid)
			wall := time.Since(start).Seconds()
			pct := 100 * (cpu1 - cpu0) / wall
			minR, maxR := rss[0], rss[0]
			for _, r := range rss {
				minR, maxR = min(minR, r), max(maxR, r)
			}
			icons, tips := w.signals()
			t.Logf("%s: %.0f s, CPU %.2f %% of one core (%.2f s), RSS %.1f → %.1f MiB (min %.1f, max %.1f), NewIcon %d, NewToolTip %d",
				mode.name, wall, pct, cpu1-cpu0, mib(rss0), mib(rss1), mib(minR), mib(maxR), icons, tips)
			fmt.Printf("MEASURE %s: cpu=%.2f%% rss_start=%.1fMiB rss_end=%.1fMiB rss_max=%.1fMiB seconds=%.0f\n",
				mode.name, pct, mib(rss0), mib(rss1), mib(maxR), wall)
			if pct > 1 {
				t.Errorf("tray-only CPU %.2f %% of one core, budget 1 %%", pct)
			}
		})
	}
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

// procUsage reads a process's CPU seconds (user+system) and resident bytes.
func procUsage(t *testing.T, pid int) (cpu float64, rss int64) {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	// After "pid (comm) ", field 3 (state) is f[0]: utime is field 14,
	// stime 15, rss (pages) 24.
	ut, _ := strconv.ParseFloat(f[11], 64)
	st, _ := strconv.ParseFloat(f[12], 64)
	pages, _ := strconv.ParseInt(f[21], 10, 64)
	const hz = 100 // USER_HZ on Linux
	return (ut + st) / hz, pages * int64(os.Getpagesize())
}
