package opens

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func cpuNow() time.Duration {
	var ru unix.Rusage
	unix.Getrusage(unix.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// settle waits until the event count stops moving: the opener has exited
// and the queue is drained (or overflowed).
func settle(tr *Tracer, want uint64) Stats {
	last, still := tr.Stats(), time.Now()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		st := tr.Stats()
		if st.Events >= want {
			return st
		}
		if st.Events != last.Events || st.Overflows != last.Overflows {
			last, still = st, time.Now()
		} else if time.Since(still) > maxPause+200*time.Millisecond {
			break
		}
	}
	return tr.Stats()
}

// BenchmarkStorm: a child opens 50,000 small non-model files (and 50 model
// files among them) on a marked filesystem; gtm's CPU per event is its
// whole process's getrusage (the reader, plus the fork of the child).
func BenchmarkStorm(b *testing.B) {
	b.Run("by-name", benchStorm)
	b.Run("by-fd", func(b *testing.B) { byFD(b); benchStorm(b) })
}

func benchStorm(b *testing.B) {
	dir := tmpfsDir(b)
	all, models := storm(b, dir, 50000, 1000)
	tr := start(b, Options{Paths: []string{dir}, PerPID: len(models)})
	b.ResetTimer()
	var events, overflows uint64
	var cpu, wall time.Duration
	for range b.N {
		st0, c0, t0 := tr.Stats(), cpuNow(), time.Now()
		pid, end := holder(b, all)
		st := settle(tr, st0.Events+uint64(len(all)))
		wall += time.Since(t0)
		cpu += cpuNow() - c0
		events += st.Events - st0.Events
		overflows += st.Overflows - st0.Overflows
		if st.Overflows == st0.Overflows && len(tr.Opened(pid)) != len(models) {
			b.Fatalf("kept %d of %d model opens", len(tr.Opened(pid)), len(models))
		}
		end()
		tr.Forget(func(Proc) bool { return false })
	}
	b.ReportMetric(float64(events)/wall.Seconds(), "events/s")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(events), "cpu-ns/event")
	b.ReportMetric(float64(overflows)/float64(b.N), "overflows/op")
}

// BenchmarkSteady: the tracer on the root filesystem and /dev/shm, as the
// default paths mark them, with no model opens of its own: what the
// machine's other opens cost gtm. Each op is one second.
func BenchmarkSteady(b *testing.B) {
	b.Run("by-name", benchSteady)
	b.Run("by-fd", func(b *testing.B) { byFD(b); benchSteady(b) })
}

// BenchmarkSteadyRate: a child opens non-model files at a steady rate on a
// marked filesystem for b.N seconds (a busy desktop opens a few hundred
// files a second, bursts aside); gtm's share of a core.
func BenchmarkSteadyRate(b *testing.B) {
	for _, mode := range []string{"by-name", "by-fd"} {
		for _, rate := range []int{0, 200, 1000, 5000} {
			b.Run(fmt.Sprintf("%s/%d/s", mode, rate), func(b *testing.B) {
				if mode == "by-fd" {
					byFD(b)
				}
				steadyRate(b, rate)
			})
		}
	}
}

func steadyRate(b *testing.B, rate int) {
	dir := tmpfsDir(b)
	all, _ := storm(b, dir, 1000, 1000000)
	tr := start(b, Options{Paths: []string{dir}})
	list := filepath.Join(b.TempDir(), "list")
	if err := os.WriteFile(list, []byte(strings.Join(all, "\n")), 0o644); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	st0, c0, t0 := tr.Stats(), cpuNow(), time.Now()
	var cmd *exec.Cmd
	if rate > 0 {
		cmd = exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), openEnv+"="+list, fmt.Sprintf("%s=%d,%d", rateEnv, rate, b.N))
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
	}
	// Sleep rather than wait: a goroutine blocked in waitid keeps the
	// runtime's sysmon busy, which is the harness's cost.
	time.Sleep(time.Duration(b.N) * time.Second)
	cpu, wall := cpuNow()-c0, time.Since(t0)
	if cmd != nil {
		cmd.Wait()
	}
	st := tr.Stats()
	b.ReportMetric(float64(st.Events-st0.Events)/wall.Seconds(), "events/s")
	b.ReportMetric(100*cpu.Seconds()/wall.Seconds(), "%core")
}

func benchSteady(b *testing.B) {
	paths := []string{"/", "/dev/shm"}
	if home, err := os.UserHomeDir(); err == nil {
		paths = append(DefaultPaths(home, os.Getenv), paths...)
	}
	tr := start(b, Options{Paths: paths})
	b.ResetTimer()
	st0, c0, t0 := tr.Stats(), cpuNow(), time.Now()
	for range b.N {
		time.Sleep(time.Second)
	}
	st, cpu, wall := tr.Stats(), cpuNow()-c0, time.Since(t0)
	b.ReportMetric(float64(st.Events-st0.Events)/wall.Seconds(), "events/s")
	b.ReportMetric(100*cpu.Seconds()/wall.Seconds(), "%core")
	b.Logf("marked %v; %d events, %d kept, %d overflows", st.Marked, st.Events-st0.Events, st.Kept-st0.Kept, st.Overflows-st0.Overflows)
}
