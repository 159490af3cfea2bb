package hfmodel_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/hfmodel"
	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
)

// FuzzOpen opens a folder whose index, config.json and model_index.json
// are the fuzzer's: no panics, one-line errors, and the sums never exceed
// the one real shard's.
func FuzzOpen(f *testing.F) {
	f.Add([]byte(`{"weight_map":{"a":"s.safetensors","b":"../x.safetensors"},"metadata":{"total_size":1}}`), []byte(`{"num_hidden_layers":2}`), []byte(``))
	f.Add([]byte(`{"weight_map":{}}`), []byte(`{"text_config":{"layer_types":["x"]}}`), []byte(`{"_class_name":"P","unet":["diffusers","U"],"..":["a","b"]}`))
	f.Add([]byte(`[`), []byte(`null`), []byte(`{"_class_name":"P","s.safetensors":["a","b"]}`))
	ts := []hfgen.Tensor{hfgen.T("a", "BF16", 4, 4), hfgen.T("b", "F32", 3)}
	params, nbytes := hfgen.Sum(ts)
	f.Fuzz(func(t *testing.T, index, config, pipeline []byte) {
		dir := t.TempDir()
		if err := hfgen.WriteSafetensors(filepath.Join(dir, "s.safetensors"), nil, ts); err != nil {
			t.Fatal(err)
		}
		for name, b := range map[string][]byte{"model.safetensors.index.json": index, "config.json": config, "model_index.json": pipeline} {
			if len(b) > 0 {
				os.WriteFile(filepath.Join(dir, name), b, 0o644)
			}
		}
		m, err := hfmodel.Open(nil, dir)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q", err)
			}
			return
		}
		if m.Parameters > params || m.WeightBytes > nbytes || len(m.Notes) > 32 {
			t.Fatalf("%+v", m)
		}
	})
}
