package main

// End-to-end tests: the real headless binary on the stand-in NVIDIA driver
// (backend/nvml/fakenvml), with real child processes holding "VRAM".

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/app/history"
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/backend/nvml"
	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/internal/schema"
)

// fakeMachine is one test's stand-in driver: the library and a machine
// file the test may rewrite while gtm runs.
type fakeMachine struct {
	t      *testing.T
	libDir string
	path   string
}

func newFakeMachine(t *testing.T, m fakenvml.Machine) *fakeMachine {
	t.Helper()
	f := &fakeMachine{t: t, libDir: fakenvml.Build(t), path: filepath.Join(t.TempDir(), "machine")}
	f.write(m)
	return f
}

func (f *fakeMachine) write(m fakenvml.Machine) {
	f.t.Helper()
	if err := m.Write(f.path); err != nil {
		f.t.Fatal(err)
	}
}

// run runs gtm on the machine.
func (f *fakeMachine) run(args ...string) (code int, stdout, stderr string) {
	f.t.Helper()
	return runBinaryEnv(f.t, fakenvml.Env(f.libDir, f.path), args...)
}

// json runs gtm --json on the machine and parses the snapshot.
func (f *fakeMachine) json(args ...string) *schema.Snapshot {
	f.t.Helper()
	code, stdout, stderr := f.run(append([]string{"--json"}, args...)...)
	if code != 0 || stderr != "" {
		f.t.Fatalf("gtm --json: exit %d, stderr %q", code, stderr)
	}
	snap, err := capture.ReadSnapshot(strings.NewReader(stdout))
	if err != nil {
		f.t.Fatalf("%v\n%s", err, stdout)
	}
	return snap
}

func runBinaryEnv(t *testing.T, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	needBinary(t)
	cmd := exec.Command(headlessBinary, args...)
	cmd.Env = env
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

// startChild starts a real process that lives until the test ends (or
// the returned stop is called) and returns its PID.
func startChild(t *testing.T) (pid int, stop func()) {
	t.Helper()
	cmd := exec.Command("sleep", "300")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var stopped bool
	stop = func() {
		if !stopped {
			stopped = true
			cmd.Process.Kill()
			cmd.Wait()
		}
	}
	t.Cleanup(stop)
	return cmd.Process.Pid, stop
}

// absentPID returns a PID no process has now.
func absentPID(t *testing.T) int {
	t.Helper()
	for pid := 4_000_000; pid > 3_000_000; pid -= 7919 {
		if _, err := os.Stat("/proc/" + strconv.Itoa(pid)); os.IsNotExist(err) {
			return pid
		}
	}
	t.Skip("no free PID found")
	return 0
}

func currentUser(t *testing.T) string {
	u, err := user.Current()
	if err != nil {
		t.Skip(err)
	}
	return u.Username
}

func h100(procs ...fakenvml.Process) fakenvml.GPU {
	return fakenvml.GPU{
		Name: "NVIDIA H100 80GB HBM3", UUID: "GPU-11111111-2222-3333-4444-555555555555", PCIBusID: "00000000:1A:00.0",
		MemoryTotal: 80 << 30, MemoryUsed: 30 << 30,
		GPUUtil: 87, MemoryUtil: 41, TemperatureC: 66, PowerMilliwatts: 412_500, PowerLimitMilliwatts: 700_000,
		SMClockMHz: 1980, MemoryClockMHz: 2619, VideoClockMHz: 1755, EncoderUtil: 3, DecoderUtil: 0,
		PCIeRxKBps: 1200, PCIeTxKBps: 3400,
		Processes: procs,
	}
}

func findRow(snap *schema.Snapshot, pid, device int) *schema.Process {
	for i := range snap.Processes {
		p := &snap.Processes[i]
		if p.PID == pid && p.OnDevice(device) {
			return p
		}
	}
	return nil
}

func str[T ~string](p *T) string {
	if p == nil {
		return "<nil>"
	}
	return string(*p)
}

func TestE2EJSONRealProcesses(t *testing.T) {
	a, _ := startChild(t)
	b, _ := startChild(t)
	ghost := absentPID(t)
	me := currentUser(t)
	l4 := fakenvml.GPU{Name: "NVIDIA L4", UUID: "GPU-2", PCIBusID: "00000000:3B:00.0", MemoryTotal: 24 << 30,
		Processes: []fakenvml.Process{{PID: b, UsedMemory: 512 << 20, Lists: []string{"graphics"}}}}
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{
		h100(
			fakenvml.Process{PID: a, UsedMemory: 20 << 30, Sample: &fakenvml.Sample{SM: 75, Decoder: 12}},
			fakenvml.Process{PID: b, UsedMemory: fakenvml.NotAvailable, Lists: []string{"compute", "graphics"}},
			fakenvml.Process{PID: ghost, UsedMemory: 4 << 30},
		),
		l4,
	}})
	snap := m.json()

	if len(snap.Devices) != 2 {
		t.Fatalf("devices = %+v", snap.Devices)
	}
	d := snap.Devices[0]
	if str(d.Name) != "NVIDIA H100 80GB HBM3" || str(d.UUID) != "GPU-11111111-2222-3333-4444-555555555555" ||
		str(d.PCIBusID) != "00000000:1A:00.0" || *d.MemoryTotalBytes != 80<<30 || *d.MemoryUsedBytes != 30<<30 ||
		*d.GPUUtilPercent != 87 || *d.MemoryUtilPercent != 41 || *d.TemperatureC != 66 ||
		*d.PowerW != 412.5 || *d.PowerLimitW != 700 || *d.SMClockMHz != 1980 || *d.MemoryClockMHz != 2619 ||
		*d.VideoClockMHz != 1755 || *d.EncoderUtilPct != 3 || *d.DecoderUtilPct != 0 ||
		*d.PCIeRxBytesPerS != 1200*1024 || *d.PCIeTxBytesPerS != 3400*1024 {
		t.Errorf("device 0 readings: %s", mustJSON(t, d))
	}
	if str(snap.Devices[1].Name) != "NVIDIA L4" || snap.Devices[1].Index != 1 {
		t.Errorf("device 1 = %s", mustJSON(t, snap.Devices[1]))
	}

	ra := findRow(snap, a, 0)
	if ra == nil || str(ra.Name) != "sleep" || str(ra.User) != me || ra.VRAMBytes == nil || *ra.VRAMBytes != 20<<30 ||
		ra.SMUtilPercent == nil || *ra.SMUtilPercent != 75 || *ra.DecoderUtilPercent != 12 || *ra.GPUUtilPercent != 75 ||
		strings.Join(ra.Cmdline, " ") != "sleep 300" || ra.StartTime == nil || ra.PPID == nil || *ra.PPID != os.Getpid() {
		t.Errorf("child a row: %s", mustJSON(t, ra))
	}
	// NVML's "not available" is unknown (null), never 0.
	rb := findRow(snap, b, 0)
	if rb == nil || rb.VRAMBytes != nil || str(rb.Name) != "sleep" || strings.Join(rb.GPUProcessTypes, ",") != "compute,graphics" ||
		rb.SMUtilPercent != nil {
		t.Errorf("child b row on GPU 0: %s", mustJSON(t, rb))
	}
	if rb1 := findRow(snap, b, 1); rb1 == nil || rb1.VRAMBytes == nil || *rb1.VRAMBytes != 512<<20 || str(rb1.Name) != "sleep" {
		t.Errorf("child b row on GPU 1: %s", mustJSON(t, rb1))
	}
	// A PID the driver lists but /proc does not have: measured memory, no
	// invented details.
	rg := findRow(snap, ghost, 0)
	if rg == nil || rg.Name != nil || rg.User != nil || rg.Cmdline != nil || rg.VRAMBytes == nil || *rg.VRAMBytes != 4<<30 ||
		!contains(rg.Notes, collect.NoteNotVisible) || rg.Category != nil || rg.Models != nil {
		t.Errorf("ghost row: %s", mustJSON(t, rg))
	}
	// Totals add only measured bytes: 20 GiB + 4 GiB; b's unknown is not 0-added.
	if total, known := snap.MeasuredVRAM(0); !known || total != 24<<30 {
		t.Errorf("measured VRAM on GPU 0 = %d %v", total, known)
	}
	for _, s := range snap.Sources {
		if strings.HasPrefix(s.Name, "nvml") && !s.OK {
			t.Errorf("source %s failed: %s", s.Name, str(s.Error))
		}
	}
	// Rows are ordered by device, then measured VRAM, unknown last.
	var order []int
	for _, p := range snap.Processes {
		order = append(order, p.PID)
	}
	if want := []int{a, ghost, b, b}; !equalInts(order, want) {
		t.Errorf("row order %v, want %v", order, want)
	}
}

func TestE2EOnceAndListGPUs(t *testing.T) {
	a, _ := startChild(t)
	ghost := absentPID(t)
	me := currentUser(t)
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(
		fakenvml.Process{PID: a, UsedMemory: 3 << 30, Sample: &fakenvml.Sample{SM: 40}},
		fakenvml.Process{PID: ghost, UsedMemory: fakenvml.NotAvailable},
	)}})
	code, out, stderr := m.run("--once")
	if code != 0 || stderr != "" {
		t.Fatalf("--once: %d %q", code, stderr)
	}
	for _, want := range []string{
		"GPU 0  NVIDIA H100 80GB HBM3  PCI 00000000:1A:00.0",
		"VRAM 30.00 GiB / 80.00 GiB (38%)  GPU 87%  Mem activity 41%  Temp 66 °C  Power 412.5 W of 700 W",
		"Listed processes hold 3.00 GiB (measured)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("--once lacks %q:\n%s", want, out)
		}
	}
	var rowA, rowGhost string
	for _, line := range strings.Split(out, "\n") {
		switch f := strings.Fields(line); {
		case len(f) > 0 && f[0] == strconv.Itoa(a):
			rowA = line
		case len(f) > 0 && f[0] == strconv.Itoa(ghost):
			rowGhost = line
		}
	}
	// PID USER GPU VRAM (2 fields) TREND (n/a in one snapshot) GPU% …
	if f := strings.Fields(rowA); len(f) < 9 || f[1] != me || f[3]+f[4] != "3.00GiB" || f[5] != "n/a" || f[6] != "40%" || !strings.Contains(rowA, "sleep 300") {
		t.Errorf("child row: %q", rowA)
	}
	if f := strings.Fields(rowGhost); len(f) < 4 || f[1] != "n/a" || f[3] != "n/a" {
		t.Errorf("ghost row (unknown user and VRAM are n/a): %q", rowGhost)
	}
	if !strings.Contains(out, strconv.Itoa(ghost)+": "+collect.NoteNotVisible) {
		t.Errorf("--once does not explain the ghost row:\n%s", out)
	}

	code, out, _ = m.run("--list-gpus")
	if code != 0 || out != "0  NVIDIA  NVIDIA H100 80GB HBM3  PCI 00000000:1A:00.0  GPU-11111111-2222-3333-4444-555555555555  80.00 GiB\n" {
		t.Errorf("--list-gpus: %d %q", code, out)
	}
	if code, _, stderr := m.run("--gpu", "1", "--once"); code != 2 || !strings.Contains(stderr, "valid GPUs are 0") {
		t.Errorf("--gpu 1 on one GPU: %d %q", code, stderr)
	}
}

// TestE2EUnsupportedReadings: readings the driver refuses are null / n/a,
// never 0, and a failed process list is a failure, never "no processes".
func TestE2EUnsupportedReadings(t *testing.T) {
	a, _ := startChild(t)
	g := h100(fakenvml.Process{PID: a, UsedMemory: 1 << 30})
	for _, fn := range []string{"nvmlDeviceGetTemperature", "nvmlDeviceGetPowerUsage", "nvmlDeviceGetEnforcedPowerLimit",
		"nvmlDeviceGetClockInfo", "nvmlDeviceGetEncoderUtilization", "nvmlDeviceGetPcieThroughput", "nvmlDeviceGetUtilizationRates"} {
		g.Fail = append(g.Fail, fakenvml.Failure{Func: fn, Return: "NOT_SUPPORTED"})
	}
	g.Fail = append(g.Fail, fakenvml.Failure{Func: "nvmlDeviceGetComputeRunningProcesses", Return: "NO_PERMISSION"})
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{g}})
	snap := m.json()
	d := snap.Devices[0]
	if d.TemperatureC != nil || d.PowerW != nil || d.PowerLimitW != nil || d.SMClockMHz != nil || d.EncoderUtilPct != nil ||
		d.PCIeRxBytesPerS != nil || d.GPUUtilPercent != nil || d.MemoryUtilPercent != nil {
		t.Errorf("unsupported readings must be null: %s", mustJSON(t, d))
	}
	if d.MemoryUsedBytes == nil || d.DecoderUtilPct == nil {
		t.Errorf("supported readings lost: %s", mustJSON(t, d))
	}
	if len(snap.Processes) != 0 {
		t.Errorf("rows from a failed list: %s", mustJSON(t, snap.Processes))
	}
	var failed bool
	for _, s := range snap.Sources {
		if s.Name == "nvml.processes.gpu0" && !s.OK && strings.Contains(str(s.Error), "Insufficient Permissions") {
			failed = true
		}
	}
	if !failed {
		t.Errorf("the failed compute list is not reported: %s", mustJSON(t, snap.Sources))
	}
	_, out, _ := m.run("--once")
	if !strings.Contains(out, "Temp n/a  Power n/a") || !strings.Contains(out, "Clocks SM n/a") {
		t.Errorf("--once shows unsupported readings as:\n%s", out)
	}
}

// TestE2ENoDriver: no libnvidia-ml.so.1 at all is a normal state, exit 0.
func TestE2ENoDriver(t *testing.T) {
	if out, err := exec.Command("ldconfig", "-p").Output(); err == nil && bytes.Contains(out, []byte(fakenvml.LibraryName)) {
		t.Skip("this machine has a real NVIDIA driver")
	}
	env := fakenvml.Env("", filepath.Join(t.TempDir(), "machine"))
	code, stdout, stderr := runBinaryEnv(t, env, "--json")
	snap, err := capture.ReadSnapshot(strings.NewReader(stdout))
	if code != 0 || stderr != "" || err != nil {
		t.Fatalf("--json without a driver: %d %q %v", code, stderr, err)
	}
	if len(snap.Devices) != 0 || len(snap.Processes) != 0 || snap.Sources[0].OK ||
		!strings.Contains(str(snap.Sources[0].Error), "NVIDIA driver not found") {
		t.Errorf("no-driver snapshot: %s", mustJSON(t, snap.Sources))
	}
	code, stdout, stderr = runBinaryEnv(t, env, "--once")
	if code != 0 || stderr != "" || stdout != "No GPU to show: NVIDIA driver not found (libnvidia-ml.so.1 could not be loaded).\n" {
		t.Errorf("--once without a driver: %d %q %q", code, stdout, stderr)
	}
}

// TestE2EDriverRefuses: the library loads but nvmlInit fails (driver not
// loaded, as after a kernel update): a clear source error, exit 0.
func TestE2EDriverRefuses(t *testing.T) {
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100()},
		Fail: []fakenvml.Failure{{Func: "nvmlInit", Return: "DRIVER_NOT_LOADED"}}})
	code, stdout, stderr := m.run("--once")
	if code != 0 || stderr != "" || stdout != "No GPU to show: NVML init failed: Driver Not Loaded.\n" {
		t.Errorf("--once: %d %q %q", code, stdout, stderr)
	}
}

// TestE2EProcessExited: the driver still lists a process that has exited
// by the time gtm reads /proc (reaped), or is a zombie (killed, not yet
// reaped): measured memory stays, and nothing about it is invented.
func TestE2EProcessExited(t *testing.T) {
	reaped, stopReaped := startChild(t)
	zombieCmd := exec.Command("sleep", "300")
	if err := zombieCmd.Start(); err != nil {
		t.Fatal(err)
	}
	zombie := zombieCmd.Process.Pid
	t.Cleanup(func() { zombieCmd.Process.Kill(); zombieCmd.Wait() })
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(
		fakenvml.Process{PID: reaped, UsedMemory: 2 << 30},
		fakenvml.Process{PID: zombie, UsedMemory: 1 << 30},
	)}})
	stopReaped()
	zombieCmd.Process.Kill()
	waitZombie(t, zombie)

	snap := m.json()
	r := findRow(snap, reaped, 0)
	if r == nil || r.Name != nil || r.VRAMBytes == nil || *r.VRAMBytes != 2<<30 || !contains(r.Notes, collect.NoteNotVisible) {
		t.Errorf("exited process row: %s", mustJSON(t, r))
	}
	z := findRow(snap, zombie, 0)
	if z == nil || z.VRAMBytes == nil || *z.VRAMBytes != 1<<30 {
		t.Fatalf("zombie row: %s", mustJSON(t, z))
	}
	// A zombie's command line and maps are gone: unknown (null), not "none"
	// ([] would read as a kernel thread), and not inspected.
	if str(z.Name) != "sleep" || z.Cmdline != nil || z.Runtimes != nil || z.Models != nil || z.Category != nil ||
		!contains(z.Notes, collect.NoteExited) {
		t.Errorf("zombie row: %s", mustJSON(t, z))
	}
	_, out, _ := m.run("--once")
	if !strings.Contains(out, strconv.Itoa(zombie)+": "+collect.NoteExited) {
		t.Errorf("--once does not say the zombie exited:\n%s", out)
	}
}

// waitZombie waits until pid is a zombie (state Z in /proc/pid/stat).
func waitZombie(t *testing.T, pid int) {
	t.Helper()
	for i := 0; i < 200; i++ {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err == nil {
			if i := bytes.LastIndexByte(b, ')'); i > 0 && len(b) > i+2 && b[i+2] == 'Z' {
				return
			}
		}
		sleepMillis(5)
	}
	t.Fatalf("process %d did not become a zombie", pid)
}

// TestE2EProcessesExitingDuringScans: children exit while gtm runs, at
// staggered moments; every run still exits 0 with a valid snapshot, and a
// row either has its process's details or says it is not visible.
func TestE2EProcessesExitingDuringScans(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	for round := 0; round < 5; round++ {
		var procs []fakenvml.Process
		var cmds []*exec.Cmd
		for i := 0; i < 6; i++ {
			cmd := exec.Command("sleep", "0.0"+strconv.Itoa(1+i))
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			cmds = append(cmds, cmd)
			procs = append(procs, fakenvml.Process{PID: cmd.Process.Pid, UsedMemory: uint64(i+1) << 20})
		}
		m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(procs...)}})
		done := make(chan struct{})
		go func() {
			for _, c := range cmds {
				c.Wait()
			}
			close(done)
		}()
		snap := m.json()
		<-done
		if len(snap.Processes) != len(procs) {
			t.Fatalf("round %d: %d rows for %d processes", round, len(snap.Processes), len(procs))
		}
		for _, p := range snap.Processes {
			visible := p.Name != nil
			if visible == contains(p.Notes, collect.NoteNotVisible) || p.VRAMBytes == nil {
				t.Errorf("round %d: inconsistent row %s", round, mustJSON(t, p))
			}
			if visible && (str(p.Name) != "sleep" || p.StartTime == nil) {
				t.Errorf("round %d: visible row lacks details: %s", round, mustJSON(t, p))
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func sleepMillis(ms int) { time.Sleep(time.Duration(ms) * time.Millisecond) }

// TestE2ELostGPU: one of two GPUs is lost (fallen off the bus). gtm says so,
// shows none of its readings or processes, and still shows the other GPU.
func TestE2ELostGPU(t *testing.T) {
	a, _ := startChild(t)
	b, _ := startChild(t)
	lost := h100(fakenvml.Process{PID: a, UsedMemory: 8 << 30})
	lost.Lost = true
	ok := h100(fakenvml.Process{PID: b, UsedMemory: 2 << 30})
	ok.UUID = "GPU-2"
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{lost, ok}})
	snap := m.json()
	if len(snap.Devices) != 2 {
		t.Fatalf("devices: %s", mustJSON(t, snap.Devices))
	}
	d := snap.Devices[0]
	if !d.Lost || d.MemoryUsedBytes != nil || d.MemoryTotalBytes != nil || d.TemperatureC != nil || d.GPUUtilPercent != nil {
		t.Errorf("lost device: %s", mustJSON(t, d))
	}
	if findRow(snap, a, 0) != nil || findRow(snap, b, 1) == nil || snap.Devices[1].Lost {
		t.Errorf("rows: %s", mustJSON(t, snap.Processes))
	}
	if _, known := snap.MeasuredVRAM(0); known {
		t.Error("a lost GPU has a measured total")
	}
	code, out, _ := m.run("--once")
	if code != 0 || !strings.Contains(out, "GPU 0  n/a  PCI n/a  LOST\n  The driver reports this GPU lost") ||
		!strings.Contains(out, "! nvml.processes.gpu0: GPU is lost") || !strings.Contains(out, "GPU 1  NVIDIA H100") {
		t.Errorf("--once with a lost GPU:\n%s", out)
	}

	// Lost halfway through a scan (the device read, then the process list
	// fails): still lost, no readings from that scan.
	lost.Lost = false
	lost.Fail = []fakenvml.Failure{{Func: "nvmlDeviceGetComputeRunningProcesses", Return: "GPU_IS_LOST"}}
	m.write(fakenvml.Machine{GPUs: []fakenvml.GPU{lost, ok}})
	snap = m.json()
	if d := snap.Devices[0]; !d.Lost || d.MemoryUsedBytes != nil || str(d.Name) != "NVIDIA H100 80GB HBM3" || findRow(snap, a, 0) != nil {
		t.Errorf("lost mid-scan: %s %s", mustJSON(t, d), mustJSON(t, snap.Processes))
	}
}

// fakeProc writes /proc/<pid> under root for a process started startTicks
// after boot (PID reuse cannot be forced on a live kernel).
func fakeProc(t *testing.T, root string, pid int, comm string, startTicks int, argv []string, maps string) {
	t.Helper()
	dir := filepath.Join(root, strconv.Itoa(pid))
	os.RemoveAll(dir)
	must(t, os.MkdirAll(dir, 0o755))
	files := map[string]string{
		"comm":    comm + "\n",
		"cmdline": strings.Join(argv, "\x00") + "\x00",
		"stat": strconv.Itoa(pid) + " (" + comm + ") S 1 " + strconv.Itoa(pid) + " " + strconv.Itoa(pid) +
			" 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 " + strconv.Itoa(startTicks) + " 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
		"status": "Name:\t" + comm + "\nPid:\t" + strconv.Itoa(pid) + "\nPPid:\t1\nUid:\t0\t0\t0\t0\nGid:\t0\t0\t0\t0\n",
		"maps":   maps,
	}
	for name, text := range files {
		must(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	must(t, os.Symlink("/usr/bin/"+comm, filepath.Join(dir, "exe")))
	must(t, os.Symlink("/", filepath.Join(dir, "cwd")))
}

// TestE2EPIDReuse: a PID the driver keeps listing now belongs to another
// process (same PID, new start time). Through the collector on the
// stand-in driver, the new row never carries the old process's details,
// models, category or idle history.
func TestE2EPIDReuse(t *testing.T) {
	const pid = 4242
	root := t.TempDir()
	must(t, os.WriteFile(filepath.Join(root, "stat"), []byte("cpu  1 2 3 4\nbtime 1764662400\n"), 0o644))
	model := filepath.Join(t.TempDir(), "old-model.gguf")
	must(t, os.WriteFile(model, []byte("GGUF"), 0o644))
	fakeProc(t, root, pid, "llama-server", 100_000, []string{"llama-server", "-m", model, "--port", "8080"},
		"7f0000000000-7f0010000000 r--s 00000000 08:01 1234 "+model+"\n")

	idle := &fakenvml.Sample{SM: 0}
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(fakenvml.Process{PID: pid, UsedMemory: 8 << 30, Sample: idle})}})
	t.Setenv(fakenvml.MachineEnv, m.path)
	gpu := nvml.New(gonvml.New(gonvml.WithLibraryPath(filepath.Join(m.libDir, fakenvml.LibraryName))))
	defer gpu.Close()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	c := &collect.Collector{
		GPU: gpu, Procs: linux.NewProcFS(root), Evidence: inspect.New(root, nil),
		Host: backend.Host{OS: "linux", Mode: backend.ModeNative, SharesHostPIDs: true},
		Now:  func() time.Time { return now },
	}
	hist := history.New(10*time.Minute, time.Second)

	old := c.Collect(context.Background())
	hist.Add(old)
	r := findRow(old, pid, 0)
	if r == nil || str(r.Name) != "llama-server" || len(r.Models) == 0 || r.Models[0].Path != model {
		t.Fatalf("the first process: %s", mustJSON(t, r))
	}
	now = now.Add(5 * time.Minute)
	old = c.Collect(context.Background())
	hist.Add(old)
	if d, ok := hist.IdleFor(0, pid, now); !ok || d != 5*time.Minute {
		t.Fatalf("first process idle for %v %v, want 5m", d, ok)
	}

	// The PID is reused: another program, started later, now holds VRAM.
	fakeProc(t, root, pid, "python3", 200_000, []string{"python3", "train.py"}, "")
	m.write(fakenvml.Machine{GPUs: []fakenvml.GPU{h100(fakenvml.Process{PID: pid, UsedMemory: 1 << 30, Sample: idle})}})
	now = now.Add(time.Second)
	snap := c.Collect(context.Background())
	hist.Add(snap)
	r = findRow(snap, pid, 0)
	if r == nil || str(r.Name) != "python3" || strings.Join(r.Cmdline, " ") != "python3 train.py" ||
		r.StartTime == nil || !r.StartTime.After(*findRow(old, pid, 0).StartTime) {
		t.Fatalf("reused PID row: %s", mustJSON(t, r))
	}
	for _, md := range r.Models {
		if md.Path == model {
			t.Errorf("reused PID shows the old process's model: %s", mustJSON(t, r.Models))
		}
	}
	if r.LLM != nil || (r.Category != nil && *r.Category == "AI") {
		t.Errorf("reused PID keeps the old process's LLM block or category: %s", mustJSON(t, r))
	}
	if d, ok := hist.IdleFor(0, pid, now); ok && d != 0 {
		t.Errorf("reused PID inherits the old process's idle time: %v", d)
	}
}

// record runs gtm record on the machine for n snapshots every interval
// and returns them. during, when set, runs while gtm records, after the
// first snapshot is written.
func (f *fakeMachine) record(n int, interval time.Duration, during func()) []*schema.Snapshot {
	f.t.Helper()
	needBinary(f.t)
	out := filepath.Join(f.t.TempDir(), "capture.jsonl")
	cmd := exec.Command(headlessBinary, "record", "-o", out, "-i", strconv.FormatFloat(interval.Seconds(), 'f', -1, 64),
		"--duration", strconv.FormatFloat(interval.Seconds()*float64(n)-interval.Seconds()/2, 'f', -1, 64))
	cmd.Env = fakenvml.Env(f.libDir, f.path)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		f.t.Fatal(err)
	}
	if during != nil {
		for i := 0; ; i++ {
			if b, _ := os.ReadFile(out); bytes.Count(b, []byte("\n")) >= 1 {
				break
			}
			if i > 1000 {
				f.t.Fatal("gtm record wrote nothing")
			}
			sleepMillis(5)
		}
		during()
	}
	if err := cmd.Wait(); err != nil {
		f.t.Fatalf("gtm record: %v %s", err, errb.String())
	}
	file, err := os.Open(out)
	if err != nil {
		f.t.Fatal(err)
	}
	defer file.Close()
	snaps, err := capture.Read(file)
	if err != nil || len(snaps) != n {
		f.t.Fatalf("capture: %d snapshots, want %d (%v)", len(snaps), n, err)
	}
	return snaps
}

// TestE2ERecordGPULostMidRun: gtm runs; after two good refreshes the GPU
// falls off the bus. Every later snapshot shows it lost with no readings
// and none of its processes: nothing stale from before.
func TestE2ERecordGPULostMidRun(t *testing.T) {
	a, _ := startChild(t)
	g := h100(fakenvml.Process{PID: a, UsedMemory: 8 << 30, Sample: &fakenvml.Sample{SM: 50}})
	// One memory read per refresh: the third refresh finds the GPU lost.
	g.Fail = []fakenvml.Failure{{Func: "nvmlDeviceGetMemoryInfo", Return: "GPU_IS_LOST", After: 2}}
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{g}})
	snaps := m.record(5, 100*time.Millisecond, nil)
	for i, s := range snaps {
		d := s.Devices[0]
		if i < 2 {
			if d.Lost || d.MemoryUsedBytes == nil || findRow(s, a, 0) == nil {
				t.Errorf("snapshot %d before the loss: %s", i, mustJSON(t, s))
			}
			continue
		}
		if !d.Lost || d.MemoryUsedBytes != nil || d.GPUUtilPercent != nil || d.TemperatureC != nil || len(s.Processes) != 0 {
			t.Errorf("snapshot %d after the loss shows stale data: %s %s", i, mustJSON(t, d), mustJSON(t, s.Processes))
		}
	}
}

// TestE2ERecordMachineChangesWhileRunning: the machine file is rewritten
// while gtm runs: a process starts using the GPU and another exits. Later
// snapshots follow the driver, with no leftover row of the exited one.
func TestE2ERecordMachineChangesWhileRunning(t *testing.T) {
	stays, _ := startChild(t)
	leaves, stopLeaves := startChild(t)
	arrives, _ := startChild(t)
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(
		fakenvml.Process{PID: stays, UsedMemory: 1 << 30},
		fakenvml.Process{PID: leaves, UsedMemory: 2 << 30},
	)}})
	snaps := m.record(8, 100*time.Millisecond, func() {
		stopLeaves()
		g := h100(
			fakenvml.Process{PID: stays, UsedMemory: 3 << 30},
			fakenvml.Process{PID: arrives, UsedMemory: 4 << 30, Sample: &fakenvml.Sample{SM: 99}},
		)
		g.MemoryUsed = 7 << 30
		m.write(fakenvml.Machine{GPUs: []fakenvml.GPU{g}})
	})
	if first := snaps[0]; findRow(first, leaves, 0) == nil || str(findRow(first, leaves, 0).Name) != "sleep" {
		t.Fatalf("first snapshot: %s", mustJSON(t, first.Processes))
	}
	last := snaps[len(snaps)-1]
	if findRow(last, leaves, 0) != nil || *last.Devices[0].MemoryUsedBytes != 7<<30 {
		t.Errorf("last snapshot keeps the old machine: %s", mustJSON(t, last))
	}
	r := findRow(last, arrives, 0)
	if r == nil || str(r.Name) != "sleep" || *r.VRAMBytes != 4<<30 || r.SMUtilPercent == nil || *r.SMUtilPercent != 99 {
		t.Errorf("new process: %s", mustJSON(t, r))
	}
	if r := findRow(last, stays, 0); r == nil || *r.VRAMBytes != 3<<30 {
		t.Errorf("staying process: %s", mustJSON(t, r))
	}
}

// TestE2EDriverFaults: the driver half-works in the ways real ones do.
func TestE2EDriverFaults(t *testing.T) {
	a, _ := startChild(t)

	// No GPUs at all (driver loaded, devices gone or all excluded).
	m := newFakeMachine(t, fakenvml.Machine{})
	if code, out, _ := m.run("--once"); code != 0 || out != "No GPU to show: the driver reports no devices.\n" {
		t.Errorf("no devices: %d %q", code, out)
	}

	// Counting devices fails.
	m.write(fakenvml.Machine{GPUs: []fakenvml.GPU{h100()}, Fail: []fakenvml.Failure{{Func: "nvmlDeviceGetCount", Return: "UNKNOWN"}}})
	if code, out, _ := m.run("--once"); code != 0 || out != "No GPU to show: NVML device count: Unknown Error.\n" {
		t.Errorf("count fails: %d %q", code, out)
	}

	// One GPU's handle is refused: it keeps its index (as nvidia-smi
	// numbers it), with nothing known about it; the other GPU is read.
	second := h100(fakenvml.Process{PID: a, UsedMemory: 1 << 30})
	second.Name = "NVIDIA L4"
	first := h100()
	first.Fail = []fakenvml.Failure{{Func: "nvmlDeviceGetHandleByIndex", Return: "NO_PERMISSION"}}
	m.write(fakenvml.Machine{GPUs: []fakenvml.GPU{first, second}})
	snap := m.json()
	if len(snap.Devices) != 2 || snap.Devices[0].Name != nil || snap.Devices[0].MemoryTotalBytes != nil ||
		str(snap.Devices[1].Name) != "NVIDIA L4" || findRow(snap, a, 1) == nil {
		t.Errorf("refused handle: %s %s", mustJSON(t, snap.Devices), mustJSON(t, snap.Processes))
	}

	// An old driver without the v2 memory call: v1's "used" (it includes
	// the driver's reservation) is what there is.
	g := h100()
	g.MemoryReserved = 1 << 30
	g.Fail = []fakenvml.Failure{{Func: "nvmlDeviceGetMemoryInfo_v2", Return: "FUNCTION_NOT_FOUND"}}
	m.write(fakenvml.Machine{GPUs: []fakenvml.GPU{g}})
	if d := m.json().Devices[0]; d.MemoryUsedBytes == nil || *d.MemoryUsedBytes != 31<<30 || *d.MemoryTotalBytes != 80<<30 {
		t.Errorf("v1 memory fallback: %s", mustJSON(t, d))
	}

	// Per-process utilization is refused: rows keep their measured memory,
	// engine load is unknown (null), and the source says why.
	g = h100(fakenvml.Process{PID: a, UsedMemory: 1 << 30, Sample: &fakenvml.Sample{SM: 50}})
	g.Fail = []fakenvml.Failure{{Func: "nvmlDeviceGetProcessUtilization", Return: "NO_PERMISSION"}}
	m.write(fakenvml.Machine{GPUs: []fakenvml.GPU{g}})
	snap = m.json()
	if r := findRow(snap, a, 0); r == nil || r.VRAMBytes == nil || r.SMUtilPercent != nil || r.GPUUtilPercent != nil {
		t.Errorf("utilization refused: %s", mustJSON(t, r))
	}
	var said bool
	for _, s := range snap.Sources {
		said = said || (s.Name == "nvml.process_utilization.gpu0" && !s.OK && strings.Contains(str(s.Error), "Insufficient Permissions"))
	}
	if !said {
		t.Errorf("sources: %s", mustJSON(t, snap.Sources))
	}

	// A process starts between go-nvml's sample count and fetch: no crash.
	g = h100(fakenvml.Process{PID: a, UsedMemory: 1 << 30, Sample: &fakenvml.Sample{SM: 50}})
	g.SamplesGrow = true
	m.write(fakenvml.Machine{GPUs: []fakenvml.GPU{g}})
	if r := findRow(m.json(), a, 0); r == nil || r.VRAMBytes == nil || r.SMUtilPercent != nil {
		t.Errorf("samples grew during the read: %s", mustJSON(t, r))
	}
}

// TestE2EManyProcesses: more processes than go-nvml's first buffer (it
// grows on INSUFFICIENT_SIZE), on every list, each with its own row.
func TestE2EManyProcesses(t *testing.T) {
	var procs []fakenvml.Process
	for i := 0; i < 200; i++ {
		p := fakenvml.Process{PID: 3_000_000 + i, UsedMemory: uint64(i+1) << 20}
		switch i % 3 {
		case 1:
			p.Lists = []string{"graphics"}
		case 2:
			p.Lists = []string{"mps"}
		}
		procs = append(procs, p)
	}
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(procs...)}})
	snap := m.json()
	if len(snap.Processes) != 200 {
		t.Fatalf("%d rows for 200 processes", len(snap.Processes))
	}
	var want uint64
	for i := 0; i < 200; i++ {
		want += uint64(i+1) << 20
	}
	if total, _ := snap.MeasuredVRAM(0); total != want {
		t.Errorf("measured total %d, want %d", total, want)
	}
}

// BenchmarkE2EJSONFakeDriver: gtm --json from exec to exit on the stand-in
// driver with 20 real processes on the GPU (each inspected: maps, command
// line), the cold start of a script polling a GPU box.
func BenchmarkE2EJSONFakeDriver(b *testing.B) {
	needBinary(b)
	var procs []fakenvml.Process
	for i := 0; i < 20; i++ {
		cmd := exec.Command("sleep", "300")
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		defer func() { cmd.Process.Kill(); cmd.Wait() }()
		procs = append(procs, fakenvml.Process{PID: cmd.Process.Pid, UsedMemory: uint64(i+1) << 28, Sample: &fakenvml.Sample{SM: uint32(i)}})
	}
	path := filepath.Join(b.TempDir(), "machine")
	if err := (fakenvml.Machine{GPUs: []fakenvml.GPU{h100(procs...)}}).Write(path); err != nil {
		b.Fatal(err)
	}
	env := fakenvml.Env(fakenvml.Build(b), path)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cmd := exec.Command(headlessBinary, "--json")
		cmd.Env = env
		if out, err := cmd.Output(); err != nil || !bytes.Contains(out, []byte(`"pid": `+strconv.Itoa(procs[19].PID))) {
			b.Fatalf("%v %s", err, out)
		}
	}
}

// TestE2ETerminalInjection: strings the driver and other processes choose
// (a GPU name, a command line) reach the terminal with control characters
// made visible, so they cannot retitle or clear it or forge rows; JSON
// keeps them exact.
func TestE2ETerminalInjection(t *testing.T) {
	const evilArg = "\x1b[2J\x1b]0;owned\x07\nFAKE 1 row"
	cmd := exec.Command("sleep", "300")
	cmd.Args = []string{evilArg, "300"} // argv[0] is the program's to choose
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	g := h100(fakenvml.Process{PID: cmd.Process.Pid, UsedMemory: 1 << 30})
	g.Name = "NVIDIA \x1b]0;pwned\x07H100\u202e"
	g.UUID = "GPU-\x1b[31mred"
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{g}})

	snap := m.json()
	if str(snap.Devices[0].Name) != g.Name || str(snap.Devices[0].UUID) != g.UUID {
		t.Errorf("JSON must keep the driver's strings exact: %q %q", str(snap.Devices[0].Name), str(snap.Devices[0].UUID))
	}
	if r := findRow(snap, cmd.Process.Pid, 0); r == nil || len(r.Cmdline) != 2 || r.Cmdline[0] != evilArg {
		t.Errorf("JSON must keep the command line exact: %s", mustJSON(t, r))
	}
	for _, args := range [][]string{{"--once"}, {"--list-gpus"}} {
		code, out, _ := m.run(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d", args, code)
		}
		if strings.ContainsAny(out, "\x1b\x07\u202e") {
			t.Errorf("%v writes raw control characters: %q", args, out)
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "FAKE") {
				t.Errorf("%v: a command line forged a row: %q", args, out)
			}
		}
	}
}

// startAtPID starts argv as process pid, by setting the kernel's last
// allocated PID just below it (root in this PID namespace only). Other
// processes forking meanwhile can take the PID first, so it retries; ok
// is false when the kernel does not let us.
func startAtPID(pid int, argv ...string) (cmd *exec.Cmd, ok bool) {
	for attempt := 0; attempt < 200; attempt++ {
		if err := os.WriteFile("/proc/sys/kernel/ns_last_pid", []byte(strconv.Itoa(pid-1)), 0); err != nil {
			return nil, false
		}
		cmd := exec.Command(argv[0], argv[1:]...)
		if err := cmd.Start(); err != nil {
			return nil, false
		}
		if cmd.Process.Pid == pid {
			return cmd, true
		}
		cmd.Process.Kill()
		cmd.Wait()
	}
	return nil, false
}

// TestE2ERecordPIDReuse: while gtm records, the process holding VRAM (an
// "AI" process: a model file on its command line) exits and a new one gets
// its PID (the driver keeps listing that PID). From the first snapshot of
// the new process on, its row has the new command line and start time,
// none of the old process's models or category, and a CPU share not
// computed from the old process's counters.
func TestE2ERecordPIDReuse(t *testing.T) {
	model := filepath.Join(t.TempDir(), "old-model.gguf")
	must(t, os.WriteFile(model, []byte("GGUF"), 0o644))
	// sh waiting on its stdin: no child process to leave behind.
	old := exec.Command("sh", "-c", "read x", "llama-server", "-m", model)
	stdin, err := old.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	if err := old.Start(); err != nil {
		t.Fatal(err)
	}
	pid := old.Process.Pid
	var reused *exec.Cmd
	t.Cleanup(func() {
		old.Process.Kill()
		old.Wait()
		if reused != nil {
			reused.Process.Kill()
			reused.Wait()
		}
	})
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(
		fakenvml.Process{PID: pid, UsedMemory: 1 << 30, Sample: &fakenvml.Sample{SM: 0}})}})
	var ok bool
	snaps := m.record(10, 150*time.Millisecond, func() {
		sleepMillis(200) // at least two snapshots of the old process
		old.Process.Kill()
		old.Wait()
		reused, ok = startAtPID(pid, "sleep", "301")
	})
	if !ok {
		t.Skip("cannot choose the next PID here (needs root in this PID namespace)")
	}
	var oldStart *time.Time
	sawNew := false
	for i, s := range snaps {
		r := findRow(s, pid, 0)
		if r == nil || r.VRAMBytes == nil {
			t.Fatalf("snapshot %d: no row for the listed PID", i)
		}
		hasModel := false
		for _, md := range r.Models {
			hasModel = hasModel || md.Path == model
		}
		switch cmdline := strings.Join(r.Cmdline, " "); {
		case strings.HasSuffix(cmdline, "llama-server -m "+model):
			if sawNew {
				t.Errorf("snapshot %d: the old process's row came back", i)
			}
			if !hasModel || str(r.Category) != "AI" {
				t.Errorf("snapshot %d: the old process is not seen as AI with its model: %s", i, mustJSON(t, r))
			}
			oldStart = r.StartTime
		case cmdline == "sleep 301":
			if hasModel || str(r.Category) == "AI" || r.LLM != nil {
				t.Errorf("snapshot %d: the new process shows the old one's model or category: %s", i, mustJSON(t, r))
			}
			if oldStart == nil || r.StartTime == nil || !r.StartTime.After(*oldStart) {
				t.Errorf("snapshot %d: reused PID's start time %v, old %v", i, r.StartTime, oldStart)
			}
			if !sawNew && r.CPUPercent != nil {
				t.Errorf("snapshot %d: CPU share of the new process computed from the old one's: %v", i, *r.CPUPercent)
			}
			sawNew = true
		default: // between the two: exited, or not visible
			if r.Name != nil && !contains(r.Notes, collect.NoteExited) {
				t.Errorf("snapshot %d: unexpected row %s", i, mustJSON(t, r))
			}
		}
	}
	if oldStart == nil || !sawNew {
		t.Errorf("the capture did not see both processes (old %v, new %v)", oldStart != nil, sawNew)
	}
}
