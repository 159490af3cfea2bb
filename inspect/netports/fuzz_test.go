package netports

import (
	"bytes"
	"os"
	"testing"
)

// FuzzParseTCPLine: any bytes give a row or an error, never a panic; a
// parsed row prints back to a line that parses to the same row; and a row
// the filter keeps is one only reachable on loopback. Seeds: the fixture
// tables, tricky lines in testdata/fuzz/FuzzParseTCPLine.
func FuzzParseTCPLine(f *testing.F) {
	for _, name := range []string{"tcp", "tcp6"} {
		if b, err := os.ReadFile("testdata/proc/4242/net/" + name); err == nil {
			for line := range bytes.Lines(b) {
				f.Add(line)
			}
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		r, err := parseTCPLine(line)
		if err != nil {
			if r != (tcpRow{}) {
				t.Fatalf("error %v with non-zero row %+v", err, r)
			}
			return
		}
		a := r.Local.Addr()
		if !a.IsValid() || a.Zone() != "" {
			t.Fatalf("bad address %v", a)
		}
		back, err := parseTCPLine([]byte(formatRow(0, r)))
		if err != nil || back != r {
			t.Fatalf("round trip %q -> %q -> %+v, %v; want %+v", line, formatRow(0, r), back, err, r)
		}
		if u := a.Unmap(); reachable(u) {
			p := Port{Addr: u, Port: r.Local.Port()}
			if !p.Loopback().Addr().IsLoopback() {
				t.Fatalf("kept %v, contacted at non-loopback %v", p, p.Loopback())
			}
		}
	})
}
