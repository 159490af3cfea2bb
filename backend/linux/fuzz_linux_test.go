package linux

import (
	"os"
	"strings"
	"testing"
)

// FuzzParseStat: any bytes in a stat file give fields or an error, never a
// panic. Seeds live in testdata/fuzz/FuzzParseStat.
func FuzzParseStat(f *testing.F) {
	for _, pid := range []string{"1", "2", "4242", "4343", "777"} {
		if b, err := os.ReadFile("testdata/proc/" + pid + "/stat"); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		st, err := parseStat(b)
		if err == nil && len(st.comm) > len(b) {
			t.Fatalf("comm longer than input")
		}
		_ = splitCmdline(b)
		_, _ = statusUID(b)
	})
}

// FuzzPodNames: any cgroup text or kubelet folder entry gives a pod or
// nothing, never a panic, and what it gives stays within the bounds the
// parsers promise. Whatever a user puts below their own user@UID.service
// gives no pod.
func FuzzPodNames(f *testing.F) {
	f.Add("0::/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod8f2d1c3e_4b5a_4c6d_9e7f_0a1b2c3d4e5f.slice/cri-containerd-3f2a1b9c0d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a.scope")
	f.Add("11:memory:/kubepods/pod8f2d1c3e-4b5a-4c6d-9e7f-0a1b2c3d4e5f/3f2a1b9c0d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a")
	f.Add("0::/kubelet.slice/kubelet-kubepods.slice/kubelet-kubepods-pod8f2d1c3e_4b5a_4c6d_9e7f_0a1b2c3d4e5f.slice/crio-3f2a1b9c0d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a.scope/init")
	f.Add("0::/../../../kubepods-besteffort.slice/kubepods-besteffort-pod8f2d1c3e_4b5a_4c6d_9e7f_0a1b2c3d4e5f.slice/cri-containerd-3f2a1b9c0d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a.scope")
	f.Add("0::/../../burstable/pod33d556edd3ae8ef21980288cef77ae8b/3f2a1b9c0d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a")
	f.Add("0::/user.slice/user-1000.slice/user@1000.service/app.slice/kubepods-burstable-pod8f2d1c3e_4b5a_4c6d_9e7f_0a1b2c3d4e5f.slice/cri-containerd-3f2a1b9c0d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a.scope")
	f.Add("0::/../../../../user.slice/user-1000.slice/user@1000.service/kubepods/burstable/pod8f2d1c3e-4b5a-4c6d-9e7f-0a1b2c3d4e5f/3f2a1b9c0d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a")
	f.Add("ml_llama-0_8f2d1c3e-4b5a-4c6d-9e7f-0a1b2c3d4e5f")
	f.Add("llama-0_ml_server-3f2a1b9c0d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a.log")
	f.Fuzz(func(t *testing.T, s string) {
		if uid, id, ok := podFromCgroup(s); ok && (len(uid) > 64 || len(id) != 64 || strings.Contains(uid, "_")) {
			t.Fatalf("pod %q %q from %q", uid, id, s)
		}
		if uid, id, ok := podFromCgroup(underUserManager(s)); ok {
			t.Fatalf("pod %q %q from a user's cgroup %q", uid, id, underUserManager(s))
		}
		if ns, pod, uid, ok := parsePodLogDir(s); ok && (len(ns) > maxNamespaceLen || len(pod) > maxPodNameLen || len(uid) > 64) {
			t.Fatalf("pod dir %q %q %q", ns, pod, uid)
		}
		if pod, ns, ctr, id, ok := parseContainerLog(s); ok && (len(pod) > maxPodNameLen || len(ns) > maxNamespaceLen || len(ctr) > maxContainerLen || !isHexID(id)) {
			t.Fatalf("link %q %q %q %q", pod, ns, ctr, id)
		}
	})
}

// underUserManager moves every path of a cgroup text below a user's
// user@1000.service, where that user may create any cgroup.
func underUserManager(text string) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if parts := strings.SplitN(line, ":", 3); len(parts) == 3 {
			lines[i] = parts[0] + ":" + parts[1] + ":/user.slice/user-1000.slice/user@1000.service/" + strings.TrimPrefix(parts[2], "/")
		}
	}
	return strings.Join(lines, "\n")
}
