package kubernetes

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
)

// TestServeCostOnANode measures what the DaemonSet's gtm serve costs on a
// node (docs/kubernetes.md "What it costs per node") and checks the
// manifest's requests and limits against it: the real binary, on the
// stand-in NVIDIA driver, over a proc tree of 500 processes of which
// gpuProcs hold GPU memory on two GPUs, taking a snapshot every second and
// scraped every second (five times the DaemonSet's rate). It builds gtm and
// runs for about half a minute, so it runs only when asked:
//
//	GTM_MEASURE=1 go test ./packaging/kubernetes -run TestServeCostOnANode -v
func TestServeCostOnANode(t *testing.T) {
	if os.Getenv("GTM_MEASURE") == "" {
		t.Skip("set GTM_MEASURE=1 to measure (builds gtm, runs 30 s)")
	}
	const gpuProcs, otherProcs, seconds = 200, 300, 30
	_, c := loadDaemonSet(t)

	addr, pid := startCostServe(t, gpuProcs, otherProcs)
	get := scraper(addr)
	start := time.Now()
	for code, _ := get("/healthz"); code != 200; code, _ = get("/healthz") {
		if time.Since(start) > 30*time.Second {
			t.Fatal("no first snapshot within 30 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	firstCPU := cpuOf(t, pid)
	// Plain text once, to count the series: the scenario must be what it
	// claims (every GPU process exported).
	req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/metrics", nil)
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if n := strings.Count(string(body), "\ngtm_process_vram_bytes{"); n != gpuProcs {
		t.Fatalf("%d gtm_process_vram_bytes series, want %d", n, gpuProcs)
	}

	steadyFrom := cpuOf(t, pid)
	t0 := time.Now()
	for i := 0; i < seconds; i++ {
		time.Sleep(time.Second)
		if code, _ := get("/metrics"); code != 200 {
			t.Fatalf("scrape %d: %d", i, code)
		}
	}
	elapsed := time.Since(t0)
	cpu := cpuOf(t, pid) - steadyFrom
	rss, hwm := statusKB(t, pid, "VmRSS:"), statusKB(t, pid, "VmHWM:")

	perSnapshot := time.Duration(float64(cpu) / elapsed.Seconds())
	// At the DaemonSet's 5 s interval and a 15 s scrape (both upper-bounded
	// by the per-second figure here, which includes a scrape a second).
	millicores := float64(perSnapshot) / float64(5*time.Second) * 1000
	t.Logf("%d processes in /proc, %d on the GPU: first snapshot and start %v CPU; steady %v CPU over %v (%v per snapshot + scrape, %.1f%% of a core at -i 1; ≈ %.1f millicores at -i 5); VmRSS %d KiB, VmHWM %d KiB",
		gpuProcs+otherProcs, gpuProcs, firstCPU.Round(time.Millisecond), cpu.Round(time.Millisecond), elapsed.Round(time.Second),
		perSnapshot.Round(100*time.Microsecond), float64(cpu)/float64(elapsed)*100, millicores, rss, hwm)
	checkResources(t, c, hwm, millicores)
}

// checkResources holds the manifest to what was measured: its memory
// limit must hold the peak (hwm KiB) with room to spare, and its CPU
// request must cover the steady use at the DaemonSet's rate.
func checkResources(t *testing.T, c container, hwm int, millicores float64) {
	t.Helper()
	memLimit := quantity(t, c.Resources.Limits["memory"])
	if float64(hwm)*1024*2 > memLimit {
		t.Errorf("memory limit %s leaves less than 2x headroom over the measured peak %d KiB", c.Resources.Limits["memory"], hwm)
	}
	cpuReq := quantity(t, c.Resources.Requests["cpu"]) * 1000
	if millicores > cpuReq {
		t.Errorf("CPU request %s is below the measured %.1f millicores", c.Resources.Requests["cpu"], millicores)
	}
}

// startCostServe builds gtm and starts `gtm serve` at -i 1 on the stand-in
// driver, over a proc tree of gpuProcs+otherProcs processes of which
// gpuProcs hold GPU memory on two GPUs. It returns where it listens and its
// PID; it is killed when the test ends.
func startCostServe(t *testing.T, gpuProcs, otherProcs int) (addr string, pid int) {
	lib := fakenvml.Build(t)
	bin := filepath.Join(t.TempDir(), "gtm")
	build := exec.Command("go", "build", "-tags", "nogui", "-o", bin, "../../cmd/gtm")
	build.Env = append(os.Environ(), "CGO_ENABLED=1")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	root := costProcTree(t, gpuProcs+otherProcs)
	m := fakenvml.Machine{}
	for g := 0; g < 2; g++ {
		gpu := fakenvml.GPU{Name: "NVIDIA H200", UUID: fmt.Sprintf("GPU-%d", g), PCIBusID: fmt.Sprintf("00000000:%02x:00.0", g+1),
			MemoryTotal: 141 << 30, MemoryUsed: 60 << 30, GPUUtil: 50}
		for i := g; i < gpuProcs; i += 2 {
			gpu.Processes = append(gpu.Processes, fakenvml.Process{PID: 1000 + i, UsedMemory: uint64(i+1) << 24,
				Sample: &fakenvml.Sample{SM: 30}})
		}
		m.GPUs = append(m.GPUs, gpu)
	}
	machine := filepath.Join(t.TempDir(), "machine")
	if err := m.Write(machine); err != nil {
		t.Fatal(err)
	}

	addr = freeAddr(t)
	cmd := exec.Command(bin, "serve", "--listen", addr, "-i", "1", "--proc-root", root, "--trust-proc-root")
	cmd.Env = fakenvml.Env(lib, machine)
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return addr, cmd.Process.Pid
}

// scraper GETs a path of addr as Prometheus does (gzip accepted) and
// returns the status (0: no answer) and body.
func scraper(addr string) func(path string) (int, string) {
	client := &http.Client{Timeout: 5 * time.Second}
	return func(path string) (int, string) {
		req, _ := http.NewRequest(http.MethodGet, "http://"+addr+path, nil)
		req.Header.Set("Accept-Encoding", "gzip") // as Prometheus asks
		resp, err := client.Do(req)
		if err != nil {
			return 0, ""
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
}

// costProcTree writes n processes (PIDs 1000..) under a new proc root, each
// with a PyTorch-like memory map (libcuda, torch, two dozen other
// libraries), and kthreadd as PID 2 so the tree reads as the host's PID
// namespace, as the DaemonSet's /host/proc does.
func costProcTree(t *testing.T, n int) string {
	t.Helper()
	root := t.TempDir()
	write := func(rel, data string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("stat", "cpu 1 2 3\nbtime 1764662400\n")
	write("2/comm", "kthreadd\n")
	write("2/stat", "2 (kthreadd) S 0 0 0 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n")
	var maps strings.Builder
	libs := []string{"/usr/lib/x86_64-linux-gnu/libc.so.6", "/usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15",
		"/opt/venv/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so",
		"/opt/venv/lib/python3.11/site-packages/nvidia/cudnn/lib/libcudnn.so.9"}
	for i := 0; i < 20; i++ {
		libs = append(libs, fmt.Sprintf("/usr/lib/x86_64-linux-gnu/libdep%d.so.1", i))
	}
	addr := uint64(0x7f0000000000)
	for i, lib := range libs {
		for _, perm := range []string{"r--p", "r-xp", "r--p", "rw-p"} {
			fmt.Fprintf(&maps, "%x-%x %s 00000000 fd:01 %d %s\n", addr, addr+0x1000, perm, 1000+i, lib)
			addr += 0x1000
		}
	}
	for i := 0; i < n; i++ {
		pid := 1000 + i
		dir := strconv.Itoa(pid)
		write(dir+"/stat", fmt.Sprintf("%d (worker%d) S 1 %d %d 0 -1 0 0 0 0 0 100 20 0 0 20 0 1 0 %d 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", pid, i, pid, pid, 1000+i))
		write(dir+"/comm", fmt.Sprintf("worker%d\n", i))
		write(dir+"/cmdline", fmt.Sprintf("python3\x00-m\x00worker\x00--id\x00%d\x00", i))
		write(dir+"/status", fmt.Sprintf("Name:\tworker%d\nPid:\t%d\nPPid:\t1\nUid:\t0\t0\t0\t0\nGid:\t0\t0\t0\t0\nVmRSS:\t102400 kB\n", i, pid))
		write(dir+"/cgroup", fmt.Sprintf("0::/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod%08d_1111_2222_3333_444455556666.slice/cri-containerd-%064x.scope\n", i, i))
		write(dir+"/maps", maps.String())
		if err := os.Symlink("/usr/bin/python3", filepath.Join(root, dir, "exe")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("/srv/work", filepath.Join(root, dir, "cwd")); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// cpuOf is a process's user+system CPU time so far (/proc/PID/stat).
func cpuOf(t *testing.T, pid int) time.Duration {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	ut, _ := strconv.ParseInt(f[11], 10, 64)        // field 14, utime
	st, _ := strconv.ParseInt(f[12], 10, 64)        // field 15, stime
	return time.Duration(ut+st) * time.Second / 100 // USER_HZ
}

// statusKB reads a "Name:  N kB" line of /proc/PID/status.
func statusKB(t *testing.T, pid int, key string) int {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, key); ok {
			f := strings.Fields(v)
			if len(f) > 0 {
				n, _ := strconv.Atoi(f[0])
				return n
			}
		}
	}
	t.Fatalf("no %s in /proc/%d/status", key, pid)
	return 0
}
