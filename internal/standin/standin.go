// Package standin starts stand-in inference-server process trees for
// end-to-end tests: real processes that look, from outside (/proc, loopback
// HTTP, a log file, memory maps), like vLLM, SGLang, TGI, ComfyUI or a
// PyTorch job, so gtm can be tested against them without a GPU or PyPI.
//
// Every process of a tree is the running test binary re-executed through
// /proc/self/exe with the argv a real one shows. It only works when the
// test binary's TestMain calls MaybeRun first:
//
//	func TestMain(m *testing.M) {
//		standin.MaybeRun()
//		os.Exit(m.Run())
//	}
//
//	func TestVLLM(t *testing.T) {
//		libs := standin.FakeLibs(t)
//		p := standin.Start(t, standin.VLLM(standin.VLLMOptions{Libs: libs}), logPath)
//		p.Walk(func(q *standin.Proc) { ... q.PID ... q.Port ... })
//	}
//
// What a stand-in cannot fake: /proc/PID/exe points at the test binary, and
// the process holds no GPU memory (a stand-in NVIDIA driver assigns it).
// The package is for tests only, and Linux only: MaybeRun and Start are
// run_linux.go's and start_linux.go's, and only Linux tests call them.
package standin

// Spec describes one process of a stand-in tree and its children.
type Spec struct {
	// Argv is what /proc/PID/cmdline shows. Argv[0] may be a title such as
	// "VLLM::EngineCore" (see SpawnArgv). "{port}" is replaced before the
	// process starts by its own port or, when it listens on none, by the
	// first port of its subtree (a launcher that names its router's port).
	Argv []string
	// SpawnArgv, when set, is the argv the process had before Python's
	// setproctitle replaced it by the title Argv[0] (Argv must then be just
	// the title). setproctitle on Linux writes the title over the original
	// argv area and pads the rest with NUL bytes (spt_status.c, PS_PADDING
	// '\0'), then calls prctl(PR_SET_NAME, title). A stand-in is executed
	// with argv = title followed by empty strings, so /proc/PID/cmdline holds
	// the same bytes: the title, then NULs to the original argv's length.
	// Unlike setproctitle, the environment area is left as it was (as with
	// setproctitle's SPT_NOENV).
	SpawnArgv []string
	// Comm is /proc/PID/comm; "" means the base of Argv[0], cut to 15
	// bytes as the kernel does.
	Comm string
	Dir  string   // working directory; "" inherits
	Env  []string // added to the inherited environment
	// Routes are served over HTTP on a loopback port when non-empty, by
	// exact path; other paths answer 404.
	Routes map[string]Route
	// Log lines are written to stdout once the process has mapped its
	// files and listens, before its children start; LogReady lines once
	// every child is ready. Placeholders: {pid}, {ppid}, {port}, {rank},
	// {time} (vLLM's MM-DD HH:MM:SS), {datetime} (YYYY-MM-DD HH:MM:SS),
	// {rfc3339} (Rust tracing's 2006-01-02T15:04:05.000000Z, UTC),
	// {slogtime} (Go slog's 2006-01-02T15:04:05.000Z07:00, as Ollama's).
	Log      []string
	LogReady []string
	// AccessLog, when set, is written for every request the process is
	// sent, answered or not, as a server's access log does: placeholders
	// as in Log, and {client} (host:port), {request} ("GET /path
	// HTTP/1.1"), {status} ("200 OK").
	AccessLog string
	// Map lists files mapped read-only (and kept) before anything else.
	Map      []string
	Children []Spec // started in order, each once the one before is ready
	Rank     int    // for {rank}
}

// Route is one canned HTTP answer. Body may hold {port} and {pid}.
type Route struct {
	Status      int // 0 means 200
	Body        string
	ContentType string // "" means application/json
	// Log lines are written to stdout (the server's log) each time the
	// route is asked, as a real server logs a warning for a deprecated
	// endpoint; placeholders as in Spec.Log.
	Log []string
}

// Proc is a started process of a tree. Its Spec is the one it was started
// with, {port} in Argv replaced; Log placeholders are left as written.
type Proc struct {
	PID, Port int // Port is 0 when the process does not listen
	Spec      Spec
	Children  []*Proc
	// reqDir is where the tree records the requests it receives; only
	// Linux starts stand-ins (start_linux.go).
	//lint:ignore U1000 set and read by start_linux.go; other builds start none
	reqDir string
}

// Request is one HTTP request a stand-in received, as it came: every
// process with routes records each request it is sent, answered or not.
type Request struct {
	Port   int
	Method string
	Target string // the request target: path and query, as sent
}

// String is "GET /metrics".
func (r Request) String() string { return r.Method + " " + r.Target }

// Walk calls fn for p and every process below it, parents first.
func (p *Proc) Walk(fn func(*Proc)) {
	fn(p)
	for _, c := range p.Children {
		c.Walk(fn)
	}
}

// comm is what the kernel shows as the process name for s.
func (s Spec) comm() string {
	c := s.Comm
	if c == "" && len(s.Argv) > 0 {
		c = s.Argv[0]
		for i := len(c) - 1; i >= 0; i-- {
			if c[i] == '/' {
				c = c[i+1:]
				break
			}
		}
	}
	if len(c) > 15 {
		c = c[:15]
	}
	return c
}

// CommName is the /proc/PID/comm the process of s shows.
func (s Spec) CommName() string { return s.comm() }
