package onnx

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"unsafe"

	"github.com/gputaskman/gtm/inspect/parsebudget"
	"github.com/gputaskman/gtm/internal/binread"
)

// Field numbers, from onnx/onnx's onnx/onnx.proto.
const (
	// ModelProto
	modelIRVersion       = 1
	modelProducerName    = 2
	modelProducerVersion = 3
	modelDomain          = 4
	modelModelVersion    = 5
	modelGraph           = 7
	modelOpsetImport     = 8
	modelMetadataProps   = 14

	// OperatorSetIdProto
	opsetDomain  = 1
	opsetVersion = 2

	// StringStringEntryProto
	entryKey   = 1
	entryValue = 2

	// GraphProto
	graphNode              = 1
	graphName              = 2
	graphInitializer       = 5
	graphSparseInitializer = 15

	// TensorProto
	tensorDims         = 1
	tensorDataType     = 2
	tensorFloatData    = 4
	tensorInt32Data    = 5
	tensorStringData   = 6
	tensorInt64Data    = 7
	tensorRawData      = 9
	tensorUint64Data   = 11
	tensorDoubleData   = 10
	tensorExternalData = 13
	tensorDataLocation = 14

	// SparseTensorProto
	sparseValues  = 1
	sparseIndices = 2
	sparseDims    = 3

	locationExternal = 1
)

// maxScan bounds how much of a packed varint payload (int32_data,
// int64_data, uint64_data) is read to count its elements; a longer one is
// left uncounted.
const maxScan = 1 << 20

const maxIRVersion = 100

// Parse reads the ModelProto in the first size bytes of r. It never reads
// a weight payload (raw_data or typed data) beyond counting small packed
// varint lists, and never opens external data files.
func Parse(r io.ReaderAt, size int64) (*Model, error) {
	return ParseContext(context.Background(), r, size)
}

// ParseContext is Parse stopping once ctx ends (its error is then the
// *Error's Class). What the model makes it keep (metadata, opsets,
// external file names) is accounted in gtm's parse budget first; past it
// the parse fails with an *Error whose Class wraps parsebudget.ErrOver.
func ParseContext(ctx context.Context, r io.ReaderAt, size int64) (*Model, error) {
	if size <= 0 {
		return nil, newErr(ErrInvalid, "empty file")
	}
	res := parsebudget.Reserve()
	defer res.Release()
	rd := newReader(ctx, r, size)
	p := &parser{rd: rd, m: &Model{}, ext: map[string]bool{}, res: res}
	// the read buffer and the model's few single strings (producer, domain…)
	if err := p.grow(int64(rd.w.BufLen())+8*MaxString, "read buffer"); err != nil {
		return nil, err
	}
	if err := p.model(size); err != nil {
		return nil, err
	}
	if !p.haveIR {
		return nil, newErr(ErrInvalid, "no ir_version: not an ONNX model")
	}
	// IR versions count up from 1 (onnx.proto's Version enum; 11 in
	// 2025): anything far outside is another protobuf, or noise.
	if p.m.IRVersion < 1 || p.m.IRVersion > maxIRVersion {
		return nil, newErr(ErrInvalid, "ir_version %d: not an ONNX model", p.m.IRVersion)
	}
	if p.mismatch > 0 {
		p.note(fmt.Sprintf("%d initializers store a different number of bytes or elements than their dims and data type say", p.mismatch))
	}
	if p.m.UncountedInitializers > 0 {
		p.note(fmt.Sprintf("%d initializers of undefined, unknown or STRING data type are not in the weight bytes", p.m.UncountedInitializers))
	}
	return p.m, nil
}

type parser struct {
	res      *parsebudget.Reservation
	location []byte
	rd       *reader
	m        *Model
	haveIR   bool
	ext      map[string]bool
	mismatch int
	cutNoted bool
	extNoted bool
	metaDrop int
}

// grow accounts n bytes the parse is about to keep in gtm's parse budget.
func (p *parser) grow(n int64, what string) error {
	if err := p.res.Grow(n); err != nil {
		return newErr(err, "%s: %s", p.rd.where, what)
	}
	return nil
}

func (p *parser) note(s string) {
	if len(p.m.Notes) < MaxNotes {
		p.m.Notes = append(p.m.Notes, s)
	}
}

// str reads a string field, noting once that long strings were cut.
func (p *parser) str(f field) (string, error) {
	s, cut, err := p.rd.str(f)
	if cut && !p.cutNoted {
		p.cutNoted = true
		p.note(fmt.Sprintf("strings longer than %d bytes are cut", MaxString))
	}
	return s, err
}

// each runs fn on every field of the message at [start, stop) and leaves
// the reader at stop.
func (p *parser) each(where loc, start, stop int64, fn func(field) error) error {
	saveWhere := p.rd.where
	p.rd.where, p.rd.pos = where, start
	for p.rd.pos < stop {
		f, err := p.rd.next(stop)
		if err != nil {
			return err
		}
		if err := fn(f); err != nil {
			return err
		}
	}
	p.rd.pos, p.rd.where = stop, saveWhere
	return nil
}

// wantWire checks a known field's wire type.
func (p *parser) wantWire(f field, w uint8, name string) error {
	if f.wire != w {
		return newErr(ErrInvalid, "%s: %s has wire type %d, want %d", p.rd.where, name, f.wire, w)
	}
	return nil
}

func (p *parser) model(size int64) error {
	return p.each(loc{what: "model", i: -1}, 0, size, func(f field) error {
		var err error
		switch f.num {
		case modelIRVersion:
			if err = p.wantWire(f, binread.WireVarint, "ir_version"); err == nil {
				p.m.IRVersion, p.haveIR = int64(f.v), true
			}
		case modelProducerName, modelProducerVersion, modelDomain:
			if err = p.wantWire(f, binread.WireBytes, "string field"); err != nil {
				return err
			}
			var s string
			s, err = p.str(f)
			switch f.num {
			case modelProducerName:
				p.m.Producer = s
			case modelProducerVersion:
				p.m.ProducerVersion = s
			default:
				p.m.Domain = s
			}
		case modelModelVersion:
			if err = p.wantWire(f, binread.WireVarint, "model_version"); err == nil {
				p.m.ModelVersion = int64(f.v)
			}
		case modelOpsetImport:
			if err = p.wantWire(f, binread.WireBytes, "opset_import"); err == nil {
				err = p.opset(f)
			}
		case modelMetadataProps:
			if err = p.wantWire(f, binread.WireBytes, "metadata_props"); err == nil {
				err = p.metadata(f)
			}
		case modelGraph:
			if err = p.wantWire(f, binread.WireBytes, "graph"); err == nil {
				err = p.graph(f)
			}
		}
		return err
	})
}

func (p *parser) opset(f field) error {
	if len(p.m.Opsets) >= MaxOpsets {
		return newErr(ErrTooLarge, "model: more than %d opset_import entries", MaxOpsets)
	}
	var o Opset
	err := p.each(loc{what: "opset_import", i: len(p.m.Opsets)}, f.start, f.stop, func(f field) error {
		switch f.num {
		case opsetDomain:
			if err := p.wantWire(f, binread.WireBytes, "domain"); err != nil {
				return err
			}
			s, err := p.str(f)
			o.Domain = s
			return err
		case opsetVersion:
			if err := p.wantWire(f, binread.WireVarint, "version"); err != nil {
				return err
			}
			o.Version = int64(f.v)
		}
		return nil
	})
	if err == nil {
		err = p.grow(int64(len(o.Domain))+int64(unsafe.Sizeof(o)), "opset_import")
	}
	if err == nil {
		p.m.Opsets = append(p.m.Opsets, o)
	}
	return err
}

// entry reads a StringStringEntryProto.
func (p *parser) entry(where loc, f field) (key, value string, err error) {
	kf, vf, err := p.entryFields(where, f)
	if err == nil {
		key, err = p.str(kf)
	}
	if err == nil {
		value, err = p.str(vf)
	}
	return key, value, err
}

// entryFields finds a StringStringEntryProto's key and value, reading
// neither: an initializer's external_data entries are compared, not
// kept.
func (p *parser) entryFields(where loc, f field) (key, value field, err error) {
	err = p.each(where, f.start, f.stop, func(f field) error {
		if f.num != entryKey && f.num != entryValue {
			return nil
		}
		if err := p.wantWire(f, binread.WireBytes, "key/value"); err != nil {
			return err
		}
		if f.num == entryKey {
			key = f
		} else {
			value = f
		}
		return nil
	})
	return key, value, err
}

func (p *parser) metadata(f field) error {
	if len(p.m.Metadata) >= MaxMetadata {
		if p.metaDrop++; p.metaDrop == 1 {
			p.note(fmt.Sprintf("metadata_props past the first %d are not kept", MaxMetadata))
		}
		return nil
	}
	k, v, err := p.entry(loc{what: "metadata_props", i: len(p.m.Metadata)}, f)
	if err == nil {
		err = p.grow(int64(len(k)+len(v))+int64(unsafe.Sizeof(Property{})), "metadata_props")
	}
	if err == nil {
		p.m.Metadata = append(p.m.Metadata, Property{Key: k, Value: v})
	}
	return err
}

func (p *parser) graph(g field) error {
	return p.each(loc{what: "graph", i: -1}, g.start, g.stop, func(f field) error {
		switch f.num {
		case graphNode:
			if err := p.wantWire(f, binread.WireBytes, "node"); err != nil {
				return err
			}
			if p.m.Nodes >= MaxNodes {
				return newErr(ErrTooLarge, "graph: more than %d nodes", MaxNodes)
			}
			p.m.Nodes++
		case graphName:
			if err := p.wantWire(f, binread.WireBytes, "name"); err != nil {
				return err
			}
			s, err := p.str(f)
			p.m.GraphName = s
			return err
		case graphInitializer, graphSparseInitializer:
			if err := p.wantWire(f, binread.WireBytes, "initializer"); err != nil {
				return err
			}
			if p.m.Initializers >= MaxInitializers {
				return newErr(ErrTooLarge, "graph: more than %d initializers", MaxInitializers)
			}
			where := loc{what: "initializer", i: p.m.Initializers}
			p.m.Initializers++
			if f.num == graphSparseInitializer {
				p.m.SparseInitializers++
				return p.sparse(where, f)
			}
			t, err := p.tensor(where, f)
			if err != nil {
				return err
			}
			p.addDense(where, t)
		}
		return nil
	})
}

// tensorInfo is what a TensorProto says about its size.
type tensorInfo struct {
	dims     []int64
	dtype    int64
	haveType bool
	elements uint64 // product of dims
	overflow bool   // the product does not fit 64 bits
	external bool
	extLen   uint64
	haveExt  bool // an external length was given
	rawLen   int64
	haveRaw  bool
	typedN   uint64 // elements in typed data fields
	haveTyp  bool
	typedUnk bool // a typed field too long to count
}

func (p *parser) tensor(where loc, f field) (*tensorInfo, error) {
	t := &tensorInfo{}
	p.location = p.location[:0] // the last external_data location, copied out of the read buffer
	if err := p.each(where, f.start, f.stop, func(f field) error { return p.tensorField(t, where, f) }); err != nil {
		return nil, err
	}
	if t.external {
		if err := p.external(t); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// tensorField reads one field of the TensorProto at where into t.
func (p *parser) tensorField(t *tensorInfo, where loc, f field) error {
	switch f.num {
	case tensorDims:
		return p.dims(t, f)
	case tensorDataType:
		if err := p.wantWire(f, binread.WireVarint, "data_type"); err != nil {
			return err
		}
		t.dtype, t.haveType = int64(int32(f.v)), true
	case tensorRawData:
		if err := p.wantWire(f, binread.WireBytes, "raw_data"); err != nil {
			return err
		}
		t.rawLen += f.stop - f.start
		t.haveRaw = true
	case tensorFloatData, tensorDoubleData, tensorInt32Data, tensorInt64Data, tensorUint64Data, tensorStringData:
		return p.typedData(t, f)
	case tensorExternalData:
		if err := p.wantWire(f, binread.WireBytes, "external_data"); err != nil {
			return err
		}
		return p.externalEntry(t, where, f)
	case tensorDataLocation:
		if err := p.wantWire(f, binread.WireVarint, "data_location"); err != nil {
			return err
		}
		t.external = f.v == locationExternal
	}
	return nil
}

// typedData counts the elements of a typed data field (float_data...),
// packed or one per field.
func (p *parser) typedData(t *tensorInfo, f field) error {
	t.haveTyp = true
	switch f.num {
	case tensorFloatData, tensorDoubleData:
		width := uint64(4)
		if f.num == tensorDoubleData {
			width = 8
		}
		switch f.wire {
		case binread.WireBytes: // packed
			t.typedN += uint64(f.stop-f.start) / width
		case binread.WireFixed32, binread.WireFixed64:
			t.typedN++
		}
	case tensorInt32Data, tensorInt64Data, tensorUint64Data:
		switch f.wire {
		case binread.WireBytes: // packed
			n, ok, err := p.rd.countVarints(f, maxScan)
			if err != nil {
				return err
			}
			t.typedN += n
			t.typedUnk = t.typedUnk || !ok
		case binread.WireVarint:
			t.typedN++
		}
	case tensorStringData:
		t.typedN++
	}
	return nil
}

// externalEntry reads one external_data entry: the location and length
// are kept.
func (p *parser) externalEntry(t *tensorInfo, where loc, f field) error {
	kf, vf, err := p.entryFields(loc{what: "initializer", i: where.i, sub: " external_data"}, f)
	if err != nil {
		return err
	}
	k, _, err := p.rd.view(kf, 16)
	if err != nil {
		return err
	}
	// A location is a path relative to the model's folder (onnx.proto's
	// external_data comment); kept as named, up to maxLocation bytes.
	switch string(k) {
	case "location":
		v, _, err := p.rd.view(vf, maxLocation)
		if err != nil {
			return err
		}
		p.location = append(p.location[:0], v...)
	case "length":
		v, _, err := p.rd.view(vf, 20)
		if err != nil {
			return err
		}
		if n, err := strconv.ParseUint(string(v), 10, 64); err == nil {
			t.extLen, t.haveExt = n, true
		}
	}
	return nil
}

// external accounts a tensor stored outside the model: its file, listed
// once, and its length.
func (p *parser) external(t *tensorInfo) error {
	p.m.ExternalData = true
	if len(p.location) > 0 && !p.ext[string(p.location)] {
		if len(p.m.ExternalFiles) < MaxExternal {
			if err := p.grow(int64(len(p.location))+64, "external data file"); err != nil { // the name, its slice and map entries
				return err
			}
			location := string(p.location)
			p.ext[location] = true
			p.m.ExternalFiles = append(p.m.ExternalFiles, location)
		} else if !p.extNoted {
			p.extNoted = true
			p.note(fmt.Sprintf("external data files past the first %d are not listed", MaxExternal))
		}
	}
	if t.haveExt {
		if p.m.ExternalBytes > math.MaxUint64-t.extLen {
			p.m.ExternalBytes = math.MaxUint64
		} else {
			p.m.ExternalBytes += t.extLen
		}
	}
	return nil
}

// dims reads TensorProto.dims, packed or not, and keeps their product.
func (p *parser) dims(t *tensorInfo, f field) error {
	add := func(v uint64) error {
		if len(t.dims) >= MaxDims {
			return newErr(ErrTooLarge, "%s: more than %d dims", p.rd.where, MaxDims)
		}
		d := int64(v)
		if d < 0 {
			return newErr(ErrInvalid, "%s: negative dim %d", p.rd.where, d)
		}
		t.dims = append(t.dims, d)
		return nil
	}
	switch f.wire {
	case binread.WireVarint:
		return add(f.v)
	case binread.WireBytes:
		save, saveWhere := p.rd.pos, p.rd.where
		p.rd.pos = f.start
		for p.rd.pos < f.stop {
			v, err := p.rd.varint(f.stop, "dim")
			if err != nil {
				return err
			}
			if err := add(v); err != nil {
				return err
			}
		}
		p.rd.pos, p.rd.where = save, saveWhere
		return nil
	}
	return newErr(ErrInvalid, "%s: dims has wire type %d", p.rd.where, f.wire)
}

// product sets elements from dims (no dims: a scalar, one element).
func (t *tensorInfo) product() {
	t.elements = 1
	for _, d := range t.dims {
		if d == 0 {
			t.elements, t.overflow = 0, false
			return
		}
		if !t.overflow && t.elements > math.MaxUint64/uint64(d) {
			t.overflow = true
		}
		if !t.overflow {
			t.elements *= uint64(d)
		}
	}
}

// bytes is the tensor's exact stored size from dims and type.
func (t *tensorInfo) bytes() (uint64, bool) {
	if t.overflow || !t.haveType {
		return 0, false
	}
	return TypeBytes(t.dtype, t.elements)
}

// consistent reports whether the data stored in the file matches what
// dims and type say (external data is not checked).
func (t *tensorInfo) consistent() bool {
	if t.external || t.overflow {
		return true
	}
	if t.haveRaw {
		b, ok := t.bytes()
		return !ok || uint64(t.rawLen) == b
	}
	if !t.haveTyp {
		return t.elements == 0 // weights declared but not stored
	}
	if !t.typedUnk {
		want := t.elements
		if t.dtype == TypeComplex64 || t.dtype == TypeComplex128 {
			want *= 2 // real and imaginary parts are separate elements
		}
		return t.typedN == want
	}
	return true
}

func (p *parser) addDense(where loc, t *tensorInfo) {
	t.product()
	if t.overflow {
		p.note(where.String() + ": element count overflows 64 bits; left out")
		p.m.UncountedInitializers++
		return
	}
	p.m.Parameters = addSat(p.m.Parameters, t.elements)
	if b, ok := t.bytes(); ok {
		p.m.InitializerBytes = addSat(p.m.InitializerBytes, b)
	} else {
		p.m.UncountedInitializers++
	}
	if !t.consistent() {
		p.mismatch++
	}
}

// sparse reads a SparseTensorProto: its dense shape counts as
// parameters, its stored values and indices as bytes.
func (p *parser) sparse(where loc, f field) error {
	dense := &tensorInfo{}
	var parts []*tensorInfo
	err := p.each(where, f.start, f.stop, func(f field) error {
		switch f.num {
		case sparseValues, sparseIndices:
			if err := p.wantWire(f, binread.WireBytes, "values/indices"); err != nil {
				return err
			}
			t, err := p.tensor(where, f)
			if err != nil {
				return err
			}
			p.rd.where = where
			parts = append(parts, t)
			if len(parts) > 4 {
				return newErr(ErrInvalid, "%s: repeated values/indices", where)
			}
		case sparseDims:
			return p.dims(dense, f)
		}
		return nil
	})
	if err != nil {
		return err
	}
	dense.product()
	if dense.overflow {
		p.note(where.String() + ": element count overflows 64 bits; left out")
		p.m.UncountedInitializers++
		return nil
	}
	p.m.Parameters = addSat(p.m.Parameters, dense.elements)
	var total uint64
	for _, t := range parts {
		t.product()
		b, ok := t.bytes()
		if !ok {
			p.m.UncountedInitializers++
			return nil
		}
		total = addSat(total, b)
	}
	if len(parts) == 0 {
		p.m.UncountedInitializers++
		return nil
	}
	p.m.InitializerBytes = addSat(p.m.InitializerBytes, total)
	return nil
}

func addSat(a, b uint64) uint64 {
	if a > math.MaxUint64-b {
		return math.MaxUint64
	}
	return a + b
}
