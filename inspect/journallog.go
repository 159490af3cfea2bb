package inspect

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gputaskman/gtm/inspect/journal"
	"github.com/gputaskman/gtm/inspect/llamacpplog"
	"github.com/gputaskman/gtm/inspect/servers"
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
	acc := safefile.ForProcess(l.ProcRoot, pid)
	files := journal.Files(l.JournalDirs, acc)
	name := fmt.Sprintf("journal _PID=%d", pid)
	if len(files) == 0 {
		if acc.Cred == nil || len(journal.Files(l.JournalDirs, nil)) == 0 {
			return nil // no journal here
		}
		// say why, or a service's user (Ollama's "ollama") would see its
		// runner estimated with no word of the journal
		return &LogFacts{Path: name, Reason: fmt.Sprintf("not read: the process's user (uid %d) may read no journal file here (the system journal: root and the systemd-journal, adm and wheel groups only)", acc.Cred.UID)}
	}
	lines, err := l.Journal.Lines(files, journalBoot(l.ProcRoot), pid, t.Start.Add(-llamacpplog.ClockSlack))
	if err != nil {
		return &LogFacts{Path: name, Reason: "cannot be read: " + err.Error()}
	}
	if len(lines) == 0 {
		return nil
	}
	texts := make([][]byte, len(lines))
	for i, ln := range lines {
		texts[i] = ln.Text
	}
	rep := llamacpplog.ParseLines(name, texts, lines[len(lines)-1].Time, t.Start)
	if rep.Block == nil {
		return nil
	}
	lf := factsFromBlock(rep.Block)
	lf.Path = name
	return lf
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
