package procmaps

import (
	"strings"
	"testing"
)

func TestParseLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		want Region
	}{
		{"7f1c2a000000-7f1c2b000000 r--s 00000000 fd:01 1234567                    /models/qwen3.gguf\n",
			Region{Start: 0x7f1c2a000000, End: 0x7f1c2b000000, Perm: Read | Shared, Dev: Dev{0xfd, 1}, Inode: 1234567, Path: "/models/qwen3.gguf"}},
		{"7f1c70515000-7f1c72315000 r-xp 00004000 fd:01 2630001 /usr/lib/libcuda.so.1",
			Region{Start: 0x7f1c70515000, End: 0x7f1c72315000, Perm: Read | Exec, Offset: 0x4000, Dev: Dev{0xfd, 1}, Inode: 2630001, Path: "/usr/lib/libcuda.so.1"}},
		// Anonymous: no path, with or without trailing padding.
		{"55d4c8be3000-55d4c8be5000 rw-p 00000000 00:00 0", Region{Start: 0x55d4c8be3000, End: 0x55d4c8be5000, Perm: Read | Write}},
		{"55d4c8be3000-55d4c8be5000 rw-p 00000000 00:00 0      \n", Region{Start: 0x55d4c8be3000, End: 0x55d4c8be5000, Perm: Read | Write}},
		{"7ffd5c3a1000-7ffd5c3c2000 rw-p 00000000 00:00 0                          [stack]",
			Region{Start: 0x7ffd5c3a1000, End: 0x7ffd5c3c2000, Perm: Read | Write, Path: "[stack]"}},
		{"7f00-8f00 rw-p 00000000 00:00 0 [anon:glibc malloc arena]",
			Region{Start: 0x7f00, End: 0x8f00, Perm: Read | Write, Path: "[anon:glibc malloc arena]"}},
		// Spaces inside the path are kept, padding before it is not.
		{"1000-2000 r--s 00000000 fd:02 99          /home/alice/My Models/llama 3 8B.gguf",
			Region{Start: 0x1000, End: 0x2000, Perm: Read | Shared, Dev: Dev{0xfd, 2}, Inode: 99, Path: "/home/alice/My Models/llama 3 8B.gguf"}},
		{"1000-2000 r--p 00000000 fd:02 99 /tmp/trailing space ",
			Region{Start: 0x1000, End: 0x2000, Perm: Read, Dev: Dev{0xfd, 2}, Inode: 99, Path: "/tmp/trailing space "}},
		// Deleted files lose the suffix and gain the flag; pseudo paths never do.
		{"1000-2000 rw-s 00000000 fd:01 3932170 /tmp/ggml cache.bin (deleted)",
			Region{Start: 0x1000, End: 0x2000, Perm: Read | Write | Shared, Dev: Dev{0xfd, 1}, Inode: 3932170, Path: "/tmp/ggml cache.bin", Deleted: true}},
		{"1000-2000 rw-p 00000000 00:00 0 [weird] (deleted)",
			Region{Start: 0x1000, End: 0x2000, Perm: Read | Write, Path: "[weird] (deleted)"}},
		// A newline in a name is escaped by the kernel.
		{`1000-2000 r--p 00000000 08:01 7 /tmp/a\012b.gguf`,
			Region{Start: 0x1000, End: 0x2000, Perm: Read, Dev: Dev{8, 1}, Inode: 7, Path: "/tmp/a\nb.gguf"}},
		// 32-bit addresses, a three-digit major, upper-case hex, a huge inode.
		{"08048000-08049000 r-xp 0000000A 103:1f 18446744073709551615 /bin/x",
			Region{Start: 0x08048000, End: 0x08049000, Perm: Read | Exec, Offset: 10, Dev: Dev{0x103, 0x1f}, Inode: 1<<64 - 1, Path: "/bin/x"}},
		{"ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0                  [vsyscall]",
			Region{Start: 0xffffffffff600000, End: 0xffffffffff601000, Perm: Exec, Path: "[vsyscall]"}},
	} {
		got, err := ParseLine([]byte(tc.line))
		if err != nil {
			t.Errorf("ParseLine(%q): %v", tc.line, err)
			continue
		}
		if got != tc.want {
			t.Errorf("ParseLine(%q)\n got %+v\nwant %+v", tc.line, got, tc.want)
		}
		if back, err := ParseLine([]byte(got.String())); err != nil || back != got {
			t.Errorf("round trip of %q via %q: %+v, %v", tc.line, got.String(), back, err)
		}
	}
}

func TestParseLineRejects(t *testing.T) {
	for _, line := range []string{
		"",
		"\n",
		"garbage",
		"1000-2000",
		"1000-2000 r--p",
		"1000-2000 r--p 00000000",
		"1000-2000 r--p 00000000 fd:01",
		"2000-1000 r--p 00000000 fd:01 1 /end/before/start",
		"1000 2000 r--p 00000000 fd:01 1 /x",
		"-2000 r--p 00000000 fd:01 1 /x",
		"1000-2000 rwxq 00000000 fd:01 1 /x",
		"1000-2000 rwx 00000000 fd:01 1 /x",
		"1000-2000 r--pp 00000000 fd:01 1 /x",
		"1000-2000 R--p 00000000 fd:01 1 /x",
		"1000-2000 r--p 0000000g fd:01 1 /x",
		"1000-2000 r--p 00000000 fd01 1 /x",
		"1000-2000 r--p 00000000 fd:01:02 1 /x",
		"1000-2000 r--p 00000000 100000000:01 1 /x",
		"1000-2000 r--p 00000000 fd:01 12x /x",
		"1000-2000 r--p 00000000 fd:01 -1 /x",
		"1000-2000 r--p 00000000 fd:01 18446744073709551616 /x",
		"10000000000000000-10000000000000001 r--p 00000000 fd:01 1 /x",
		"1000-2000  r--p 00000000 fd:01 1 /x",
	} {
		if r, err := ParseLine([]byte(line)); err == nil {
			t.Errorf("ParseLine(%q) = %+v, want an error", line, r)
		}
	}
}

func TestIsFile(t *testing.T) {
	for _, tc := range []struct {
		path    string
		deleted bool
		want    bool
	}{
		{"/models/a.gguf", false, true},
		{"/models/a.gguf", true, true},
		{"/dev/nvidia0", false, true},
		{"/memfd:cuda (deleted)", true, true},
		{"/dev/zero", false, true}, // opened and mapped on purpose
		{"/dev/zero", true, false}, // MAP_SHARED|MAP_ANONYMOUS
		{"/SYSV00000000", true, false},
		{"/anon_hugepage", true, false},
		{"", false, false},
		{"[heap]", false, false},
		{"[anon:x]", false, false},
		{"anon_inode:dmabuf", false, false},
	} {
		if got := (Region{Path: tc.path, Deleted: tc.deleted}).IsFile(); got != tc.want {
			t.Errorf("IsFile(%q, deleted=%v) = %v", tc.path, tc.deleted, got)
		}
	}
}

func TestPermString(t *testing.T) {
	for p, want := range map[Perm]string{0: "---p", Read | Exec: "r-xp", Read | Shared: "r--s", Read | Write | Exec | Shared: "rwxs"} {
		if got := p.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", p, got, want)
		}
	}
	if got := (Dev{0x103, 2}).String(); got != "103:02" {
		t.Errorf("Dev string %q", got)
	}
	if s := (Region{Start: 1, End: 2, Path: "/a\nb", Deleted: true}).String(); !strings.HasSuffix(s, `/a\012b (deleted)`) {
		t.Errorf("String() = %q", s)
	}
}
