package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
	"github.com/gputaskman/gtm/internal/schema"
)

// containerRoot is a /proc as seen inside a container with its own PID
// namespace: PID 1 is in a docker cgroup, there is no kthreadd, and the
// container's processes are numbered from 1. Two of them have libcuda
// mapped; the third (an NVML-only monitor) does not.
func containerRoot(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	must(t, os.WriteFile(filepath.Join(root, "stat"), []byte("cpu  1 2 3 4\nbtime 1764662400\n"), 0o644))
	libcuda := "7f0000000000-7f0001000000 r-xp 00000000 08:01 77 /usr/lib/x86_64-linux-gnu/libcuda.so.1\n"
	fakeProc(t, root, 1, "bash", 1000, []string{"bash"}, "")
	must(t, os.WriteFile(filepath.Join(root, "1", "cgroup"), []byte("0::/system.slice/docker-3f2a1b9c0d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a.scope\n"), 0o644))
	fakeProc(t, root, 12, "python3", 2000, []string{"python3", "train.py"}, libcuda)
	fakeProc(t, root, 40, "python3", 3000, []string{"python3", "serve.py"}, libcuda)
	fakeProc(t, root, 55, "nvidia-smi", 4000, []string{"nvidia-smi"}, "7f0000000000-7f0001000000 r-xp 00000000 08:01 78 /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1\n")
	return root
}

func rowsByLabel(snap *schema.Snapshot) map[string]schema.Process {
	out := map[string]schema.Process{}
	for _, p := range snap.Processes {
		out[p.PIDLabel] = p
	}
	return out
}

// The real binary in a container-like setup: NVML lists host PIDs that our
// /proc cannot name; they are paired with the container's libcuda
// processes by creation order.
func TestE2EContainerPairingMatched(t *testing.T) {
	root := containerRoot(t)
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(
		fakenvml.Process{PID: 90100, UsedMemory: 1 << 30, Sample: &fakenvml.Sample{SM: 35}},
		fakenvml.Process{PID: 90210, UsedMemory: 3 << 30},
	)}})
	snap := m.json("--proc-root", root, "--trust-proc-root")
	if snap.Host.Mode != "container" {
		t.Fatalf("host mode %q", snap.Host.Mode)
	}
	rows := rowsByLabel(snap)
	train, serve := rows["12"], rows["40"]
	if train.HostPID == nil || *train.HostPID != 90100 || str(train.Name) != "python3" || train.VRAMBytes != nil ||
		train.VRAMInferredBytes == nil || *train.VRAMInferredBytes != 1<<30 || str(train.VRAMInferredBy) != "matched" {
		t.Errorf("oldest pair: %s", mustJSON(t, train))
	}
	if train.SMUtilPercent == nil || *train.SMUtilPercent != 35 {
		t.Errorf("GPU load must follow the match: %s", mustJSON(t, train.SMUtilPercent))
	}
	if serve.HostPID == nil || *serve.HostPID != 90210 || str(serve.VRAMInferredBy) != "matched" {
		t.Errorf("newest pair: %s", mustJSON(t, serve))
	}
	if _, ok := rows["55"]; ok {
		t.Error("an NVML-only process (no libcuda) must not be a candidate")
	}
	_, stdout, _ := m.run("--once", "--proc-root", root, "--trust-proc-root")
	if !strings.Contains(stdout, "1.00 GiB*") || !strings.Contains(stdout, "3.00 GiB*") {
		t.Errorf("text must mark matched sizes with *:\n%s", stdout)
	}
}

func TestE2EContainerMoreDriverPIDsAreGuessesAndHostRows(t *testing.T) {
	root := containerRoot(t)
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(
		fakenvml.Process{PID: 90100, UsedMemory: 1 << 30},
		fakenvml.Process{PID: 90210, UsedMemory: 3 << 30},
		fakenvml.Process{PID: 99999, UsedMemory: 5 << 30},
	)}})
	rows := rowsByLabel(m.json("--proc-root", root, "--trust-proc-root"))
	for _, l := range []string{"12", "40"} {
		if p := rows[l]; str(p.VRAMInferredBy) != "guess" {
			t.Errorf("pid %s: %s, want guess when NVML lists more processes than the container has", l, mustJSON(t, p))
		}
	}
	h, ok := rows["H:99999"]
	if !ok || h.VRAMBytes == nil || *h.VRAMBytes != 5<<30 || h.Name != nil {
		t.Errorf("leftover: %s (rows %v)", mustJSON(t, h), len(rows))
	}
}
