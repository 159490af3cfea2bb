package binread

// MaxVarintLen is the longest base-128 varint of a 64-bit value.
const MaxVarintLen = 10

// Protobuf wire types (protobuf's encoding documentation). Groups (3, 4)
// are not used by the messages gtm reads, and both readers refuse them.
const (
	WireVarint  = 0
	WireFixed64 = 1
	WireBytes   = 2
	WireFixed32 = 5
)

// MaxFieldNum is the largest protobuf field number.
const MaxFieldNum = 1<<29 - 1

var (
	errVarintShort    = &Error{Class: ErrTruncated, Msg: "varint runs past the end"}
	errVarintOverflow = &Error{Class: ErrInvalid, Msg: "varint overflows 64 bits"}
)

// Uvarint decodes the base-128 varint (protobuf's, LEB128) at b's front:
// its value and length. One that b ends inside is ErrTruncated; a tenth
// byte above 1 overflows 64 bits and is ErrInvalid, so no varint is read
// past MaxVarintLen bytes.
func Uvarint(b []byte) (uint64, int, error) {
	var v uint64
	for i, c := range b {
		if i == MaxVarintLen-1 && c > 1 {
			return 0, 0, errVarintOverflow
		}
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			return v, i + 1, nil
		}
	}
	return 0, 0, errVarintShort
}
