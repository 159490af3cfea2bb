package linux

import "testing"

func TestContainerFromCgroup(t *testing.T) {
	const id = "3f2a1b9c0d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a"
	for in, want := range map[string]string{
		"0::/system.slice/docker-" + id + ".scope\n": "docker:3f2a1b9c0d1e",
		"12:memory:/docker/" + id + "\n":             "docker:3f2a1b9c0d1e",
		"0::/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod1.slice/cri-containerd-" + id + ".scope": "k8s:3f2a1b9c0d1e",
		"11:cpu:/kubepods/besteffort/pod0c1d/" + id:           "k8s:3f2a1b9c0d1e",
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
