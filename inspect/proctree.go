package inspect

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gputaskman/gtm/inspect/servers"
	"github.com/gputaskman/gtm/internal/procroot"
)

// A server's GPU work is often done by processes that serve nothing: vLLM's
// engine core and its tensor-parallel workers under the API process,
// SGLang's schedulers, TGI's shards beside their router under the
// launcher, Ollama's runner under `ollama serve`. A worker's API is found
// by walking up its ancestors, and from a launcher down to its children.

// maxAncestors bounds the walk up: a worker sits at most three levels
// below its API (API → engine core → worker); one more for a wrapper.
const maxAncestors = 4

// maxChildren bounds the children read of one launcher.
const maxChildren = 64

// procEntry is what the walk learns of one process.
type procEntry struct {
	pid, ppid  int
	startTicks uint64 // clock ticks after boot: orders processes, dates one from another
	name       string
	argv       []string
}

// readProc reads a process's parent, name and command line from procRoot,
// bounded; ok is false when it cannot be read (it exited).
func readProc(procRoot string, pid int) (procEntry, bool) {
	dir := filepath.Join(procRoot, strconv.Itoa(pid))
	stat, err := procroot.ReadFile(filepath.Join(dir, "stat"), 4096)
	if err != nil {
		return procEntry{}, false
	}
	// comm may hold ") ": the fields after it start at the last one
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return procEntry{}, false
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 2 {
		return procEntry{}, false
	}
	ppid, err := strconv.Atoi(f[1])
	if err != nil {
		return procEntry{}, false
	}
	e := procEntry{pid: pid, ppid: ppid}
	if len(f) > 19 { // stat field 22, starttime
		e.startTicks, _ = strconv.ParseUint(f[19], 10, 64)
	}
	if comm, err := procroot.ReadFile(filepath.Join(dir, "comm"), 256); err == nil {
		e.name = strings.TrimSuffix(string(comm), "\n")
	}
	if cmd, _, err := procroot.ReadPrefix(filepath.Join(dir, "cmdline"), 64<<10); err == nil && len(cmd) > 0 {
		e.argv = strings.Split(strings.TrimSuffix(string(cmd), "\x00"), "\x00")
	}
	return e, true
}

// maxTasks bounds the threads whose children are read: a child is
// listed under the thread that forked it (task/<tid>/children), and a
// launcher may spawn from any of its threads (TGI's Rust launcher does).
const maxTasks = 256

// childrenOf lists a process's children, from every thread's
// task/<tid>/children, at most maxChildren; nil when they cannot be read.
func childrenOf(procRoot string, pid int) []int {
	dir := filepath.Join(procRoot, strconv.Itoa(pid), "task")
	d, err := procroot.OpenDir(dir)
	if err != nil {
		return nil
	}
	tids, _ := d.Readdirnames(maxTasks)
	d.Close()
	var out []int
	for _, tid := range tids {
		b, _, err := procroot.ReadPrefix(filepath.Join(dir, tid, "children"), 4096)
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(b)) {
			if n, err := strconv.Atoi(f); err == nil && n > 0 && len(out) < maxChildren {
				out = append(out, n)
			}
		}
	}
	return out
}

// apiCandidates are the processes that may serve a worker's API, nearest
// first: its parent whatever it is (as Ollama's runner's always was), then
// its ancestors of the same server that are not workers and, for one that
// is a launcher (serving no API of its own), its children that the server
// calls its API.
func apiCandidates(procRoot string, t Target, srv servers.Server, anc []procEntry) []int {
	var out []int
	seen := map[int]bool{t.PID: true}
	add := func(pid int) {
		if pid > 1 && !seen[pid] {
			seen[pid] = true
			out = append(out, pid)
		}
	}
	add(t.PPID)
	for _, e := range anc {
		if _, role := servers.RecogniseProcess(processOf(procRoot, e.pid, e.name, e.argv, "")); role == servers.Worker {
			continue
		}
		add(e.pid)
		for _, c := range childrenOf(procRoot, e.pid) {
			if seen[c] {
				continue
			}
			if ce, ok := readProc(procRoot, c); ok {
				if s, role := servers.RecogniseProcess(processOf(procRoot, c, ce.name, ce.argv, "")); s != nil && s.Name() == srv.Name() && role == servers.API {
					add(c)
				}
			}
		}
	}
	return out
}

// serverAncestors are t's nearest ancestors that the same server claims,
// in any role (API, launcher, engine core), nearest first, stopping at
// the first that is not: the processes that share t's server.
func serverAncestors(procRoot string, t Target, srv servers.Server) []procEntry {
	var out []procEntry
	pid := t.PPID
	for range maxAncestors {
		if pid <= 1 {
			break
		}
		e, ok := readProc(procRoot, pid)
		if !ok {
			break
		}
		if s, _ := servers.RecogniseProcess(processOf(procRoot, e.pid, e.name, e.argv, "")); s == nil || s.Name() != srv.Name() {
			break
		}
		out = append(out, e)
		pid = e.ppid
	}
	return out
}

// clockTick is Linux's USER_HZ, fixed at 100 for userspace whatever the
// kernel's HZ.
const clockTick = 10 * time.Millisecond

// startOf dates an ancestor from t's own start: t.Start minus the ticks
// between their starts; zero when t's start is unknown.
func startOf(procRoot string, t Target, anc procEntry) time.Time {
	if t.Start.IsZero() {
		return time.Time{}
	}
	self, ok := readProc(procRoot, t.PID)
	if !ok || anc.startTicks == 0 || anc.startTicks > self.startTicks {
		return t.Start
	}
	return t.Start.Add(-time.Duration(self.startTicks-anc.startTicks) * clockTick)
}

// ownerKey is the process answering t's API (t itself, or the API
// ancestor owner) as a cache key: its PID and its start, counted in clock
// ticks after boot (the kernel's own date, the same whichever process
// asks). Answers are cached under it, so a server's workers share one
// answer per refresh instead of each asking the server (every request is
// a line in SGLang's access log). When owner cannot be read, t's own key:
// nothing shared, nothing wrong.
func ownerKey(procRoot string, t Target, owner int) Key {
	if owner == 0 {
		owner = t.PID
	}
	o, ok := readProc(procRoot, owner)
	if !ok || o.startTicks == 0 {
		return Key{PID: t.PID, Start: t.Start}
	}
	return Key{PID: owner, Start: time.Unix(0, 0).Add(time.Duration(o.startTicks) * clockTick)}
}

// recognise tells t's server and role from its name, command line and
// working directory (a relative `python main.py` is ComfyUI's only in a
// ComfyUI folder) and, for a title no server places by those, its
// environment under procRoot (vLLM's VLLM_PROCESS_NAME_PREFIX).
func recognise(procRoot string, t Target) (servers.Server, servers.Role) {
	return servers.RecogniseProcess(processOf(procRoot, t.PID, t.Name, t.Cmdline, t.Cwd))
}

// processOf is what a server's Recognise sees of a process.
func processOf(procRoot string, pid int, name string, argv []string, cwd string) servers.Process {
	return servers.Process{Name: name, Argv: argv, Cwd: cwd, Env: func(key string) string { return envVar(procRoot, pid, key) }}
}

// maxEnviron bounds the environment read of one process.
const maxEnviron = 256 << 10

// envVar is one variable of a process's environment (readable by its
// owner and root only), "" when unset or unreadable.
func envVar(procRoot string, pid int, key string) string {
	b, err := procroot.ReadFile(filepath.Join(procRoot, strconv.Itoa(pid), "environ"), maxEnviron)
	if err != nil {
		return ""
	}
	for _, kv := range bytes.Split(b, []byte{0}) {
		if v, ok := bytes.CutPrefix(kv, []byte(key+"=")); ok {
			return string(v)
		}
	}
	return ""
}
