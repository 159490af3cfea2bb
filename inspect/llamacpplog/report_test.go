package llamacpplog

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// copyFixture copies a fixture into a temporary directory and sets its
// modification time.
func copyFixture(t *testing.T, name string, mtime time.Time) string {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), name)
	writeLog(t, p, data, mtime)
	return p
}

func writeLog(t *testing.T, p string, data []byte, mtime time.Time) {
	t.Helper()
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, mtime, mtime); err != nil {
		t.Fatal(err)
	}
}

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestReportTimestamps(t *testing.T) {
	p := copyFixture(t, "ollama-server.log", at("2025-06-01T14:31:00Z"))
	for _, c := range []struct {
		since     string
		wantModel string // "" for no block
	}{
		{"2025-06-01T14:30:00Z", "sha256-a1ca7fd2"},     // the second runner
		{"2025-06-01T14:30:05.500Z", "sha256-a1ca7fd2"}, // the runner starts just after Ollama logs "starting llama server"
		{"2025-06-01T09:00:00Z", "sha256-a1ca7fd2"},     // both are after: the newest
		{"2025-06-01T14:30:30Z", ""},                    // a process started later: both loads predate it
	} {
		r, err := ParseTail(p, at(c.since), 0)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case c.wantModel == "" && r.Block != nil:
			t.Errorf("since %s: got block %s", c.since, r.Block.ModelPath)
		case c.wantModel == "" && r.Reason == "":
			t.Errorf("since %s: no block and no reason", c.since)
		case c.wantModel != "" && (r.Block == nil || !strings.Contains(r.Block.ModelPath, c.wantModel)):
			t.Errorf("since %s: block %+v, reason %q", c.since, r.Block, r.Reason)
		case c.wantModel != "" && r.Dated != DatedByTimestamps:
			t.Errorf("since %s: dated by %q", c.since, r.Dated)
		}
	}
}

func TestReportStaleMtime(t *testing.T) {
	start := at("2025-07-01T12:00:00Z")
	p := copyFixture(t, "llama-server-b8xxx.log", start.Add(-time.Hour))
	r, err := ParseTail(p, start, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Block != nil || !strings.Contains(r.Reason, "before the process started") {
		t.Errorf("a log written an hour before the process start described it: %+v", r)
	}
	if len(r.Blocks) != 1 {
		t.Error("history should still be listed")
	}
}

func TestReportByMtime(t *testing.T) {
	start := at("2025-07-01T12:00:00Z")
	p := copyFixture(t, "llama-log-timestamps.log", start.Add(time.Minute))
	r, err := ParseTail(p, start, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Block == nil || r.Dated != DatedByMtime {
		t.Fatalf("%+v", r)
	}
	if r.Block.ModelPath != "/models/Qwen3-0.6B-Q8_0.gguf" {
		t.Errorf("picked %s, not the newest process's load", r.Block.ModelPath)
	}
	// The earlier process's load is history only.
	data, _ := os.ReadFile(p)
	trimmed := data[:bytes.Index(data, []byte("0.00.000.950 I build"))]
	writeLog(t, p, trimmed, start.Add(time.Minute))
	r, _ = ParseTail(p, start, 0)
	if r.Block == nil || r.Block.ModelPath != "/m/old-model.gguf" {
		t.Errorf("single-process log: %+v", r.Block)
	}
}

func TestReportLoading(t *testing.T) {
	p := filepath.Join(t.TempDir(), "l.log")
	writeLog(t, p, []byte(`time=2025-01-01T10:00:00Z level=INFO msg="starting llama server" cmd="ollama runner --model /a.gguf"
load_tensors:        CUDA0 model buffer size =   100.00 MiB
time=2025-01-01T11:00:00Z level=INFO msg="starting llama server" cmd="ollama runner --model /b.gguf"
llama_model_loader: loaded meta data with 1 key-value pairs and 2 tensors from /b.gguf (version GGUF V3 (latest))
`), at("2025-01-01T11:00:01Z"))
	r, err := ParseTail(p, at("2025-01-01T10:59:59Z"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Block == nil || r.Block.ModelPath != "/b.gguf" || len(r.Block.Buffers) != 0 || r.Reason == "" {
		t.Errorf("a load in progress: %+v", r)
	}
}

func TestTailOfLargeLog(t *testing.T) {
	var sb strings.Builder
	for sb.Len() < 2<<20 {
		sb.WriteString("srv  log_server_r: request: GET /health 127.0.0.1 200\n")
	}
	// An old load far back, outside the tail.
	old := "llama_model_loader: loaded meta data with 1 key-value pairs and 2 tensors from /old.gguf (version GGUF V3 (latest))\n" +
		"load_tensors:        CUDA0 model buffer size =   1.00 MiB\n"
	fixture, _ := os.ReadFile("testdata/llama-server-b8xxx.log")
	content := old + sb.String() + string(fixture) + "load_tensors:        CUDA0 model buffer size =   9.00 MiB"
	p := filepath.Join(t.TempDir(), "big.log")
	writeLog(t, p, []byte(content), time.Now())
	r, err := ParseTail(p, time.Now().Add(-time.Hour), 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Start != int64(len(content))-MaxTail || len(r.Blocks) != 1 {
		t.Fatalf("start %d, %d blocks", r.Start, len(r.Blocks))
	}
	b := r.Block
	if b == nil || b.ModelPath != "/models/Qwen3-0.6B-Q8_0.gguf" || b.Sum(KindWeights, "CUDA0") != mib(604.15) {
		t.Fatalf("%+v", r)
	}
	if !strings.HasPrefix(content[b.Offset:], "build: 8164") {
		t.Errorf("offset %d is not the block's first line: %q", b.Offset, content[b.Offset:b.Offset+20])
	}
	// A smaller maxBytes reads less; the unterminated last line is ignored.
	r, _ = ParseTail(p, time.Now().Add(-time.Hour), 1500)
	if r.Start != int64(len(content))-1500 || r.Block == nil || r.Block.Sum(KindWeights, "") != 0 {
		t.Errorf("small tail: start %d, block %+v", r.Start, r.Block)
	}
}

func TestTailDropsPartialFirstLine(t *testing.T) {
	line := "load_tensors:        CUDA0 model buffer size =   100.00 MiB\n"
	p := filepath.Join(t.TempDir(), "x.log")
	// The tail starts inside the first line: that line must not be read as
	// "... model buffer size = 100.00 MiB" for a truncated backend name.
	writeLog(t, p, []byte(line+line), time.Now())
	var got []string
	info, err := ReadTail(p, int64(len(line)+10), func(b []byte, off int64) { got = append(got, string(b)) })
	if err != nil || len(got) != 1 || info.Start != int64(len(line)-10) {
		t.Errorf("lines %q, info %+v, err %v", got, info, err)
	}
	// Starting exactly at a line boundary keeps that whole line.
	got = nil
	ReadTail(p, int64(len(line)), func(b []byte, off int64) { got = append(got, string(b)) })
	if len(got) != 1 || got[0] != line {
		t.Errorf("boundary: %q", got)
	}
}

func TestCache(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "server.log")
	first := "llama_model_loader: loaded meta data with 1 key-value pairs and 2 tensors from /a.gguf (version GGUF V3 (latest))\n" +
		"load_tensors:        CUDA0 model buffer size =   100.00 MiB\n"
	mt := time.Now().Add(-time.Minute)
	writeLog(t, p, []byte(first), mt)
	since := mt.Add(-time.Hour)
	c := &Cache{Max: 2}
	r1, err := c.Get(p, since)
	if err != nil || r1.Block == nil {
		t.Fatal(err, r1)
	}
	r2, _ := c.Get(p, since)
	if &r1.Blocks[0] != &r2.Blocks[0] {
		t.Error("unchanged file parsed again")
	}
	// Appended: parsed again.
	second := first + "llama_model_loader: loaded meta data with 1 key-value pairs and 2 tensors from /b.gguf (version GGUF V3 (latest))\n" +
		"load_tensors:        CUDA0 model buffer size =   200.00 MiB\n"
	writeLog(t, p, []byte(second), mt.Add(time.Second))
	r3, _ := c.Get(p, since)
	if r3.Block == nil || r3.Block.ModelPath != "/b.gguf" {
		t.Errorf("after append: %+v", r3.Block)
	}
	// Rotated: the file shrank.
	writeLog(t, p, []byte("load_tensors:        CUDA0 model buffer size =   5.00 MiB\n"), mt.Add(2*time.Second))
	r4, _ := c.Get(p, since)
	if r4.Block == nil || r4.Block.Sum(KindWeights, "") != mib(5) || len(r4.Blocks) != 1 {
		t.Errorf("after rotation: %+v", r4)
	}
	// A different since reuses the parse but decides afresh.
	r5, _ := c.Get(p, mt.Add(time.Hour))
	if r5.Block != nil {
		t.Error("since is not applied to a cached parse")
	}
	// Bounded: two entries at most.
	for _, n := range []string{"a", "b", "c"} {
		q := filepath.Join(dir, n)
		writeLog(t, q, []byte(first), mt)
		c.Get(q, since)
	}
	if c.tails.Len() != 2 {
		t.Errorf("%d entries", c.tails.Len())
	}
	if _, err := c.Get(filepath.Join(dir, "missing"), since); err == nil {
		t.Error("missing file: no error")
	}
	if _, err := c.Get(dir, since); err == nil {
		t.Error("directory: no error")
	}
	var zero Cache
	if r, err := zero.Get(p, since); err != nil || r.Block == nil {
		t.Error("zero Cache unusable", err)
	}
}

// ParseLines: lines from the journal, with no file behind them, give the
// newest load block after since; a load before since is not offered.
func TestParseLines(t *testing.T) {
	start := time.Date(2025, 9, 10, 6, 0, 1, 0, time.UTC)
	lines := [][]byte{
		[]byte(`time=2025-09-10T05:00:02.000Z level=INFO source=backend.go:310 msg="model weights" device=CUDA0 size="100.0 MiB"`),
		[]byte(`time=2025-09-10T06:00:01.500Z level=INFO source=server.go:399 msg="starting runner" cmd="/usr/bin/ollama runner --ollama-engine --model /m/sha256-3f2b --port 40213"`),
		[]byte(`time=2025-09-10T06:00:02.000Z level=INFO source=backend.go:310 msg="model weights" device=CUDA0 size="604.2 MiB"`),
		[]byte(`time=2025-09-10T06:00:02.000Z level=INFO source=backend.go:321 msg="kv cache" device=CUDA0 size="896.0 MiB"`),
	}
	rep := ParseLines("journal _PID=7", lines, start.Add(2*time.Second), start)
	if rep.Block == nil || rep.Path != "journal _PID=7" {
		t.Fatalf("no block: %+v", rep)
	}
	var weights uint64
	for _, b := range rep.Block.Reported() {
		if b.Kind == KindWeights && b.Device {
			weights += b.Bytes
		}
	}
	if want := 604.2 * (1 << 20); weights != uint64(want) {
		t.Errorf("weights %d, want the load after the start only", weights)
	}
	if rep := ParseLines("journal _PID=7", lines[:1], start.Add(-time.Hour), start); rep.Block != nil {
		t.Errorf("a load before the start offered: %+v", rep.Block)
	}
}
