package inspect

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/gputaskman/gtm/inspect/journal"
	"github.com/gputaskman/gtm/inspect/llamacpplog"
	"github.com/gputaskman/gtm/inspect/servers"
	"github.com/gputaskman/gtm/inspect/torchlog"
	"github.com/gputaskman/gtm/internal/procroot"
	"github.com/gputaskman/gtm/internal/safefile"
)

// journalLog reads t's newest load block from the systemd journal, where
// a server run as a unit logs: its stdout or stderr is a stream socket
// (journald's stdout stream) and no file log was found. A llama.cpp
// process's own lines are read; an Ollama runner's are its server's
// (`ollama serve` writes its runners' output under its own PID), read only
// while the server runs one runner, as its shared log is. Lines are those
// of the writer's PID in this boot since t started, read from the journal
// files the writer's user may read. Nil when there is nothing to read.
func (l *Live) journalLog(t Target, llama bool) *LogFacts {
	if l.Journal == nil || len(l.JournalDirs) == 0 {
		return nil
	}
	pid := l.journalWriter(t, llama)
	if pid == 0 {
		return nil
	}
	j := l.journalLines(pid, t.Start)
	switch {
	case j.reason != "":
		return &LogFacts{Path: j.name, Reason: j.reason}
	case len(j.texts) == 0:
		return nil
	}
	rep := llamacpplog.ParseLines(j.name, j.texts, j.newest, t.Start)
	if rep.Block == nil {
		return nil
	}
	lf := factsFromBlock(rep.Block)
	lf.Path = j.name
	return lf
}

// engineJournal is EngineLog's journal: the lines of the server's
// outermost process writing to a stream socket (journald names a stream's
// lines by the PID that opened it: the unit's main process, whose workers
// inherit its stdout), for a PyTorch engine run as a unit.
func (l *Live) engineJournal(t Target, srv servers.Server, engine string, holders []Target, since time.Time) *EngineFacts {
	if l.Journal == nil || len(l.JournalDirs) == 0 {
		return nil
	}
	for i := len(holders) - 1; i >= 0; i-- {
		pid := holders[i].PID
		if !streamSocket(l.ProcRoot, pid) {
			continue
		}
		j := l.journalLines(pid, since)
		if j.reason != "" || len(j.texts) == 0 {
			return nil
		}
		return pickRank(torchlog.ParseLines(j.name, engine, j.texts, j.newest, since), t, srv, j.name)
	}
	return nil
}

// journalRead is what the journal holds of one process: its lines, the
// time of the last, the source's name, or why it was not read.
type journalRead struct {
	texts  [][]byte
	newest time.Time
	name   string
	reason string
}

// journalLines reads pid's lines in this boot since since (less the
// clock slack), from the journal files pid's user may read.
func (l *Live) journalLines(pid int, since time.Time) journalRead {
	acc := safefile.ForProcess(l.ProcRoot, pid)
	files := journal.Files(l.JournalDirs, acc)
	j := journalRead{name: fmt.Sprintf("journal _PID=%d", pid)}
	if len(files) == 0 {
		if acc.Cred != nil && len(journal.Files(l.JournalDirs, nil)) > 0 {
			// say why, or a service's user (Ollama's "ollama") would see
			// its runner estimated with no word of the journal
			j.reason = fmt.Sprintf("not read: the process's user (uid %d) may read no journal file here (the system journal: root and the systemd-journal, adm and wheel groups only)", acc.Cred.UID)
		}
		return j
	}
	lines, err := l.Journal.Lines(files, journalBoot(l.ProcRoot), pid, since.Add(-llamacpplog.ClockSlack))
	if err != nil {
		j.reason = "cannot be read: " + err.Error()
		return j
	}
	for _, ln := range lines {
		j.texts = append(j.texts, ln.Text)
	}
	if len(lines) > 0 {
		j.newest = lines[len(lines)-1].Time
	}
	return j
}

// journalWriter is the process whose journal lines describe t: the
// nearest server ancestor writing to a stream socket for a worker of a
// server whose workers log through it, else t itself when it is llama.cpp
// and writes to one; 0 when none.
func (l *Live) journalWriter(t Target, llama bool) int {
	srv, role := recognise(l.ProcRoot, t)
	if role == servers.Worker && len(l.SharedLogs[srv.Name()]) > 0 {
		l.mu.Lock()
		single := l.workers[srv.Name()] == 1
		l.mu.Unlock()
		if !single {
			return 0 // two runners' loads under one PID cannot be told apart
		}
		anc, _ := l.ancestry(t, srv)
		for _, a := range anc {
			if streamSocket(l.ProcRoot, a.pid) {
				return a.pid
			}
		}
		return 0
	}
	if llama && streamSocket(l.ProcRoot, t.PID) {
		return t.PID
	}
	return 0
}

// streamSocket tells whether pid's stderr or stdout is a Unix stream
// socket, as journald's stdout stream is. /proc/PID/net/unix lists the
// process's network namespace's sockets: "Num RefCount Protocol Flags
// Type St Inode Path", Type in hex, 0001 for SOCK_STREAM (Linux
// net/unix/af_unix.c, unix_seq_show).
func streamSocket(procRoot string, pid int) bool {
	var inodes []string
	for _, fd := range []string{"2", "1"} {
		target, err := os.Readlink(filepath.Join(procRoot, itoa(pid), "fd", fd))
		if ino, ok := strings.CutPrefix(target, "socket:["); err == nil && ok {
			inodes = append(inodes, strings.TrimSuffix(ino, "]"))
		}
	}
	if len(inodes) == 0 {
		return false
	}
	b, err := procroot.ReadFile(filepath.Join(procRoot, itoa(pid), "net", "unix"), 8<<20)
	if err != nil {
		return false
	}
	for len(b) > 0 {
		var line []byte
		line, b, _ = bytes.Cut(b, []byte{'\n'})
		f := strings.Fields(string(line))
		if len(f) >= 7 && f[4] == "0001" && slices.Contains(inodes, f[6]) {
			return true
		}
	}
	return false
}

// journalBoot is this boot's ID as the journal's _BOOT_ID writes it: 32
// hex digits; "" when unknown (every boot's lines are then read).
func journalBoot(procRoot string) string {
	b, err := procroot.ReadFile(filepath.Join(procRoot, "sys", "kernel", "random", "boot_id"), 4<<10)
	if err != nil {
		return ""
	}
	return strings.ReplaceAll(strings.TrimSpace(string(b)), "-", "")
}
