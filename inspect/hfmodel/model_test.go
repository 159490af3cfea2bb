package hfmodel_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/hfconfig"
	"github.com/gputaskman/gtm/inspect/hfmodel"
	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
	"github.com/gputaskman/gtm/internal/safefile"
)

var dec = hfgen.Decoder{Layers: 2, Hidden: 64, Heads: 4, KVHeads: 2, Intermediate: 128, Vocab: 1000}

func llamaConfig() map[string]any {
	return map[string]any{"architectures": []string{"LlamaForCausalLM"}, "model_type": "llama", "num_hidden_layers": dec.Layers,
		"hidden_size": dec.Hidden, "num_attention_heads": dec.Heads, "num_key_value_heads": dec.KVHeads, "torch_dtype": "bfloat16"}
}

// self reads as gtm's own user would, through the descriptor walk.
func self() *safefile.Access {
	return &safefile.Access{Cred: &safefile.Cred{UID: uint32(os.Getuid()), GID: uint32(os.Getgid())}}
}

func check(t *testing.T, m *hfmodel.Model, ts []hfgen.Tensor, complete bool) {
	t.Helper()
	params, nbytes := hfgen.Sum(ts)
	if m.Parameters != params || m.WeightBytes != nbytes || m.Tensors != len(ts) || m.Complete != complete || m.Format != "safetensors" {
		t.Fatalf("got %d tensors %d params %d bytes complete %v; want %d %d %d %v (notes %q)",
			m.Tensors, m.Parameters, m.WeightBytes, m.Complete, len(ts), params, nbytes, complete, m.Notes)
	}
}

func TestOpenFolderAndFile(t *testing.T) {
	dir := t.TempDir()
	ts := hfgen.DecoderTensors(dec)
	if _, err := hfgen.WriteModel(dir, hfgen.Model{Config: llamaConfig(), Tensors: ts}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{dir, filepath.Join(dir, "model.safetensors")} {
		for _, acc := range []*safefile.Access{nil, self()} {
			m, err := hfmodel.Open(acc, p)
			if err != nil {
				t.Fatal(err)
			}
			check(t, m, ts, true)
			if m.Config == nil || m.Kind != hfconfig.KindLLM || m.Dir != dir || len(m.Files) != 1 || m.DTypes[0].Name != "BF16" || len(m.Notes) != 0 {
				t.Fatalf("%s: %+v", p, m)
			}
		}
	}
}

func TestOpenSharded(t *testing.T) {
	dir := t.TempDir()
	ts := hfgen.DecoderTensors(dec)
	names, err := hfgen.WriteModel(dir, hfgen.Model{Config: llamaConfig(), Tensors: ts, Shards: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{dir, filepath.Join(dir, "model.safetensors.index.json")} {
		m, err := hfmodel.Open(self(), p)
		if err != nil {
			t.Fatal(err)
		}
		check(t, m, ts, true)
		if len(m.Files) != 3 || m.Config == nil {
			t.Fatalf("%+v", m)
		}
	}
	// A missing shard: the totals are what was read, marked incomplete.
	if err := os.Remove(filepath.Join(dir, names[1])); err != nil {
		t.Fatal(err)
	}
	m, err := hfmodel.Open(self(), dir)
	if err != nil {
		t.Fatal(err)
	}
	var read []hfgen.Tensor
	for i, tn := range ts {
		if i%3 != 1 {
			read = append(read, tn)
		}
	}
	check(t, m, read, false)
	if !strings.Contains(strings.Join(m.Notes, "|"), "missing") {
		t.Fatalf("notes %q", m.Notes)
	}
}

func TestIndexCannotLeaveTheFolder(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "m")
	ts := hfgen.DecoderTensors(dec)
	if _, err := hfgen.WriteModel(filepath.Join(root, "other"), hfgen.Model{Tensors: ts}); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(dir, 0o755)
	hfgen.WriteJSON(filepath.Join(dir, "model.safetensors.index.json"), map[string]any{
		"weight_map": map[string]string{"a": "../other/model.safetensors", "b": "/etc/passwd"}})
	m, err := hfmodel.Open(self(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Tensors != 0 || m.Complete || len(m.Files) != 0 {
		t.Fatalf("%+v", m)
	}
}

func TestOpenLooseFiles(t *testing.T) {
	// No index, no model.safetensors: every *.safetensors counts.
	dir := t.TempDir()
	a := []hfgen.Tensor{hfgen.T("a", "F16", 10, 10)}
	b := []hfgen.Tensor{hfgen.T("b", "F8_E4M3", 7), hfgen.T("c", "F32", 3)}
	hfgen.WriteSafetensors(filepath.Join(dir, "part-a.safetensors"), nil, a)
	hfgen.WriteSafetensors(filepath.Join(dir, "part-b.safetensors"), nil, b)
	m, err := hfmodel.Open(nil, dir)
	if err != nil {
		t.Fatal(err)
	}
	check(t, m, append(a, b...), true)
	if m.Kind != hfconfig.KindUnknown || m.Config != nil || len(m.DTypes) != 3 {
		t.Fatalf("%+v", m)
	}
}

func TestSentenceTransformers(t *testing.T) {
	dir := t.TempDir()
	cfg := llamaConfig()
	cfg["architectures"] = []string{"Qwen3ForCausalLM"}
	hfgen.WriteModel(dir, hfgen.Model{Config: cfg, Tensors: hfgen.DecoderTensors(dec)})
	os.WriteFile(filepath.Join(dir, "modules.json"), []byte(`[]`), 0o644)
	m, err := hfmodel.Open(nil, dir)
	if err != nil || m.Kind != hfconfig.KindEmbedding {
		t.Fatalf("%v %+v", err, m)
	}
}

func TestPipeline(t *testing.T) {
	dir := t.TempDir()
	unet := []hfgen.Tensor{hfgen.T("conv_in.weight", "F16", 320, 4, 3, 3), hfgen.T("conv_out.weight", "F16", 4, 320, 3, 3)}
	vae := []hfgen.Tensor{hfgen.T("encoder.conv_in.weight", "F32", 128, 3, 3, 3)}
	te := hfgen.DecoderTensors(hfgen.Decoder{Layers: 1, Hidden: 32, Heads: 2, KVHeads: 2, Intermediate: 64, Vocab: 100, DType: "F16"})
	err := hfgen.WritePipeline(dir, "StableDiffusionPipeline", []hfgen.Component{
		{Name: "unet", Library: "diffusers", Class: "UNet2DConditionModel", Model: hfgen.Model{Config: map[string]any{"_class_name": "UNet2DConditionModel"}, Tensors: unet, Base: "diffusion_pytorch_model", Shards: 2}},
		{Name: "vae", Library: "diffusers", Class: "AutoencoderKL", Model: hfgen.Model{Tensors: vae, Base: "diffusion_pytorch_model"}},
		{Name: "text_encoder", Library: "transformers", Class: "CLIPTextModel", Model: hfgen.Model{Tensors: te}},
	})
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "scheduler"), 0o755) // no weights: not a component
	m, err := hfmodel.Open(self(), dir)
	if err != nil {
		t.Fatal(err)
	}
	all := append(append(append([]hfgen.Tensor{}, unet...), vae...), te...)
	check(t, m, all, true)
	if m.Pipeline != "StableDiffusionPipeline" || m.Kind != hfconfig.KindDiffusion || len(m.Components) != 3 {
		t.Fatalf("%+v", m)
	}
	for _, c := range m.Components {
		want := map[string][]hfgen.Tensor{"unet": unet, "vae": vae, "text_encoder": te}[c.Name]
		p, b := hfgen.Sum(want)
		if c.Parameters != p || c.WeightBytes != b || !c.Complete || c.Class == "" {
			t.Errorf("%s: %+v, want %d params %d bytes", c.Name, c, p, b)
		}
	}
}

func TestOpenRefusals(t *testing.T) {
	dir := t.TempDir()
	hfgen.WriteModel(dir, hfgen.Model{Config: llamaConfig(), Tensors: hfgen.DecoderTensors(dec)})
	if _, err := hfmodel.Open(safefile.Untrusted("fake proc root"), dir); !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("untrusted: %v", err)
	}
	// Another user cannot read a 0600 weight file: the header is not read.
	os.Chmod(filepath.Join(dir, "model.safetensors"), 0o600)
	os.Chmod(dir, 0o755) // t.TempDir's folders are private
	os.Chmod(filepath.Dir(dir), 0o755)
	other := &safefile.Access{Cred: &safefile.Cred{UID: uint32(os.Getuid()) + 1000, GID: uint32(os.Getgid()) + 1000}}
	m, err := hfmodel.Open(other, dir)
	if err != nil || m.Complete || m.Tensors != 0 || m.Config == nil {
		t.Fatalf("%v %+v", err, m)
	}
	empty := t.TempDir()
	if _, err := hfmodel.Open(nil, empty); err == nil || strings.Contains(err.Error(), "\n") {
		t.Fatalf("empty folder: %v", err)
	}
	os.WriteFile(filepath.Join(empty, "x.safetensors"), []byte("garbage!garbage!"), 0o644)
	if _, err := hfmodel.Open(nil, filepath.Join(empty, "x.safetensors")); err == nil {
		t.Fatal("a garbage file opened")
	}
}
