// Package onnx reads what an ONNX model file says about itself — IR and
// opset versions, producer, graph size and its initializers (the weights)
// — without reading a weight byte.
//
// The reader is a hand-written protobuf wire decoder for onnx.proto's
// ModelProto (field numbers from onnx/onnx's onnx/onnx.proto). It walks
// the file front to back through an io.ReaderAt and skips every
// length-delimited payload it does not need by offset: a 2 GB model keeps
// its weights inline in TensorProto.raw_data, and only the length prefix
// of each is read. Strings are kept up to MaxString bytes.
//
// It descends only along the fixed path ModelProto → GraphProto →
// TensorProto / SparseTensorProto → StringStringEntryProto, never into
// nodes, attributes or sub-graphs, so message nesting is bounded by
// construction (four levels). Counts are bounded (MaxInitializers,
// MaxNodes, MaxDims...), lengths are checked against the enclosing
// message and the file size before use, and element products are
// overflow-checked. Errors are one line and wrap ErrInvalid,
// ErrTruncated, ErrTooLarge or ErrRead; Parse never panics.
//
// Package onnxgen writes ONNX files for tests.
package onnx
