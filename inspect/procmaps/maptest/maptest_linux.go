// Package maptest starts real processes that memory-map given files, so
// tests can read a real /proc/<pid>/maps. It is Linux's only, as are the
// tests that use it.
//
// The mapper child is the running test binary itself, re-executed. This
// only works when the test binary's TestMain calls MaybeRunChild before
// anything else:
//
//	func TestMain(m *testing.M) {
//		maptest.MaybeRunChild()
//		os.Exit(m.Run())
//	}
//
//	func TestSomething(t *testing.T) {
//		lib := maptest.TempFile(t, "libcudart.so.12", 8192)
//		pid := maptest.StartMapper(t, lib) // killed when the test ends
//		...read /proc/<pid>/maps...
//	}
//
// Without that hook StartMapper fails the test at once, saying so; it never
// starts a child that would run the package's tests again.
//
// Re-exec was chosen over building a helper program with `go build`: it
// needs no Go toolchain, module cache or build time while tests run, and
// works for a binary made with `go test -c` and run elsewhere. The cost is
// the one line in TestMain.
package maptest

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/mapfile"
)

// childEnv marks the re-executed test binary as a mapper child.
const childEnv = "GTM_MAPPER_CHILD"

// hooked is set when this binary's TestMain called MaybeRunChild, so the
// binary can serve as a mapper child.
var hooked bool

// readyTimeout bounds the wait for a child to map its files.
const readyTimeout = 30 * time.Second

// MaybeRunChild turns this process into a mapper child when it was started
// by StartMapper, and then never returns; otherwise it only records that
// the hook is installed. Call it first thing in TestMain.
func MaybeRunChild() {
	if os.Getenv(serverEnv) == "1" {
		os.Exit(runServer(os.Stdin, os.Stdout))
	}
	if os.Getenv(swapEnv) == "1" {
		os.Exit(runSwapper(childPaths(os.Args), os.Stdin, os.Stdout))
	}
	if os.Getenv(childEnv) != "1" {
		hooked = true
		return
	}
	os.Exit(runChild(childPaths(os.Args), os.Stdin, os.Stdout, os.Stderr))
}

// childPaths are the arguments after "--".
func childPaths(args []string) []string {
	for i, a := range args {
		if a == "--" {
			return args[i+1:]
		}
	}
	return nil
}

// runChild maps every path (read-only, MAP_SHARED), says "ready", then
// waits for stdin to close: the parent closing it, or dying, ends the child
// even if no one kills it.
func runChild(paths []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var keep [][]byte
	for _, p := range paths {
		b, err := mapfile.Map(p)
		if err != nil {
			fmt.Fprintf(stderr, "maptest child: %v\n", err)
			return 1
		}
		keep = append(keep, b)
	}
	fmt.Fprintln(stdout, "ready")
	_, _ = io.Copy(io.Discard, stdin)
	runtime.KeepAlive(keep)
	return 0
}

// StartMapper starts a process that maps each path (a path listed twice is
// mapped twice) and returns its PID once all are mapped. The process is
// killed and reaped when the test ends. Files must exist and be non-empty.
// It skips the test off Linux.
func StartMapper(t testing.TB, paths ...string) int {
	t.Helper()
	return StartNamedMapper(t, "", paths...)
}

// StartNamedMapper is StartMapper with the process named name (its
// /proc/<pid>/comm, cut to 15 bytes by the kernel), for tests that look
// at process names. It runs the test binary through a symlink so named;
// /proc/<pid>/exe still points at the test binary.
func StartNamedMapper(t testing.TB, name string, paths ...string) int {
	t.Helper()
	if !hooked {
		t.Fatal("maptest: this test binary cannot act as a mapper: its TestMain must call maptest.MaybeRunChild() first (see package maptest)")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatalf("maptest: %v", err)
	}
	if name != "" {
		link := filepath.Join(t.TempDir(), name)
		if err := os.Symlink(exe, link); err != nil {
			t.Fatalf("maptest: %v", err)
		}
		exe = link
	}

	// Own pipes rather than cmd.StdoutPipe: Wait must not race our read.
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatalf("maptest: %v", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatalf("maptest: %v", err)
	}
	var stderr bytes.Buffer
	// -test.run=^$: were the hook ever bypassed, the child runs no tests.
	cmd := exec.Command(exe, append([]string{"-test.run=^$", "--"}, paths...)...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, &stderr
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		t.Fatalf("maptest: starting mapper: %v", err)
	}
	stop := func() {
		inW.Close()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		outR.Close()
	}

	ready := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(outR).ReadString('\n')
		ready <- line
	}()
	select {
	case line := <-ready:
		if line == "ready\n" {
			t.Cleanup(stop)
			return cmd.Process.Pid
		}
		stop()
		t.Fatalf("maptest: mapper failed (stdout %q): %s", line, strings.TrimSpace(stderr.String()))
	case <-time.After(readyTimeout):
		stop()
		t.Fatalf("maptest: mapper not ready after %v: %s", readyTimeout, strings.TrimSpace(stderr.String()))
	}
	return 0
}

// TempFile creates name (it may contain directories) under a fresh
// t.TempDir(), size bytes long and non-zero, and returns its path.
func TempFile(t testing.TB, name string, size int) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatalf("maptest: %v", err)
	}
	if err := os.WriteFile(p, bytes.Repeat([]byte{0x5a}, size), 0o644); err != nil {
		t.Fatalf("maptest: %v", err)
	}
	return p
}
