// Package journal reads a process's lines from the systemd journal: the
// log of a server run as a unit (Ollama's Linux service, llama-server,
// vLLM), whose stdout and stderr are a stream socket to journald rather
// than a file.
//
// It runs the system's own reader, journalctl, over the journal files the
// process's user may read (the journal's own permissions), with a deadline
// and a cap on its output. One run reads the lines of every process asked
// for since, and its answer is kept while the files stay the same (their
// names, sizes and times), or for MinAge while the journal is being
// written: a refresh never starts a process per server.
package journal

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Bounds of one journalctl run.
const (
	MaxEntries = 10000           // journalctl -n: the newest entries matched
	MaxOutput  = 8 << 20         // bytes of JSON read; more is an error
	Deadline   = 2 * time.Second // the run is killed after it
	// MinAge is how long a read stands while the journal is written to:
	// a busy journal changes at every refresh.
	MinAge = 5 * time.Second
	// forgetAfter drops a process not asked about for this long from
	// the runs.
	forgetAfter = time.Minute
)

// Line is one journal entry's MESSAGE and when journald received it.
type Line struct {
	Time time.Time
	Text []byte
}

// Reader reads lines from journal files with journalctl. The zero value
// runs "journalctl" from PATH.
type Reader struct {
	// Journalctl is the reader's path; "" is "journalctl" from PATH.
	Journalctl string

	now     func() time.Time // time.Now; a test's clock
	mu      sync.Mutex
	batches map[string]*batch // by the files read (and boot)
}

// batch is one set of files' last read: the lines of every process asked
// about since.
type batch struct {
	sig   string // the files' names, sizes and times when read
	at    time.Time
	err   error
	since map[int]time.Time // per PID: the earliest line wanted
	asked map[int]time.Time // per PID: when last asked
	lines map[int][]Line
}

// Lines returns the lines process pid wrote in boot (journald's
// _BOOT_ID: 32 hex digits) from since on, oldest first, from files. The
// slice may be shared with later calls: read it, never change it.
func (r *Reader) Lines(files []string, boot string, pid int, since time.Time) ([]Line, error) {
	if len(files) == 0 {
		return nil, errors.New("no journal file")
	}
	key := boot + "\x00" + strings.Join(files, "\x00")
	sig := signature(files)
	now := time.Now()
	if r.now != nil {
		now = r.now()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.batches == nil {
		r.batches = map[string]*batch{}
	}
	b := r.batches[key]
	if b == nil {
		b = &batch{since: map[int]time.Time{}, asked: map[int]time.Time{}}
		r.batches[key] = b
	}
	b.asked[pid] = now
	s, covered := b.since[pid]
	covered = covered && !s.After(since)
	fresh := b.sig == sig || now.Sub(b.at) < MinAge
	if !covered || !fresh {
		if !covered {
			b.since[pid] = since
		}
		b.forget(now)
		b.lines, b.err = r.run(files, boot, b.since)
		b.sig, b.at = sig, now
	}
	if b.err != nil {
		return nil, b.err
	}
	all := b.lines[pid]
	if !slices.ContainsFunc(all, func(l Line) bool { return l.Time.Before(since) }) {
		return all, nil // shared, read-only: no copy per refresh
	}
	var out []Line // the batch holds earlier lines: asked from an earlier since
	for _, l := range all {
		if !l.Time.Before(since) {
			out = append(out, l)
		}
	}
	return out, nil
}

// forget drops the processes not asked about lately.
func (b *batch) forget(now time.Time) {
	for pid, at := range b.asked {
		if now.Sub(at) > forgetAfter {
			delete(b.asked, pid)
			delete(b.since, pid)
		}
	}
}

// signature names the files' versions: a file written, rotated or
// removed changes it.
func signature(files []string) string {
	var sb strings.Builder
	for _, f := range files {
		fi, err := os.Stat(f)
		if err != nil {
			fmt.Fprintf(&sb, "%s:-;", f)
			continue
		}
		fmt.Fprintf(&sb, "%s:%d:%d;", f, fi.Size(), fi.ModTime().UnixNano())
	}
	return sb.String()
}

// run reads the entries of every PID in since, from the earliest of
// their times, in one journalctl run.
func (r *Reader) run(files []string, boot string, since map[int]time.Time) (map[int][]Line, error) {
	if len(since) == 0 {
		return nil, nil
	}
	first := time.Time{}
	var pids []int
	for pid, t := range since {
		pids = append(pids, pid)
		if first.IsZero() || t.Before(first) {
			first = t
		}
	}
	slices.Sort(pids)
	out, err := r.read(Args(files, boot, pids, first))
	if err != nil {
		return nil, err
	}
	return parse(out, since)
}

// Args is journalctl's command line: JSON output of the newest
// MaxEntries entries of the given PIDs in boot since first, MESSAGE and
// _PID only. Matches on one field are ORed, on different fields ANDed
// (journalctl(1), "Filtering options").
func Args(files []string, boot string, pids []int, first time.Time) []string {
	args := []string{"--no-pager", "--quiet", "--output=json", "--output-fields=MESSAGE,_PID",
		"--lines=" + strconv.Itoa(MaxEntries), "--since=@" + strconv.FormatInt(first.Unix(), 10)}
	for _, f := range files {
		args = append(args, "--file="+f)
	}
	if boot != "" {
		args = append(args, "_BOOT_ID="+boot)
	}
	for _, pid := range pids {
		args = append(args, "_PID="+strconv.Itoa(pid))
	}
	return args
}

// read runs journalctl with args, within Deadline, reading at most
// MaxOutput bytes of its output.
func (r *Reader) read(args []string) ([]byte, error) {
	bin := r.Journalctl
	if bin == "" {
		bin = "journalctl"
	}
	ctx, cancel := context.WithTimeout(context.Background(), Deadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), "SYSTEMD_COLORS=0", "SYSTEMD_PAGER=", "LC_ALL=C")
	var errb bytes.Buffer
	cmd.Stderr = &limited{w: &errb, n: 4 << 10}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("journalctl: %w", err)
	}
	out, rerr := io.ReadAll(io.LimitReader(stdout, MaxOutput+1))
	if len(out) > MaxOutput {
		_ = cmd.Process.Kill()
	}
	werr := cmd.Wait()
	switch {
	case len(out) > MaxOutput:
		return nil, fmt.Errorf("journalctl: more than %d MiB of output", MaxOutput>>20)
	case ctx.Err() != nil:
		return nil, fmt.Errorf("journalctl: no answer within %s", Deadline)
	case werr != nil:
		msg := strings.TrimSpace(strings.SplitN(errb.String(), "\n", 2)[0])
		if msg == "" {
			msg = werr.Error()
		}
		return nil, errors.New("journalctl: " + msg)
	}
	return out, rerr
}

// limited writes at most n bytes to w, dropping the rest.
type limited struct {
	w io.Writer
	n int
}

func (l *limited) Write(p []byte) (int, error) {
	if k := min(len(p), l.n); k > 0 {
		l.w.Write(p[:k])
		l.n -= k
	}
	return len(p), nil
}
