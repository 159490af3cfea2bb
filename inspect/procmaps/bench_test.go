package procmaps

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readFixture() ([]byte, error) { return os.ReadFile("testdata/proc/4242/maps") }

// BenchmarkScan500 scans a fake /proc/<pid>/maps of 500 regions end to
// end (open, read, parse, dedup): about what a CUDA inference server has.
// Budget: under 1 ms.
func BenchmarkScan500(b *testing.B) {
	root := b.TempDir()
	const pid = 4242
	if err := os.MkdirAll(filepath.Join(root, fmt.Sprint(pid)), 0o755); err != nil {
		b.Fatal(err)
	}
	maps := fakeMaps(500)
	if err := os.WriteFile(filepath.Join(root, fmt.Sprint(pid), "maps"), []byte(maps), 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(maps)))
	b.ReportAllocs()
	for b.Loop() {
		m, err := Scan(root, pid)
		if err != nil || len(m.Entries) == 0 {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseLine(b *testing.B) {
	line := []byte("7f1c70515000-7f1c72315000 r-xp 00004000 fd:01 2630001                    /usr/lib/x86_64-linux-gnu/libcuda.so.560.35.03\n")
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := parseLine(line); err != nil {
			b.Fatal(err)
		}
	}
}

// fakeMaps makes n regions: libraries of five regions each, a GGUF mapped
// in pieces, anonymous and pseudo regions in between.
func fakeMaps(n int) string {
	var sb strings.Builder
	addr := uint64(0x7f0000000000)
	add := func(size uint64, perm string, off uint64, inode int, path string) {
		r := fmt.Sprintf("%08x-%08x %s %08x fd:01 %d", addr, addr+size, perm, off, inode)
		if path != "" {
			r += strings.Repeat(" ", max(73-len(r), 1)) + path
		}
		sb.WriteString(r + "\n")
		addr += size
	}
	for i := 0; i < n; i++ {
		switch lib := i / 5; {
		case i%25 == 24:
			add(0x1000000, "r--s", uint64(i)<<24, 99, "/models/qwen3-8b-q4_k_m.gguf")
		case i%25 == 23:
			add(0x21000, "rw-p", 0, 0, "")
		case i%25 == 22:
			add(0x21000, "rw-p", 0, 0, "[anon:glibc malloc]")
		default:
			perm := [...]string{"r--p", "r-xp", "r--p", "r--p", "rw-p"}[i%5]
			add(0x10000, perm, uint64(i%5)<<16, 1000+lib, fmt.Sprintf("/usr/lib/x86_64-linux-gnu/libexample-%d.so.1.2.3", lib))
		}
	}
	return sb.String()
}
