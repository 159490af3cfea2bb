package desktop

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The attack: root's gtm started from `su` keeps the user's
// XDG_RUNTIME_DIR. The user (here nobody) listens there on gtm's socket
// name and answers "ok" to anything, which made root's gtm believe it was
// already running and exit.

const (
	impostorEnv     = "GTM_TEST_IMPOSTOR" // listen | connect
	impostorSockEnv = "GTM_TEST_IMPOSTOR_SOCK"
	nobodyUID       = 65534
)

// A test binary started by startAsNobody plays the other user and never
// returns to the tests.
func init() {
	switch os.Getenv(impostorEnv) {
	case "listen":
		os.Exit(impostorListen(os.Getenv(impostorSockEnv)))
	case "connect":
		os.Exit(impostorConnect(os.Getenv(impostorSockEnv)))
	}
}

// impostorListen answers "ok" to every request and reports each on stdout.
func impostorListen(path string) int {
	ln, err := net.Listen("unix", path)
	if err != nil {
		fmt.Println("error", err)
		return 1
	}
	_ = os.Chmod(path, 0o777)
	fmt.Println("ready")
	for {
		c, err := ln.Accept()
		if err != nil {
			return 1
		}
		line, _ := bufio.NewReader(c).ReadString('\n')
		fmt.Printf("got %q\n", line)
		fmt.Fprintln(c, "ok")
		c.Close()
	}
}

// impostorConnect asks a running gtm to show its window and prints the
// reply.
func impostorConnect(path string) int {
	c, err := net.Dial("unix", path)
	if err != nil {
		fmt.Println("error", err)
		return 1
	}
	fmt.Fprintln(c, msgShow)
	_ = c.SetDeadline(time.Now().Add(3 * time.Second))
	reply, _ := io.ReadAll(c)
	fmt.Printf("reply %q\n", reply)
	return 0
}

func needRootForNobody(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root: the impostor runs as nobody (uid 65534)")
	}
}

// startAsNobody runs this test binary as nobody in the given role; it
// returns the child's stdout lines.
func startAsNobody(t *testing.T, role, sock string) (*exec.Cmd, *bufio.Scanner) {
	t.Helper()
	cmd := exec.Command("/proc/self/exe", "-test.run=^$")
	cmd.Env = []string{impostorEnv + "=" + role, impostorSockEnv + "=" + sock, "HOME=/", "PATH=/usr/bin:/bin"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobodyUID, Gid: nobodyUID}}
	out, err := cmd.StdoutPipe()
	must(t, err)
	cmd.Stderr = os.Stderr
	must(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return cmd, bufio.NewScanner(out)
}

// nobodysDir is a short directory under /tmp (socket paths are short)
// that only nobody may change; with private=false others may enter it.
func nobodysDir(t *testing.T) string {
	t.Helper()
	d, err := os.MkdirTemp("/tmp", "gtm-rt-")
	must(t, err)
	t.Cleanup(func() { os.RemoveAll(d) })
	must(t, os.Chown(d, nobodyUID, nobodyUID))
	return d
}

func TestInstanceIgnoresImpostorInInheritedRuntimeDir(t *testing.T) {
	needRootForNobody(t)
	rt := nobodysDir(t) // nobody's own runtime dir, 0700
	sock := filepath.Join(rt, instanceSocketName)
	_, lines := startAsNobody(t, "listen", sock)
	if !lines.Scan() || lines.Text() != "ready" {
		t.Fatalf("impostor did not start: %q %v", lines.Text(), lines.Err())
	}
	t.Setenv("XDG_RUNTIME_DIR", rt)
	t.Setenv("TMPDIR", t.TempDir())
	dir, err := instanceDir()
	if err != nil {
		t.Fatal(err)
	}
	if dir == rt {
		t.Errorf("root's gtm uses nobody's runtime dir %s", rt)
	}
	inst, running, err := claimInstance(dir, msgShow, nil)
	if err != nil || running || inst == nil {
		t.Fatalf("root's gtm did not start on its own: inst %v running %v err %v", inst, running, err)
	}
	inst.Close()
}

// A listener of another user's, found at our socket's path, is not
// believed (nor told anything): its peer credentials give it away, and our
// gtm takes the path over.
func TestInstanceClientChecksPeerCredentials(t *testing.T) {
	needRootForNobody(t)
	staging := nobodysDir(t)
	cmd, lines := startAsNobody(t, "listen", filepath.Join(staging, "s.sock"))
	if !lines.Scan() || lines.Text() != "ready" {
		t.Fatalf("impostor did not start: %q %v", lines.Text(), lines.Err())
	}
	dir := t.TempDir()
	// The bound socket keeps working under its new name.
	must(t, os.Rename(filepath.Join(staging, "s.sock"), testSocketPath(t, dir)))
	inst, running, err := claimInstance(dir, msgShow, nil)
	if err != nil || running || inst == nil {
		t.Fatalf("believed another user's listener: inst %v running %v err %v", inst, running, err)
	}
	inst.Close()
	_ = cmd.Process.Kill()
	for lines.Scan() {
		if lines.Text() != `got ""` { // a connection that said nothing
			t.Errorf("the impostor was told something: %s", lines.Text())
		}
	}
}

// Our listener answers no one but our own user, even where they can reach
// its socket.
func TestInstanceServerChecksPeerCredentials(t *testing.T) {
	needRootForNobody(t)
	dir, err := os.MkdirTemp("/tmp", "gtm-open-")
	must(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	must(t, os.Chmod(dir, 0o755))
	got := make(chan string, 1)
	inst, _, err := claimInstance(dir, msgShow, func(m string) { got <- m })
	if err != nil {
		t.Fatal(err)
	}
	defer inst.Close()
	must(t, os.Chmod(testSocketPath(t, dir), 0o777))
	cmd, lines := startAsNobody(t, "connect", testSocketPath(t, dir))
	var out []string
	for lines.Scan() {
		out = append(out, lines.Text())
	}
	_ = cmd.Wait()
	if len(out) != 1 || out[0] != `reply ""` {
		t.Errorf("nobody got %q, want no reply", out)
	}
	select {
	case m := <-got:
		t.Errorf("acted on nobody's %q", m)
	case <-time.After(200 * time.Millisecond):
	}
	if !strings.Contains(strings.Join(out, ""), "reply") {
		t.Errorf("nobody could not connect at all, so this proves nothing: %q", out)
	}
}

// The window's log says once which inherited directories were ignored.
func TestIgnoredEnvironmentIsNoted(t *testing.T) {
	needRootForNobody(t)
	rt := nobodysDir(t)
	t.Setenv("XDG_RUNTIME_DIR", rt)
	t.Setenv("XDG_CONFIG_HOME", rt)
	var b strings.Builder
	if _, err := instanceDir(); err != nil {
		t.Fatal(err)
	}
	printIgnoredEnv(&b)
	for _, want := range []string{"gtm: ignoring XDG_RUNTIME_DIR=" + rt + ": ", "gtm: ignoring XDG_CONFIG_HOME=" + rt + ": it belongs to uid 65534, not to root"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, b.String())
		}
	}
}
