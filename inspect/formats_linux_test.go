package inspect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
	"github.com/gputaskman/gtm/inspect/onnx"
	"github.com/gputaskman/gtm/inspect/onnx/onnxgen"
	"github.com/gputaskman/gtm/inspect/torchzip/torchzipgen"
	"github.com/gputaskman/gtm/inspect/trtllm/trtllmgen"
	"github.com/gputaskman/gtm/internal/schema"
)

// A command line naming an ONNX model, a torch checkpoint, a TensorRT-LLM
// engine and a safetensors folder: each is described from its own header
// or directory, never loaded, with the weights' exact bytes as an
// estimate of memory.
func TestInspectDescribesEveryFormat(t *testing.T) {
	dir := t.TempDir()
	onnxPath := filepath.Join(dir, "model.onnx")
	om := onnxgen.Model{IRVersion: 8, Producer: "pytorch", ProducerVersion: "2.3.0", Opsets: []onnx.Opset{{Version: 17}}, Nodes: 3,
		Initializers: []onnxgen.Tensor{{Name: "w", Dims: []int64{1024, 1024}, DataType: onnx.TypeFloat},
			{Name: "b", Dims: []int64{1024}, DataType: onnx.TypeFloat16}}}
	must(t, om.WriteFile(onnxPath))

	ptPath := filepath.Join(dir, "ckpt.pt")
	fh, err := os.Create(ptPath)
	must(t, err)
	must(t, (&torchzipgen.Checkpoint{Archive: "ckpt", Storages: []int{4096, 1 << 20}}).Write(fh))
	fh.Close()

	engDir := filepath.Join(dir, "engine")
	must(t, os.MkdirAll(engDir, 0o755))
	must(t, trtllmgen.Config{Version: "0.17.0", Architecture: "LlamaForCausalLM", DType: "float16", Layers: 32, Heads: 32, KVHeads: 8,
		HeadSize: 128, Hidden: 4096, Vocab: 128256, MaxPositions: 131072, TP: 1, PP: 1, MaxBatchSize: 8, MaxInputLen: 4096, MaxSeqLen: 8192,
		MaxNumTokens: 8192, MaxBeamWidth: 1, PagedKV: true, TokensPerBlock: 64, RankBytes: []int64{3 << 20}}.WriteDir(engDir, false))
	engPath := filepath.Join(engDir, "rank0.engine")

	stDir := filepath.Join(dir, "qwen")
	tensors := hfgen.DecoderTensors(hfgen.Decoder{Layers: 2, Hidden: 64, Heads: 4, KVHeads: 2, HeadDim: 16, Intermediate: 128, Vocab: 1000})
	_, err = hfgen.WriteModel(stDir, hfgen.Model{Tensors: tensors, Config: map[string]any{"architectures": []string{"Qwen3ForCausalLM"},
		"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 16,
		"max_position_embeddings": 32768, "torch_dtype": "bfloat16"}})
	must(t, err)
	stPath := filepath.Join(stDir, "model.safetensors")
	params, stBytes := hfgen.Sum(tensors)

	in := New("/proc", nil)
	f := in.Inspect(Target{PID: os.Getpid(), Name: "python3", Cwd: dir,
		Cmdline: []string{"python3", "run.py", onnxPath, ptPath, engPath, stPath}})
	byPath := map[string]schema.Model{}
	for _, m := range f.Models {
		byPath[m.Path] = m
	}
	o := byPath[onnxPath]
	if o.Format == nil || *o.Format != "onnx" || o.Parameters == nil || *o.Parameters != 1024*1024+1024 ||
		o.Weights == nil || o.Weights.Bytes != 1024*1024*4+1024*2 || o.Weights.Source != "estimated" || o.Weights.From != "onnx" ||
		o.FormatDetail == nil || !strings.Contains(*o.FormatDetail, "opset ai.onnx 17") || !strings.Contains(*o.FormatDetail, "pytorch 2.3.0") {
		t.Errorf("onnx = %+v detail %v", o, strOrNil(o.FormatDetail))
	}
	p := byPath[ptPath]
	if p.Format == nil || *p.Format != "pytorch" || p.Parameters != nil || p.Weights == nil || p.Weights.Bytes != 4096+1<<20 ||
		p.FormatDetail == nil || !strings.Contains(*p.FormatDetail, "2 tensor storages") {
		t.Errorf("pytorch = %+v detail %v", p, strOrNil(p.FormatDetail))
	}
	e := byPath[engPath]
	if e.Format == nil || *e.Format != "tensorrt" || e.Weights == nil || e.Weights.Bytes != 3<<20 || e.Architecture == nil ||
		*e.Architecture != "LlamaForCausalLM" || e.Layers == nil || *e.Layers != 32 || e.TrainedContext == nil || *e.TrainedContext != 8192 {
		t.Errorf("engine = %+v detail %v", e, strOrNil(e.FormatDetail))
	}
	s := byPath[stPath]
	if s.Format == nil || *s.Format != "safetensors" || s.Parameters == nil || *s.Parameters != params || s.Weights == nil ||
		s.Weights.Bytes != stBytes || s.Weights.From != "safetensors" || s.Kind == nil || *s.Kind != "llm" ||
		s.Architecture == nil || *s.Architecture != "Qwen3ForCausalLM" || s.TrainedContext == nil || *s.TrainedContext != 32768 {
		t.Errorf("safetensors = %+v", s)
	}
}

func strOrNil(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

// One file under two names of two formats (an ONNX model hard-linked as
// an engine), each named by another process, is described as each: the
// per-file-version cache keys the format too, so the engine is not shown
// the ONNX model's facts.
func TestOneFileTwoFormats(t *testing.T) {
	dir := t.TempDir()
	onnxPath, engPath := filepath.Join(dir, "model.onnx"), filepath.Join(dir, "model.engine")
	om := onnxgen.Model{IRVersion: 8, Opsets: []onnx.Opset{{Version: 17}}, Nodes: 1,
		Initializers: []onnxgen.Tensor{{Name: "w", Dims: []int64{16}, DataType: onnx.TypeFloat}}}
	must(t, om.WriteFile(onnxPath))
	must(t, os.Link(onnxPath, engPath))
	in := New("/proc", nil)
	detail := func(path string) string {
		f := in.Inspect(Target{PID: os.Getpid(), Name: "python3", Cwd: dir, Cmdline: []string{"python3", "run.py", path}})
		for _, m := range f.Models {
			if m.Path == path {
				return strOrNil(m.FormatDetail)
			}
		}
		return "not found"
	}
	if d := detail(onnxPath); !strings.HasPrefix(d, "ONNX IR 8") {
		t.Fatalf("onnx: %s", d)
	}
	if d := detail(engPath); d != "TensorRT engine" {
		t.Fatalf("engine: %s", d)
	}
}
