// Package gguf reads GGUF model headers — metadata and tensor infos, never
// tensor data — and estimates what llama.cpp will allocate for the model:
// weights, KV cache (or recurrent state), and their GPU/CPU split.
//
// The parser is its own, strict and safe on hostile input: GGUF v2 and v3,
// little-endian only; every length and count is checked against the bytes
// left in the file before anything is allocated; long arrays (token lists)
// are counted, not kept; the header may not exceed MaxHeaderBytes; tensor
// data must lie, aligned, inside the file; what the parse keeps is
// accounted in gtm's parse budget (inspect/parsebudget) before it is
// allocated, and ParseContext stops at its next read once its context
// ends. Errors are one line, wrap one of ErrNotGGUF, ErrUnsupported,
// ErrTruncated, ErrInvalid, ErrTooLarge or ErrRead (or the context's
// error, or parsebudget.ErrOver), and never come as a panic.
//
// Files:
//
//	parse.go     Parse, ParseContext, ParseFile: the wire format and its checks
//	reader.go    buffered, bounds-checked reads over an io.ReaderAt
//	value.go     metadata values
//	file.go      File, Tensor and the parser's limits
//	meta.go      hyper-parameters read from the metadata
//	types.go     the ggml type table (block sizes), KV cache types
//	ftype.go     general.file_type names
//	kind.go      what the file is: llm, embedding, decision...
//	hint.go      KindHint: decision-model names in paths
//	estimate.go  Estimate: weights, KV cells and bytes
//	swa.go       which layers use sliding-window attention
//	recurrent.go recurrent state and hybrid layer plans
//	offload.go   n_gpu_layers: GPU/CPU placement
//
// Package ggufgen writes GGUF files for tests.
package gguf
