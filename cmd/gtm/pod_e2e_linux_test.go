//go:build nogui

package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/internal/cri"
	"github.com/gputaskman/gtm/internal/cri/critest"
)

// A fake Kubernetes node: the host's /proc (PID 1 systemd, kthreadd, so
// the driver's PIDs are ours as with hostPID) and the kubelet's log
// folders, as a DaemonSet sees them with the host's / mounted read-only.
const (
	podUIDLlama = "8f2d1c3e-4b5a-4c6d-9e7f-0a1b2c3d4e5f"
	podUIDVLLM  = "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9"
	podUIDShim  = "0c0c0c0c-1111-2222-3333-444455556666"
	ctrLlama    = "3f2a1b9c0d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a"
	ctrVLLM     = "b0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecf"
	ctrShim     = "d0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeef"
)

type fakeNode struct{ proc, host string }

func newFakeNode(t *testing.T) fakeNode {
	t.Helper()
	host := t.TempDir()
	proc := filepath.Join(host, "proc")
	must(t, os.MkdirAll(proc, 0o755))
	must(t, os.WriteFile(filepath.Join(proc, "stat"), []byte("cpu  1 2 3 4\nbtime 1764662400\n"), 0o644))
	cgroup := func(pid int, text string) {
		must(t, os.WriteFile(filepath.Join(proc, strconv.Itoa(pid), "cgroup"), []byte(text), 0o644))
	}
	fakeProc(t, proc, 1, "systemd", 1, []string{"/sbin/init"}, "")
	cgroup(1, "0::/init.scope\n")
	fakeProc(t, proc, 2, "kthreadd", 1, nil, "")
	// containerd, systemd driver, cgroup v2, a Burstable pod, serving a
	// model its command line names.
	model := filepath.Join(host, "models", "qwen3-0.6b.gguf")
	must(t, os.MkdirAll(filepath.Dir(model), 0o755))
	must(t, ggufgen.Qwen3_0_6B().MustBuild().WriteFile(model))
	fakeProc(t, proc, 101, "llama-server", 1000, []string{"llama-server", "-m", model}, "")
	cgroup(101, "0::/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod"+strings.ReplaceAll(podUIDLlama, "-", "_")+
		".slice/cri-containerd-"+ctrLlama+".scope\n")
	// CRI-O, cgroupfs driver, cgroup v1, a Guaranteed pod: two processes.
	for _, pid := range []int{202, 203} {
		fakeProc(t, proc, pid, "python3", 2000+pid, []string{"python3", "-m", "vllm.entrypoints.openai.api_server"}, "")
		cgroup(pid, "12:memory:/kubepods/pod"+podUIDVLLM+"/crio-"+ctrVLLM+"\n11:pids:/kubepods/pod"+podUIDVLLM+"/crio-"+ctrVLLM+"\n")
	}
	// Docker, systemd driver, cgroup v1: a pod the node's folders do not name.
	fakeProc(t, proc, 404, "python3", 4000, []string{"python3", "train.py"}, "")
	cgroup(404, "4:memory:/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod"+strings.ReplaceAll(podUIDShim, "-", "_")+
		".slice/docker-"+ctrShim+".scope\n")
	// Outside any pod.
	fakeProc(t, proc, 303, "blender", 3000, []string{"blender"}, "")
	cgroup(303, "0::/user.slice/user-1000.slice/session-2.scope\n")

	for _, d := range []string{"ml_llama-0_" + podUIDLlama + "/server", "ml_llama-0_" + podUIDLlama + "/fetch-weights",
		"web_vllm-1_" + podUIDVLLM + "/engine"} {
		must(t, os.MkdirAll(filepath.Join(host, "var/log/pods", d), 0o755))
	}
	links := filepath.Join(host, "var/log/containers")
	must(t, os.MkdirAll(links, 0o755))
	for name, target := range map[string]string{
		"llama-0_ml_server-" + ctrLlama + ".log":                       "/var/log/pods/ml_llama-0_" + podUIDLlama + "/server/0.log",
		"llama-0_ml_fetch-weights-" + strings.Repeat("e", 64) + ".log": "/var/log/pods/ml_llama-0_" + podUIDLlama + "/fetch-weights/0.log",
		"vllm-1_web_engine-" + ctrVLLM + ".log":                        "/var/log/pods/web_vllm-1_" + podUIDVLLM + "/engine/0.log",
		"gone-7_web_x-" + strings.Repeat("f", 64) + ".log":             "/nonexistent",
	} {
		must(t, os.Symlink(target, filepath.Join(links, name)))
	}
	return fakeNode{proc: proc, host: host}
}

func podMachine(t *testing.T) *fakeMachine {
	return newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(
		fakenvml.Process{PID: 101, UsedMemory: 6 << 30},
		fakenvml.Process{PID: 202, UsedMemory: 8 << 30},
		fakenvml.Process{PID: 203, UsedMemory: 2 << 30},
		fakenvml.Process{PID: 303, UsedMemory: 1 << 30},
		fakenvml.Process{PID: 404, UsedMemory: 512 << 20},
	)}})
}

// Two pods sharing one GPU each get their own namespace, pod, container and
// VRAM; a process outside any pod has none; a pod the node does not name
// keeps its UID with a note.
func TestE2EPodsOnOneGPU(t *testing.T) {
	node, m := newFakeNode(t), podMachine(t)
	snap := m.json("--proc-root", node.proc, "--host-root", node.host, "--trust-proc-root")
	rows := rowsByLabel(snap)
	for pid, want := range map[string][4]string{
		"101": {"ml", "llama-0", "server", podUIDLlama},
		"202": {"web", "vllm-1", "engine", podUIDVLLM},
		"203": {"web", "vllm-1", "engine", podUIDVLLM},
	} {
		p, ok := rows[pid]
		if !ok || str(p.Namespace) != want[0] || str(p.Pod) != want[1] || str(p.ContainerName) != want[2] || str(p.PodUID) != want[3] {
			t.Errorf("pid %s: %s, want %v", pid, mustJSON(t, p), want)
		}
	}
	if v := rows["101"].VRAMBytes; v == nil || *v != 6<<30 {
		t.Errorf("pod ml/llama-0 VRAM = %v", v)
	}
	if h := rows["303"]; h.Namespace != nil || h.Pod != nil || h.ContainerName != nil || h.PodUID != nil {
		t.Errorf("a process outside any pod: %s", mustJSON(t, h))
	}
	if s := rows["404"]; str(s.PodUID) != podUIDShim || s.Namespace != nil || s.Pod != nil || !hasNote(s.Notes, collect.NotePodUnnamed) {
		t.Errorf("an unnamed pod: %s", mustJSON(t, s))
	}

	_, text, _ := m.run("--once", "--proc-root", node.proc, "--host-root", node.host, "--trust-proc-root")
	for _, want := range []string{"101 llama-server  ml/llama-0/server", "202 python3  web/vllm-1/engine", "404 python3  pod " + podUIDShim + " (unnamed)"} {
		if !strings.Contains(text, want) {
			t.Errorf("--once lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "303 blender") {
		t.Errorf("--once lists a process outside any pod as in one:\n%s", text)
	}

	// Without the node's folders the pods are still told apart by UID.
	rows = rowsByLabel(m.json("--proc-root", node.proc, "--host-root", t.TempDir(), "--trust-proc-root"))
	if p := rows["101"]; p.Pod != nil || str(p.PodUID) != podUIDLlama {
		t.Errorf("without /var/log/pods: %s", mustJSON(t, p))
	}

	// gtm inspect and gtm record see the pod too.
	code, out, errOut := m.run("inspect", "--json", "101", "--proc-root", node.proc, "--host-root", node.host, "--trust-proc-root")
	if code != 0 || !strings.Contains(out, `"pod": "llama-0"`) {
		t.Errorf("inspect: exit %d %q\n%s", code, errOut, out)
	}
	capPath := filepath.Join(t.TempDir(), "node.jsonl")
	if code, _, errOut := m.run("record", "-o", capPath, "--duration", "1", "--proc-root", node.proc, "--host-root", node.host, "--trust-proc-root"); code != 0 {
		t.Fatalf("record: exit %d %q", code, errOut)
	}
	c, err := loadCapture(capPath)
	if err != nil || len(c.Snapshots) == 0 {
		t.Fatalf("record: %v", err)
	}
	if p := rowsByLabel(c.Snapshots[0])["202"]; str(p.Pod) != "vllm-1" {
		t.Errorf("recorded row: %s", mustJSON(t, p))
	}
}

func hasNote(notes []string, want string) bool {
	for _, n := range notes {
		if n == want {
			return true
		}
	}
	return false
}

// --host-root must be a directory, for every command that collects.
func TestHostRootNotADirectory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	must(t, os.WriteFile(file, nil, 0o644))
	for _, args := range [][]string{
		{"--json", "--host-root", file},
		{"record", "--duration", "1", "--host-root", file},
		{"serve", "--host-root", file},
		{"inspect", "1", "--host-root", file},
	} {
		code, _, stderr := runBinaryEnv(t, os.Environ(), args...)
		if code != exitUsage || !strings.Contains(stderr, "--host-root "+file+" is not a directory") || strings.Count(strings.TrimSpace(stderr), "\n") > 1 {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
}

// A pod the kubelet's folders do not name is named by the container
// runtime's labels through --cri-socket (a stand-in runtime here), for
// every command that collects; the folders' names still come first.
func TestE2EPodsNamedByCRI(t *testing.T) {
	node, m := newFakeNode(t), podMachine(t)
	srv := &critest.Server{Containers: []cri.Container{
		{ID: ctrShim, PodUID: podUIDShim, Namespace: "batch", Pod: "train-3", Name: "trainer"},
		{ID: ctrLlama, PodUID: podUIDLlama, Namespace: "not-ml", Pod: "not-llama", Name: "not-server"},
	}}
	sock := srv.Start(t)
	args := []string{"--proc-root", node.proc, "--host-root", node.host, "--trust-proc-root", "--cri-socket", sock}
	rows := rowsByLabel(m.json(args...))
	if s := rows["404"]; str(s.Namespace) != "batch" || str(s.Pod) != "train-3" || str(s.ContainerName) != "trainer" || str(s.PodUID) != podUIDShim || hasNote(s.Notes, collect.NotePodUnnamed) {
		t.Errorf("a pod named by the runtime: %s", mustJSON(t, s))
	}
	if p := rows["101"]; str(p.Namespace) != "ml" || str(p.Pod) != "llama-0" || str(p.ContainerName) != "server" {
		t.Errorf("a pod the folders name: %s", mustJSON(t, p))
	}
	if h := rows["303"]; h.Pod != nil || h.PodUID != nil {
		t.Errorf("a process outside any pod: %s", mustJSON(t, h))
	}
	if srv.Calls() != 1 {
		t.Errorf("the runtime was asked %d times in one --json run, want 1", srv.Calls())
	}

	_, text, _ := m.run(append([]string{"--once"}, args...)...)
	if !strings.Contains(text, "404 python3  batch/train-3/trainer") {
		t.Errorf("--once lacks the runtime's names:\n%s", text)
	}
	code, out, errOut := m.run(append([]string{"inspect", "--json", "404"}, args...)...)
	if code != 0 || !strings.Contains(out, `"pod": "train-3"`) {
		t.Errorf("inspect: exit %d %q\n%s", code, errOut, out)
	}
	capPath := filepath.Join(t.TempDir(), "node.jsonl")
	if code, _, errOut := m.run(append([]string{"record", "-o", capPath, "--duration", "1"}, args...)...); code != 0 {
		t.Fatalf("record: exit %d %q", code, errOut)
	}
	c, err := loadCapture(capPath)
	if err != nil || len(c.Snapshots) == 0 {
		t.Fatalf("record: %v", err)
	}
	if p := rowsByLabel(c.Snapshots[0])["404"]; str(p.Pod) != "train-3" {
		t.Errorf("recorded row: %s", mustJSON(t, p))
	}

	// A runtime that fails: one line on stderr, the pod stays unnamed.
	bad := (&critest.Server{Status: 14, Message: "shutting down"}).Start(t)
	code, out, errOut = m.run("--json", "--proc-root", node.proc, "--host-root", node.host, "--trust-proc-root", "--cri-socket", bad)
	if code != 0 || !strings.Contains(errOut, `--cri-socket: cri: `+bad+`: gRPC status 14 "shutting down"`) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
		t.Errorf("failing runtime: exit %d, stderr %q", code, errOut)
	}
	snap, err := capture.ReadSnapshot(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if s := rowsByLabel(snap)["404"]; s.Pod != nil || !hasNote(s.Notes, collect.NotePodUnnamed) {
		t.Errorf("failing runtime: %s", mustJSON(t, s))
	}
}

// --cri-socket must be a Unix socket, for every command that collects; a
// FIFO in its place is refused without waiting on it.
func TestCRISocketNotASocket(t *testing.T) {
	dir := t.TempDir()
	file, fifo := filepath.Join(dir, "f"), filepath.Join(dir, "p")
	must(t, os.WriteFile(file, nil, 0o644))
	must(t, syscall.Mkfifo(fifo, 0o600))
	for _, c := range []struct{ path, why string }{{file, " is not a Unix socket (a regular file)"}, {fifo, " is not a Unix socket (a FIFO)"}, {filepath.Join(dir, "none"), ": no such socket"}} {
		for _, args := range [][]string{
			{"--json", "--cri-socket", c.path},
			{"record", "--duration", "1", "--cri-socket", c.path},
			{"serve", "--cri-socket", c.path},
			{"inspect", "1", "--cri-socket", c.path},
		} {
			code, _, stderr := runBinaryEnv(t, os.Environ(), args...)
			if code != exitUsage || !strings.Contains(stderr, "--cri-socket "+c.path+c.why) || strings.Count(strings.TrimSpace(stderr), "\n") > 1 {
				t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
			}
		}
	}
}

// The DaemonSet shape on the fake node (host /proc and / as --proc-root and
// --host-root), scraped by a real Prometheus and asked which pod holds how
// much VRAM.
func TestRealPrometheusByPod(t *testing.T) {
	prom, err := exec.LookPath("prometheus")
	if err != nil {
		t.Skip("prometheus is not installed (scripts/install-deps.sh --prometheus installs it): real-Prometheus test skipped")
	}
	node, m := newFakeNode(t), podMachine(t)
	for _, kv := range fakenvml.Env(m.libDir, m.path) {
		if k, v, _ := strings.Cut(kv, "="); k == "LD_LIBRARY_PATH" || k == fakenvml.MachineEnv {
			t.Setenv(k, v)
		}
	}
	target := strings.TrimPrefix(startServe(t, "-i", "0.5", "--proc-root", node.proc, "--host-root", node.host, "--trust-proc-root"), "http://")

	dir := t.TempDir()
	config := filepath.Join(dir, "prometheus.yml")
	must(t, os.WriteFile(config, []byte(fmt.Sprintf("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n  - job_name: gtm\n    static_configs:\n      - targets: ['%s']\n", target)), 0o644))
	port := strconv.Itoa(freePort(t))
	api := "http://127.0.0.1:" + port
	cmd := exec.Command(prom, "--config.file="+config, "--storage.tsdb.path="+filepath.Join(dir, "data"),
		"--web.listen-address=127.0.0.1:"+port, "--log.level=warn")
	logf, _ := os.Create(filepath.Join(dir, "prometheus.log"))
	cmd.Stdout, cmd.Stderr = logf, logf
	must(t, cmd.Start())
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			b, _ := os.ReadFile(filepath.Join(dir, "prometheus.log"))
			t.Logf("prometheus log:\n%s", b)
		}
	}()
	const query = `sum by (namespace, pod) (gtm_process_vram_bytes)`
	want := map[string]float64{
		"ml/llama-0":      6 << 30,
		"web/vllm-1":      10 << 30,  // two processes, one pod
		"/":               1 << 30,   // outside any pod: the labels are empty
		"unknown/unknown": 512 << 20, // in a pod the node does not name
	}
	var got map[string]float64
	deadline := time.Now().Add(60 * time.Second)
	for {
		got = promByPod(t, api, query)
		if len(got) == len(want) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never answered all pods: %v", query, got)
		}
		time.Sleep(300 * time.Millisecond)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %s = %v, want %v (all: %v)", query, k, got[k], v, got)
		}
	}
	// ... and with which model: the weights of the model each pod holds
	const models = `sum by (namespace, pod, model) (gtm_model_memory_bytes{kind="weights"})`
	byModel := promVector(t, api, models, "namespace", "pod", "model")
	if w := byModel["ml/llama-0/qwen3-0.6b.gguf"]; w <= 0 {
		t.Errorf("%s: no weights for ml/llama-0's model: %v", models, byModel)
	}
}

// promByPod runs an instant query and returns its results by
// "namespace/pod".
func promByPod(t *testing.T, api, query string) map[string]float64 {
	return promVector(t, api, query, "namespace", "pod")
}

// promVector runs an instant query and returns its results keyed by the
// values of labels, joined with "/"; nil when Prometheus did not answer.
func promVector(t *testing.T, api, query string, labels ...string) map[string]float64 {
	t.Helper()
	code, body := httpGet(t, api+"/api/v1/query?query="+url.QueryEscape(query))
	if code != 200 {
		return nil
	}
	var r struct {
		Data struct {
			Result []struct {
				Metric map[string]string `json:"metric"`
				Value  [2]any            `json:"value"`
			} `json:"result"`
		} `json:"data"`
	}
	if json.Unmarshal([]byte(body), &r) != nil {
		return nil
	}
	out := map[string]float64{}
	for _, s := range r.Data.Result {
		v, _ := strconv.ParseFloat(fmt.Sprint(s.Value[1]), 64)
		key := make([]string, len(labels))
		for i, l := range labels {
			key[i] = s.Metric[l]
		}
		out[strings.Join(key, "/")] = v
	}
	return out
}
