package maptest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// swapEnv marks the re-executed test binary as a descriptor swapper: the
// attacker of a reader that checks /proc/PID/fd/N and then opens it again.
const swapEnv = "GTM_SWAP_CHILD"

// runSwapper opens its first argument for reading and its second with
// O_PATH only (which needs no right to read the file), says "ready", and
// then points its stderr at one and the other, over and over, until
// stdin closes.
func runSwapper(paths []string, stdin io.Reader, stdout io.Writer) int {
	if len(paths) != 2 {
		fmt.Fprintln(stdout, "error: want two paths")
		return 1
	}
	readable, err := unix.Open(paths[0], unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		fmt.Fprintln(stdout, "error", err)
		return 1
	}
	pathOnly, err := unix.Open(paths[1], unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		fmt.Fprintln(stdout, "error", err)
		return 1
	}
	done := make(chan struct{})
	go func() { _, _ = io.Copy(io.Discard, stdin); close(done) }()
	fmt.Fprintln(stdout, "ready")
	for {
		select {
		case <-done:
			return 0
		default:
		}
		for range 1000 {
			_ = unix.Dup2(readable, 2)
			_ = unix.Dup2(pathOnly, 2)
		}
	}
}

// StartFDSwapper starts a process running as cred whose stderr (fd 2)
// swaps for ever between readable (a file cred may read) and secret (one
// it may not: held by an O_PATH descriptor, which takes no read right),
// and returns its PID. It is killed when the test ends.
func StartFDSwapper(t testing.TB, cred *syscall.Credential, readable, secret string) int {
	t.Helper()
	if !hooked {
		t.Fatal("maptest: this test binary cannot act as a swapper: its TestMain must call maptest.MaybeRunChild() first")
	}
	link := serverBinary(t, "llama-server", cred)
	cmd := exec.Command(link, "-test.run=^$", "--", readable, secret)
	cmd.Dir = "/"
	cmd.Env = append(os.Environ(), swapEnv+"=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatalf("maptest: %v", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatalf("maptest: %v", err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("maptest: starting swapper: %v", err)
	}
	t.Cleanup(func() {
		stdin.Close()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	line, _ := bufio.NewReader(out).ReadString('\n')
	if line != "ready\n" {
		t.Fatalf("maptest: swapper failed: %q", line)
	}
	return cmd.Process.Pid
}
