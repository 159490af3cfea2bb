package inspect

import (
	"io/fs"
	"os"
	"time"

	"github.com/gputaskman/gtm/inspect/enginelog"
	"github.com/gputaskman/gtm/inspect/safefile"
	"github.com/gputaskman/gtm/inspect/servers"
)

// engineOf is the enginelog engine whose load lines a server writes, ""
// for servers that write none gtm reads (llama.cpp's are llmlog's).
func engineOf(server string) string {
	switch server {
	case servers.NameVLLM:
		return enginelog.VLLM
	case servers.NameSGLang:
		return enginelog.SGLang
	case servers.NameTGI:
		return enginelog.TGI
	}
	return ""
}

// EngineLog reads the newest load a PyTorch engine (vLLM, SGLang, TGI)
// logged for t's server and picks t's own figures: the worker whose PID
// the lines name, else the rank t's title names. The log is the one the
// user named (--llm-log), else the stdout/stderr of t or of the nearest
// ancestor of its server that writes to a regular file (a worker writes
// to its parent's; TGI's launcher captures its shards' and router's
// output and writes it itself). A load older than the server's first
// process is not offered. Nil when there is nothing to read.
func (l *Live) EngineLog(t Target, srv servers.Server) *EngineFacts {
	if l.Untrusted != "" || l.Engines == nil {
		return nil
	}
	named := l.LogPaths[t.PID]
	engine := ""
	if srv != nil {
		engine = engineOf(srv.Name())
	}
	if named != "" {
		if engine == "" {
			engine = l.detectEngine(named)
		}
		if engine == "" {
			return nil
		}
		rep, err := l.Engines.Get(named, engine, t.Start)
		if err != nil {
			return &EngineFacts{Path: named, Engine: engine, Notes: []string{"log " + named + " cannot be read: " + logError(err)}}
		}
		return pickRank(rep, t, named)
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
		rep, err := l.Engines.GetWith(open, read, engine, since)
		if err != nil || rep == nil {
			return nil
		}
		return pickRank(rep, t, shown)
	}
	return nil
}

// detectEngine tells which engine wrote a log the user named, from its
// first bytes; "" when none (a llama.cpp log, for llmlog). The answer is
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
	engine := enginelog.Detect(f)
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
// and the figures of t's own worker when the log has them.
func pickRank(rep *enginelog.Report, t Target, shown string) *EngineFacts {
	if rep == nil {
		return nil
	}
	e := &EngineFacts{Path: shown, Engine: rep.Engine, KVTokens: rep.KVTokens, MaxConcurrency: rep.MaxConcurrency,
		ConcurrencyTokens: rep.ConcurrencyTokens, Model: rep.Model, Notes: append([]string(nil), rep.Notes...)}
	var mine *enginelog.Rank
	for i := range rep.Ranks {
		if rep.Ranks[i].PID == t.PID {
			mine = &rep.Ranks[i]
		}
	}
	if mine == nil {
		if r, ok := rankOf(t.Name, t.Cmdline); ok {
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
	return e
}
