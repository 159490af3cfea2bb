package inspect

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gputaskman/gtm/inspect/journal"
	"github.com/gputaskman/gtm/inspect/llamacpplog"
	"github.com/gputaskman/gtm/inspect/netports"
	"github.com/gputaskman/gtm/inspect/probe"
	"github.com/gputaskman/gtm/inspect/servers"
	"github.com/gputaskman/gtm/inspect/torchlog"
	"github.com/gputaskman/gtm/internal/procroot"
	"github.com/gputaskman/gtm/internal/safefile"
	"github.com/gputaskman/gtm/internal/schema"
)

// Live asks local inference servers what they hold and reads their buffer
// logs. It only touches processes with AI evidence, only their loopback
// ports, and caches: ports for 5 s, API answers for 2 s, logs until they
// change. Every request goes through probe.Client (loopback only, GET
// only, 300 ms, 1 MiB, no redirects, backoff after failures).
type Live struct {
	ProcRoot string
	// Untrusted, when set, says why ProcRoot is not trusted (not procfs):
	// its ports, keys and logs are what the tree's owner wrote, so no
	// server is probed, no key sent and no log read. NewLive sets it.
	Untrusted string
	Client    *probe.Client
	// LlamaCppLogs reads llama.cpp's load logs (and Ollama's, which
	// carry its runner's llama.cpp lines).
	LlamaCppLogs *llamacpplog.Cache
	// TorchLogs reads the PyTorch engines' load logs (vLLM, SGLang, TGI).
	TorchLogs *torchlog.Cache
	// LogPaths are buffer logs the user named for processes
	// (gtm --llm-log PID=PATH).
	LogPaths map[int]string
	// SharedLogs are, per server name, where a log its workers share may
	// be (servers.SharedLog). One is read only while its server runs
	// exactly one worker: with two, a load block cannot be tied to one.
	SharedLogs map[string][]string
	// Journal reads the lines of a server that logs to the systemd
	// journal, from the journal files in JournalDirs (journal.DefaultDirs
	// by default; --journal-dir).
	Journal     *journal.Reader
	JournalDirs []string

	mu       sync.Mutex
	state    map[Key]*liveState
	detected map[string]detected // named logs' engines
	workers  map[string]int      // workers of each server with a shared log, this refresh
}

// ProbeBudget is the time one refresh may spend waiting on local servers,
// all of them together (probe.Budget); what is left unasked is asked in a
// later refresh, and a cached answer costs nothing.
const ProbeBudget = 500 * time.Millisecond

// WithProbeBudget returns ctx carrying a fresh ProbeBudget: make one per
// refresh and pass it to every Enrich of that refresh.
func WithProbeBudget(ctx context.Context) context.Context {
	return probe.WithBudget(ctx, probe.NewBudget(ProbeBudget))
}

const (
	portsMaxAge = 5 * time.Second
	apiMaxAge   = 2 * time.Second
)

type liveState struct {
	portsAt time.Time
	ports   []netports.Port // reachable: proven the owner's in gtm's network namespace
	owner   int             // the process the ports are of: t itself, or a worker's API
	// elsewhere are the owner's loopback listeners in another network
	// namespace (a container's): listed, never contacted
	elsewhere []netports.Port

	// ancestors of the same server (nearest first) and the server's first
	// start, read with the ports
	ancAt time.Time
	anc   []procEntry
	since time.Time

	apiAt time.Time
	api   *APIFacts
	paths []string       // model files the API names
	notes []string       // why the server gave nothing, when it did
	last  *servers.Facts // the server's last answer, for its rate and memo
}

// ancestry returns t's ancestors of srv's server, nearest first, and the
// start of the first of them (t's own start when none), read at most
// every portsMaxAge: a server's tree does not change under a worker.
func (l *Live) ancestry(t Target, srv servers.Server) ([]procEntry, time.Time) {
	l.mu.Lock()
	k := Key{PID: t.PID, Start: t.Start}
	st := l.state[k]
	if st == nil {
		st = &liveState{}
		l.state[k] = st
	}
	if !st.ancAt.IsZero() && time.Since(st.ancAt) < portsMaxAge {
		anc, since := st.anc, st.since
		l.mu.Unlock()
		return anc, since
	}
	l.mu.Unlock()
	anc := serverAncestors(l.ProcRoot, t, srv)
	since := t.Start
	if len(anc) > 0 {
		if s := startOf(l.ProcRoot, t, anc[len(anc)-1]); !s.IsZero() {
			since = s
		}
	}
	l.mu.Lock()
	st.anc, st.since, st.ancAt = anc, since, time.Now()
	l.mu.Unlock()
	return anc, since
}

// NewLive returns a Live reading processes under procRoot.
func NewLive(procRoot string) *Live {
	l := &Live{ProcRoot: procRoot, Untrusted: procroot.Untrusted(procRoot), Client: probe.New(probe.Options{RequireOwner: true}),
		LlamaCppLogs: &llamacpplog.Cache{}, TorchLogs: &torchlog.Cache{}, LogPaths: map[int]string{}, state: map[Key]*liveState{},
		Journal: &journal.Reader{}, JournalDirs: journal.DefaultDirs("/")}
	home, _ := os.UserHomeDir()
	l.SharedLogs = map[string][]string{}
	for _, s := range servers.All() {
		if sl, ok := s.(servers.SharedLog); ok {
			l.SharedLogs[s.Name()] = sl.SharedLogs(home)
		}
	}
	return l
}

// CountWorkers records how many workers each server with a shared log
// runs in the current refresh.
func (l *Live) CountWorkers(targets []Target) {
	var n map[string]int
	for _, t := range targets {
		if s, role := recognise(l.ProcRoot, t); role == servers.Worker && len(l.SharedLogs[s.Name()]) > 0 {
			if n == nil {
				n = map[string]int{}
			}
			n[s.Name()]++
		}
	}
	l.mu.Lock()
	l.workers = n
	l.mu.Unlock()
}

// Gather returns what t's server API says, the model files the API names
// (api evidence, as the server wrote them), and, when a server was asked
// and gave nothing, notes saying why. Nil facts: nothing to ask, or
// nothing answered. With ctx ended or its probe budget spent, no server
// is asked and the last answers (if any) stand.
func (l *Live) Gather(ctx context.Context, t Target, f Finding) (api *APIFacts, apiPaths, notes []string) {
	if l.Untrusted != "" {
		return nil, nil, nil
	}
	srv, role := recognise(l.ProcRoot, t)
	if srv == nil && !hasRuntime(f.Runtimes, "ggml/llama.cpp") && len(f.Models) == 0 {
		return nil, nil, nil // no AI evidence: never probed
	}
	l.mu.Lock()
	k := Key{PID: t.PID, Start: t.Start}
	st := l.state[k]
	if st == nil {
		st = &liveState{}
		l.state[k] = st
	}
	l.mu.Unlock()

	now := time.Now()
	if now.Sub(st.apiAt) >= apiMaxAge && ctx.Err() == nil && !probe.Exhausted(ctx) {
		st.api, st.paths, st.notes = l.ask(ctx, t, f, srv, role, st, now)
		st.apiAt = now
	}
	return st.api, st.paths, st.notes
}

// Owner is the process whose ports were last read for t: t itself, or
// for a worker the ancestor (or launcher's child) serving its API; 0 when
// none was found.
func (l *Live) Owner(t Target) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if st := l.state[Key{PID: t.PID, Start: t.Start}]; st != nil {
		return st.owner
	}
	return 0
}

// Ports returns the listening ports last read for t (sorted, unique), or
// nil when none were read. It never reads them itself.
func (l *Live) Ports(t Target) []int {
	l.mu.Lock()
	defer l.mu.Unlock()
	st := l.state[Key{PID: t.PID, Start: t.Start}]
	if st == nil || st.portsAt.IsZero() {
		return nil
	}
	out := make([]int, 0, len(st.ports)+len(st.elsewhere))
	for _, p := range append(st.ports[:len(st.ports):len(st.ports)], st.elsewhere...) {
		if n := int(p.Port); len(out) == 0 || !containsInt(out, n) {
			out = append(out, n)
		}
	}
	sort.Ints(out)
	return out
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// Forget drops state of processes not in keep.
func (l *Live) Forget(keep map[Key]bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for k := range l.state {
		if !keep[k] {
			delete(l.state, k)
		}
	}
}

// ask finds t's server on its (or, for a worker, its parent's) loopback
// ports and asks it. srv is nil when the process's name did not say
// which server it is: each port is identified first. A server that gave
// nothing leaves notes saying why, instead of facts.
func (l *Live) ask(ctx context.Context, t Target, f Finding, srv servers.Server, role servers.Role, st *liveState, now time.Time) (*APIFacts, []string, []string) {
	if now.Sub(st.portsAt) >= portsMaxAge {
		owners := []int{t.PID}
		if role == servers.Worker {
			// a worker's API is an ancestor's: ollama serve for a runner,
			// vLLM's API server for its engine core and workers, TGI's
			// router beside the shards under their launcher
			anc, _ := l.ancestry(t, srv)
			owners = apiCandidates(l.ProcRoot, t, srv, anc)
		}
		st.ports, st.elsewhere, st.owner = nil, nil, 0
		for _, o := range owners {
			if r, err := netports.Reachable(l.ProcRoot, o); err == nil && len(r.Reachable)+len(r.Elsewhere) > 0 {
				st.ports, st.elsewhere, st.owner = r.Reachable, r.Elsewhere, o
				break
			}
		}
		st.portsAt = now
	}
	if len(st.ports) == 0 {
		if len(st.elsewhere) > 0 {
			return nil, nil, []string{elsewhereNote(st.elsewhere)}
		}
		return nil, nil, nil
	}
	ctx, cancel := context.WithTimeout(ctx, time.Second) // one process; the refresh's budget caps them all
	defer cancel()
	g := getter{c: l.Client, key: ownerKey(l.ProcRoot, t, st.owner), ports: st.ports, procRoot: l.ProcRoot, owner: st.owner}
	req := l.probeRequest(t, f, st)
	req.Getter = g
	var notes []string
	for i, p := range st.ports {
		if i >= 4 {
			break // a server listens on one or two ports; don't walk many
		}
		s := srv
		if s == nil {
			var err error
			if s, err = servers.Identify(ctx, g, int(p.Port)); err != nil || s == nil {
				continue // not a server we know: nothing to say
			}
		}
		req.Port = int(p.Port)
		facts, err := servers.Ask(ctx, s, req) // range-checked there
		if err != nil {
			if !ownLimit(err) { // at most one per port asked, four ports
				notes = append(notes, servers.Note(s.Name(), p.Loopback().String(), err))
			}
			continue
		}
		st.last = facts
		a := &APIFacts{Facts: *facts, Server: s, Addr: p.Loopback().String()}
		if st.owner != t.PID {
			a.APIPID = st.owner
		}
		return a, facts.ModelPaths, nil
	}
	return nil, nil, notes
}

// elsewhereNote says why a server listening only in another network
// namespace (a container without a published port) is not asked: its
// 127.0.0.1 is not gtm's, and the same port on gtm's loopback may be
// anyone's.
func elsewhereNote(ports []netports.Port) string {
	list := make([]string, 0, len(ports))
	for _, p := range ports {
		list = append(list, p.String())
	}
	return "listens on " + strings.Join(list, ", ") + " in another network namespace (a container's): its API is not asked, since that port on gtm's own loopback could be anyone's"
}

// probeRequest is what a server may use to probe for t: the key it was
// started with, read only when a server sends it and only as t's user
// could read it, and the model files t holds.
func (l *Live) probeRequest(t Target, f Finding, st *liveState) servers.ProbeRequest {
	req := servers.ProbeRequest{Last: st.last, APIKey: func() string {
		return apiKey(safefile.ForProcess(l.ProcRoot, t.PID), f, t, l.ProcRoot)
	}}
	for _, m := range f.Models {
		if m.Candidate {
			continue
		}
		ref := servers.ModelRef{Path: m.Path}
		if m.Name != nil {
			ref.Name = *m.Name
		}
		req.Models = append(req.Models, ref)
	}
	return req
}

// ownLimit: the request was cut by this refresh (its probe budget spent,
// or gtm quitting), not refused by the server; it is asked again later.
func ownLimit(err error) bool {
	return errors.Is(err, probe.ErrBudget) || errors.Is(err, context.Canceled)
}

// Log reads the newest load block written after the process started:
// from the log the user named (--llm-log), the --log-file on the command
// line, the log a worker's server shares (servers.SharedLog), or, for a
// llama.cpp process (llama says so: its grammar or its API), its stderr
// when that is redirected to a regular file; else, for a server run as a
// systemd unit, the journal (journalLog). A log the user or the command line named
// that cannot be read is reported (Reason), never skipped silently.
func (l *Live) Log(t Target, f Finding, llama bool) *LogFacts {
	if l.Untrusted != "" {
		return nil
	}
	// A log the user named is read with gtm's rights; one the process
	// names, or its server's shared log, only as the process's user could.
	var acc *safefile.Access
	path, named := l.LogPaths[t.PID], true
	if path == "" {
		acc = safefile.ForProcess(l.ProcRoot, t.PID)
	}
	if path == "" && f.Settings.LogFile != nil {
		path = *f.Settings.LogFile
	}
	if path == "" {
		named = false
		path = l.sharedLog(acc, t)
	}
	readPath := path
	open := func(p string) (*os.File, fs.FileInfo, error) { return acc.Open(p, 0) }
	if path == "" && llama {
		path, readPath = l.stderrLog(acc, t)
		// /proc/<pid>/fd/N: decided anew on each open, on the descriptor
		open = func(p string) (*os.File, fs.FileInfo, error) { return acc.OpenHeld(p, 0) }
	}
	if path == "" {
		return l.journalLog(t, llama)
	}
	if l.LlamaCppLogs == nil {
		return nil
	}
	rep, err := l.LlamaCppLogs.GetWith(open, readPath, t.Start)
	if err != nil {
		if !named {
			return nil
		}
		return &LogFacts{Path: path, Reason: "cannot be read: " + logError(err)}
	}
	if rep == nil || rep.Block == nil {
		if !named || rep == nil {
			return nil
		}
		return &LogFacts{Path: path, Reason: rep.Reason}
	}
	lf := factsFromBlock(rep.Block)
	lf.Path = path
	return lf
}

// logError says in a few words why a log could not be read.
func logError(err error) string {
	var denied *safefile.DeniedError
	switch {
	case errors.As(err, &denied):
		return fmt.Sprintf("not read: the process's user (uid %d) may not %s", denied.UID, denied.What)
	case errors.Is(err, fs.ErrNotExist):
		return "no such file"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		msg = msg[i+2:]
	}
	return msg
}

// sharedLog is the log a worker's server shares among its workers, while
// the worker is its server's only one; "" otherwise.
func (l *Live) sharedLog(acc *safefile.Access, t Target) string {
	s, role := recognise(l.ProcRoot, t)
	if role != servers.Worker {
		return ""
	}
	l.mu.Lock()
	single := l.workers[s.Name()] == 1
	l.mu.Unlock()
	if !single {
		return ""
	}
	for _, p := range l.SharedLogs[s.Name()] {
		if _, err := acc.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// stderrLog is the process's stderr (llama.cpp logs there), then stdout,
// when redirected to a regular file: the name shown, and the /proc path
// read (which works even when the file was deleted). The caller reads
// the path with acc.OpenHeld, which decides again on what it opens.
//
// The process may hold a descriptor it could never open (a root shell
// redirected it), and may swap it at any moment: the file is read only if
// the process's user may read it, decided on the descriptor opened
// (safefile's OpenHeld), never by a stat before an open.
func (l *Live) stderrLog(acc *safefile.Access, t Target) (shown, read string) {
	for _, fd := range []string{"2", "1"} {
		p := filepath.Join(l.ProcRoot, itoa(t.PID), "fd", fd)
		f, _, err := acc.OpenHeld(p, 0)
		if err != nil {
			continue
		}
		f.Close()
		shown = p
		if target, err := os.Readlink(p); err == nil && filepath.IsAbs(target) {
			shown = target
		}
		return shown, p
	}
	return "", ""
}

// factsFromBlock adds up a load block's buffers per kind, in device and
// in host memory. A kind the block logged on one side only is a reported
// zero on the other: llama.cpp logs every buffer of a kind together.
func factsFromBlock(b *llamacpplog.Block) *LogFacts {
	rep := b.Reported()
	sum := func(kind llamacpplog.Kind, device bool) *uint64 {
		var n uint64
		found := false
		for _, x := range rep {
			if x.Kind != kind || !x.Device && !x.Host {
				continue
			}
			found = true
			if x.Device == device {
				n += x.Bytes
			}
		}
		if !found {
			return nil
		}
		return &n
	}
	kv := func(device bool) *uint64 {
		k, r := sum(llamacpplog.KindKV, device), sum(llamacpplog.KindRecurrent, device)
		switch {
		case k == nil:
			return r
		case r != nil:
			v := *k + *r
			return &v
		}
		return k
	}
	lf := &LogFacts{HasBuffers: len(rep) > 0,
		Weights: sum(llamacpplog.KindWeights, true), KV: kv(true), Compute: sum(llamacpplog.KindCompute, true), Output: sum(llamacpplog.KindOutput, true),
		HostWeights: sum(llamacpplog.KindWeights, false), HostKV: kv(false), HostCompute: sum(llamacpplog.KindCompute, false), HostOutput: sum(llamacpplog.KindOutput, false)}
	lf.Devices = devicesOf(rep)
	c := b.Context
	u := func(v int) *uint64 {
		if v <= 0 {
			return nil
		}
		x := uint64(v)
		return &x
	}
	lf.NCtx, lf.NSeqMax, lf.NBatch, lf.NUbatch = u(c.NCtx), u(c.NSeqMax), u(c.NBatch), u(c.NUBatch)
	switch c.KVUnified {
	case "true", "1":
		lf.KVUnified = ptrTo(true)
	case "false", "0":
		lf.KVUnified = ptrTo(false)
	}
	return lf
}

// devicesOf splits a block's device buffers per device, in the order the
// log names them, when it names more than one (a model split over GPUs);
// nil otherwise, as the breakdown then says it all.
func devicesOf(rep []llamacpplog.Buffer) []schema.DeviceParts {
	var out []schema.DeviceParts
	at := map[string]int{}
	for _, x := range rep {
		if !x.Device {
			continue
		}
		i, ok := at[x.Backend]
		if !ok {
			i = len(out)
			at[x.Backend] = i
			out = append(out, schema.DeviceParts{Device: x.Backend, GPU: x.DeviceIndex})
		}
		d := &out[i]
		var slot **schema.Part
		switch x.Kind {
		case llamacpplog.KindWeights:
			slot = &d.Weights
		case llamacpplog.KindKV, llamacpplog.KindRecurrent:
			slot = &d.KVCache
		case llamacpplog.KindCompute:
			slot = &d.Compute
		case llamacpplog.KindOutput:
			slot = &d.Output
		default:
			continue
		}
		if *slot == nil {
			*slot = &schema.Part{Source: "reported", From: "log"}
		}
		(*slot).Bytes += x.Bytes
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

func ptrTo[T any](v T) *T { return &v }

// apiKey is the key the server itself was started with: --api-key,
// --api-key-file (read only if the server's user could read it: a key
// file is sent to the server, so it must never be a file that user may
// not see), or LLAMA_API_KEY in its environment (readable by its owner
// and root only).
func apiKey(acc *safefile.Access, f Finding, t Target, procRoot string) string {
	s := f.Settings
	if s.APIKey != nil {
		return s.APIKey.Reveal()
	}
	if s.APIKeyFile != nil {
		if b, err := acc.ReadFile(*s.APIKeyFile, 4096); err == nil {
			return strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0])
		}
	}
	if b, err := safefile.ReadFile(filepath.Join(procRoot, itoa(t.PID), "environ"), 256<<10); err == nil {
		for _, kv := range strings.Split(string(b), "\x00") {
			if v, ok := strings.CutPrefix(kv, "LLAMA_API_KEY="); ok {
				return v
			}
		}
	}
	return ""
}

// KeyFileNote says why a process's --api-key-file is not used, or "" when
// it may be: its user may not read it, or it is not a regular file of at
// most 4 KiB. The file is opened, never read, to tell.
func KeyFileNote(acc *safefile.Access, f Finding) string {
	if f.Settings.APIKeyFile == nil {
		return ""
	}
	fh, _, err := acc.Open(*f.Settings.APIKeyFile, 4096)
	if err == nil {
		fh.Close()
		return ""
	}
	if errors.Is(err, fs.ErrNotExist) {
		return "--api-key-file " + *f.Settings.APIKeyFile + " does not exist here: the server's API is asked without a key"
	}
	return "--api-key-file skipped: " + err.Error() + "; the server's API is asked without a key"
}

// getter adapts probe.Client to servers.Getter for one process: each port
// is contacted on the loopback address it listens on (127.0.0.1, or ::1
// for IPv6-only), answers are cached for the API age, and a server that
// failed is left alone while it backs off.
//
// Each new connection is first proven to reach the owner's own socket
// (netports.Held), at the moment it is made: the ports were read up to
// portsMaxAge ago, and a port the server let go is anyone's to take.
type getter struct {
	c        *probe.Client
	key      Key
	ports    []netports.Port
	procRoot string
	owner    int // the process holding ports
}

func (g getter) Get(ctx context.Context, port int, path string, hdr http.Header) (int, []byte, error) {
	k := probe.Key{PID: g.key.PID, Start: g.key.Start, Port: port}
	for _, p := range g.ports {
		if int(p.Port) == port {
			k.Addr = p.Loopback().Addr()
		}
	}
	ctx = probe.WithOwnerCheck(ctx, func(ap netip.AddrPort) error { return netports.Held(g.procRoot, g.owner, ap) })
	r := g.c.GetCached(ctx, k, path, hdr, apiMaxAge)
	return r.Status, r.Body, r.Err
}

func hasRuntime(rs []schema.Runtime, name string) bool {
	for _, r := range rs {
		if r.Name == name {
			return true
		}
	}
	return false
}

func itoa(v int) string { return uitoa(uint64(v)) }
