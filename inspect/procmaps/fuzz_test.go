package procmaps

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzParseLine: any bytes give a region or an error, never a panic; a
// parsed region prints back to a line that parses to the same region; and
// Scan over the same bytes never fails. Seeds: the fake tree's lines here,
// tricky lines in testdata/fuzz/FuzzParseLine.
func FuzzParseLine(f *testing.F) {
	if b, err := readFixture(); err == nil {
		for line := range bytes.Lines(b) {
			f.Add(line)
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		r, err := ParseLine(line)
		if err != nil {
			if r != (Region{}) {
				t.Fatalf("error %v with non-zero region %+v", err, r)
			}
		} else {
			if r.End < r.Start {
				t.Fatalf("end before start: %+v", r)
			}
			if r.Deleted && !strings.HasPrefix(r.Path, "/") {
				t.Fatalf("deleted pseudo path: %+v", r)
			}
			back, err := ParseLine([]byte(r.String()))
			if err != nil || back != r {
				t.Fatalf("round trip %q -> %q -> %+v, %v; want %+v", line, r.String(), back, err, r)
			}
		}
		m, err := scan(bytes.NewReader(line), limits{lines: MaxLines, bytes: MaxBytes})
		if err != nil {
			t.Fatalf("scan: %v", err)
		}
		for _, e := range m.Entries {
			if e.Regions == 0 || !strings.HasPrefix(e.Path, "/") {
				t.Fatalf("bad entry %+v", e)
			}
		}
	})
}
