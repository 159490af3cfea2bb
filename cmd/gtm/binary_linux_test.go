package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
	"github.com/gputaskman/gtm/internal/schema"
	"github.com/gputaskman/gtm/internal/standin"
)

// headlessBinary is the -tags nogui gtm, built once for the tests that run
// it as a user would.
var headlessBinary string

func TestMain(m *testing.M) {
	standin.MaybeRun()      // a stand-in server process of the served-model tests
	maybeRunOpener()        // a read-and-close model loader of the trace tests
	maybeRunPIDReuse()      // the PID-reuse attack, in a PID namespace of its own
	maptest.MaybeRunChild() // the mapper child of the inspect tests
	flag.Parse()
	// gtm keeps what it learns (the GPUs' idle floors) in the user's
	// cache: a test run keeps it in its own, so runs do not see each
	// other's and the tester's cache is left alone.
	cache, err := os.MkdirTemp("", "gtm-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", cache)
	code := runTests(m)
	os.RemoveAll(cache)
	os.Exit(code)
}

// runTests builds the headless binary (unless -short) and runs the tests.
func runTests(m *testing.M) int {
	if testing.Short() {
		// make check: the tests that run built binaries are make test's.
		return m.Run()
	}
	dir, err := os.MkdirTemp("", "gtm-bin-")
	if err != nil {
		panic(err)
	}
	headlessBinary = filepath.Join(dir, "gtm")
	build := exec.Command("go", "build", "-tags", "nogui", "-o", headlessBinary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		headlessBinary = ""
	}
	code := m.Run()
	os.RemoveAll(dir)
	return code
}

// needBinary skips a test under -short (make check) and fails it when the
// headless binary could not be built.
func needBinary(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the tests that run the built binary are left to make test")
	}
	if headlessBinary == "" {
		t.Fatal("could not build the headless binary")
	}
}

func runBinary(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	needBinary(t)
	cmd := exec.Command(headlessBinary, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.String(), errb.String()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, out.String(), errb.String()
}

// hasDriver reports whether this machine has NVML (then no-driver
// expectations do not apply).
func hasDriver(snap *schema.Snapshot) bool { return len(snap.Sources) > 0 && snap.Sources[0].OK }

func TestBinaryJSON(t *testing.T) {
	code, stdout, stderr := runBinary(t, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	snap, err := capture.ReadSnapshot(strings.NewReader(stdout))
	if err != nil {
		t.Fatal(err)
	}
	if snap.Tool.Name != "gtm" || snap.Host.OS != "linux" || snap.TakenAt.IsZero() {
		t.Errorf("snapshot header = %+v", snap)
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(stdout), &raw); err != nil || raw["devices"] == nil {
		t.Errorf("devices must be a list, never null: %v", raw["devices"])
	}
	if !hasDriver(snap) {
		if len(snap.Devices) != 0 || !strings.Contains(*snap.Sources[0].Error, "NVIDIA driver not found") {
			t.Errorf("no-driver snapshot = %+v", snap.Sources)
		}
	}
}

func TestBinaryOnceAndGPUOutOfRange(t *testing.T) {
	code, stdout, _ := runBinary(t, "--once")
	if code != 0 || stdout == "" {
		t.Fatalf("--once exit %d", code)
	}
	_, js, _ := runBinary(t, "--json")
	snap, _ := capture.ReadSnapshot(strings.NewReader(js))
	if snap != nil && !hasDriver(snap) && stdout != "No GPU to show: NVIDIA driver not found (libnvidia-ml.so.1 could not be loaded).\n" {
		t.Errorf("--once without driver = %q", stdout)
	}
	code, stdout, stderr := runBinary(t, "--gpu", "7")
	if code != 2 || stdout != "" || !strings.Contains(stderr, "--gpu 7 is out of range") {
		t.Errorf("--gpu 7: %d %q %q", code, stdout, stderr)
	}
}

func TestBinaryHeadlessWindow(t *testing.T) {
	code, _, stderr := runBinary(t)
	if code != 1 || !strings.Contains(stderr, "--once") || !strings.Contains(stderr, "--json") {
		t.Errorf("nogui window: %d %q", code, stderr)
	}
}

func TestBinaryUsage(t *testing.T) {
	if code, _, stderr := runBinary(t, "--nope"); code != 2 || strings.Contains(stderr, "goroutine") {
		t.Errorf("--nope: %d %q", code, stderr)
	}
	if code, stdout, _ := runBinary(t, "--version"); code != 0 || !strings.HasPrefix(stdout, "gtm ") {
		t.Errorf("--version: %d %q", code, stdout)
	}
}

func TestBinaryWriteFailure(t *testing.T) {
	needBinary(t)
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	cmd := exec.Command(headlessBinary, "--json")
	cmd.Stdout = full
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(errb.String(), "writing output") {
		t.Errorf("write to /dev/full: %v %q", err, errb.String())
	}
}

// TestHeadlessLinksOnlyLibc: the nogui binary is the one for containers and
// servers; it must not need X11, GL or anything but libc.
func TestHeadlessLinksOnlyLibc(t *testing.T) {
	needBinary(t)
	ldd, err := exec.LookPath("ldd")
	if err != nil {
		t.Skip("no ldd")
	}
	out, err := exec.Command(ldd, headlessBinary).CombinedOutput()
	if err != nil {
		t.Fatalf("ldd: %v %s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		lib := filepath.Base(f[0])
		if !strings.HasPrefix(lib, "libc.so") && !strings.HasPrefix(lib, "ld-linux") && !strings.HasPrefix(lib, "linux-vdso") {
			t.Errorf("headless binary links %s", line)
		}
	}
}

// BenchmarkJSONColdStart runs the headless binary's --json from exec to
// exit (budget: ≤ 50 ms wall).
func BenchmarkJSONColdStart(b *testing.B) {
	needBinary(b)
	for i := 0; i < b.N; i++ {
		cmd := exec.Command(headlessBinary, "--json")
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkJSONColdStartVsPs runs the headless gtm --json and
// `ps -e -o pid,comm,args` in alternating pairs (one pair an iteration, so
// both see the same machine) and reports the median of each and their ratio
// (budget: gtm ≤ 1.0× ps; README, Performance). The headless build is what
// `make build` installs as bin/gtm (the window is bin/gtm-window beside it).
// Run it with -benchtime=40x.
func BenchmarkJSONColdStartVsPs(b *testing.B) {
	needBinary(b)
	ps, err := exec.LookPath("ps")
	if err != nil {
		b.Skip("no ps")
	}
	timeRun := func(name string, args ...string) time.Duration {
		start := time.Now()
		if err := exec.Command(name, args...).Run(); err != nil {
			b.Fatalf("%s: %v", name, err)
		}
		return time.Since(start)
	}
	var gtm, psT []time.Duration
	for i := 0; i < b.N; i++ {
		gtm = append(gtm, timeRun(headlessBinary, "--json"))
		psT = append(psT, timeRun(ps, "-e", "-o", "pid,comm,args"))
	}
	median := func(d []time.Duration) time.Duration {
		s := slices.Clone(d)
		slices.Sort(s)
		return s[len(s)/2]
	}
	g, p := median(gtm), median(psT)
	b.ReportMetric(float64(g.Microseconds())/1000, "gtm-ms")
	b.ReportMetric(float64(p.Microseconds())/1000, "ps-ms")
	b.ReportMetric(float64(g)/float64(p), "ratio-to-ps")
}
