package safetensors_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
	"github.com/gputaskman/gtm/inspect/safetensors"
)

// FuzzParse feeds arbitrary bytes to Parse: nothing may panic, errors are
// one "safetensors: " line, and a parsed header's sums agree with each
// other, fit in the file, and agree with encoding/json's reading of the
// same header (valid JSON, one tensor per distinct name). The seeds cover
// the forms the earlier encoding/json decoder read.
func FuzzParse(f *testing.F) {
	f.Add(file(map[string]string{"format": "pt"}, hfgen.DecoderTensors(hfgen.Decoder{Layers: 1, Hidden: 8, Heads: 2, KVHeads: 1, Intermediate: 16, Vocab: 10})))
	f.Add(file(nil, []hfgen.Tensor{hfgen.T("w", "F4", 2, 4), hfgen.T("s", "F8_E8M0", 2)}))
	f.Add(raw(`{"a":{"dtype":"Q9","shape":[4],"data_offsets":[0,4]}}`, 4))
	f.Add(raw(`{"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]},"b":{"dtype":"U8","shape":[4],"data_offsets":[2,6]}}`, 8))
	f.Add(raw(`{"__metadata__":{"a":"b"}}`, 0))
	f.Add(raw(`{"__metadata__":null,"a.qweight":{"dtype":"I32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"U8","shape":[2],"data_offsets":[10,12]}}`, 20))
	f.Add(raw(`{"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]},"a":{"dtype":"U8","shape":[4],"data_offsets":[4,8]}}`, 8))
	f.Add(raw(" {\"a\\u00e9\\ud83d\\ude00\" : {\"x\":[1,-2.5e3,true,null,{}],\"dtype\":\"U8\",\"shape\":[],\"data_offsets\":[0,1]}}\n", 1))
	f.Add(raw(`{"__meta\u0064ata__":{"k":null},"__metadata__":{"k":"v"}}`, 0))
	hostile := hfgen.Hostile{N: 3}
	hb, _ := io.ReadAll(io.NewSectionReader(hostile, 0, hostile.Size()))
	f.Add(hb)
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := safetensors.Parse(bytes.NewReader(data), int64(len(data)))
		cancelled, cancel := context.WithCancel(context.Background())
		cancel()
		if _, cerr := safetensors.ParseContext(cancelled, bytes.NewReader(data), int64(len(data))); cerr == nil ||
			(!errors.Is(cerr, context.Canceled) && !errors.Is(cerr, safetensors.ErrFormat) && len(data) >= 8) {
			t.Fatalf("cancelled parse: %v", cerr)
		}
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
		js := data[8 : 8+binary.LittleEndian.Uint64(data)]
		var top map[string]json.RawMessage
		if err := json.Unmarshal(js, &top); err != nil {
			t.Fatalf("parsed a header encoding/json refuses: %v", err)
		}
		_, meta := top["__metadata__"]
		if want := len(top) - map[bool]int{true: 1}[meta]; want != h.Tensors {
			t.Fatalf("%d tensors, encoding/json reads %d names", h.Tensors, want)
		}
		again, err := safetensors.Parse(bytes.NewReader(data), int64(len(data)))
		if err != nil || again.Tensors != h.Tensors || again.TensorBytes != h.TensorBytes || again.Parameters != h.Parameters {
			t.Fatalf("a second parse differs: %v %+v", err, again)
		}
	})
}
