package capture

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/internal/schema"
)

// emptyRows is a snapshot line whose list key holds n empty objects (or
// other 2-byte items): 3 bytes of JSON each.
func emptyRows(key string, n int, item string) string {
	var b strings.Builder
	b.WriteString(`{"schema_version":1,"` + key + `":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(item)
	}
	b.WriteString("]}\n")
	return b.String()
}

// allocated is what f allocates in all, garbage included.
func allocated(f func()) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A 2.9 MiB capture of one million `{}` rows took 1.4 GiB to summarize and
// 3.9 GiB to replay: rows are bounded while the JSON is scanned, so it is
// refused having allocated little, however the rows are spread.
func TestDecodeCaptureRefusesEmptyRowsCheaply(t *testing.T) {
	spread := strings.Repeat(emptyRows("processes", MaxSnapshotProcesses, "{}"), 50)
	for name, tc := range map[string]struct {
		in   string
		want string
	}{
		"1M processes in one snapshot": {emptyRows("processes", 1_000_000, "{}"), "line 1: more than 20000 processes in one snapshot"},
		"1M devices":                   {emptyRows("devices", 1_000_000, "{}"), "line 1: more than 256 devices in one snapshot"},
		"escaped and folded key":       {emptyRows(`PROCESS\u0065S`, 1_000_000, "{}"), "more than 20000 processes"},
		"1M models in a process": {`{"schema_version":1,"processes":[{"models":[` +
			strings.Repeat("{},", 1_000_000) + "{}]}]}\n", "line 1: "},
		"1M command line arguments": {`{"schema_version":1,"processes":[{"cmdline":[` +
			strings.Repeat(`"",`, 1_000_000) + `""]}]}` + "\n", "a list of more than 131072 items"},
		"50 snapshots of 20,000 processes": {spread, "more than a capture of that size holds"},
		"deep nesting":                     {`{"schema_version":1,"x":` + strings.Repeat("[", 1_000_000), "nested deeper than 64 levels"},
	} {
		if len(tc.in) < 1<<20 && !strings.Contains(name, "nesting") {
			t.Fatalf("%s: only %d bytes", name, len(tc.in))
		}
		var err error
		alloc := allocated(func() { _, err = Decode(strings.NewReader(tc.in)) })
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", name, err, tc.want)
		}
		if alloc > 64<<20 {
			t.Errorf("%s (%.1f MiB): reading allocated %.0f MiB, want under 64", name, float64(len(tc.in))/(1<<20), float64(alloc)/(1<<20))
		}
	}
}

// realRows is a snapshot of n processes the way gtm writes them: every
// key, a command line, a runtime.
func realRows(t *testing.T, n int) *schema.Snapshot {
	t.Helper()
	s := &schema.Snapshot{SchemaVersion: schema.SchemaVersion, TakenAt: time.Unix(1000, 0).UTC()}
	name, dev, vram := "python3", 0, uint64(1<<30)
	for i := range n {
		s.Processes = append(s.Processes, schema.Process{PID: 1000 + i, PIDLabel: fmt.Sprint(1000 + i), Name: &name,
			Cmdline: []string{"python3", "train.py", "--epochs", "3"}, DeviceIndex: &dev, VRAMBytes: &vram,
			GPUProcessTypes: []string{"compute"}, Notes: []string{}})
	}
	return s
}

// The limits leave real captures alone: a 5,000-process machine with each
// process on four GPUs, indented, and a capture of 5,000-process snapshots.
func TestDecodeCaptureReadsLargeRealSnapshots(t *testing.T) {
	var indented, capture bytes.Buffer
	must(t, realRows(t, MaxSnapshotProcesses).WriteJSON(&indented))
	cw := NewWriter(&capture)
	for range 4 { // 10 MB of rows decoded: past the floor, within twice the size
		must(t, cw.Write(realRows(t, 5000)))
	}
	for name, tc := range map[string]struct {
		in          []byte
		snaps, rows int
	}{"indented": {indented.Bytes(), 1, MaxSnapshotProcesses}, "capture": {capture.Bytes(), 4, 5000}} {
		c, err := Decode(bytes.NewReader(tc.in))
		if err != nil || len(c.Snapshots) != tc.snaps || len(c.Snapshots[0].Processes) != tc.rows || len(c.Warnings) != 0 {
			t.Fatalf("%s (%d MiB): %v", name, len(tc.in)>>20, err)
		}
	}
}

// spaces is an endless reader of one byte, so that a long line costs the
// test no memory of its own.
type spaces byte

func (b spaces) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(b)
	}
	return len(p), nil
}

func TestDecodeCaptureLineTooLong(t *testing.T) {
	long := io.MultiReader(strings.NewReader(`{"schema_version":1}`+"\n\n"+`{"schema_version":1,"processes":[],"notes":"`),
		io.LimitReader(spaces('x'), MaxSnapshotBytes), strings.NewReader("\"}\n"))
	_, err := Decode(long)
	if err == nil || err.Error() != "line 3 is longer than 64 MiB" {
		t.Fatalf("err = %v", err)
	}
	var indented bytes.Buffer
	must(t, realRows(t, 1).WriteJSON(&indented))
	in := io.MultiReader(strings.NewReader(indented.String()[:40]), io.LimitReader(spaces(' '), MaxSnapshotBytes),
		strings.NewReader(indented.String()[40:]))
	if _, err := Decode(in); err == nil || err.Error() != "the snapshot at line 1 is longer than 64 MiB" {
		t.Fatalf("indented: err = %v", err)
	}
}

// A full disk leaves a partial last line: the snapshots before it are
// kept, with one warning; corruption anywhere else is still an error.
func TestDecodeCaptureCutLastLine(t *testing.T) {
	var buf bytes.Buffer
	cw := NewWriter(&buf)
	s := realRows(t, 3)
	for range 45 {
		must(t, cw.Write(s))
	}
	whole := buf.String()
	last := strings.LastIndexByte(whole[:len(whole)-1], '\n') + 1
	lastLine := whole[last:]
	for _, cutAt := range []int{1, 2, 30, len(lastLine) - 3, len(lastLine) - 2} {
		in := whole[:last+cutAt]
		c, err := Decode(strings.NewReader(in))
		if err != nil {
			t.Fatalf("cut after %d bytes: %v", cutAt, err)
		}
		want := fmt.Sprintf("the last line is cut (%d bytes): a full disk or an interrupted write; read 44 snapshots", cutAt)
		if len(c.Snapshots) != 44 || len(c.Warnings) != 1 || c.Warnings[0] != want {
			t.Fatalf("cut after %d bytes: %d snapshots, warnings %q", cutAt, len(c.Snapshots), c.Warnings)
		}
	}
	// The line complete but for its newline is whole.
	if c, err := Decode(strings.NewReader(whole[:len(whole)-1])); err != nil || len(c.Snapshots) != 45 || len(c.Warnings) != 0 {
		t.Fatalf("no final newline: %v", err)
	}
	one := whole[:last-1]
	for name, in := range map[string]string{
		"cut, then a newline":    whole[:last+30] + "\n",
		"cut in the middle":      whole[:last+30] + "\n" + lastLine,
		"corrupt last line":      whole[:last+30] + `":x`,
		"brackets do not match":  whole[:last+30] + `"]`,
		"garbage last line":      whole[:last] + "{oops",
		"only a cut line":        lastLine[:30],
		"cut indented snapshot":  indentedCut(t),
		"cut, then another line": one + lastLine[:30] + lastLine,
	} {
		if c, err := Decode(strings.NewReader(in)); err == nil {
			t.Errorf("%s: read %d snapshots, warnings %q", name, len(c.Snapshots), c.Warnings)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: not one line: %q", name, err)
		}
	}
}

func indentedCut(t *testing.T) string {
	var b bytes.Buffer
	must(t, realRows(t, 2).WriteJSON(&b))
	return b.String()[:b.Len()/2]
}

// Every reader of a capture file says the same about a cut last line.
func TestLoadSnapshotWarnCutLastLine(t *testing.T) {
	dir := t.TempDir()
	one := `{"schema_version":1,"taken_at":"2026-12-02T15:00:00Z"}`
	single := filepath.Join(dir, "single.jsonl")
	must(t, os.WriteFile(single, []byte(one+"\n"+one[:20]), 0o644))
	s, warns, err := LoadSnapshotWarn(single)
	if err != nil || s.TakenAt.Hour() != 15 || len(warns) != 1 || !strings.HasPrefix(warns[0], "the last line is cut (20 bytes)") {
		t.Fatalf("single: %v %q", err, warns)
	}
	two := filepath.Join(dir, "two.jsonl")
	must(t, os.WriteFile(two, []byte(one+"\n"+one+"\n"+one[:20]), 0o644))
	if s, _, err := LoadSnapshotWarn(two + ":2"); err != nil || s == nil {
		t.Fatalf("FILE:2: %v", err)
	}
	_, _, err = LoadSnapshotWarn(two + ":3")
	if err == nil || !strings.Contains(err.Error(), "the capture has 2 snapshots, not 3 (the last line is cut (20 bytes)") {
		t.Fatalf("FILE:3: %v", err)
	}
	long := filepath.Join(dir, "rows.jsonl")
	must(t, os.WriteFile(long, []byte(one+"\n"+emptyRows("processes", 1_000_000, "{}")), 0o644))
	if _, _, err := LoadSnapshotWarn(long + ":2"); err == nil || !strings.Contains(err.Error(), "line 2: more than 20000 processes") {
		t.Fatalf("FILE:2 of a million rows: %v", err)
	}
}

// A replayed 1e308 percentage printed 309 digits: out-of-range readings
// are dropped to unknown on read, with one warning per capture.
func TestDecodeCaptureDropsOutOfRange(t *testing.T) {
	in := `{"schema_version":1,"system":{"cpu_percent":1e308},"devices":[{"index":0,"vendor":"NVIDIA","gpu_util_percent":100,` +
		`"temperature_c":-1e308,"power_w":350.5,"sm_clock_mhz":1e300}],` +
		`"processes":[{"pid":7,"device_index":0,"gpu_util_percent":1e308,"cpu_percent":-0.5,"sm_util_percent":0,` +
		`"llm":{"kv_usage_percent":101,"tokens_per_second":42}}]}` + "\n" +
		`{"schema_version":1,"devices":[{"index":0,"vendor":"NVIDIA","memory_util_percent":1e308}]}` + "\n"
	c, err := Decode(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := "7 values out of range dropped to unknown (first: snapshot 1, system cpu_percent = 1e+308)"
	if len(c.Warnings) != 1 || c.Warnings[0] != want {
		t.Fatalf("warnings %q, want %q", c.Warnings, want)
	}
	s, d, p := c.Snapshots[0], c.Snapshots[0].Devices[0], c.Snapshots[0].Processes[0]
	if s.System.CPUPercent != nil || d.TemperatureC != nil || d.SMClockMHz != nil || p.GPUUtilPercent != nil ||
		p.CPUPercent != nil || p.LLM.KVUsagePercent != nil || c.Snapshots[1].Devices[0].MemoryUtilPercent != nil {
		t.Error("an out-of-range value was kept")
	}
	if *d.GPUUtilPercent != 100 || *d.PowerW != 350.5 || *p.SMUtilPercent != 0 || *p.LLM.TokensPerSecond != 42 {
		t.Error("an in-range value was dropped")
	}
	var text strings.Builder
	must(t, report.WriteText(&text, s))
	if strings.Contains(text.String(), "0000000000") {
		t.Errorf("text shows a huge number:\n%s", text.String())
	}
	back, err := ReadSnapshot(strings.NewReader(in))
	if err != nil || back.Processes[0].GPUUtilPercent != nil {
		t.Fatalf("ReadSnapshot kept 1e308: %v", err)
	}
}

// BenchmarkDecodeCapture reads the demo capture (2 MB, 240 snapshots).
func BenchmarkDecodeCapture(b *testing.B) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "assets", "demo", "capture.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(bytes.NewReader(raw)); err != nil {
			b.Fatal(err)
		}
	}
}
