package procmaps

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// Perm is a region's permission field ("r-xp", "r--s", ...).
type Perm uint8

const (
	Read  Perm = 1 << iota // r
	Write                  // w
	Exec                   // x
	// Shared is 's' (MAP_SHARED); 'p' is a private copy-on-write mapping.
	Shared
)

// String gives the four characters maps prints.
func (p Perm) String() string {
	b := []byte("---p")
	for i, f := range [...]struct {
		bit Perm
		c   byte
	}{{Read, 'r'}, {Write, 'w'}, {Exec, 'x'}, {Shared, 's'}} {
		if p&f.bit != 0 {
			b[i] = f.c
		}
	}
	return string(b)
}

// Dev is a device number; maps prints it as major:minor in hex.
type Dev struct{ Major, Minor uint32 }

func (d Dev) String() string { return fmt.Sprintf("%02x:%02x", d.Major, d.Minor) }

// Region is one line of /proc/<pid>/maps.
type Region struct {
	Start, End uint64 // addresses, End exclusive
	Perm       Perm
	Offset     uint64 // offset into the file
	Dev        Dev
	Inode      uint64 // 0 for anonymous and pseudo regions
	// Path is the pathname field: empty (anonymous), a pseudo-path such
	// as "[heap]" or "[anon:name]", or a file path. The kernel writes a
	// newline in a name as \012; that is decoded here. A file the process
	// still maps after it was unlinked has " (deleted)" appended by the
	// kernel; that suffix is removed and Deleted set instead.
	Path    string
	Deleted bool
}

// Size is the region's length in bytes.
func (r Region) Size() uint64 { return r.End - r.Start }

// IsFile reports whether the region maps a real file, not an anonymous or
// pseudo region. Shared anonymous memory also carries a path ("/dev/zero",
// "/SYSV<key>", "/anon_hugepage", always deleted), which is not a file
// anyone opened, so it is not counted either.
func (r Region) IsFile() bool { return isFile(r.Path, r.Deleted) }

// isFile is IsFile on a raw path, string or bytes, without allocating.
func isFile[S string | []byte](p S, deleted bool) bool {
	if len(p) == 0 || p[0] != '/' {
		return false
	}
	// Direct comparisons of string(p) do not allocate.
	if deleted && (string(p) == "/dev/zero" || string(p) == "/anon_hugepage" ||
		len(p) >= 5 && string(p[:5]) == "/SYSV") {
		return false
	}
	return true
}

// String formats r as the kernel would print it in maps, so
// ParseLine(r.String()) gives r back.
func (r Region) String() string {
	s := fmt.Sprintf("%08x-%08x %s %08x %s %d", r.Start, r.End, r.Perm, r.Offset, r.Dev, r.Inode)
	if r.Path == "" {
		return s
	}
	const pathColumn = 73 // the kernel pads to here on 64-bit
	pad := max(pathColumn-len(s), 1)
	path := strings.ReplaceAll(r.Path, "\n", `\012`)
	if r.Deleted {
		path += deletedSuffix
	}
	return s + strings.Repeat(" ", pad) + path
}

const deletedSuffix = " (deleted)"

var (
	errAddr  = errors.New("procmaps: bad address range")
	errPerm  = errors.New("procmaps: bad permissions")
	errOff   = errors.New("procmaps: bad offset")
	errDev   = errors.New("procmaps: bad device")
	errInode = errors.New("procmaps: bad inode")
)

// ParseLine parses one maps line (a trailing newline is allowed). It
// never panics on any input; see FuzzParseLine.
func ParseLine(line []byte) (Region, error) {
	r, raw, err := parseLine(line)
	if err != nil {
		return Region{}, err
	}
	r.Path = decodePath(raw)
	return r, nil
}

// parseLine does ParseLine's work but leaves the path as raw bytes
// (deleted suffix removed, not yet decoded), so Scan can look it up in a
// map without allocating a string per line.
func parseLine(b []byte) (r Region, path []byte, err error) {
	b = bytes.TrimSuffix(b, []byte{'\n'})
	c := cursor{b: b}
	var ok bool
	if r.Start, ok = c.hex('-'); !ok {
		return r, nil, errAddr
	}
	if r.End, ok = c.hex(' '); !ok || r.End < r.Start {
		return r, nil, errAddr
	}
	if r.Perm, ok = c.perm(); !ok {
		return r, nil, errPerm
	}
	if r.Offset, ok = c.hex(' '); !ok {
		return r, nil, errOff
	}
	major, ok1 := c.hex(':')
	minor, ok2 := c.hex(' ')
	if !ok1 || !ok2 || major > 0xffffffff || minor > 0xffffffff {
		return r, nil, errDev
	}
	r.Dev = Dev{uint32(major), uint32(minor)}
	if r.Inode, ok = c.dec(); !ok {
		return r, nil, errInode
	}
	// The pathname is the rest of the line after the padding; it may
	// itself contain spaces.
	path = bytes.TrimLeft(b[c.i:], " ")
	if len(path) > 0 && path[0] == '/' && bytes.HasSuffix(path, []byte(deletedSuffix)) {
		path = path[:len(path)-len(deletedSuffix)]
		r.Deleted = true
	}
	return r, path, nil
}

// decodePath turns the kernel's \012 escape back into a newline. The
// kernel escapes nothing else, so a name really containing the four
// characters `\012` cannot be told apart; newlines win.
func decodePath(raw []byte) string {
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw)
	}
	return strings.ReplaceAll(string(raw), `\012`, "\n")
}

// cursor walks a maps line field by field.
type cursor struct {
	b []byte
	i int
}

// hex reads 1 to 16 hex digits followed by stop, consuming both.
func (c *cursor) hex(stop byte) (uint64, bool) {
	var v uint64
	n := 0
	for ; c.i < len(c.b); c.i++ {
		d := unhex(c.b[c.i])
		if d < 0 {
			break
		}
		v = v<<4 | uint64(d)
		n++
	}
	if n == 0 || n > 16 || c.i >= len(c.b) || c.b[c.i] != stop {
		return 0, false
	}
	c.i++
	return v, true
}

// dec reads a decimal number that ends the line or is followed by a space
// (the space is left for the path padding).
func (c *cursor) dec() (uint64, bool) {
	var v uint64
	n := 0
	for ; c.i < len(c.b) && c.b[c.i] >= '0' && c.b[c.i] <= '9'; c.i++ {
		d := uint64(c.b[c.i] - '0')
		if v > (1<<64-1-d)/10 {
			return 0, false // overflow
		}
		v = v*10 + d
		n++
	}
	if n == 0 || (c.i < len(c.b) && c.b[c.i] != ' ') {
		return 0, false
	}
	return v, true
}

// perm reads the four permission characters and the space after them.
func (c *cursor) perm() (Perm, bool) {
	if len(c.b)-c.i < 5 || c.b[c.i+4] != ' ' {
		return 0, false
	}
	var p Perm
	for k, allowed := range [4]string{"r-", "w-", "x-", "sp"} {
		switch ch := c.b[c.i+k]; ch {
		case allowed[0]:
			p |= [4]Perm{Read, Write, Exec, Shared}[k]
		case allowed[1]:
		default:
			return 0, false
		}
	}
	c.i += 5
	return p, true
}

func unhex(ch byte) int {
	switch {
	case ch >= '0' && ch <= '9':
		return int(ch - '0')
	case ch >= 'a' && ch <= 'f':
		return int(ch-'a') + 10
	case ch >= 'A' && ch <= 'F':
		return int(ch-'A') + 10
	}
	return -1
}
