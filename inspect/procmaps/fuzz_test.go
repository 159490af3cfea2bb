package procmaps

import (
	"bytes"
	"os"
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

// FuzzDecodeRegionPathInfo: any bytes decode to a region or an error,
// never a panic; a decoded path has no NUL and fits MAXPATHLEN, a region
// never wraps; and a walk replaying the bytes as answers ends, within its
// bound. Seeds: the fixture's records.
func FuzzDecodeRegionPathInfo(f *testing.F) {
	if b, err := os.ReadFile("testdata/darwin/regions-llama-server.bin"); err == nil {
		for len(b) >= RegionPathInfoSize {
			f.Add(b[:RegionPathInfoSize])
			b = b[RegionPathInfoSize:]
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := DecodeRegionPathInfo(b)
		if err == nil {
			if strings.IndexByte(r.Path, 0) >= 0 || len(r.Path) >= maxPathLen || r.Address+r.Size < r.Address {
				t.Fatalf("bad decode %+v", r)
			}
		}
		var answers [][]byte
		for len(b) >= RegionPathInfoSize {
			answers = append(answers, b[:RegionPathInfoSize])
			b = b[RegionPathInfoSize:]
		}
		m, err := WalkRegions(1, ReplayRegions(answers), 64)
		if err == nil && len(m.Entries) > 64 {
			t.Fatalf("%d entries from a walk bounded at 64", len(m.Entries))
		}
	})
}
