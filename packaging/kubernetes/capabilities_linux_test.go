package kubernetes

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestCapabilitiesReadAnotherUsersProc: as root holding only the
// capabilities the DaemonSet adds, another user's /proc/PID/maps, environ
// and fd (what gtm reads to find runtimes and model files) can be read;
// without any one of them, something cannot. Root with setpriv (util-linux)
// only: the kernel's rules are what is tested.
func TestCapabilitiesReadAnotherUsersProc(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root (to drop capabilities and run a process as another user)")
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("setpriv (util-linux) not installed")
	}
	_, c := loadDaemonSet(t)
	var caps []string
	for _, cp := range c.Security.Capabilities.Add {
		caps = append(caps, strings.ToLower(strings.TrimPrefix(strings.ToUpper(cp), "CAP_")))
	}
	if len(caps) == 0 {
		t.Fatal("the DaemonSet adds no capabilities")
	}

	// Another user's process (nobody), with an open file in fd/.
	other := exec.Command(setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "sleep", "60")
	if err := other.Start(); err != nil {
		t.Skipf("cannot start a process as nobody: %v", err)
	}
	defer func() { _ = other.Process.Kill(); _ = other.Wait() }()
	pid := strconv.Itoa(other.Process.Pid)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		b, _ := os.ReadFile("/proc/" + pid + "/status")
		if strings.Contains(string(b), "\nUid:\t65534") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the child did not become nobody")
		}
	}
	read := "head -c1 /proc/" + pid + "/maps >/dev/null && head -c1 /proc/" + pid + "/environ >/dev/null && " +
		"ls /proc/" + pid + "/fd >/dev/null && readlink /proc/" + pid + "/fd/0 >/dev/null"
	canRead := func(keep []string) bool {
		bounding := "-all"
		for _, k := range keep {
			bounding += ",+" + k
		}
		// As UID 0, exec's permitted set is the bounding set: exactly keep.
		return exec.Command(setpriv, "--bounding-set", bounding, "--inh-caps=-all", "sh", "-c", read).Run() == nil
	}
	if !canRead(caps) {
		t.Fatalf("with %v, another user's /proc/%s/{maps,environ,fd} cannot be read", caps, pid)
	}
	for i := range caps {
		fewer := append(append([]string(nil), caps[:i]...), caps[i+1:]...)
		if canRead(fewer) {
			t.Errorf("%s is added but not needed: %v alone reads another user's /proc", caps[i], fewer)
		}
	}
}
