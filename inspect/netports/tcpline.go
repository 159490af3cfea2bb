package netports

import (
	"encoding/binary"
	"errors"
	"net/netip"
)

// TCP states as /proc/net/tcp prints them (include/net/tcp_states.h).
const (
	stateSynRecv = 0x03
	stateListen  = 0x0A
)

// tcpRow is the part of a /proc/net/tcp or tcp6 row this package uses.
type tcpRow struct {
	Local netip.AddrPort
	State uint8
	UID   uint32
	Inode uint64
}

var errBadLine = errors.New("netports: malformed tcp table line")

// parseTCPLine parses one row of /proc/net/tcp or tcp6:
//
//	0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 12345 1 ...
//
// Fields: slot, local, remote, state, tx:rx queues, timer, retransmits,
// uid, timeout, inode, then more this package ignores. The header line
// and anything else malformed give errBadLine.
func parseTCPLine(line []byte) (tcpRow, error) {
	var f [10][]byte
	rest := line
	for i := range f {
		if f[i], rest = nextField(rest); f[i] == nil {
			return tcpRow{}, errBadLine
		}
	}
	slot := f[0]
	if len(slot) < 2 || slot[len(slot)-1] != ':' {
		return tcpRow{}, errBadLine
	}
	if _, ok := parseDec(slot[:len(slot)-1]); !ok {
		return tcpRow{}, errBadLine
	}
	local, ok := parseAddrPort(f[1])
	if !ok {
		return tcpRow{}, errBadLine
	}
	if remote, ok := parseAddrPort(f[2]); !ok || remote.Addr().BitLen() != local.Addr().BitLen() {
		return tcpRow{}, errBadLine
	}
	state, ok := parseHex(f[3], 2)
	if !ok {
		return tcpRow{}, errBadLine
	}
	uid, ok := parseDec(f[7])
	if !ok || uid > 1<<32-1 {
		return tcpRow{}, errBadLine
	}
	inode, ok := parseDec(f[9])
	if !ok {
		return tcpRow{}, errBadLine
	}
	return tcpRow{Local: local, State: uint8(state), UID: uint32(uid), Inode: inode}, nil
}

// nextField returns the next space-separated field of b and what follows
// it; a nil field when none is left.
func nextField(b []byte) (field, rest []byte) {
	i := 0
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	j := i
	for j < len(b) && !isSpace(b[j]) {
		j++
	}
	if i == j {
		return nil, nil
	}
	return b[i:j], b[j:]
}

// isSpace: blanks, tabs, CR and LF, and any other control byte, which
// never appears inside a field.
func isSpace(c byte) bool { return c <= ' ' }

// parseAddrPort decodes "0100007F:1F90" (IPv4) or 32 hex digits and a
// port (IPv6). The kernel prints each 32-bit word of the address as a
// number in host byte order, so on a little-endian machine 127.0.0.1 reads
// 0100007F and ::1 reads 00000000000000000000000001000000. The port is
// printed as a plain number.
func parseAddrPort(b []byte) (netip.AddrPort, bool) {
	var addr netip.Addr
	switch {
	case len(b) == 8+1+4 && b[8] == ':':
		w, ok := parseHex(b[:8], 8)
		if !ok {
			return netip.AddrPort{}, false
		}
		var a [4]byte
		binary.NativeEndian.PutUint32(a[:], uint32(w))
		addr = netip.AddrFrom4(a)
	case len(b) == 32+1+4 && b[32] == ':':
		var a [16]byte
		for i := range 4 {
			w, ok := parseHex(b[i*8:i*8+8], 8)
			if !ok {
				return netip.AddrPort{}, false
			}
			binary.NativeEndian.PutUint32(a[i*4:], uint32(w))
		}
		addr = netip.AddrFrom16(a)
	default:
		return netip.AddrPort{}, false
	}
	port, ok := parseHex(b[len(b)-4:], 4)
	if !ok {
		return netip.AddrPort{}, false
	}
	return netip.AddrPortFrom(addr, uint16(port)), true
}

// parseHex parses exactly n hex digits (n <= 16).
func parseHex(b []byte, n int) (uint64, bool) {
	if len(b) != n {
		return 0, false
	}
	var v uint64
	for _, c := range b {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		default:
			return 0, false
		}
		v = v<<4 | uint64(c)
	}
	return v, true
}

// parseDec parses a decimal uint64 of at most 20 digits, without
// allocating as strconv on a []byte would.
func parseDec(b []byte) (uint64, bool) {
	if len(b) == 0 || len(b) > 20 {
		return 0, false
	}
	var v uint64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		d := uint64(c - '0')
		if v > (1<<64-1-d)/10 {
			return 0, false
		}
		v = v*10 + d
	}
	return v, true
}
