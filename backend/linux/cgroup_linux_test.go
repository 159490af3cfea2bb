package linux

import "testing"

func TestContainerFromCgroup(t *testing.T) {
	const id = "3f2a1b9c0d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a"
	for in, want := range map[string]string{
		"0::/system.slice/docker-" + id + ".scope\n": "docker:3f2a1b9c0d1e",
		"12:memory:/docker/" + id + "\n":             "docker:3f2a1b9c0d1e",
		"0::/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod0c0c0c0c_1111_2222_3333_444455556666.slice/cri-containerd-" + id + ".scope": "k8s:3f2a1b9c0d1e",
		"11:cpu:/kubepods/besteffort/pod0c0c0c0c-1111-2222-3333-444455556666/" + id:                                                                      "k8s:3f2a1b9c0d1e",
		// Seen from gtm's own cgroup namespace (the DaemonSet on cgroup v2).
		"0::/../../besteffort/pod0c0c0c0c-1111-2222-3333-444455556666/" + id: "k8s:3f2a1b9c0d1e",
		// Not the kubelet's cgroups: a user's own, named like them. The
		// runtime's name still says what made the innermost one.
		"0::/user.slice/user-1000.slice/user@1000.service/app.slice/kubepods-burstable-pod0c0c0c0c_1111_2222_3333_444455556666.slice/cri-containerd-" + id + ".scope": "containerd:3f2a1b9c0d1e",
		"0::/user.slice/user-1000.slice/user@1000.service/kubepods/burstable/pod0c0c0c0c-1111-2222-3333-444455556666/" + id:                                           "",
		"0::/machine.slice/libpod-" + id + ".scope/container": "podman:3f2a1b9c0d1e",
		"0::/system.slice/crio-" + id + ".scope":              "crio:3f2a1b9c0d1e",
		"0::/lxc.payload.web/init.scope":                      "lxc:web",
		"0::/user.slice/user-1000.slice/session-2.scope\n":    "",
		"0::/init.scope": "",
		"garbage":        "",
	} {
		got, ok := containerFromCgroup(in)
		if got != want || ok != (want != "") {
			t.Errorf("%q: %q %v, want %q", in, got, ok, want)
		}
	}
}
