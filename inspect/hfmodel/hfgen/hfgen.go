// Package hfgen writes small Hugging Face-style model files and folders for
// tests: safetensors files whose data part is sparse (the header is real,
// the tensor bytes are a hole made with Truncate), config.json files,
// sharded folders with their index, diffusers pipeline folders and the hub
// cache layout. Layouts follow the real writers: huggingface/safetensors
// (safetensors/src/tensor.rs: 8-byte length, JSON padded with spaces to 8
// bytes, tensors contiguous), transformers / huggingface_hub sharding
// ("model-00001-of-00002.safetensors" and model.safetensors.index.json
// {"metadata": {"total_size"}, "weight_map"}), diffusers model_index.json
// and huggingface_hub's cache (models--org--name/{refs,snapshots,blobs}).
package hfgen

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gputaskman/gtm/inspect/safetensors"
)

// Tensor is one tensor to write: its name, safetensors dtype and shape.
type Tensor struct {
	Name  string
	DType string
	Shape []uint64
}

// Elements is the product of the shape.
func (t Tensor) Elements() uint64 {
	n := uint64(1)
	for _, d := range t.Shape {
		n *= d
	}
	return n
}

// Bytes is the tensor's data size: elements × the dtype's width.
func (t Tensor) Bytes() uint64 {
	b, ok := safetensors.DTypeBits(t.DType)
	if !ok {
		panic("hfgen: unknown dtype " + t.DType)
	}
	return t.Elements() * b / 8
}

// Sum returns the parameters and bytes of tensors: what a parser must
// report for them.
func Sum(tensors []Tensor) (params, nbytes uint64) {
	for _, t := range tensors {
		params += t.Elements()
		nbytes += t.Bytes()
	}
	return params, nbytes
}

// Header returns the first bytes of a safetensors file holding tensors (in
// the order given): the 8-byte length and the JSON header, and the size of
// the data part that follows.
func Header(metadata map[string]string, tensors []Tensor) (head []byte, dataSize uint64) {
	var js bytes.Buffer
	js.WriteByte('{')
	if metadata != nil {
		m, _ := json.Marshal(metadata)
		js.WriteString(`"__metadata__":`)
		js.Write(m)
	}
	var off uint64
	for i, t := range tensors {
		if i > 0 || metadata != nil {
			js.WriteByte(',')
		}
		name, _ := json.Marshal(t.Name)
		shape := t.Shape
		if shape == nil {
			shape = []uint64{}
		}
		sh, _ := json.Marshal(shape)
		n := t.Bytes()
		fmt.Fprintf(&js, `%s:{"dtype":%q,"shape":%s,"data_offsets":[%d,%d]}`, name, t.DType, sh, off, off+n)
		off += n
	}
	js.WriteByte('}')
	for js.Len()%8 != 0 {
		js.WriteByte(' ')
	}
	head = binary.LittleEndian.AppendUint64(nil, uint64(js.Len()))
	return append(head, js.Bytes()...), off
}

// WriteSafetensors writes a safetensors file at path; the data part is a
// zero-filled hole, so large shapes cost no disk.
func WriteSafetensors(path string, metadata map[string]string, tensors []Tensor) error {
	head, data := Header(metadata, tensors)
	if err := os.WriteFile(path, head, 0o644); err != nil {
		return err
	}
	return os.Truncate(path, int64(len(head))+int64(data))
}

// WriteJSON writes v as indented JSON to path (config.json, an index).
func WriteJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// Model is a transformers model folder to write.
type Model struct {
	// Config is config.json's content; nil writes none.
	Config map[string]any
	// Tensors are the weights, all in one file or split across Shards.
	Tensors []Tensor
	// Shards > 1 splits the tensors round-robin across that many files
	// named as transformers names them, with an index.
	Shards int
	// Base names the weights file ("model" → model.safetensors,
	// model-00001-of-00002.safetensors, model.safetensors.index.json);
	// "" is "model". Diffusers components use "diffusion_pytorch_model".
	Base string
}

// WriteModel writes m into dir (created if needed) and returns the weight
// files' names.
func WriteModel(dir string, m Model) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if m.Config != nil {
		if err := WriteJSON(filepath.Join(dir, "config.json"), m.Config); err != nil {
			return nil, err
		}
	}
	base := m.Base
	if base == "" {
		base = "model"
	}
	if m.Shards <= 1 {
		name := base + ".safetensors"
		return []string{name}, WriteSafetensors(filepath.Join(dir, name), map[string]string{"format": "pt"}, m.Tensors)
	}
	parts := make([][]Tensor, m.Shards)
	for i, t := range m.Tensors {
		parts[i%m.Shards] = append(parts[i%m.Shards], t)
	}
	weightMap := map[string]string{}
	var names []string
	for i, p := range parts {
		name := fmt.Sprintf("%s-%05d-of-%05d.safetensors", base, i+1, m.Shards)
		if err := WriteSafetensors(filepath.Join(dir, name), map[string]string{"format": "pt"}, p); err != nil {
			return nil, err
		}
		for _, t := range p {
			weightMap[t.Name] = name
		}
		names = append(names, name)
	}
	_, total := Sum(m.Tensors)
	index := map[string]any{"metadata": map[string]any{"total_size": total}, "weight_map": weightMap}
	return names, WriteJSON(filepath.Join(dir, base+".safetensors.index.json"), index)
}

// Component is one diffusers pipeline part: its folder name, its library
// and class as model_index.json lists them, and its model.
type Component struct {
	Name, Library, Class string
	Model                Model
}

// WritePipeline writes a diffusers pipeline folder: model_index.json
// ({"_class_name", "_diffusers_version", "<component>": [library, class]})
// and one subfolder per component.
func WritePipeline(dir, className string, comps []Component) error {
	index := map[string]any{"_class_name": className, "_diffusers_version": "0.32.0"}
	for _, c := range comps {
		index[c.Name] = []string{c.Library, c.Class}
		if _, err := WriteModel(filepath.Join(dir, c.Name), c.Model); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return WriteJSON(filepath.Join(dir, "model_index.json"), index)
}

// HubSnapshot makes the hub cache folders of repository id ("org/name") at
// revision rev under root — models--org--name/snapshots/<rev>, with
// refs/main naming rev when main is true — and returns the snapshot folder
// to write the model into. Call LinkBlobs afterwards to move its files
// into blobs/ as huggingface_hub does.
func HubSnapshot(root, id, rev string, main bool) (string, error) {
	repo := filepath.Join(root, "models--"+strings.ReplaceAll(id, "/", "--"))
	snap := filepath.Join(repo, "snapshots", rev)
	if err := os.MkdirAll(snap, 0o755); err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Join(repo, "refs"), 0o755); err != nil {
		return "", err
	}
	if main {
		if err := os.WriteFile(filepath.Join(repo, "refs", "main"), []byte(rev), 0o644); err != nil {
			return "", err
		}
	}
	return snap, nil
}

// LinkBlobs moves every file under a snapshot folder into the repository's
// blobs/ (named by a hash of its path, standing in for the content hash)
// and leaves a relative symbolic link in its place, as the hub cache
// stores files.
func LinkBlobs(snapshot string) error {
	blobs := filepath.Join(snapshot, "..", "..", "blobs")
	if err := os.MkdirAll(blobs, 0o755); err != nil {
		return err
	}
	var files []string
	err := filepath.WalkDir(snapshot, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		return err
	}
	slices.Sort(files)
	for _, p := range files {
		sum := sha256.Sum256([]byte(p))
		blob := filepath.Join(blobs, hex.EncodeToString(sum[:]))
		if err := os.Rename(p, blob); err != nil {
			return err
		}
		rel, err := filepath.Rel(filepath.Dir(p), blob)
		if err != nil {
			return err
		}
		if err := os.Symlink(rel, p); err != nil {
			return err
		}
	}
	return nil
}

// Decoder describes a Llama-style decoder for DecoderTensors.
type Decoder struct {
	Layers, Hidden, Heads, KVHeads, HeadDim, Intermediate, Vocab int
	DType                                                        string
	TiedEmbeddings                                               bool
}

// DecoderTensors returns the weights transformers' Llama/Qwen3 layout
// names for d: embeddings, per layer attention (q/k/v/o), MLP
// (gate/up/down) and norms, the final norm and, unless tied, lm_head.
func DecoderTensors(d Decoder) []Tensor {
	u := func(v int) uint64 { return uint64(v) }
	dt := d.DType
	if dt == "" {
		dt = "BF16"
	}
	hd := d.HeadDim
	if hd == 0 {
		hd = d.Hidden / d.Heads
	}
	ts := []Tensor{T("model.embed_tokens.weight", dt, u(d.Vocab), u(d.Hidden))}
	for i := range d.Layers {
		p := fmt.Sprintf("model.layers.%d.", i)
		ts = append(ts,
			T(p+"self_attn.q_proj.weight", dt, u(d.Heads*hd), u(d.Hidden)),
			T(p+"self_attn.k_proj.weight", dt, u(d.KVHeads*hd), u(d.Hidden)),
			T(p+"self_attn.v_proj.weight", dt, u(d.KVHeads*hd), u(d.Hidden)),
			T(p+"self_attn.o_proj.weight", dt, u(d.Hidden), u(d.Heads*hd)),
			T(p+"mlp.gate_proj.weight", dt, u(d.Intermediate), u(d.Hidden)),
			T(p+"mlp.up_proj.weight", dt, u(d.Intermediate), u(d.Hidden)),
			T(p+"mlp.down_proj.weight", dt, u(d.Hidden), u(d.Intermediate)),
			T(p+"input_layernorm.weight", dt, u(d.Hidden)),
			T(p+"post_attention_layernorm.weight", dt, u(d.Hidden)),
		)
	}
	ts = append(ts, T("model.norm.weight", dt, u(d.Hidden)))
	if !d.TiedEmbeddings {
		ts = append(ts, T("lm_head.weight", dt, u(d.Vocab), u(d.Hidden)))
	}
	return ts
}

// T is a short Tensor literal: T("w", "BF16", 4096, 4096).
func T(name, dtype string, shape ...uint64) Tensor {
	if shape == nil {
		shape = []uint64{}
	}
	return Tensor{Name: name, DType: dtype, Shape: shape}
}
