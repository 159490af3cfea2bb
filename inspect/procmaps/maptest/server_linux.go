package maptest

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// serverEnv marks the re-executed test binary as a server child.
const serverEnv = "GTM_SERVER_CHILD"

// serverRootEnv names a folder of canned answers: the file "props"
// answers /props, "v1_models" answers /v1/models; other paths get 404.
// Without it every request gets 401.
const serverRootEnv = "GTM_SERVER_ROOT"

// serverPortEnv is the port to listen on (unset: any free one).
const serverPortEnv = "GTM_SERVER_PORT"

// runServer listens on a loopback port, answers every request 401 (an
// API that wants a key), prints "ready <port>" and then one "auth <value>"
// line per request's Authorization header, until stdin closes.
func runServer(stdin io.Reader, stdout io.Writer) int {
	port := os.Getenv(serverPortEnv)
	if port == "" {
		port = "0"
	}
	ln, err := net.Listen("tcp", "127.0.0.1:"+port)
	if err != nil {
		fmt.Fprintln(stdout, "error", err)
		return 1
	}
	var mu sync.Mutex
	root := os.Getenv(serverRootEnv)
	go http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		fmt.Fprintf(stdout, "auth %q\n", r.Header.Get("Authorization"))
		mu.Unlock()
		if root == Stall {
			select { // answers nothing until the client gives up
			case <-r.Context().Done():
			case <-time.After(time.Minute):
			}
			return
		}
		if root == "" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		name := strings.ReplaceAll(strings.TrimPrefix(r.URL.Path, "/"), "/", "_")
		body, err := os.ReadFile(filepath.Join(root, name))
		if err != nil || name == "" {
			http.NotFound(w, r)
			return
		}
		w.Write(body)
	}))
	mu.Lock()
	fmt.Fprintf(stdout, "ready %d\n", ln.Addr().(*net.TCPAddr).Port)
	mu.Unlock()
	_, _ = io.Copy(io.Discard, stdin)
	return 0
}

// Server is a child process started by StartServerAs.
type Server struct {
	PID  int
	Port int

	mu    sync.Mutex
	auths []string
}

// Auths are the Authorization header values the server received.
func (s *Server) Auths() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.auths...)
}

// StartServerAs starts a process named name, running as cred (nil: as
// this process), with args on its command line, that listens on a
// loopback port and records the Authorization headers sent to it. It is
// the test binary re-executed, so its TestMain must call MaybeRunChild;
// to run as another user the binary is copied where every user may run
// it. The process is killed when the test ends.
func StartServerAs(t testing.TB, name string, cred *syscall.Credential, args ...string) *Server {
	t.Helper()
	return StartServer(t, name, cred, "", args...)
}

// Stall, as StartServer's root, makes a server that accepts every request
// and never answers it.
const Stall = ":stall:"

// StartServer is StartServerAs answering from the canned files in root
// (see serverRootEnv); "" answers 401 to everything, Stall nothing.
func StartServer(t testing.TB, name string, cred *syscall.Credential, root string, args ...string) *Server {
	t.Helper()
	return StartServerWith(t, name, ServerOptions{Cred: cred, Root: root}, args...)
}

// ServerOptions say how StartServerWith starts its server.
type ServerOptions struct {
	Cred *syscall.Credential // run as this user; nil: as this process
	Root string              // canned answers, as StartServer's root
	Port int                 // the loopback port to listen on; 0: any free one
	// NewNetNS starts the server in a network namespace of its own, as
	// in a container that publishes no port: its 127.0.0.1 is not this
	// process's (needs root).
	NewNetNS bool
}

// StartServerWith is StartServer with every option.
func StartServerWith(t testing.TB, name string, o ServerOptions, args ...string) *Server {
	t.Helper()
	cred, root := o.Cred, o.Root
	if !hooked {
		t.Fatal("maptest: this test binary cannot act as a server: its TestMain must call maptest.MaybeRunChild() first")
	}
	link := serverBinary(t, name, cred)
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatalf("maptest: %v", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatalf("maptest: %v", err)
	}
	// args first, as the process would show them; the child never parses flags
	cmd := exec.Command(link, append(append([]string{}, args...), "-test.run=^$")...)
	cmd.Dir = "/"
	cmd.Env = append(os.Environ(), serverEnv+"=1", serverRootEnv+"="+root)
	if o.Port != 0 {
		cmd.Env = append(cmd.Env, fmt.Sprintf("%s=%d", serverPortEnv, o.Port))
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if o.NewNetNS {
		if err := inNewNetNS(cmd.SysProcAttr); err != nil {
			t.Fatalf("maptest: %v", err)
		}
	}
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		t.Fatalf("maptest: starting server: %v", err)
	}
	t.Cleanup(func() {
		inW.Close()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		outR.Close()
	})
	s := &Server{PID: cmd.Process.Pid}
	ready := make(chan string, 1)
	go s.read(outR, ready)
	select {
	case line := <-ready:
		if _, err := fmt.Sscanf(line, "ready %d", &s.Port); err != nil {
			t.Fatalf("maptest: server failed: %q", line)
		}
	case <-time.After(readyTimeout):
		t.Fatalf("maptest: server not ready after %v", readyTimeout)
	}
	return s
}

// serverBinary is the test binary under name in a folder of its own: a
// link to it, or, for another user (cred), a copy that user may run.
func serverBinary(t testing.TB, name string, cred *syscall.Credential) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatalf("maptest: %v", err)
	}
	dir, err := os.MkdirTemp("", "gtm-server-")
	if err != nil {
		t.Fatalf("maptest: %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	link := filepath.Join(dir, name)
	if cred == nil {
		err = os.Symlink(exe, link)
	} else {
		err = copyExecutable(exe, link, dir)
	}
	if err != nil {
		t.Fatalf("maptest: %v", err)
	}
	return link
}

// read hands the server's first line (its "ready PORT") to ready, then
// records the auth headers it reports until it exits.
func (s *Server) read(out io.Reader, ready chan<- string) {
	br := bufio.NewReader(out)
	line, _ := br.ReadString('\n')
	ready <- line
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return
		}
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "auth "); ok {
			s.mu.Lock()
			s.auths = append(s.auths, v)
			s.mu.Unlock()
		}
	}
}

// copyExecutable copies the test binary into dir, which it opens to
// every user (the binary's own folder usually is not).
func copyExecutable(src, dst, dir string) error {
	if err := os.Chmod(dir, 0o755); err != nil {
		return err
	}
	for d := filepath.Dir(dir); d != "/"; d = filepath.Dir(d) {
		if fi, err := os.Stat(d); err != nil || fi.Mode().Perm()&0o001 == 0 {
			return fmt.Errorf("%s is not searchable by other users; set TMPDIR to a folder that is", d)
		}
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
