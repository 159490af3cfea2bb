package safetensors_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
	"github.com/gputaskman/gtm/inspect/safetensors"
)

// file returns a whole in-memory safetensors file (zero data).
func file(meta map[string]string, ts []hfgen.Tensor) []byte {
	head, data := hfgen.Header(meta, ts)
	return append(head, make([]byte, data)...)
}

// raw builds a file from a literal JSON header and a data size.
func raw(js string, data int) []byte {
	b := binary.LittleEndian.AppendUint64(nil, uint64(len(js)))
	b = append(b, js...)
	return append(b, make([]byte, data)...)
}

func TestParseSums(t *testing.T) {
	ts := []hfgen.Tensor{
		hfgen.T("embed.weight", "BF16", 100, 16),
		hfgen.T("norm.weight", "F32", 16),
		hfgen.T("blocks.0.scale", "F8_E8M0", 4, 2),
		hfgen.T("blocks.0.w", "F4", 16, 6),
		hfgen.T("blocks.0.w6", "F6_E2M3", 8, 4),
		hfgen.T("blocks.1.w", "BF16", 16, 16),
		hfgen.T("scalar", "F64"),
		hfgen.T("empty", "I64", 0, 5),
	}
	meta := map[string]string{"format": "pt", "note": "ünïcode"}
	b := file(meta, ts)
	h, err := safetensors.Parse(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	params, nbytes := hfgen.Sum(ts)
	if h.Tensors != len(ts) || h.Parameters != params || h.TensorBytes != nbytes {
		t.Fatalf("got %d tensors, %d params, %d bytes; want %d, %d, %d", h.Tensors, h.Parameters, h.TensorBytes, len(ts), params, nbytes)
	}
	if h.HeaderBytes != binary.LittleEndian.Uint64(b) || h.Metadata["note"] != meta["note"] || len(h.Metadata) != 2 {
		t.Fatalf("header bytes %d, metadata %v", h.HeaderBytes, h.Metadata)
	}
	var sumBytes, sumParams uint64
	var sumTensors int
	for i, d := range h.DTypes {
		if i > 0 && d.Bytes > h.DTypes[i-1].Bytes {
			t.Fatalf("dtypes not by bytes desc: %+v", h.DTypes)
		}
		sumBytes, sumParams, sumTensors = sumBytes+d.Bytes, sumParams+d.Parameters, sumTensors+d.Tensors
	}
	if sumBytes != nbytes || sumParams != params || sumTensors != len(ts) || h.DTypes[0].Name != "BF16" {
		t.Fatalf("dtype totals %+v", h.DTypes)
	}
	// BF16: 100·16 + 16·16 elements of 2 bytes.
	if d := h.DTypes[0]; d.Tensors != 2 || d.Parameters != 1856 || d.Bytes != 3712 {
		t.Fatalf("BF16 %+v", d)
	}
	if len(h.Notes) != 0 {
		t.Fatalf("notes on a clean file: %q", h.Notes)
	}
}

func TestParseFileOnDisk(t *testing.T) {
	ts := hfgen.DecoderTensors(hfgen.Decoder{Layers: 2, Hidden: 4096, Heads: 32, KVHeads: 8, Intermediate: 14336, Vocab: 128256})
	p := filepath.Join(t.TempDir(), "model.safetensors")
	if err := hfgen.WriteSafetensors(p, nil, ts); err != nil {
		t.Fatal(err)
	}
	h, err := safetensors.ParseFile(p)
	if err != nil {
		t.Fatal(err)
	}
	params, nbytes := hfgen.Sum(ts)
	if h.Parameters != params || h.TensorBytes != nbytes || h.Metadata != nil {
		t.Fatalf("got %d params %d bytes metadata %v, want %d %d", h.Parameters, h.TensorBytes, h.Metadata, params, nbytes)
	}
}

// limitedReader fails any read past n bytes: Parse must read the header only.
type limitedReader struct {
	b []byte
	n int64
}

func (r limitedReader) ReadAt(p []byte, off int64) (int, error) {
	if off+int64(len(p)) > r.n {
		return 0, fmt.Errorf("read of [%d,%d) past the header", off, off+int64(len(p)))
	}
	return bytes.NewReader(r.b).ReadAt(p, off)
}

func TestParseReadsOnlyTheHeader(t *testing.T) {
	head, data := hfgen.Header(nil, []hfgen.Tensor{hfgen.T("w", "F32", 1<<20)})
	b := append(head, make([]byte, data)...)
	if _, err := safetensors.Parse(limitedReader{b, int64(len(head))}, int64(len(b))); err != nil {
		t.Fatal(err)
	}
}

func TestParseUnknownDType(t *testing.T) {
	b := raw(`{"a":{"dtype":"Q9_K","shape":[4,4],"data_offsets":[0,10]},"b":{"dtype":"U8","shape":[2],"data_offsets":[10,12]}}`, 12)
	h, err := safetensors.Parse(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	if h.TensorBytes != 12 || h.Parameters != 18 || len(h.Notes) != 1 || !strings.Contains(h.Notes[0], "does not define") {
		t.Fatalf("%+v", h)
	}
}

func TestParseNotes(t *testing.T) {
	// A gap before "b", bytes after it, and packed GPTQ weights.
	b := raw(`{"__metadata__":null,"a.qweight":{"dtype":"I32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"U8","shape":[2],"data_offsets":[10,12]}}`, 20)
	h, err := safetensors.Parse(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(h.Notes, "|")
	for _, want := range []string{"gaps", "8 bytes after", "qweight"} {
		if !strings.Contains(all, want) {
			t.Errorf("no note about %q in %q", want, all)
		}
	}
}

func TestParseRejects(t *testing.T) {
	huge := binary.LittleEndian.AppendUint64(nil, safetensors.MaxHeaderBytes+1)
	past := binary.LittleEndian.AppendUint64(nil, 100)
	deep := `{"a":{"dtype":"F32","shape":[` + strings.Repeat("1,", 16) + `1],"data_offsets":[0,4]}}`
	for name, b := range map[string][]byte{
		"short":          {1, 2, 3},
		"huge length":    append(huge, make([]byte, 64)...),
		"past the end":   append(past, '{', '}'),
		"not json":       raw(`not json`, 0),
		"array":          raw(`[1,2]`, 0),
		"bad utf8":       raw("{\"\xff\":1}", 0),
		"bytes mismatch": raw(`{"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}}`, 8),
		"offsets past":   raw(`{"a":{"dtype":"U8","shape":[9],"data_offsets":[0,9]}}`, 8),
		"reversed":       raw(`{"a":{"dtype":"U8","shape":[0],"data_offsets":[5,4]}}`, 8),
		"one offset":     raw(`{"a":{"dtype":"U8","shape":[1],"data_offsets":[0]}}`, 8),
		"no shape":       raw(`{"a":{"dtype":"U8","data_offsets":[0,1]}}`, 8),
		"no dtype":       raw(`{"a":{"shape":[1],"data_offsets":[0,1]}}`, 8),
		"negative dim":   raw(`{"a":{"dtype":"U8","shape":[-1],"data_offsets":[0,1]}}`, 8),
		"overlap":        raw(`{"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]},"b":{"dtype":"U8","shape":[4],"data_offsets":[2,6]}}`, 8),
		"rank 17":        raw(deep, 4),
		"overflow":       raw(`{"a":{"dtype":"F32","shape":[4294967296,4294967296],"data_offsets":[0,0]}}`, 0),
		"half byte":      raw(`{"a":{"dtype":"F4","shape":[3],"data_offsets":[0,1]}}`, 8),
		"trailing":       raw(`{} x`, 0),
		"metadata num":   raw(`{"__metadata__":{"a":1}}`, 0),
		"unknown dense":  raw(`{"a":{"dtype":"Q9","shape":[1000],"data_offsets":[0,1]}}`, 8),
	} {
		h, err := safetensors.Parse(bytes.NewReader(b), int64(len(b)))
		if err == nil || h != nil {
			t.Errorf("%s: parsed: %+v", name, h)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "safetensors: ") || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q", name, msg)
		}
		if name != "short" && !errors.Is(err, safetensors.ErrFormat) {
			t.Errorf("%s: %v does not wrap ErrFormat", name, err)
		}
	}
}

// A name given twice counts once (its last value), never twice.
func TestParseDuplicateCountsOnce(t *testing.T) {
	b := raw(`{"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]},"a":{"dtype":"U8","shape":[4],"data_offsets":[4,8]}}`, 8)
	h, err := safetensors.Parse(bytes.NewReader(b), int64(len(b)))
	if err != nil || h.Tensors != 1 || h.TensorBytes != 4 {
		t.Fatalf("%v %+v", err, h)
	}
}

func TestParseReadError(t *testing.T) {
	_, err := safetensors.Parse(errReader{}, 100)
	if err == nil || errors.Is(err, safetensors.ErrFormat) {
		t.Fatalf("read error reported as %v", err)
	}
}

type errReader struct{}

func (errReader) ReadAt([]byte, int64) (int, error) { return 0, io.ErrUnexpectedEOF }

func TestMetadataBounded(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`{"__metadata__":{`)
	for i := range safetensors.MaxMetadata + 10 {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `"k%d":"v"`, i)
	}
	fmt.Fprintf(&sb, `,"long":"%s"}}`, strings.Repeat("x", safetensors.MaxMetadataValue+1))
	b := raw(sb.String(), 0)
	h, err := safetensors.Parse(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Metadata) != safetensors.MaxMetadata || len(h.Notes) != 1 {
		t.Fatalf("%d metadata entries, notes %q", len(h.Metadata), h.Notes)
	}
}
