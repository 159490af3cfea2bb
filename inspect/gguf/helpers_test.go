package gguf_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
)

const mib = 1 << 20

func parse(t testing.TB, b *ggufgen.Builder) *gguf.File {
	t.Helper()
	im, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	f, err := gguf.Parse(im.ReaderAt(), im.Size)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return f
}

func parseErr(b *ggufgen.Builder) error {
	im, err := b.Build()
	if err != nil {
		return err
	}
	_, err = gguf.Parse(im.ReaderAt(), im.Size)
	return err
}

// raw assembles hand-made (usually broken) GGUF bytes.
type raw struct{ bytes.Buffer }

func (r *raw) u32(v uint32) *raw { _ = binary.Write(r, binary.LittleEndian, v); return r }
func (r *raw) u64(v uint64) *raw { _ = binary.Write(r, binary.LittleEndian, v); return r }
func (r *raw) str(s string) *raw { r.u64(uint64(len(s))); r.WriteString(s); return r }

// header writes magic, version 3 and the two counts.
func header(nTensors, nKV uint64) *raw {
	r := &raw{}
	r.WriteString("GGUF")
	return r.u32(3).u64(nTensors).u64(nKV)
}

func parseBytes(b []byte) (*gguf.File, error) {
	return gguf.Parse(bytes.NewReader(b), int64(len(b)))
}
