package system

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A /proc/meminfo of a 32 GiB machine with 12 GiB available and 2 of
// 8 GiB swap in use (values in KiB, as the kernel writes them).
const meminfo = `MemTotal:       33554432 kB
MemFree:         4194304 kB
MemAvailable:   12582912 kB
Buffers:          524288 kB
Cached:          7340032 kB
SwapCached:        65536 kB
SwapTotal:       8388608 kB
SwapFree:        6291456 kB
`

// stat writes a /proc/stat whose aggregate line has the given user and
// idle ticks (USER_HZ), and two CPU lines.
func stat(user, idle int) string {
	return strings.NewReplacer("U", itoa(user), "I", itoa(idle)).Replace(
		"cpu  U 0 0 I 0 0 0 0 0 0\ncpu0 0 0 0 0 0 0 0 0 0 0\ncpu1 0 0 0 0 0 0 0 0 0 0\nbtime 1700000000\n")
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

func fakeProc(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write(t, dir, "meminfo", meminfo)
	write(t, dir, "stat", stat(1000, 3000))
	return dir
}

func write(t *testing.T, dir, name, body string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestReadSystemFromProc(t *testing.T) {
	root := fakeProc(t)
	r := New(root)
	sys, src := r.ReadSystem(context.Background())
	if !src.OK || src.Name != "system" {
		t.Fatalf("source = %+v", src)
	}
	if sys.CPUPercent != nil {
		t.Errorf("first reading has CPU %% %v; it needs two readings, so must be null", *sys.CPUPercent)
	}
	const kib = 1024
	for name, tc := range map[string]struct {
		got  *uint64
		want uint64
	}{
		"total":      {sys.MemoryTotalBytes, 33554432 * kib},
		"used":       {sys.MemoryUsedBytes, (33554432 - 12582912) * kib},
		"swap total": {sys.SwapTotalBytes, 8388608 * kib},
		"swap used":  {sys.SwapUsedBytes, (8388608 - 6291456) * kib},
	} {
		if tc.got == nil || *tc.got != tc.want {
			t.Errorf("%s = %v, want %d", name, tc.got, tc.want)
		}
	}

	// 300 busy ticks of 400 elapsed: 75 %.
	write(t, root, "stat", stat(1300, 3100))
	sys, _ = r.ReadSystem(context.Background())
	if sys.CPUPercent == nil || *sys.CPUPercent != 75 {
		t.Errorf("CPU %% = %v, want 75", sys.CPUPercent)
	}
	// A fully idle interval is a measured 0, not unknown.
	write(t, root, "stat", stat(1300, 3500))
	sys, _ = r.ReadSystem(context.Background())
	if sys.CPUPercent == nil || *sys.CPUPercent != 0 {
		t.Errorf("idle CPU %% = %v, want 0", sys.CPUPercent)
	}
	// No time passed (or counters went back): unknown, never 0 or negative.
	write(t, root, "stat", stat(1000, 3500))
	sys, _ = r.ReadSystem(context.Background())
	if sys.CPUPercent != nil {
		t.Errorf("CPU %% after a counter reset = %v, want null", *sys.CPUPercent)
	}
}

func TestReadSystemFailures(t *testing.T) {
	root := t.TempDir() // neither stat nor meminfo
	sys, src := New(root).ReadSystem(context.Background())
	if src.OK || src.Error == nil || sys.MemoryTotalBytes != nil || sys.CPUPercent != nil || sys.SwapTotalBytes != nil {
		t.Errorf("unreadable proc: %+v %+v", sys, src)
	}
	// CPU unreadable, memory fine: memory is kept, the source says what failed.
	write(t, root, "meminfo", meminfo)
	sys, src = New(root).ReadSystem(context.Background())
	if src.OK || sys.MemoryTotalBytes == nil || !strings.Contains(*src.Error, "CPU times") {
		t.Errorf("partial: %+v %v", sys, *src.Error)
	}
}

func TestReadSystemLive(t *testing.T) {
	r := New("/proc")
	r.ReadSystem(context.Background())
	sys, src := r.ReadSystem(context.Background())
	if !src.OK || sys.MemoryTotalBytes == nil || *sys.MemoryTotalBytes == 0 || sys.MemoryUsedBytes == nil || *sys.MemoryUsedBytes > *sys.MemoryTotalBytes {
		t.Errorf("this machine: %+v %+v", sys, src)
	}
	if sys.CPUPercent != nil && (*sys.CPUPercent < 0 || *sys.CPUPercent > 100) {
		t.Errorf("CPU %% out of range: %v", *sys.CPUPercent)
	}
}

// BenchmarkReadSystem is one refresh's system reading from the real /proc.
func BenchmarkReadSystem(b *testing.B) {
	r := New("/proc")
	for b.Loop() {
		r.ReadSystem(context.Background())
	}
}
