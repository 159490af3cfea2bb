package onnx

// Bounds that keep a hostile file from costing more than a few MiB (at
// most ~7 MiB kept, accounted in gtm's parse budget) or milliseconds.
// Real models sit far inside them: large language models exported to
// ONNX have a few thousand initializers (at most one external file each),
// at most a few hundred thousand nodes, an opset or two and a handful of
// metadata entries.
const (
	MaxInitializers = 1 << 20 // dense + sparse initializers
	MaxNodes        = 1 << 22
	MaxOpsets       = 64
	MaxMetadata     = 256  // metadata_props entries kept (more are counted)
	MaxDims         = 64   // rank of one tensor
	MaxExternal     = 4096 // distinct external data files kept
	MaxString       = 4096 // bytes of a string kept; the rest is skipped
	MaxNotes        = 32
	// maxLocation cuts an external file's name kept (a file name is at
	// most 255 bytes; a location is a path relative to the model).
	maxLocation = 1024
)

// Model is what an ONNX file's ModelProto says. Figures from the file are
// exact: Parameters and InitializerBytes are computed from each
// initializer's declared dims and data type, not from the bytes stored.
type Model struct {
	IRVersion       int64  // ModelProto.ir_version
	Producer        string // producer_name ("pytorch", "onnxruntime.transformers"...)
	ProducerVersion string
	Domain          string
	// ModelVersion is ModelProto.model_version (0 when absent).
	ModelVersion int64
	Opsets       []Opset // opset_import, in file order
	// Metadata is metadata_props, in file order (at most MaxMetadata).
	Metadata []Property

	GraphName string
	// Nodes is the number of NodeProto in the main graph (counted, not
	// read; sub-graphs inside attributes are not counted).
	Nodes int
	// Initializers counts the main graph's initializers, dense and sparse.
	Initializers int
	// SparseInitializers is how many of Initializers are sparse.
	SparseInitializers int
	// Parameters is the exact number of weight elements: the sum over
	// initializers of the product of their dims (a sparse initializer
	// counts its dense shape).
	Parameters uint64
	// InitializerBytes is the exact size of the weights: elements × the
	// data type's width (sub-byte types packed, as ONNX stores them),
	// summed over the initializers whose data type is known. A sparse
	// initializer counts its stored values and indices.
	// UncountedInitializers says how many are missing from it.
	InitializerBytes uint64
	// UncountedInitializers is the number of initializers left out of
	// InitializerBytes: data type undefined, unknown, or STRING.
	UncountedInitializers int
	// ExternalData is true when any initializer keeps its data in an
	// external file (data_location EXTERNAL).
	ExternalData bool
	// ExternalFiles are the external data locations as the file names
	// them (relative to the model's folder), deduplicated, in order of
	// first use. The parser never opens them: the caller decides, with
	// the process's rights, whether to.
	ExternalFiles []string
	// ExternalBytes is the sum of the "length" entries the file declares
	// for its external tensors (reported by the file, not checked against
	// the external files); 0 when none declares a length.
	ExternalBytes uint64
	// Notes are short remarks on what was odd or dropped.
	Notes []string
}

// Opset is one OperatorSetIdProto: domain "" is the default ONNX domain
// ("ai.onnx").
type Opset struct {
	Domain  string
	Version int64
}

// Property is one metadata_props entry.
type Property struct {
	Key, Value string
}

// Data types, TensorProto.DataType in onnx/onnx's onnx/onnx.proto.
const (
	TypeUndefined      = 0
	TypeFloat          = 1
	TypeUint8          = 2
	TypeInt8           = 3
	TypeUint16         = 4
	TypeInt16          = 5
	TypeInt32          = 6
	TypeInt64          = 7
	TypeString         = 8
	TypeBool           = 9
	TypeFloat16        = 10
	TypeDouble         = 11
	TypeUint32         = 12
	TypeUint64         = 13
	TypeComplex64      = 14
	TypeComplex128     = 15
	TypeBFloat16       = 16
	TypeFloat8E4M3FN   = 17
	TypeFloat8E4M3FNUZ = 18
	TypeFloat8E5M2     = 19
	TypeFloat8E5M2FNUZ = 20
	TypeUint4          = 21
	TypeInt4           = 22
	TypeFloat4E2M1     = 23
	TypeFloat8E8M0     = 24
	TypeUint2          = 25
	TypeInt2           = 26
)

// typeBits is each data type's element width in bits; 0 for undefined
// and STRING, whose size is not fixed.
var typeBits = [...]uint64{
	TypeFloat: 32, TypeUint8: 8, TypeInt8: 8, TypeUint16: 16, TypeInt16: 16,
	TypeInt32: 32, TypeInt64: 64, TypeBool: 8, TypeFloat16: 16,
	TypeDouble: 64, TypeUint32: 32, TypeUint64: 64, TypeComplex64: 64,
	TypeComplex128: 128, TypeBFloat16: 16,
	TypeFloat8E4M3FN: 8, TypeFloat8E4M3FNUZ: 8, TypeFloat8E5M2: 8, TypeFloat8E5M2FNUZ: 8,
	TypeUint4: 4, TypeInt4: 4, TypeFloat4E2M1: 4, TypeFloat8E8M0: 8,
	TypeUint2: 2, TypeInt2: 2,
}

// TypeBits is the element width of data type t in bits, 0 when it is not
// fixed (STRING) or not known.
func TypeBits(t int64) uint64 {
	if t < 0 || t >= int64(len(typeBits)) {
		return 0
	}
	return typeBits[t]
}

// TypeBytes is the stored size of n elements of data type t: sub-byte
// types are packed, rounded up to a whole byte. ok is false when the type
// has no fixed width or the size overflows.
func TypeBytes(t int64, n uint64) (uint64, bool) {
	bits := TypeBits(t)
	if bits == 0 {
		return 0, false
	}
	if n > (^uint64(0)-7)/bits {
		return 0, false
	}
	return (n*bits + 7) / 8, true
}
