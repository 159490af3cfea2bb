package llamacpplog

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse: any bytes parse without panic, within the bounds, with
// offsets inside the input and in order.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.log")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("load_tensors: CUDA0 model buffer size = 1e308 MiB\nllama_kv_cache: size = 99999999999999999999 MiB (1 cells, 1 layers, 1/1 seqs), K (f16): 1 MiB, V (f16): 1 MiB\n"))
	f.Add([]byte("time=\"unterminated msg=\"model weights\" device=CUDA0 size=\"1.0 GiB\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		bs := Parse(bytes.NewReader(data))
		if len(bs) > maxBlocks {
			t.Fatalf("%d blocks", len(bs))
		}
		last := int64(-1)
		for _, b := range bs {
			if b.Offset < last || b.Offset >= int64(len(data)) {
				t.Fatalf("offset %d after %d in %d bytes", b.Offset, last, len(data))
			}
			last = b.Offset
			if len(b.Buffers) > maxBuffers || len(b.KV) > maxKV || len(b.ModelPath) > maxPath || len(b.ModelName) > maxName {
				t.Fatalf("bounds: %d buffers, %d KV, path %d", len(b.Buffers), len(b.KV), len(b.ModelPath))
			}
			for _, x := range b.Buffers {
				if bufferKindOK[x.Kind] == false || x.Device && x.Host || len(x.Backend) > maxName || x.Backend == "" {
					t.Fatalf("buffer %+v", x)
				}
				if x.DeviceIndex != nil && !x.Device {
					t.Fatalf("index on a non-device buffer %+v", x)
				}
			}
			tot := b.Totals()
			var sum uint64
			for _, n := range tot.ByKind {
				sum += n
			}
			if sum != tot.Device+tot.Host+tot.Unknown {
				t.Fatalf("totals disagree: %+v", tot)
			}
		}
	})
}

var bufferKindOK = map[Kind]bool{KindWeights: true, KindAdapter: true, KindKV: true, KindRecurrent: true,
	KindCompute: true, KindOutput: true, KindInput: true}
