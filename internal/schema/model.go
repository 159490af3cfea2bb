package schema

import "time"

// Runtime is a GPU/AI runtime found in a process's mapped libraries. It
// proves presence only (docs/design.md, evidence rule 4).
type Runtime struct {
	Name      string   `json:"name"`
	Detail    string   `json:"detail,omitempty"`
	Libraries []string `json:"libraries"`
}

// Amount is a byte count with its provenance: "estimated" (computed from
// a model header) or "reported" (a runtime's log or API), and where it came
// from ("gguf", "log", "api").
type Amount struct {
	Bytes  uint64 `json:"bytes"`
	Source string `json:"source"`
	From   string `json:"from"`
}

// Model is one model file a process holds or names, with the evidence for
// it and what its header says. Header fields are null when the file is not
// a GGUF or could not be read (HeaderError says why).
type Model struct {
	Path string `json:"path"`
	// Name is a friendly name from a model store ("qwen3:14b"); null
	// when no store knows the file. Store names the store.
	Name  *string `json:"name"`
	Store *string `json:"store"`
	// Role is how the process uses the file: model, projector, lora,
	// draft, vae, ... ("model" when only mapped).
	Role     string   `json:"role"`
	Format   *string  `json:"format"`
	Evidence []string `json:"evidence"`
	// Confirmed: two sources of load evidence including api or mapped, or
	// including opened when the opener's VRAM rose within seconds of it.
	Confirmed bool `json:"confirmed"`
	// OpenedAt is when the process last opened the file while gtm traced
	// opens (--trace-opens): opened evidence; null otherwise.
	OpenedAt *time.Time `json:"opened_at"`
	// Candidate: found only among installed files; not proven loaded.
	Candidate bool `json:"candidate"`
	Deleted   bool `json:"deleted"`

	Kind *string `json:"kind"`
	// OutputModalities are what the model produces as its server's API
	// reports it (llama-server /v1/models: "text", "decisions"); null
	// when no API said.
	OutputModalities []string `json:"output_modalities"`
	KindHint         *string  `json:"kind_hint"`
	KindLabel        *string  `json:"kind_label"`
	Architecture     *string  `json:"architecture"`
	Quantization     *string  `json:"quantization"`
	Layers           *uint32  `json:"layers"`
	Parameters       *uint64  `json:"parameters"`
	TrainedContext   *uint64  `json:"trained_context"`
	// Weights are the file's tensor bytes: what llama.cpp loads, as an
	// estimate of the model's memory (not a measurement of VRAM).
	Weights *Amount `json:"weights"`
	// FormatDetail is what an ONNX, PyTorch or TensorRT file says of
	// itself in one line (opsets, producer, storages, engine ranks); null
	// for GGUF and safetensors, whose fields above say it.
	FormatDetail *string `json:"format_detail"`
	HeaderError  *string `json:"header_error"`
}
