package linux

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

const (
	idA  = "3f2a1b9c0d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a"
	idB  = "b0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecf"
	uidA = "8f2d1c3e-4b5a-4c6d-9e7f-0a1b2c3d4e5f"
)

// The shapes kubelets and runtimes write, cgroup v1 and v2, both drivers.
func TestPodFromCgroup(t *testing.T) {
	us := strings.ReplaceAll(uidA, "-", "_")
	for _, c := range []struct{ name, in, uid, id string }{
		{"v2 systemd containerd burstable", "0::/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod" + us + ".slice/cri-containerd-" + idA + ".scope\n", uidA, idA},
		{"v2 systemd crio besteffort", "0::/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod" + us + ".slice/crio-" + idA + ".scope", uidA, idA},
		{"v2 systemd docker guaranteed", "0::/kubepods.slice/kubepods-pod" + us + ".slice/docker-" + idA + ".scope", uidA, idA},
		{"v1 systemd containerd", "12:pids:/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod" + us + ".slice/cri-containerd-" + idA + ".scope\n11:memory:/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod" + us + ".slice/cri-containerd-" + idA + ".scope\n", uidA, idA},
		{"v1 cgroupfs burstable", "11:memory:/kubepods/burstable/pod" + uidA + "/" + idA + "\n", uidA, idA},
		{"v1 cgroupfs guaranteed", "4:cpu,cpuacct:/kubepods/pod" + uidA + "/" + idA, uidA, idA},
		{"v2 cgroupfs crio", "0::/kubepods/besteffort/pod" + uidA + "/crio-" + idA, uidA, idA},
		{"kind's nested kubelet", "0::/kubelet.slice/kubelet-kubepods.slice/kubelet-kubepods-besteffort.slice/kubelet-kubepods-besteffort-pod" + us + ".slice/cri-containerd-" + idA + ".scope", uidA, idA},
		{"static pod hash uid", "0::/kubepods/burstable/pod33d556edd3ae8ef21980288cef77ae8b/" + idB, "33d556edd3ae8ef21980288cef77ae8b", idB},
		{"process in a sub-cgroup", "0::/kubepods.slice/kubepods-pod" + us + ".slice/cri-containerd-" + idA + ".scope/init", uidA, idA},
		{"pod sandbox cgroup only", "0::/kubepods.slice/kubepods-pod" + us + ".slice", "", ""},
		{"crio conmon is not the container", "0::/kubepods.slice/kubepods-pod" + us + ".slice/crio-conmon-" + idA + ".scope", "", ""},
		{"plain docker", "0::/system.slice/docker-" + idA + ".scope", "", ""},
		{"host", "0::/user.slice/user-1000.slice/session-2.scope", "", ""},
		{"garbage", "kubepods-pod" + us + "/" + idA, "", ""},
		{"cgroupfs: a pod UID needs kubepods above it", "0::/pod" + uidA + "/" + idA, "", ""},
		{"systemd: the slice chain must spell the pod slice's parents", "0::/kubepods.slice/kubepods-besteffort.slice/kubepods-burstable-pod" + us + ".slice/cri-containerd-" + idA + ".scope", "", ""},
	} {
		uid, id, ok := podFromCgroup(c.in)
		if uid != c.uid || id != c.id || ok != (c.uid != "") {
			t.Errorf("%s: %q %q %v, want %q %q", c.name, uid, id, ok, c.uid, c.id)
		}
	}
}

// TestPodFromCgroupAnchored: only the kubelet's cgroups, from the root of
// the hierarchy, make a pod. Any user creates cgroups under their own
// user@UID.service (systemd delegates it) and names them as they like; a
// pod's container can make cgroups below its own. Neither is another
// tenant's pod.
func TestPodFromCgroupAnchored(t *testing.T) {
	us := strings.ReplaceAll(uidA, "-", "_")
	user := "/user.slice/user-1000.slice/user@1000.service"
	for _, c := range []struct{ name, in, uid string }{
		{"user's systemd-style spoof", "0::" + user + "/app.slice/kubepods-burstable-pod" + us + ".slice/cri-containerd-" + idA + ".scope", ""},
		{"user's cgroupfs-style spoof", "0::" + user + "/kubepods/burstable/pod" + uidA + "/" + idA, ""},
		{"user's whole chain copied", "0::" + user + "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod" + us + ".slice/cri-containerd-" + idA + ".scope", ""},
		{"user's session scope", "0::/user.slice/user-1000.slice/session-3.scope/kubepods/pod" + uidA + "/" + idA, ""},
		{"v1 named systemd hierarchy, delegated", "1:name=systemd:" + user + "/kubepods/pod" + uidA + "/" + idA, ""},
		{"a docker container's cgroup", "0::/system.slice/docker-" + idB + ".scope/kubepods/pod" + uidA + "/" + idA, ""},
		{"a rootless kubelet under the user's manager", "0::" + user + "/k3s-rootless.service/kubepods/burstable/pod" + uidA + "/" + idA, ""},
		// A pod's container that makes a cgroup below its own stays its
		// own pod: the first pod from the root counts.
		{"sub-cgroup of a real pod", "0::/kubepods/besteffort/pod" + uidA + "/" + idA + "/kubepods/pod0c0c0c0c-1111-2222-3333-444455556666/" + idB, uidA},
		{"kubelet's own layout", "0::/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod" + us + ".slice/cri-containerd-" + idA + ".scope", uidA},
	} {
		uid, _, ok := podFromCgroup(c.in)
		if uid != c.uid || ok != (c.uid != "") {
			t.Errorf("%s: pod %q (%v), want %q", c.name, uid, ok, c.uid)
		}
		if got, _ := containerFromCgroup(c.in); c.uid == "" && strings.HasPrefix(got, "k8s:") {
			t.Errorf("%s: container %q: a kubelet's container outside the kubelet's cgroups", c.name, got)
		}
	}
}

// TestPodFromCgroupNamespace: gtm's DaemonSet container has its own
// cgroup namespace on cgroup v2, so the kernel shows the node's other
// cgroups relative to gtm's own, climbing with "..". The climb ends on
// one of gtm's ancestors (the kubelet's); from there the kubelet's layout
// may start at any level. A user's cgroup shows with its user.slice.
func TestPodFromCgroupNamespace(t *testing.T) {
	us := strings.ReplaceAll(uidA, "-", "_")
	for _, c := range []struct{ name, in, uid string }{
		{"systemd, another QoS class", "0::/../../../kubepods-burstable.slice/kubepods-burstable-pod" + us + ".slice/cri-containerd-" + idA + ".scope", uidA},
		{"systemd, same QoS class", "0::/../../kubepods-besteffort-pod" + us + ".slice/cri-containerd-" + idA + ".scope", uidA},
		{"systemd, from the root", "0::/../../../../kubepods.slice/kubepods-pod" + us + ".slice/crio-" + idA + ".scope", uidA},
		{"kind, from its root", "0::/../../../../../kubelet.slice/kubelet-kubepods.slice/kubelet-kubepods-besteffort.slice/kubelet-kubepods-besteffort-pod" + us + ".slice/cri-containerd-" + idA + ".scope", uidA},
		{"cgroupfs, another QoS class", "0::/../../../burstable/pod" + uidA + "/" + idA, uidA},
		{"cgroupfs, same QoS class", "0::/../../pod" + uidA + "/" + idA, uidA},
		{"cgroupfs, Guaranteed from BestEffort", "0::/../../../pod" + uidA + "/crio-" + idA, uidA},
		{"user's spoof", "0::/../../../../user.slice/user-1000.slice/user@1000.service/app.slice/kubepods-burstable-pod" + us + ".slice/cri-containerd-" + idA + ".scope", ""},
		{"user's cgroupfs spoof", "0::/../../../../user.slice/user-1000.slice/user@1000.service/kubepods/burstable/pod" + uidA + "/" + idA, ""},
		{"a system service", "0::/../../../../system.slice/containerd.service", ""},
		{"gtm's own container", "0::/", ""},
		{"only climbing", "0::/../../..", ""},
	} {
		uid, _, ok := podFromCgroup(c.in)
		if uid != c.uid || ok != (c.uid != "") {
			t.Errorf("%s: pod %q (%v), want %q", c.name, uid, ok, c.uid)
		}
	}
}

func TestParseKubeletLogNames(t *testing.T) {
	ns, pod, uid, ok := parsePodLogDir("ml_llama-7b-0_" + uidA)
	if !ok || ns != "ml" || pod != "llama-7b-0" || uid != uidA {
		t.Errorf("pod dir: %q %q %q %v", ns, pod, uid, ok)
	}
	for _, bad := range []string{uidA, "a_b", "a_b_c_d", "_pod_" + uidA, strings.Repeat("n", 64) + "_p_" + uidA} {
		if _, _, _, ok := parsePodLogDir(bad); ok {
			t.Errorf("pod dir %q accepted", bad)
		}
	}
	pod, ns, ctr, id, ok := parseContainerLog("llama-7b-0_ml_server-" + idA + ".log")
	if !ok || pod != "llama-7b-0" || ns != "ml" || ctr != "server" || id != idA {
		t.Errorf("container link: %q %q %q %q %v", pod, ns, ctr, id, ok)
	}
	// kubelet cuts names to 255 bytes: the ID is lost and the link skipped.
	long := strings.Repeat("p", 200) + "_ml_server-" + idA
	if _, _, _, _, ok := parseContainerLog(long[:251] + ".log"); ok {
		t.Errorf("cut link accepted")
	}
	for _, bad := range []string{"p_ns_c-" + idA, "p_ns_c-" + idA[:12] + ".log", "p_ns-" + idA + ".log", "p_ns_c-" + strings.ToUpper(idA) + ".log"} {
		if _, _, _, _, ok := parseContainerLog(bad); ok {
			t.Errorf("link %q accepted", bad)
		}
	}
}

// fakeNode writes the kubelet's folders under a host root.
func fakeNode(t *testing.T, root string, podDirs []string, links []string) {
	t.Helper()
	for _, d := range podDirs {
		if err := os.MkdirAll(filepath.Join(root, "var/log/pods", d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, "var/log/containers"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, l := range links {
		if err := os.Symlink("/nonexistent/0.log", filepath.Join(root, "var/log/containers", l)); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPodNamesResolveAndCache(t *testing.T) {
	root := t.TempDir()
	fakeNode(t, root, []string{"ml_llama-0_" + uidA + "/server", "ml_llama-0_" + uidA + "/init-weights"},
		[]string{"llama-0_ml_server-" + idA + ".log", "llama-0_ml_init-weights-" + idB + ".log"})
	clock := time.Unix(1000, 0)
	n := NewPodNames(root)
	n.now = func() time.Time { return clock }

	p := n.Resolve(uidA, idA)
	if p.Namespace == nil || *p.Namespace != "ml" || *p.Name != "llama-0" || p.Container == nil || *p.Container != "server" || p.UID != uidA {
		t.Fatalf("resolved %+v", p)
	}
	if p := n.Resolve(uidA, idB); p.Container == nil || *p.Container != "init-weights" {
		t.Errorf("second container: %+v", p)
	}

	// A new pod appears: not listed again before the TTL, then named.
	const uidC = "0c0c0c0c-1111-2222-3333-444455556666"
	idC := strings.Repeat("c", 64)
	fakeNode(t, root, []string{"web_vllm-1_" + uidC + "/engine"}, []string{"vllm-1_web_engine-" + idC + ".log"})
	if p := n.Resolve(uidC, idC); p.Namespace != nil || p.Container != nil || p.UID != uidC {
		t.Errorf("re-listed before the TTL: %+v", p)
	}
	clock = clock.Add(podNamesTTL)
	if p := n.Resolve(uidC, idC); p.Namespace == nil || *p.Namespace != "web" || *p.Name != "vllm-1" || *p.Container != "engine" {
		t.Errorf("after the TTL: %+v", p)
	}
}

func TestPodNamesMissingOrMismatched(t *testing.T) {
	// No folders at all: the UID and ID stay, names are unknown.
	if p := NewPodNames(t.TempDir()).Resolve(uidA, idA); p.UID != uidA || p.ContainerID != idA || p.Namespace != nil || p.Name != nil || p.Container != nil {
		t.Errorf("empty node: %+v", p)
	}
	// A link naming another pod is not this pod's container.
	root := t.TempDir()
	fakeNode(t, root, []string{"ml_llama-0_" + uidA}, []string{"other_ml_server-" + idA + ".log"})
	if p := NewPodNames(root).Resolve(uidA, idA); *p.Name != "llama-0" || p.Container != nil {
		t.Errorf("mismatched link: %+v", p)
	}
	// Only the link: it names the pod too.
	root = t.TempDir()
	fakeNode(t, root, nil, []string{"llama-0_ml_server-" + idA + ".log"})
	if p := NewPodNames(root).Resolve(uidA, idA); p.Name == nil || *p.Name != "llama-0" || *p.Namespace != "ml" || *p.Container != "server" {
		t.Errorf("link only: %+v", p)
	}
	// A FIFO where the folder should be is refused at once.
	root = t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "var/log"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "var/log/pods"), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { NewPodNames(root).Resolve(uidA, idA); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("a FIFO in place of /var/log/pods blocked")
	}
}

func TestPodNamesBounded(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "var/log/pods")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < maxPodDirs+50; i++ {
		if err := os.Mkdir(filepath.Join(dir, "ns_p"+strings.Repeat("x", i%7)+"_"+uidA[:30]+hex6(i)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	n := NewPodNames(root)
	n.Resolve(uidA, idA)
	if len(n.pods) > maxPodDirs {
		t.Errorf("%d pods held, bound %d", len(n.pods), maxPodDirs)
	}
}

func hex6(i int) string {
	const digits = "0123456789abcdef"
	b := make([]byte, 6)
	for j := 5; j >= 0; j-- {
		b[j] = digits[i%16]
		i /= 16
	}
	return string(b)
}

// A ProcFS with a host root fills the pod of a process in one, and none
// for a process outside.
func TestLookupPod(t *testing.T) {
	proc := t.TempDir()
	copyFile(t, "testdata/proc/stat", filepath.Join(proc, "stat"))
	us := strings.ReplaceAll(uidA, "-", "_")
	for pid, cg := range map[string]string{
		"100": "0::/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod" + us + ".slice/cri-containerd-" + idA + ".scope\n",
		"200": "0::/user.slice/user-1000.slice/session-2.scope\n",
	} {
		dir := filepath.Join(proc, pid)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"stat", "comm", "cmdline", "status"} {
			copyFile(t, "testdata/proc/4242/"+f, filepath.Join(dir, f))
		}
		if err := os.WriteFile(filepath.Join(dir, "cgroup"), []byte(cg), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	host := t.TempDir()
	p := NewProcFS(proc)
	p.SetHostRoot(host)
	if info := p.Lookup(100); info.Pod == nil || info.Pod.UID != uidA || info.Pod.Name != nil {
		t.Fatalf("before the pod's folders: %+v", info.Pod)
	}
	fakeNode(t, host, []string{"ml_llama-0_" + uidA + "/server"}, []string{"llama-0_ml_server-" + idA + ".log"})
	p.pods.now = func() time.Time { return time.Now().Add(time.Hour) }
	info := p.Lookup(100) // cached process, names read now
	if info.Pod == nil || *info.Pod.Namespace != "ml" || *info.Pod.Name != "llama-0" || *info.Pod.Container != "server" {
		t.Errorf("pod = %+v", info.Pod)
	}
	if info.Container == nil || *info.Container != "k8s:3f2a1b9c0d1e" {
		t.Errorf("container column = %v", info.Container)
	}
	if info := p.Lookup(200); info.Pod != nil {
		t.Errorf("host process has a pod: %+v", info.Pod)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkResolvePod: naming a cached pod process on each refresh is a
// pair of map lookups, no folder read.
func BenchmarkResolvePod(b *testing.B) {
	root := b.TempDir()
	for i := 0; i < 110; i++ { // kubelet's default pod limit
		uid := uidA[:30] + hex6(i)
		if err := os.MkdirAll(filepath.Join(root, "var/log/pods", "ns_p"+hex6(i)+"_"+uid, "c"), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, "var/log/containers"), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.Symlink("/x", filepath.Join(root, "var/log/containers", "p000005_ns_c-"+idA+".log")); err != nil {
		b.Fatal(err)
	}
	n := NewPodNames(root)
	uid := uidA[:30] + hex6(5)
	if p := n.Resolve(uid, idA); p.Container == nil {
		b.Fatalf("%+v", p)
	}
	b.ReportAllocs()
	for b.Loop() {
		n.Resolve(uid, idA)
	}
}
