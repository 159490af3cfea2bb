package inspect

import (
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/gputaskman/gtm/inspect/servers"
	"github.com/gputaskman/gtm/inspect/torchlog"
	"github.com/gputaskman/gtm/internal/safefile"
)

// logEngine is the torchlog parser that reads srv's load log, "" for a
// server that writes none gtm reads that way (llama.cpp's is llamacpplog's).
func logEngine(srv servers.Server) string {
	if l, ok := srv.(servers.LogEngine); ok {
		return l.LogEngine()
	}
	return ""
}

// EngineLog reads the newest load a PyTorch engine (servers.LogEngine)
// logged for t's server and picks t's own figures: the worker whose PID
// the lines name, else the rank t's title names (servers.Ranked). The log
// is the one the user named (--llm-log), else the stdout/stderr of t or
// of the nearest ancestor of its server that writes to a regular file (a
// worker writes to its parent's; TGI's launcher captures its shards' and
// router's output and writes it itself), else, for a server run as a
// systemd unit, its lines in the journal (engineJournal). A load older than the server's
// first process is not offered. Nil when there is nothing to read.
func (l *Live) EngineLog(t Target, srv servers.Server) *EngineFacts {
	if l.Untrusted != "" || l.TorchLogs == nil {
		return nil
	}
	named := l.LogPaths[t.PID]
	engine := logEngine(srv)
	if named != "" {
		if engine == "" {
			// a log named for a process no server claims: the server
			// that writes such logs reads its ranks
			engine = l.detectEngine(named)
			srv = servers.ByLogEngine(engine)
		}
		if engine == "" {
			return nil
		}
		rep, err := l.TorchLogs.Get(named, engine, t.Start)
		if err != nil {
			return &EngineFacts{Path: named, Engine: engine, Notes: []string{"log " + named + " cannot be read: " + logError(err)}}
		}
		return pickRank(rep, t, srv, named)
	}
	if engine == "" {
		return nil
	}
	// the server's first process started its load: a block from then on
	anc, since := l.ancestry(t, srv)
	holders := []Target{t}
	for _, a := range anc {
		holders = append(holders, Target{PID: a.pid})
	}
	for _, h := range holders {
		acc := safefile.ForProcess(l.ProcRoot, h.PID)
		shown, read := l.stderrLog(acc, h)
		if read == "" {
			continue
		}
		// /proc/<pid>/fd/N: decided anew on each open, on the descriptor
		open := func(p string) (*os.File, fs.FileInfo, error) { return acc.OpenHeld(p, 0) }
		rep, err := l.TorchLogs.GetWith(open, read, engine, since)
		if err != nil || rep == nil {
			return nil
		}
		return pickRank(rep, t, srv, shown)
	}
	return l.engineJournal(t, srv, engine, holders, since)
}

// detectEngine tells which engine wrote a log the user named, from its
// first bytes; "" when none (a llama.cpp log, for llamacpplog). The answer is
// kept while the file's size and time stay the same: it is asked every
// refresh.
func (l *Live) detectEngine(path string) string {
	f, fi, err := safefile.Open(path, 0)
	if err != nil {
		return ""
	}
	defer f.Close()
	l.mu.Lock()
	d, ok := l.detected[path]
	l.mu.Unlock()
	if ok && d.size == fi.Size() && d.mtime.Equal(fi.ModTime()) {
		return d.engine
	}
	engine := torchlog.Detect(f)
	l.mu.Lock()
	if l.detected == nil || len(l.detected) > 64 {
		l.detected = map[string]detected{}
	}
	l.detected[path] = detected{size: fi.Size(), mtime: fi.ModTime(), engine: engine}
	l.mu.Unlock()
	return engine
}

// detected is one named log's engine, for the file's size and time.
type detected struct {
	size   int64
	mtime  time.Time
	engine string
}

// pickRank turns a load report into t's facts: the engine-wide figures,
// and the figures of t's own worker when the log has them: by its PID,
// else by the rank srv reads from t's title.
func pickRank(rep *torchlog.Report, t Target, srv servers.Server, shown string) *EngineFacts {
	if rep == nil {
		return nil
	}
	e := &EngineFacts{Path: shown, Engine: rep.Engine, KVTokens: rep.KVTokens, MaxConcurrency: rep.MaxConcurrency,
		ConcurrencyTokens: rep.ConcurrencyTokens, MaxNumBatchedTokens: rep.MaxNumBatchedTokens, Model: rep.Model, Version: rep.Version, KVTokensMeaning: rep.KVTokensMeaning,
		Notes: append([]string(nil), rep.Notes...)}
	var mine *torchlog.Rank
	for i := range rep.Ranks {
		if rep.Ranks[i].PID == t.PID {
			mine = &rep.Ranks[i]
		}
	}
	if mine == nil {
		if r, ok := rankOf(srv, t); ok {
			for i := range rep.Ranks {
				if rep.Ranks[i].Rank == r {
					mine = &rep.Ranks[i]
					e.RankGuessed = rep.Ranks[i].PID != 0
				}
			}
		} else if len(rep.Ranks) == 1 && rep.Ranks[0].PID == 0 {
			mine = &rep.Ranks[0] // one worker, named by no PID: a single-process server
		}
	}
	if mine != nil {
		e.Weights, e.KV, e.Activations, e.CUDAGraphs, e.NonTorch = mine.Weights, mine.KVCache, mine.Activations, mine.CUDAGraphs, mine.NonTorch
		if mine.Rank >= 0 {
			r := mine.Rank
			e.Rank = &r
		}
	}
	if e.KV == nil && rep.KVSameOnEveryRank {
		kvFromRank(e, rep, t, srv)
	}
	return e
}

// kvFromRank gives a worker that logged no KV cache the KV another rank
// logged, where the engine gives every rank the same (vLLM): rank 0's,
// else the lowest rank's that logged one. Only a worker whose rank is
// known takes it: the API process and an unranked process hold none.
func kvFromRank(e *EngineFacts, rep *torchlog.Report, t Target, srv servers.Server) {
	own, ok := rankOf(srv, t)
	if e.Rank != nil {
		own, ok = *e.Rank, true
	}
	if !ok {
		return
	}
	var donor *torchlog.Rank
	for i := range rep.Ranks {
		r := &rep.Ranks[i]
		// pipeline stages hold different layers: only tensor-parallel
		// ranks hold the same KV
		if r.KVCache != nil && r.Rank >= 0 && r.Rank != own && !strings.Contains(r.Worker, "_PP") &&
			(donor == nil || r.Rank < donor.Rank) {
			donor = r
		}
	}
	if donor == nil {
		return
	}
	from := donor.Rank
	e.KV, e.KVFrom, e.Rank = donor.KVCache, &from, &own
	if donor.Worker != "" && donor.PID > 0 {
		e.KVFromWorker = fmt.Sprintf("%s pid=%d", donor.Worker, donor.PID)
	}
}

// rankOf is the tensor-parallel rank t's title or command line names, as
// srv writes it; false when srv names no ranks or t names none.
func rankOf(srv servers.Server, t Target) (int, bool) {
	if r, ok := srv.(servers.Ranked); ok {
		return r.Rank(servers.Process{Name: t.Name, Argv: t.Cmdline, Cwd: t.Cwd})
	}
	return 0, false
}
