package standin

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/gputaskman/gtm/internal/mapfile"
)

// specEnv marks a process as a stand-in. Its subtree (wire, as JSON)
// comes over a pipe rather than the environment: /proc/PID/environ stays
// small and the kernel's 128 KiB limit on one environment string does not
// bound the routes' bodies.
const specEnv = "GTM_STANDIN"

// File descriptors a stand-in inherits: the pipe its spec comes on, the
// pipe it reports readiness on, then one listening socket per process of
// its subtree that has routes, in preorder (its own first). Listeners are
// opened by Start so that every port is known before any process starts,
// and argv can name it.
const (
	specFD      = 3
	readyFD     = 4
	firstListen = 5
)

// maxSpec bounds the spec a stand-in reads.
const maxSpec = 16 << 20

// readyTimeout bounds the wait for one process (and its subtree).
const readyTimeout = 30 * time.Second

// stopTimeout bounds the wait for a child to end after SIGTERM.
const stopTimeout = 5 * time.Second

// hooked is set when this binary's TestMain called MaybeRun.
var hooked bool

// wire is what a stand-in receives: its spec and the port of each process
// of its subtree, in preorder (0: listens on none).
type wire struct {
	Spec  Spec  `json:"spec"`
	Ports []int `json:"ports"`
	// Requests is the folder where each process with routes records the
	// requests it receives, one "METHOD target" line a request, in a file
	// named after its port (see Proc.Requests).
	Requests string `json:"requests"`
}

// report is what a stand-in sends up once its whole subtree is ready.
type report struct {
	PID      int      `json:"pid"`
	Port     int      `json:"port,omitempty"`
	Children []report `json:"children,omitempty"`
	Error    string   `json:"error,omitempty"`
}

// MaybeRun turns this process into a stand-in when Start (or a stand-in
// parent) started it, and then never returns; otherwise it only records
// that the hook is installed. Call it first thing in TestMain.
func MaybeRun() {
	if os.Getenv(specEnv) != "1" {
		hooked = true
		return
	}
	os.Exit(runStandin())
}

// runStandin is the life of one stand-in: become the process its spec
// describes, start its children, report ready, and wait for a signal.
func runStandin() int {
	ready := os.NewFile(readyFD, "ready")
	w, err := readWire()
	if err != nil {
		return fail(ready, fmt.Errorf("bad spec: %v", err))
	}
	s := w.Spec
	keep, err := become(s)
	if err != nil {
		return fail(ready, err)
	}
	port := 0 // the port this process listens on
	if len(w.Ports) > 0 {
		port = w.Ports[0]
	}
	vars := placeholders{pid: os.Getpid(), ppid: os.Getppid(), port: firstPort(w.Ports), rank: s.Rank}
	if len(s.Routes) > 0 {
		f := os.NewFile(firstListen, "listener")
		ln, err := net.FileListener(f)
		f.Close()
		if err != nil {
			return fail(ready, fmt.Errorf("listener: %v", err))
		}
		go http.Serve(ln, accessLog(s.AccessLog, vars, routes(s.Routes, vars, requestLog(w.Requests, port))))
	}
	writeLines(s.Log, vars)
	kids, reps, err := startChildren(s, w.Ports, w.Requests)
	if err != nil {
		return fail(ready, err)
	}
	writeLines(s.LogReady, vars)

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	b, _ := json.Marshal(report{PID: os.Getpid(), Port: port, Children: reps})
	ready.Write(append(b, '\n'))
	ready.Close()
	<-sig
	stopChildren(kids)
	runtime.KeepAlive(keep)
	return 0
}

// readWire reads this stand-in's spec and ports from its spec pipe.
func readWire() (wire, error) {
	f := os.NewFile(specFD, "spec")
	raw, err := io.ReadAll(io.LimitReader(f, maxSpec))
	f.Close()
	var w wire
	if err == nil {
		err = json.Unmarshal(raw, &w)
	}
	return w, err
}

// become gives this process the name s shows and maps its files; the
// mappings returned must stay referenced while the process runs.
func become(s Spec) ([][]byte, error) {
	// The kernel named the process after /proc/self/exe ("exe"); writing
	// comm of the thread-group leader sets what /proc/PID/comm shows.
	if err := os.WriteFile("/proc/self/comm", []byte(s.comm()), 0); err != nil {
		return nil, fmt.Errorf("setting comm: %v", err)
	}
	var keep [][]byte
	for _, p := range s.Map {
		b, err := mapfile.Map(p)
		if err != nil {
			return nil, err
		}
		keep = append(keep, b)
	}
	return keep, nil
}

// startChildren starts s's children in order, each once the one before
// is ready, handing each the listeners of its own subtree (ports is s's
// subtree's, in preorder) and the requests folder. On error the children
// it started are stopped.
func startChildren(s Spec, ports []int, reqDir string) ([]*exec.Cmd, []report, error) {
	fds := firstListen
	if len(s.Routes) > 0 {
		fds++ // this process's own listener
	}
	next := 1 // index into ports of the next child's subtree
	var kids []*exec.Cmd
	var reps []report
	for _, c := range s.Children {
		n := c.count()
		var files []*os.File
		for i := next; i < next+n; i++ {
			if ports[i] != 0 {
				files = append(files, os.NewFile(uintptr(fds), "listener"))
				fds++
			}
		}
		cmd, rep, err := startOne(wire{Spec: c, Ports: ports[next : next+n], Requests: reqDir}, files, os.Stdout, os.Stderr)
		for _, f := range files {
			f.Close() // the child has its copy; this process must not show it
		}
		next += n
		if cmd != nil {
			kids = append(kids, cmd)
		}
		if err != nil {
			stopChildren(kids)
			return nil, nil, err
		}
		reps = append(reps, rep)
	}
	return kids, reps, nil
}

// stopChildren stops kids, the last started first.
func stopChildren(kids []*exec.Cmd) {
	for i := len(kids) - 1; i >= 0; i-- {
		stopChild(kids[i])
	}
}

// fail reports err up the ready pipe and returns the exit code.
func fail(ready *os.File, err error) int {
	b, _ := json.Marshal(report{PID: os.Getpid(), Error: err.Error()})
	ready.Write(append(b, '\n'))
	fmt.Fprintln(os.Stderr, "standin:", err)
	return 1
}

// startOne starts w.Spec (its subtree's ports and listener files given)
// with stdout and stderr as given, and waits for its report. On error the
// returned command, if any, has been started and must be stopped.
func startOne(w wire, listeners []*os.File, stdout, stderr *os.File) (*exec.Cmd, report, error) {
	s := w.Spec
	b, err := json.Marshal(w)
	if err != nil {
		return nil, report{}, err
	}
	specR, specW, err := os.Pipe()
	if err != nil {
		return nil, report{}, err
	}
	r, rw, err := os.Pipe()
	if err != nil {
		specR.Close()
		specW.Close()
		return nil, report{}, err
	}
	defer r.Close()
	cmd := &exec.Cmd{
		Path:   "/proc/self/exe",
		Args:   execArgv(s),
		Dir:    s.Dir,
		Env:    append(append(withoutSpec(os.Environ()), s.Env...), specEnv+"=1"),
		Stdout: stdout,
		Stderr: stderr,
		// A stand-in whose parent dies goes with it.
		SysProcAttr: &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL},
	}
	cmd.ExtraFiles = append([]*os.File{specR, rw}, listeners...)
	err = cmd.Start()
	specR.Close()
	rw.Close()
	if err != nil {
		specW.Close()
		return nil, report{}, fmt.Errorf("starting %q: %v", s.Argv, err)
	}
	go func() { // a spec larger than the pipe's buffer must not block us
		specW.Write(b)
		specW.Close()
	}()
	rep, err := readReport(r)
	if err == nil && rep.Error != "" {
		err = errors.New(rep.Error)
	}
	if err != nil {
		return cmd, rep, fmt.Errorf("%s: %v", s.comm(), err)
	}
	return cmd, rep, nil
}

// readReport reads one JSON line, bounded in time and size.
func readReport(r *os.File) (report, error) {
	type result struct {
		rep report
		err error
	}
	ch := make(chan result, 1)
	go func() {
		buf := make([]byte, 0, 4096)
		tmp := make([]byte, 4096)
		for len(buf) < 1<<20 {
			n, err := r.Read(tmp)
			buf = append(buf, tmp[:n]...)
			if i := strings.IndexByte(string(buf), '\n'); i >= 0 {
				var rep report
				err := json.Unmarshal(buf[:i], &rep)
				ch <- result{rep, err}
				return
			}
			if err != nil {
				ch <- result{err: errors.New("exited before it was ready")}
				return
			}
		}
		ch <- result{err: errors.New("report too long")}
	}()
	select {
	case res := <-ch:
		return res.rep, res.err
	case <-time.After(readyTimeout):
		return report{}, fmt.Errorf("not ready after %v", readyTimeout)
	}
}

// execArgv is the argv to exec s with (see Spec.SpawnArgv).
func execArgv(s Spec) []string {
	if len(s.SpawnArgv) == 0 {
		return s.Argv
	}
	title := s.Argv[0]
	area := 0
	for _, a := range s.SpawnArgv {
		area += len(a) + 1
	}
	argv := []string{title}
	for n := len(title) + 1; n < area; n++ {
		argv = append(argv, "")
	}
	return argv
}

// firstPort is the first port of a subtree (see Spec.Argv's {port}).
func firstPort(ports []int) int {
	for _, p := range ports {
		if p != 0 {
			return p
		}
	}
	return 0
}

func withoutSpec(env []string) []string {
	out := env[:0:0]
	for _, e := range env {
		if !strings.HasPrefix(e, specEnv+"=") {
			out = append(out, e)
		}
	}
	return out
}

// stopChild asks a stand-in to end (it ends its own children first) and
// reaps it; one that does not end in time is killed.
func stopChild(cmd *exec.Cmd) {
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	_ = cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-done:
	case <-time.After(stopTimeout):
		_ = cmd.Process.Kill()
		<-done
	}
}

// placeholders are the values of a process's {name} placeholders.
type placeholders struct{ pid, ppid, port, rank int }

func (v placeholders) expand(s string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	now := time.Now()
	return strings.NewReplacer(
		"{pid}", strconv.Itoa(v.pid),
		"{ppid}", strconv.Itoa(v.ppid),
		"{port}", strconv.Itoa(v.port),
		"{rank}", strconv.Itoa(v.rank),
		"{time}", now.Format("01-02 15:04:05"),
		"{datetime}", now.Format("2006-01-02 15:04:05"),
		"{rfc3339}", now.UTC().Format("2006-01-02T15:04:05.000000Z"),
		// Go's log/slog text handler: RFC 3339 with milliseconds
		// (src/log/slog/handler.go, appendRFC3339Millis), as Ollama writes
		"{slogtime}", now.Format("2006-01-02T15:04:05.000Z07:00"),
	).Replace(s)
}

// writeLines writes lines to stdout in one write, as one logging call
// of a real server flushes a line, so processes sharing the file do not
// interleave inside a line.
func writeLines(lines []string, v placeholders) {
	if len(lines) == 0 {
		return
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(v.expand(l))
		b.WriteByte('\n')
	}
	os.Stdout.WriteString(b.String())
}

// requestLog is the file the process listening on port records its
// requests in, "" when the tree records none.
func requestLog(dir string, port int) string {
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, strconv.Itoa(port))
}

// record appends one request to the file at path: one short line in one
// O_APPEND write, so concurrent requests do not interleave.
func record(path string, r *http.Request) {
	if path == "" {
		return
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, "standin: recording a request:", err)
		return
	}
	defer f.Close()
	line := strconv.Quote(r.Method) + " " + strconv.Quote(r.URL.RequestURI()) + "\n"
	f.WriteString(line)
}

// accessLog writes format (Spec.AccessLog) for each request h answers.
func accessLog(format string, v placeholders, h http.Handler) http.Handler {
	if format == "" {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(sw, r)
		line := strings.NewReplacer("{client}", r.RemoteAddr,
			"{request}", r.Method+" "+r.URL.RequestURI()+" "+r.Proto,
			"{status}", strconv.Itoa(sw.status)+" "+http.StatusText(sw.status)).Replace(format)
		writeLines([]string{line}, v)
	})
}

// statusWriter remembers the status a handler answered.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func routes(rs map[string]Route, v placeholders, reqLog string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		record(reqLog, r)
		rt, ok := rs[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		ct := rt.ContentType
		if ct == "" {
			ct = "application/json"
		}
		w.Header().Set("Content-Type", ct)
		if rt.Status != 0 {
			w.WriteHeader(rt.Status)
		}
		body := strings.NewReplacer("{port}", strconv.Itoa(v.port), "{pid}", strconv.Itoa(v.pid)).Replace(rt.Body)
		w.Write([]byte(body))
		writeLines(rt.Log, v)
	})
}
