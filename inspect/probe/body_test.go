package probe

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// countingReader is an endless stream that counts the bytes handed out.
type countingReader struct{ n int64 }

func (c *countingReader) Read(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}

func TestReadCappedEndless(t *testing.T) {
	for _, hint := range []int64{-1, 0, 10, 1 << 30} {
		var r countingReader
		body, truncated, err := readBody(&r, 1<<20, hint)
		if err != nil || !truncated || len(body) != 1<<20 {
			t.Fatalf("hint %d: %d bytes, truncated %v, %v", hint, len(body), truncated, err)
		}
		if r.n > 1<<20+1 {
			t.Errorf("hint %d: read %d bytes, want at most cap+1", hint, r.n)
		}
		if cap(body) > 1<<20+1 {
			t.Errorf("hint %d: buffer of %d bytes", hint, cap(body))
		}
	}
}

func TestReadCapped(t *testing.T) {
	for _, n := range []int{0, 1, 4095, 4096, 4097, 1<<20 - 1, 1 << 20, 1<<20 + 1} {
		src := bytes.Repeat([]byte{'a'}, n)
		body, truncated, err := readBody(bytes.NewReader(src), 1<<20, -1)
		if err != nil {
			t.Fatal(err)
		}
		if want := n > 1<<20; truncated != want || len(body) != min(n, 1<<20) {
			t.Errorf("%d bytes: got %d, truncated %v", n, len(body), truncated)
		}
	}
	_, _, err := readBody(io.MultiReader(strings.NewReader("abc"), iotest{}), 100, -1)
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("error lost: %v", err)
	}
}

type iotest struct{}

func (iotest) Read([]byte) (int, error) { return 0, io.ErrUnexpectedEOF }

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{1 << 20: "1 MiB", 4 << 20: "4 MiB", 64 << 10: "64 KiB", 1000: "1000 bytes"} {
		if got := size(n); got != want {
			t.Errorf("%d: %q", n, got)
		}
	}
	if got := tooLarge(1 << 20).Error(); got != "probe: body exceeds 1 MiB" {
		t.Errorf("%q", got)
	}
	if !errors.Is(tooLarge(5), ErrTooLarge) {
		t.Error("not ErrTooLarge")
	}
}
