package netports

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"net/netip"
	"os"
	"strings"
	"testing"
)

// littleEndian: the fixtures hold what a little-endian kernel prints.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

func skipBigEndian(t testing.TB) {
	if !littleEndian {
		t.Skip("fixtures are encoded as a little-endian kernel prints them")
	}
}

// formatRow prints r as the kernel prints a tcp or tcp6 row.
func formatRow(sl int, r tcpRow) string {
	a := r.Local.Addr()
	var local, remote string
	if a.Is4() {
		b := a.As4()
		local = fmt.Sprintf("%08X:%04X", binary.NativeEndian.Uint32(b[:]), r.Local.Port())
		remote = "00000000:0000"
	} else {
		b := a.As16()
		for i := range 4 {
			local += fmt.Sprintf("%08X", binary.NativeEndian.Uint32(b[i*4:]))
		}
		local += fmt.Sprintf(":%04X", r.Local.Port())
		remote = strings.Repeat("0", 32) + ":0000"
	}
	return fmt.Sprintf("%4d: %s %s %02X 00000000:00000000 00:00000000 00000000 %5d        0 %d 1 0000000000000000 100 0 0 10 0\n",
		sl, local, remote, r.State, r.UID, r.Inode)
}

func TestParseTCPLine(t *testing.T) {
	skipBigEndian(t)
	for _, tc := range []struct {
		line  string
		local string
		state uint8
		uid   uint32
		inode uint64
	}{
		// Lines as Linux 6.x prints them.
		{"   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 12345 1 0000000000000000 100 0 0 10 0", "127.0.0.1:8080", 0x0A, 1000, 12345},
		{"   0: 00000000:07E8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1134 1 00000000c95ebdfa 100 0 0 10 0                      \n", "0.0.0.0:2024", 0x0A, 0, 1134},
		{"  12: 0A01A8C0:D431 5DB8D8AC:01BB 01 00000000:00000000 02:000A7D1D 00000000  1000        0 99 2 0000000000000000 20 4 30 10 -1", "192.168.1.10:54321", 0x01, 1000, 99},
		{"   0: 00000000000000000000000001000000:04D2 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 7 1 0000000000000000 100 0 0 10 0", "[::1]:1234", 0x0A, 1000, 7},
		{"   1: 00000000000000000000000000000000:1F40 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 8 1 0000000000000000 100 0 0 10 0", "[::]:8000", 0x0A, 1000, 8},
		{"   2: 0000000000000000FFFF00000100007F:1388 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 9 1 0000000000000000 100 0 0 10 0", "[::ffff:127.0.0.1]:5000", 0x0A, 1000, 9},
		// fd00::2 and 2001:db8::1: each 32-bit word byte-swapped.
		{"   3: 000000FD000000000000000002000000:1B58 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 10 1 0000000000000000 100 0 0 10 0", "[fd00::2]:7000", 0x0A, 1000, 10},
		{"   4: B80D0120000000000000000001000000:0050 00000000000000000000000000000000:0000 0a 00000000:00000000 00:00000000 00000000  1000        0 18446744073709551615 1", "[2001:db8::1]:80", 0x0A, 1000, 1<<64 - 1},
		// Tabs, CRLF, lower-case hex.
		{"0:\t0100007f:1f90\t00000000:0000\t0A\t0\t0\t0\t0\t0\t42\r\n", "127.0.0.1:8080", 0x0A, 0, 42},
	} {
		r, err := parseTCPLine([]byte(tc.line))
		if err != nil {
			t.Errorf("%q: %v", tc.line, err)
			continue
		}
		want := tcpRow{Local: netip.MustParseAddrPort(tc.local), State: tc.state, UID: tc.uid, Inode: tc.inode}
		if r != want {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.line, r, want)
		}
	}
}

func TestParseTCPLineRejects(t *testing.T) {
	for _, line := range []string{
		"",
		"\n",
		"  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
		"   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0",  // no inode
		"   0 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 1", // slot without colon
		"  x: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 1",
		"   0: 100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 1",                     // 7 digits
		"   0: 0100007F:1F9 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 1",                     // 3-digit port
		"   0: 0100007G:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 1",                    // not hex
		"   0: 0100007F:1F90 00000000:0000 A 00000000:00000000 00:00000000 00000000  1000        0 1",                     // 1-digit state
		"   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 -1",                   // negative inode
		"   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 18446744073709551616", // overflow
		"   0: 0100007F:1F90 00000000000000000000000000000000:0000 0A 0 0 0 0 0 1",                                        // remote of the other family
	} {
		if r, err := parseTCPLine([]byte(line)); err == nil {
			t.Errorf("%q parsed as %+v", line, r)
		}
	}
}

// Every row of the fixture tables parses; only the headers do not.
func TestFixtureLines(t *testing.T) {
	skipBigEndian(t)
	for _, name := range []string{"tcp", "tcp6"} {
		b, err := os.ReadFile("testdata/proc/4242/net/" + name)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for line := range bytes.Lines(b) {
			if _, err := parseTCPLine(line); err == nil {
				n++
			}
		}
		if lines := bytes.Count(b, []byte("\n")); n != lines-1 {
			t.Errorf("%s: %d of %d rows parse", name, n, lines-1)
		}
	}
}

func TestFormatRowRoundTrip(t *testing.T) {
	for _, s := range []string{"127.0.0.1:8080", "0.0.0.0:1", "[::1]:65535", "[::ffff:127.0.0.1]:5000", "[2001:db8::1]:80"} {
		ap := netip.MustParseAddrPort(s)
		if ap.Addr().Is4In6() || !ap.Addr().Is4() {
			ap = netip.AddrPortFrom(netip.AddrFrom16(ap.Addr().As16()), ap.Port())
		}
		r := tcpRow{Local: ap, State: stateListen, Inode: 77}
		back, err := parseTCPLine([]byte(formatRow(3, r)))
		if err != nil || back != r {
			t.Errorf("%s: %+v, %v", s, back, err)
		}
	}
}
