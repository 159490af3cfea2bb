package safetensors_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
	"github.com/gputaskman/gtm/inspect/safetensors"
)

// FuzzParse feeds arbitrary bytes to Parse: nothing may panic, errors are
// one "safetensors: " line, and a parsed header's sums agree with each
// other and fit in the file.
func FuzzParse(f *testing.F) {
	f.Add(file(map[string]string{"format": "pt"}, hfgen.DecoderTensors(hfgen.Decoder{Layers: 1, Hidden: 8, Heads: 2, KVHeads: 1, Intermediate: 16, Vocab: 10})))
	f.Add(file(nil, []hfgen.Tensor{hfgen.T("w", "F4", 2, 4), hfgen.T("s", "F8_E8M0", 2)}))
	f.Add(raw(`{"a":{"dtype":"Q9","shape":[4],"data_offsets":[0,4]}}`, 4))
	f.Add(raw(`{"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]},"b":{"dtype":"U8","shape":[4],"data_offsets":[2,6]}}`, 8))
	f.Add(raw(`{"__metadata__":{"a":"b"}}`, 0))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := safetensors.Parse(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			if msg := err.Error(); h != nil || !strings.HasPrefix(msg, "safetensors: ") || strings.Contains(msg, "\n") {
				t.Fatalf("bad error %q", msg)
			}
			if len(data) >= 8 && !errors.Is(err, safetensors.ErrFormat) {
				t.Fatalf("in-memory read error %v", err)
			}
			return
		}
		var n int
		var p, b uint64
		for _, d := range h.DTypes {
			n, p, b = n+d.Tensors, p+d.Parameters, b+d.Bytes
		}
		if n != h.Tensors || p != h.Parameters || b != h.TensorBytes {
			t.Fatalf("dtype sums %d/%d/%d vs %d/%d/%d", n, p, b, h.Tensors, h.Parameters, h.TensorBytes)
		}
		if 8+h.HeaderBytes+h.TensorBytes > uint64(len(data)) {
			t.Fatalf("%d tensor bytes in a %d-byte file", h.TensorBytes, len(data))
		}
	})
}
