package netports

import (
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchTree makes a fake process with 200 fds (150 sockets) and a tcp
// table of 2,000 rows: listeners first, nListen of them, then
// established rows, as the kernel orders them.
func benchTree(b *testing.B, nListen int) string {
	root := b.TempDir()
	dir := filepath.Join(root, "4242")
	for _, d := range []string{"fd", "net"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	for fd := range 200 {
		target := fmt.Sprintf("socket:[%d]", 10000+fd)
		if fd%4 == 0 {
			target = fmt.Sprintf("/models/shard-%d.gguf", fd)
		}
		if err := os.Symlink(target, filepath.Join(dir, "fd", fmt.Sprint(fd))); err != nil {
			b.Fatal(err)
		}
	}
	var sb strings.Builder
	sb.WriteString("  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n")
	for i := range 2000 {
		r := tcpRow{Local: netip.AddrPortFrom(netip.MustParseAddr("127.0.0.1"), uint16(1000+i)), State: 0x01, Inode: uint64(20000 + i)}
		if i < nListen {
			r.State = stateListen
			if i%100 == 0 {
				r.Inode = uint64(10001 + 2*(i/100)) // one of ours: an odd fd, a socket
			}
		}
		sb.WriteString(formatRow(i, r))
	}
	if err := os.WriteFile(filepath.Join(dir, "net", "tcp"), []byte(sb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "net", "tcp6"), []byte("  sl  local_address\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	return root
}

func benchListening(b *testing.B, nListen, want int) {
	root := benchTree(b, nListen)
	b.ReportAllocs()
	for b.Loop() {
		p, err := Listening(root, 4242)
		if err != nil || len(p) != want {
			b.Fatalf("%v, %v", p, err)
		}
	}
}

// BenchmarkListening: 200 fds, 2,000 rows of which 20 listen (a busy
// server). Budget: under 1 ms.
func BenchmarkListening(b *testing.B) { benchListening(b, 20, 1) }

// BenchmarkListeningAllRowsListen: the worst case, every one of the 2,000
// rows a listener, so every row is parsed. Budget: under 1 ms.
func BenchmarkListeningAllRowsListen(b *testing.B) { benchListening(b, 2000, 20) }

// BenchmarkListeningSelf reads this process in the real /proc.
func BenchmarkListeningSelf(b *testing.B) {
	for b.Loop() {
		if _, err := Listening("/proc", os.Getpid()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseTCPLine(b *testing.B) {
	line := []byte("   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 12345 1 0000000000000000 100 0 0 10 0\n")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseTCPLine(line); err != nil {
			b.Fatal(err)
		}
	}
}
