package linux

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The attack of a user account on the real kernel's cgroup v2, and what
// gtm reads of it from the hierarchy's root (gtm on the node) and from a
// cgroup namespace of its own (the DaemonSet's container).
//
// The test builds a small node below a cgroup of its own, gtm-test-PID:
// the kubelet's cgroups for a victim pod and for gtm's pod, and a user's
// user@1000.service delegated to uid 1000 as systemd delegates it (the
// folder and its cgroup.procs, cgroup.threads and cgroup.subtree_control
// chowned to the user). A uid-1000 shell then does what any user can:
// makes app.slice/kubepods-burstable-pod<victim UID>.slice/
// cri-containerd-<victim container ID>.scope below its own cgroup and
// moves itself in.
func TestPodCgroupSpoofOnTheKernel(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("making and delegating cgroups needs root")
	}
	mnt := cgroup2Mount(t)
	base := filepath.Join(mnt, fmt.Sprintf("gtm-test-%d", os.Getpid()))
	if err := os.Mkdir(base, 0o755); err != nil {
		t.Skipf("cgroup v2 at %s is not writable here: %v", mnt, err)
	}
	t.Cleanup(func() { removeCgroups(t, base) })

	const gtmUID = "0c0c0c0c-1111-2222-3333-444455556666"
	idGtm := strings.Repeat("e1", 32)
	us := func(uid string) string { return strings.ReplaceAll(uid, "-", "_") }
	victimCg := mkCgroup(t, base, "kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod"+us(uidA)+".slice/cri-containerd-"+idA+".scope")
	gtmCg := mkCgroup(t, base, "kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod"+us(gtmUID)+".slice/cri-containerd-"+idGtm+".scope")
	userCg := mkCgroup(t, base, "user.slice/user-1000.slice/user@1000.service")
	for _, f := range []string{"", "cgroup.procs", "cgroup.threads", "cgroup.subtree_control"} {
		if err := os.Chown(filepath.Join(userCg, f), 1000, 1000); err != nil {
			t.Fatal(err)
		}
	}

	victim := startIn(t, victimCg, nil, "sleep", "300")
	spoof := "app.slice/kubepods-burstable-pod" + us(uidA) + ".slice/cri-containerd-" + idA + ".scope"
	attacker := startIn(t, userCg, &syscall.Credential{Uid: 1000, Gid: 1000}, "/bin/sh", "-c",
		`mkdir -p "$1" && echo $$ > "$1/cgroup.procs" && echo moved && exec sleep 300`, "sh", filepath.Join(userCg, spoof))
	cg, err := os.ReadFile(fmt.Sprintf("/proc/%d/cgroup", attacker))
	if err != nil || !strings.Contains(string(cg), "/user@1000.service/"+spoof) {
		t.Fatalf("the user's process is not in its own kubepods-named cgroup: %q %v", cg, err)
	}

	// From the hierarchy's root: the user's cgroup is below user.slice.
	if info := NewProcFS("/proc").Lookup(attacker); info.Pod != nil || (info.Container != nil && strings.HasPrefix(*info.Container, "k8s:")) {
		t.Errorf("host view: the user's process %d in %q is pod %+v, container %v", attacker, strings.TrimSpace(string(cg)), info.Pod, str(info.Container))
	}

	// From gtm's own cgroup namespace: the kernel shows both climbing out
	// of gtm's container; the victim keeps its pod, the user gets none.
	seen := lookupInNamespace(t, gtmCg, victim, attacker)
	if got := seen[victim]; got.PodUID != uidA || got.ContainerID != idA || !strings.Contains(got.Cgroup, "0::/../") {
		t.Errorf("namespace view: the pod's process %d: %+v, want pod %s", victim, got, uidA)
	}
	if got := seen[attacker]; got.PodUID != "" || strings.HasPrefix(got.Container, "k8s:") || !strings.Contains(got.Cgroup, "/../user.slice/") {
		t.Errorf("namespace view: the user's process %d: %+v, want no pod", attacker, got)
	}
}

// cgroup2Mount is where cgroup v2 is mounted (/sys/fs/cgroup, or
// /sys/fs/cgroup/unified on a hybrid host); the test skips without one.
func cgroup2Mount(t *testing.T) string {
	t.Helper()
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// ID parent major:minor root mountpoint options... - fstype source super
		fields := strings.Fields(sc.Text())
		if i := slices.Index(fields, "-"); i > 4 && i+1 < len(fields) && fields[i+1] == "cgroup2" && fields[3] == "/" {
			return fields[4]
		}
	}
	t.Skip("no cgroup v2 hierarchy is mounted here")
	return ""
}

func mkCgroup(t *testing.T, base, rel string) string {
	t.Helper()
	dir := filepath.Join(base, rel)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// removeCgroups removes a cgroup tree deepest first, once its processes
// (stopped by startIn's cleanups, which run before this one) are gone.
func removeCgroups(t *testing.T, base string) {
	var dirs []string
	filepath.WalkDir(base, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			dirs = append(dirs, path)
		}
		return nil
	})
	for i := len(dirs) - 1; i >= 0; i-- {
		if err := os.Remove(dirs[i]); err != nil {
			t.Errorf("cgroup left behind: %v", err)
		}
	}
}

// startIn starts a command born in cgroup dir (clone3's CLONE_INTO_CGROUP)
// as cred (nil: as the test), waits until it writes a line when it writes
// any (a shell saying it moved), and stops it when the test ends.
func startIn(t *testing.T, dir string, cred *syscall.Credential, name string, args ...string) int {
	t.Helper()
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	cmd := exec.Command(name, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{UseCgroupFD: true, CgroupFD: fd, Credential: cred}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Skipf("cannot start a process in a cgroup (clone3 CLONE_INTO_CGROUP, Linux 5.7): %v", err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	if name == "/bin/sh" {
		line := make(chan string, 1)
		go func() {
			s, _ := bufio.NewReader(out).ReadString('\n')
			line <- s
		}()
		select {
		case s := <-line:
			if strings.TrimSpace(s) != "moved" {
				t.Fatalf("%s: %q", name, s)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s did not move into its cgroup", name)
		}
	}
	return cmd.Process.Pid
}

// podSeen is what a gtm inside a cgroup namespace reads of one process.
type podSeen struct {
	Cgroup, PodUID, ContainerID, Container string
}

const podLookupEnv = "GTM_TEST_POD_LOOKUP"

// lookupInNamespace runs this test binary again, in a new cgroup
// namespace rooted at dir, to look up pids with a ProcFS there, as gtm in
// the DaemonSet does.
func lookupInNamespace(t *testing.T, dir string, pids ...int) map[int]podSeen {
	t.Helper()
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	var list []string
	for _, p := range pids {
		list = append(list, strconv.Itoa(p))
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), podLookupEnv+"="+strings.Join(list, ","))
	cmd.SysProcAttr = &syscall.SysProcAttr{UseCgroupFD: true, CgroupFD: fd, Cloneflags: syscall.CLONE_NEWCGROUP}
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		t.Skipf("cannot start a process in a new cgroup namespace: %v", err)
	}
	seen := map[int]podSeen{}
	if err := json.Unmarshal(b, &seen); err != nil {
		t.Fatalf("%v: %q", err, b)
	}
	return seen
}

// maybeLookUpPods is the child of lookupInNamespace: TestMain calls it
// first; it returns unless this process is that child.
func maybeLookUpPods() {
	list := os.Getenv(podLookupEnv)
	if list == "" {
		return
	}
	p := NewProcFS("/proc")
	seen := map[int]podSeen{}
	for _, s := range strings.Split(list, ",") {
		pid, _ := strconv.Atoi(s)
		var got podSeen
		if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/cgroup", pid)); err == nil {
			got.Cgroup = string(b)
		}
		info := p.Lookup(pid)
		if info.Pod != nil {
			got.PodUID, got.ContainerID = info.Pod.UID, info.Pod.ContainerID
		}
		got.Container = str(info.Container)
		seen[pid] = got
	}
	json.NewEncoder(os.Stdout).Encode(seen)
	os.Exit(0)
}
