package gguf_test

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
)

// checkErr asserts a clean one-line error of the given class that
// mentions every fragment.
func checkErr(t *testing.T, name string, err error, class error, fragments ...string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: parsed, want an error", name)
		return
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "gguf: ") || strings.Contains(msg, "\n") {
		t.Errorf("%s: error is not one gguf line: %q", name, msg)
	}
	if class != nil && !errors.Is(err, class) {
		t.Errorf("%s: %q is not %v", name, msg, class)
	}
	for _, frag := range fragments {
		if !strings.Contains(msg, frag) {
			t.Errorf("%s: %q lacks %q", name, msg, frag)
		}
	}
}

func TestTruncatedAtEveryByte(t *testing.T) {
	// tiny: every prefix; embedding (22 MB of data): every header byte,
	// then the data region in strides
	for name, b := range map[string]*ggufgen.Builder{"tiny": ggufgen.Tiny(), "embedding": ggufgen.Embedding().Delete("tokenizer.ggml.tokens")} {
		im := b.MustBuild()
		full := im.Bytes()
		if _, err := parseBytes(full); err != nil {
			t.Fatalf("%s: full file: %v", name, err)
		}
		// every tensor's data ends aligned, so no prefix is a valid file
		every := len(im.Header) + 4096
		if name == "tiny" {
			every = len(full)
		}
		for n := 0; n < len(full); n = next(n, every) {
			f, err := parseBytes(full[:n])
			if err == nil {
				t.Fatalf("%s: prefix of %d/%d bytes parsed (%d tensors)", name, n, len(full), len(f.Tensors))
			}
			if !strings.HasPrefix(err.Error(), "gguf: ") {
				t.Fatalf("%s: prefix %d: %v", name, n, err)
			}
		}
	}
}

// next steps one byte up to every, then in strides.
func next(n, every int) int {
	if n < every {
		return n + 1
	}
	return n + 4093
}

func TestCorruptHeaders(t *testing.T) {
	// a string longer than the file: the error names the item and length
	cases := []struct {
		name      string
		data      []byte
		class     error
		fragments []string
	}{
		{"empty", nil, gguf.ErrNotGGUF, nil},
		{"bad magic", []byte("GGML\x03\x00\x00\x00"), gguf.ErrNotGGUF, []string{"bad magic"}},
		{"magic only", []byte("GGUF"), gguf.ErrTruncated, []string{"version"}},
		{"v1", append([]byte("GGUF"), 1, 0, 0, 0, 0, 0, 0, 0), gguf.ErrUnsupported, []string{"version 1"}},
		{"v4", append([]byte("GGUF"), 4, 0, 0, 0), gguf.ErrUnsupported, []string{"version 4"}},
		{"big-endian", append([]byte("GGUF"), 0, 0, 0, 3), gguf.ErrUnsupported, []string{"big-endian"}},
		{"big-endian magic", append([]byte("FUGG"), 0, 0, 0, 3), gguf.ErrUnsupported, []string{"big-endian"}},
		{"huge string length", header(0, 1).str("a").u32(8).u64(1 << 60).Bytes(), gguf.ErrTruncated,
			[]string{`metadata 0 ("a"): string length 1152921504606846976 exceeds`}},
		{"huge key length", append(header(0, 1).u64(1<<60).Bytes(), make([]byte, 32)...), gguf.ErrTruncated, []string{"metadata 0: key length 1152921504606846976 exceeds the 32 bytes left"}},
		{"long key", header(0, 1).str(strings.Repeat("k", 2000)).u32(4).u32(1).Bytes(), gguf.ErrInvalid, []string{"key length 2000 exceeds 1024"}},
		{"empty key", header(0, 1).str("").u32(4).u32(1).Bytes(), gguf.ErrInvalid, []string{"empty key"}},
		{"huge array count", header(0, 1).str("a").u32(9).u32(4).u64(1 << 40).Bytes(), gguf.ErrTruncated, []string{"array count 1099511627776"}},
		{"huge string array", header(0, 1).str("a").u32(9).u32(8).u64(1 << 62).Bytes(), gguf.ErrTruncated, []string{"array count"}},
		{"huge nested array", header(0, 1).str("a").u32(9).u32(9).u64(1 << 61).Bytes(), gguf.ErrTruncated, []string{"array count"}},
		{"deep nesting", header(0, 1).str("a").u32(9).u32(9).u64(1).u32(9).u64(1).u32(9).u64(1).u32(4).u64(0).Bytes(),
			gguf.ErrInvalid, []string{"nested deeper than 3"}},
		{"unknown value type", header(0, 1).str("a").u32(13).u64(0).Bytes(), gguf.ErrInvalid, []string{"unknown value type 13"}},
		{"unknown element type", header(0, 1).str("a").u32(9).u32(77).u64(0).Bytes(), gguf.ErrInvalid, []string{"element type 77"}},
		{"bool 2", append(header(0, 1).str("a").u32(7).Bytes(), 2), gguf.ErrInvalid, []string{"bool byte 2"}},
		{"duplicate key", header(0, 2).str("a").u32(4).u32(1).str("a").u32(4).u32(2).Bytes(), gguf.ErrInvalid, []string{"duplicate key"}},
		{"too many kv", header(0, 1<<20).Bytes(), gguf.ErrTooLarge, []string{"metadata entries"}},
		{"kv count past file", header(0, 1000).Bytes(), gguf.ErrTruncated, []string{"metadata count"}},
		{"too many tensors", header(1<<40, 0).Bytes(), gguf.ErrTooLarge, []string{"tensors"}},
		{"tensor count past file", header(1000, 0).Bytes(), gguf.ErrTruncated, []string{"tensor count"}},
		{"tensor name length", append(header(1, 0).u64(1234).Bytes(), make([]byte, 40)...), gguf.ErrTruncated,
			[]string{"tensor info 0: name length 1234 exceeds the 40 bytes left in the file"}},
		{"too many dims", append(header(1, 0).str("t").u32(5).Bytes(), make([]byte, 64)...), gguf.ErrInvalid, []string{"5 dimensions"}},
		{"negative dim", header(1, 0).str("t").u32(1).u64(1 << 63).u32(0).u64(0).Bytes(), gguf.ErrInvalid, []string{"beyond int64"}},
		{"bad alignment", header(0, 1).str("general.alignment").u32(4).u32(48).Bytes(), gguf.ErrInvalid, []string{"not a power of two"}},
		{"alignment type", header(0, 1).str("general.alignment").u32(10).u64(32).Bytes(), gguf.ErrInvalid, []string{"want uint32"}},
		{"wrong type for a known key", header(0, 2).str("general.architecture").u32(8).str("llama").
			str("llama.block_count").u32(8).str("x").Bytes(), gguf.ErrInvalid, []string{"llama.block_count is string"}},
		{"too many layers", header(0, 2).str("general.architecture").u32(8).str("llama").
			str("llama.block_count").u32(4).u32(1 << 20).Bytes(), gguf.ErrTooLarge, []string{"block_count"}},
	}
	for _, c := range cases {
		_, err := parseBytes(c.data)
		checkErr(t, c.name, err, c.class, c.fragments...)
	}
}

func TestCorruptTensors(t *testing.T) {
	cases := []struct {
		name      string
		b         *ggufgen.Builder
		class     error
		fragments []string
	}{
		{"offset beyond file", ggufgen.New().TensorAt("w", gguf.TypeF32, 1<<40, 8), gguf.ErrTruncated, []string{`tensor 0 ("w")`, "past the end"}},
		{"data past end", ggufgen.New().TensorAt("w", gguf.TypeF32, 0, 1024), gguf.ErrTruncated, []string{"past the end"}},
		{"misaligned offset", ggufgen.New().Tensor("a", gguf.TypeF32, 8).TensorAt("w", gguf.TypeF32, 16, 4), gguf.ErrInvalid, []string{"offset 16 is not a multiple of the alignment 32"}},
		{"unknown type", ggufgen.New().TensorAt("w", 99, 0, 32), gguf.ErrInvalid, []string{"type 99"}},
		{"removed type", ggufgen.New().TensorAt("w", 31, 0, 32), gguf.ErrInvalid, []string{"removed Q4_0_4_4"}},
		{"removed Q4_2", ggufgen.New().TensorAt("w", 4, 0, 32), gguf.ErrInvalid, []string{"removed Q4_2"}},
		{"dims overflow", ggufgen.New().TensorAt("w", gguf.TypeF32, 0, 1<<32, 1<<32), gguf.ErrInvalid, []string{"overflows"}},
		{"bytes overflow", ggufgen.New().TensorAt("w", gguf.TypeF64, 0, 1<<61, 2), gguf.ErrInvalid, []string{"overflows"}},
		{"partial block", ggufgen.New().TensorAt("w", gguf.TypeQ8_0, 0, 33), gguf.ErrInvalid, []string{"row length 33 is not a multiple of the Q8_0 block size 32"}},
		{"duplicate tensor", ggufgen.New().Tensor("w", gguf.TypeF32, 8).Tensor("w", gguf.TypeF32, 8), gguf.ErrInvalid, []string{"duplicate tensor name"}},
		{"empty name", ggufgen.New().Tensor("", gguf.TypeF32, 8), gguf.ErrInvalid, []string{"name length 0"}},
		{"long name", ggufgen.New().Tensor(strings.Repeat("n", 300), gguf.TypeF32, 8), gguf.ErrInvalid, []string{"name length 300"}},
		{"per-layer array length", ggufgen.Tiny().Set("llama.attention.head_count_kv", ggufgen.Uint32s(1, 2, 3)), gguf.ErrInvalid, []string{"has 3 entries, want one per layer (block_count 2)"}},
	}
	for _, c := range cases {
		checkErr(t, c.name, parseErr(c.b), c.class, c.fragments...)
	}
}

func TestHeaderLimit(t *testing.T) {
	// a 200 MiB string in a 256 MiB file is refused, not read
	h := header(0, 1).str("big").u32(8).u64(200 << 20).Bytes()
	im := &ggufgen.Image{Header: h, Size: 256 << 20}
	_, err := gguf.Parse(im.ReaderAt(), im.Size)
	checkErr(t, "header limit", err, gguf.ErrTooLarge, "128 MiB")
}

type failingReader struct{}

func (failingReader) ReadAt([]byte, int64) (int, error) { return 0, io.ErrClosedPipe }

func TestReadError(t *testing.T) {
	_, err := gguf.Parse(failingReader{}, 100)
	checkErr(t, "read error", err, gguf.ErrRead, "closed pipe")
	_, err = gguf.Parse(failingReader{}, -1)
	checkErr(t, "negative size", err, gguf.ErrInvalid)
}

// Hostile counts and lengths must fail before allocating anything sized
// by them.
func TestHostileInputAllocatesLittle(t *testing.T) {
	inputs := [][]byte{
		header(0, 1).str("a").u32(8).u64(1 << 60).Bytes(),
		header(0, 1).str("a").u32(9).u32(4).u64(1 << 40).Bytes(),
		header(1<<17, 1<<14).Bytes(),
		header(1, 0).u64(1 << 62).Bytes(),
	}
	for i, in := range inputs {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, err := parseBytes(in); err == nil {
			t.Fatalf("input %d parsed", i)
		}
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
			t.Errorf("input %d allocated %d bytes", i, got)
		}
	}
}

func TestDroppedValuesBoundMemory(t *testing.T) {
	// a 3 MiB string and a 100k-element array are counted, not kept
	b := ggufgen.Tiny()
	b.Set("big.string", ggufgen.String(strings.Repeat("x", 3<<20)))
	vals := make([]uint32, 100_000)
	b.Set("big.array", ggufgen.Uint32s(vals...))
	f := parse(t, b)
	s, _ := f.Meta("big.string")
	if !s.Dropped() || s.Len() != 3<<20 {
		t.Errorf("big.string kept=%v len=%d", !s.Dropped(), s.Len())
	}
	if _, ok := s.Str(); ok {
		t.Error("dropped string returned contents")
	}
	a, _ := f.Meta("big.array")
	if !a.Dropped() || a.Len() != 100_000 {
		t.Errorf("big.array kept=%v len=%d", !a.Dropped(), a.Len())
	}
	if !strings.Contains(s.String(), "3145728 bytes") {
		t.Errorf("String() = %s", s.String())
	}
}
