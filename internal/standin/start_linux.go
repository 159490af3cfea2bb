package standin

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"strconv"
	"strings"
	"testing"
)

// Start starts the tree s with the root's stdout and stderr appended to
// logPath (a regular file, created if need be; children inherit both, as
// a Python server's workers do), and returns once every process has mapped
// its files, listens and has written its log lines: each reports over a
// pipe, its parent passing the subtree's report up. The tree is ended
// when the test ends: each stand-in ends its children, last first, and
// reaps them, so no process of the tree is left, not even a zombie.
func Start(t testing.TB, s Spec, logPath string) *Proc {
	t.Helper()
	log, err := os.OpenFile(logPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatalf("standin: %v", err)
	}
	defer log.Close() // the root has its own copy
	return StartTo(t, s, log)
}

// StartTo is Start with the root's stdout and stderr given: a socket, as
// a systemd unit's are (journald's stdout stream), or a pipe.
func StartTo(t testing.TB, s Spec, log *os.File) *Proc {
	t.Helper()
	if !hooked {
		t.Fatal("standin: this test binary cannot run stand-ins: its TestMain must call standin.MaybeRun() first (see package standin)")
	}
	if err := check(s); err != nil {
		t.Fatalf("standin: %v", err)
	}

	// One loopback listener per process with routes, opened here so argv
	// can name the port; each process inherits only its subtree's.
	var ports []int
	var files []*os.File
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	var open func(Spec) error
	open = func(s Spec) error {
		port := 0
		if len(s.Routes) > 0 {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				return err
			}
			f, err := ln.(*net.TCPListener).File()
			ln.Close()
			if err != nil {
				return err
			}
			files = append(files, f)
			port = ln.Addr().(*net.TCPAddr).Port
		}
		ports = append(ports, port)
		for _, c := range s.Children {
			if err := open(c); err != nil {
				return err
			}
		}
		return nil
	}
	if err := open(s); err != nil {
		t.Fatalf("standin: listening: %v", err)
	}
	s = withPorts(s, ports)

	reqDir := t.TempDir()
	cmd, rep, err := startOne(wire{Spec: s, Ports: ports, Requests: reqDir}, files, log, log)
	if cmd != nil {
		t.Cleanup(func() { stopChild(cmd) })
	}
	if err != nil {
		t.Fatalf("standin: %v", err)
	}
	return toProc(s, rep, reqDir)
}

// check rejects specs a stand-in cannot show as asked.
func check(s Spec) error {
	if len(s.Argv) == 0 || s.Argv[0] == "" {
		return fmt.Errorf("a process needs an argv[0]")
	}
	if len(s.SpawnArgv) > 0 {
		area := 0
		for _, a := range s.SpawnArgv {
			area += len(a) + 1
		}
		if len(s.Argv) != 1 || len(s.Argv[0])+1 > area {
			return fmt.Errorf("title %q: a setproctitle title is the whole argv and must fit the spawn argv's %d bytes", s.Argv, area)
		}
	}
	for _, c := range s.Children {
		if err := check(c); err != nil {
			return err
		}
	}
	return nil
}

// withPorts replaces {port} in every Argv of the tree (ports in preorder).
func withPorts(s Spec, ports []int) Spec {
	p := strconv.Itoa(firstPort(ports[:s.count()]))
	argv := make([]string, len(s.Argv))
	for i, a := range s.Argv {
		argv[i] = strings.ReplaceAll(a, "{port}", p)
	}
	s.Argv = argv
	kids := make([]Spec, len(s.Children))
	next := 1
	for i, c := range s.Children {
		n := c.count()
		kids[i] = withPorts(c, ports[next:next+n])
		next += n
	}
	s.Children = kids
	return s
}

func toProc(s Spec, r report, reqDir string) *Proc {
	p := &Proc{PID: r.PID, Port: r.Port, Spec: s, reqDir: reqDir}
	for i, c := range s.Children {
		if i < len(r.Children) {
			p.Children = append(p.Children, toProc(c, r.Children[i], reqDir))
		}
	}
	return p
}

// Requests are the requests p and the processes below it have received
// so far, each process's in the order they came, parents first.
func (p *Proc) Requests(t testing.TB) []Request {
	t.Helper()
	var out []Request
	p.Walk(func(q *Proc) {
		if q.Port == 0 {
			return
		}
		b, err := os.ReadFile(requestLog(q.reqDir, q.Port))
		if errors.Is(err, fs.ErrNotExist) {
			return // asked nothing yet
		}
		if err != nil {
			t.Fatalf("standin: %v", err)
		}
		for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			m, target, _ := strings.Cut(l, " ")
			method, err1 := strconv.Unquote(m)
			path, err2 := strconv.Unquote(target)
			if err1 != nil || err2 != nil {
				t.Fatalf("standin: a bad request record %q", l)
			}
			out = append(out, Request{Port: q.Port, Method: method, Target: path})
		}
	})
	return out
}

// count is the number of processes in s's tree.
func (s Spec) count() int {
	n := 1
	for _, c := range s.Children {
		n += c.count()
	}
	return n
}
