package app

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzDiff: any two snapshots the capture reader accepts compare and
// render without a panic, and the diff's JSON decodes again.
func FuzzDiff(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "diff", "*.json"))
	for i := 0; i+1 < len(files); i += 2 {
		a, _ := os.ReadFile(files[i])
		b, _ := os.ReadFile(files[i+1])
		f.Add(a, b)
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		ca, errA := DecodeCapture(bytes.NewReader(a))
		cb, errB := DecodeCapture(bytes.NewReader(b))
		if errA != nil || errB != nil {
			return
		}
		sa, sb := ca.Snapshots[0], cb.Snapshots[len(cb.Snapshots)-1]
		d, err := Compare(sa, sb)
		if err != nil {
			return
		}
		if err := d.WriteText(io.Discard, true); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := d.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		var back Diff
		if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
			t.Fatalf("diff JSON does not decode: %v", err)
		}
		Summarize([]*Snapshot{sa, sb}).WriteText(io.Discard, "fuzz")
	})
}

// FuzzDecodeCapture: the reader never panics, returns at least one
// snapshot or one error line, and what it returns is within every limit:
// no reading out of range, warnings one line each, and each snapshot
// writes back as JSON that reads again the same.
func FuzzDecodeCapture(f *testing.F) {
	raw, _ := os.ReadFile(filepath.Join("..", "assets", "demo", "capture.jsonl"))
	lines := bytes.SplitAfter(raw, []byte("\n"))
	f.Add(bytes.Join(lines[:3], nil))
	f.Add(append(bytes.Join(lines[:2], nil), lines[2][:200]...))
	golden, _ := os.ReadFile(filepath.Join("testdata", "snapshot.golden.json"))
	f.Add(golden)
	f.Add([]byte(`{"schema_version":1,"system":{"cpu_percent":1e308},"processes":[{},{"PROCESS\u0065S":[[]]}]}` + "\n{\"sch"))
	f.Fuzz(func(t *testing.T, in []byte) {
		c, err := DecodeCapture(bytes.NewReader(in))
		if err != nil {
			if strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("error is not one line: %q", err)
			}
			return
		}
		if len(c.Snapshots) == 0 {
			t.Fatal("no snapshot and no error")
		}
		for _, w := range c.Warnings {
			if strings.ContainsAny(w, "\r\n") {
				t.Fatalf("warning is not one line: %q", w)
			}
		}
		for _, s := range c.Snapshots {
			if len(s.Processes) > MaxSnapshotProcesses || len(s.Devices) > MaxSnapshotDevices {
				t.Fatalf("%d processes, %d devices", len(s.Processes), len(s.Devices))
			}
			var notes rangeNotes
			notes.check(s, 1)
			if notes.n != 0 {
				t.Fatalf("a reading out of range was kept: %s", notes.first)
			}
			var buf bytes.Buffer
			if err := s.WriteJSON(&buf); err != nil {
				t.Fatal(err)
			}
			back, err := ReadSnapshot(&buf)
			if err != nil {
				t.Fatalf("a snapshot read back does not read again: %v", err)
			}
			again, _ := json.Marshal(back)
			first, _ := json.Marshal(s)
			if !bytes.Equal(first, again) {
				t.Fatalf("a snapshot changed on a second read:\n%s\n%s", first, again)
			}
			if err := s.WriteText(io.Discard); err != nil {
				t.Fatal(err)
			}
		}
	})
}
