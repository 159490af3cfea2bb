package netports

// Limits on one call. A busy server can hold tens of thousands of
// sockets; past these the answer is partial rather than slow.
const (
	// MaxFDs is how many entries of /proc/<pid>/fd are read.
	MaxFDs = 65536
	// MaxLines is how many rows of each tcp table are read.
	MaxLines = 1 << 20
)
