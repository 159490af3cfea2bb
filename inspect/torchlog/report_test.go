package torchlog

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/llamacpplog"
	"github.com/gputaskman/gtm/internal/safefile"
)

// opener counts the opens it makes.
type opener struct{ n int }

func (o *opener) open(path string) (*os.File, fs.FileInfo, error) {
	o.n++
	return safefile.Open(path, 0)
}

// writeLog writes text to a file in dir and sets its modification time.
func writeLog(t *testing.T, path, text string, mtime time.Time) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, mtime, mtime); err != nil {
		t.Fatal(err)
	}
}

func TestCachePlacesBlocksAfterTheProcessStart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vllm.log")
	second := strings.ReplaceAll(vllmV1TP2, "05-08 12:3", "05-08 12:5")
	second = strings.ReplaceAll(second, "Qwen/Qwen3-8B", "Qwen/Qwen3-4B")
	writeLog(t, path, vllmV1TP2+second, may8)
	var c Cache
	o := &opener{}
	at := func(h, m, s int) time.Time { return time.Date(2025, 5, 8, h, m, s, 0, time.Local) }

	// Started between the loads: the second one.
	r, err := c.GetWith(o.open, path, VLLM, at(12, 50, 0))
	if err != nil || r == nil {
		t.Fatalf("got %v, %v", r, err)
	}
	if r.Model != "Qwen/Qwen3-4B" || r.Path != path || r.Dated != llamacpplog.DatedByTimestamps || len(r.Ranks) != 2 {
		t.Errorf("report %+v", r)
	}
	// Within the clock slack of the second load's first line: still it.
	if r, _ := c.GetWith(o.open, path, VLLM, at(12, 54, 51)); r == nil || r.Model != "Qwen/Qwen3-4B" {
		t.Errorf("inside the slack: %+v", r)
	}
	// Started after the newest load began: nothing in this log is its.
	if r, err := c.GetWith(o.open, path, VLLM, at(12, 55, 0)); r != nil || err != nil {
		t.Errorf("after the newest load: %+v, %v", r, err)
	}
	// The file was last written before the process started.
	if r, _ := c.GetWith(o.open, path, VLLM, may8.Add(time.Hour)); r != nil {
		t.Errorf("stale file: %+v", r)
	}
	if o.n != 4 {
		t.Errorf("%d opens, want one per call", o.n)
	}

	// A third load appended: the file is parsed again.
	third := strings.ReplaceAll(strings.ReplaceAll(vllmV1TP2, "05-08 12:3", "05-08 13:3"), "Qwen/Qwen3-8B", "Qwen/Qwen3-14B")
	writeLog(t, path, vllmV1TP2+second+third, may8.Add(time.Hour))
	if r, _ := c.GetWith(o.open, path, VLLM, at(13, 0, 0)); r == nil || r.Model != "Qwen/Qwen3-14B" {
		t.Errorf("after a change: %+v", r)
	}
}

func TestCacheUntimedBlockDatedByMtime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "launch.log")
	untimed := "(Worker_TP0 pid=9) Model loading took 1.50 GiB and 2.0 seconds\n"
	now := time.Now()
	writeLog(t, path, untimed, now)
	var c Cache
	r, err := c.Get(path, VLLM, now.Add(-time.Minute))
	if err != nil || r == nil || r.Dated != llamacpplog.DatedByMtime || len(r.Ranks) != 1 {
		t.Fatalf("got %+v, %v", r, err)
	}
	if r, _ := c.GetWith(safefileOpen, path, VLLM, now.Add(time.Minute)); r != nil {
		t.Errorf("written before the start: %+v", r)
	}
}

func TestCacheOnlyReadsTheTail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sglang.log")
	noise := "[2025-08-13 15:00:00 TP0] Decode batch. #running-req: 1, #token: 512, token usage: 0.00, gen throughput (token/s): 41.20, #queue-req: 0\n"
	text := sglangTP2 + strings.Repeat(noise, llamacpplog.MaxTail/len(noise)+10)
	writeLog(t, path, text, time.Date(2025, 8, 13, 15, 0, 0, 0, time.Local))
	var c Cache
	r, err := c.GetWith(safefileOpen, path, SGLang, time.Date(2025, 8, 13, 14, 0, 0, 0, time.Local))
	if err != nil || r != nil {
		t.Errorf("a load before the last %d bytes was read: %+v, %v", llamacpplog.MaxTail, r, err)
	}
	// The same load within the tail is found.
	writeLog(t, path, strings.Repeat(noise, 100)+sglangTP2+strings.Repeat(noise, 100), time.Date(2025, 8, 13, 15, 0, 0, 0, time.Local))
	if r, _ := c.GetWith(safefileOpen, path, SGLang, time.Date(2025, 8, 13, 14, 0, 0, 0, time.Local)); r == nil || len(r.Ranks) != 2 {
		t.Errorf("load in the tail: %+v", r)
	}
}

func TestCacheRefusals(t *testing.T) {
	dir := t.TempDir()
	var c Cache
	if _, err := c.GetWith(safefileOpen, dir, VLLM, time.Time{}); err == nil {
		t.Error("a directory was read")
	}
	if _, err := c.GetWith(safefileOpen, filepath.Join(dir, "missing.log"), VLLM, time.Time{}); err == nil {
		t.Error("a missing file gave no error")
	}
	path := filepath.Join(dir, "x.log")
	writeLog(t, path, vllmV0, time.Now())
	if _, err := c.GetWith(safefileOpen, path, "llamacpp", time.Time{}); err == nil || strings.Contains(err.Error(), "\n") {
		t.Errorf("unknown engine: %v", err)
	}
}

func TestCacheEvicts(t *testing.T) {
	dir := t.TempDir()
	c := Cache{Max: 2}
	for i := range 5 {
		path := filepath.Join(dir, string(rune('a'+i))+".log")
		writeLog(t, path, tgiText, time.Now())
		if r, err := c.GetWith(safefileOpen, path, TGI, time.Time{}); err != nil || r == nil {
			t.Fatalf("%s: %v %v", path, r, err)
		}
	}
	if c.tails.Len() != 2 {
		t.Errorf("%d entries kept, want 2", c.tails.Len())
	}
}

func safefileOpen(path string) (*os.File, fs.FileInfo, error) { return safefile.Open(path, 0) }
