package procmaps

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
)

// macOS has no /proc: a process's mapped files come from a region walk,
// libproc's proc_pidinfo(pid, PROC_PIDREGIONPATHINFO, address, ...), which
// describes the region at or after address, with the path of the file
// behind it. Stepping address to each region's end visits them all. This
// file decodes the answer and runs the walk over any caller of
// proc_pidinfo (the real one is in regions_darwin.go), so both are tested
// on every OS.

// PROC_PIDREGIONPATHINFO is proc_pidinfo's flavor for one region with its
// file's vnode and path (<sys/proc_info.h>).
const PROC_PIDREGIONPATHINFO = 8

// RegionPathInfoSize is sizeof(struct proc_regionwithpathinfo) on 64-bit
// macOS: struct proc_regioninfo (96 bytes) then struct vnode_info_path
// (struct vnode_info, 152 bytes, then char vip_path[MAXPATHLEN = 1024]).
const RegionPathInfoSize = 1272

// Offsets into struct proc_regionwithpathinfo (natural C alignment).
const (
	offProtection = 0   // prp_prinfo.pri_protection (uint32, VM_PROT_*)
	offOffset     = 16  // prp_prinfo.pri_offset (uint64)
	offShareMode  = 60  // prp_prinfo.pri_share_mode (uint32, SM_*)
	offAddress    = 80  // prp_prinfo.pri_address (uint64)
	offSize       = 88  // prp_prinfo.pri_size (uint64)
	offDev        = 96  // prp_vip.vip_vi.vi_stat.vst_dev (uint32)
	offInode      = 104 // prp_vip.vip_vi.vi_stat.vst_ino (uint64)
	offPath       = 248 // prp_vip.vip_path (char[1024], NUL-terminated)
	maxPathLen    = 1024
)

// VM_PROT_* and the share modes that mean memory shared with others.
const (
	vmProtRead, vmProtWrite, vmProtExecute  = 1, 2, 4
	smShared, smTrueShared, smSharedAliased = 4, 5, 7
)

// RegionInfo is one decoded proc_regionwithpathinfo.
type RegionInfo struct {
	Address, Size uint64
	Offset        uint64 // into the file
	Protection    uint32 // VM_PROT_* bits
	ShareMode     uint32 // SM_*
	Dev           uint32 // the file's device (vst_dev); 0 with no file
	Inode         uint64 // the file's inode (vst_ino); 0 with no file
	Path          string // "" for a region no file backs
}

// DecodeRegionPathInfo decodes a proc_regionwithpathinfo buffer (at least
// RegionPathInfoSize bytes, little-endian as on every Mac Go builds for).
// A path with no terminating NUL inside its 1024 bytes is an error, not a
// guess.
func DecodeRegionPathInfo(b []byte) (RegionInfo, error) {
	r, raw, err := decodeRegion(b)
	if err != nil {
		return RegionInfo{}, err
	}
	r.Path = string(raw)
	return r, nil
}

// decodeRegion is DecodeRegionPathInfo leaving the path as bytes of b, so
// a walk allocates only for files it has not seen.
func decodeRegion(b []byte) (RegionInfo, []byte, error) {
	if len(b) < RegionPathInfoSize {
		return RegionInfo{}, nil, fmt.Errorf("region info: %d bytes, want %d", len(b), RegionPathInfoSize)
	}
	le := binary.LittleEndian
	r := RegionInfo{
		Address:    le.Uint64(b[offAddress:]),
		Size:       le.Uint64(b[offSize:]),
		Offset:     le.Uint64(b[offOffset:]),
		Protection: le.Uint32(b[offProtection:]),
		ShareMode:  le.Uint32(b[offShareMode:]),
		Dev:        le.Uint32(b[offDev:]),
		Inode:      le.Uint64(b[offInode:]),
	}
	raw := b[offPath : offPath+maxPathLen]
	n := bytes.IndexByte(raw, 0)
	if n < 0 {
		return RegionInfo{}, nil, errors.New("region info: path is not NUL-terminated")
	}
	if r.Address+r.Size < r.Address {
		return RegionInfo{}, nil, fmt.Errorf("region info: region %#x+%#x wraps around", r.Address, r.Size)
	}
	return r, raw[:n], nil
}

// Region converts to the maps form: the file's device as major:minor the
// way macOS splits a dev_t (8 bits major, 24 bits minor).
func (r RegionInfo) Region() Region {
	out := Region{Start: r.Address, End: r.Address + r.Size, Offset: r.Offset, Inode: r.Inode,
		Dev: DarwinDev(r.Dev), Path: r.Path}
	if r.Protection&vmProtRead != 0 {
		out.Perm |= Read
	}
	if r.Protection&vmProtWrite != 0 {
		out.Perm |= Write
	}
	if r.Protection&vmProtExecute != 0 {
		out.Perm |= Exec
	}
	switch r.ShareMode {
	case smShared, smTrueShared, smSharedAliased:
		out.Perm |= Shared
	}
	return out
}

// DarwinDev splits a macOS dev_t: major in the top 8 bits, minor below.
func DarwinDev(dev uint32) Dev { return Dev{Major: dev >> 24, Minor: dev & 0xffffff} }

// PIDInfoFunc calls proc_pidinfo(pid, flavor, arg, buf, len(buf)) and
// returns what it returned: the bytes written, 0 when it failed or there
// is no region at or after arg.
type PIDInfoFunc func(pid, flavor int, arg uint64, buf []byte) int

// MaxRegions bounds one walk: a big process has a few thousand regions;
// past this the result is partial and marked Truncated rather than slow.
const MaxRegions = 50_000

// ErrNoRegions is a walk whose first call failed: the process is gone,
// its owner is another user (the caller tells which), or it is a zombie.
var ErrNoRegions = errors.New("region walk: proc_pidinfo described no region")

// WalkRegions lists the files process pid maps by calling pidinfo from
// address 0, each time at the end of the region it described, until it
// fails, stops advancing, or max regions (MaxRegions when <= 0) were
// read. Regions no file backs are passed over. Files are folded as Scan
// folds them: one Entry per device and inode, sizes summed.
func WalkRegions(pid int, pidinfo PIDInfoFunc, max int) (*Maps, error) {
	if pid <= 0 {
		return nil, fmt.Errorf("procmaps: invalid pid %d", pid)
	}
	if max <= 0 {
		max = MaxRegions
	}
	b := builder{m: &Maps{PID: pid}, byInode: map[inodeKey]int{}, byPath: map[string]int{}, verbatim: true}
	buf := make([]byte, RegionPathInfoSize)
	var addr uint64
	for n := 0; ; n++ {
		if n == max {
			b.m.Truncated = true
			break
		}
		clear(buf)
		got := pidinfo(pid, PROC_PIDREGIONPATHINFO, addr, buf)
		if got <= 0 {
			if n == 0 {
				return nil, ErrNoRegions
			}
			break // past the last region (or it failed): what was read stands
		}
		if got < RegionPathInfoSize {
			b.m.Skipped++
			break
		}
		ri, raw, err := decodeRegion(buf)
		if err != nil {
			b.m.Skipped++
			break
		}
		end := ri.Address + ri.Size
		if ri.Size == 0 || end <= addr {
			break // no progress: never loop on one region
		}
		b.fold(ri.Region(), raw) // fold copies the path of a new file only
		addr = end
	}
	return b.m, nil
}

// WalkError says why a walk read nothing: gone (fs.ErrNotExist) or not
// ours to read (fs.ErrPermission), as the caller learned from the process
// table.
func WalkError(pid int, exists, permitted bool) error {
	switch {
	case !exists:
		return fmt.Errorf("region walk of pid %d: %w", pid, fs.ErrNotExist)
	case !permitted:
		return fmt.Errorf("region walk of pid %d: %w", pid, fs.ErrPermission)
	}
	return fmt.Errorf("pid %d: %w", pid, ErrNoRegions)
}

// EncodeRegionPathInfo is DecodeRegionPathInfo's inverse: the answer the
// kernel gives for r, for fakes and recorded walks. A path longer than
// 1023 bytes is cut, as the kernel's buffer would.
func EncodeRegionPathInfo(r RegionInfo) []byte {
	b := make([]byte, RegionPathInfoSize)
	le := binary.LittleEndian
	le.PutUint32(b[offProtection:], r.Protection)
	le.PutUint64(b[offOffset:], r.Offset)
	le.PutUint32(b[offShareMode:], r.ShareMode)
	le.PutUint64(b[offAddress:], r.Address)
	le.PutUint64(b[offSize:], r.Size)
	le.PutUint32(b[offDev:], r.Dev)
	le.PutUint64(b[offInode:], r.Inode)
	copy(b[offPath:offPath+maxPathLen-1], r.Path)
	return b
}

// ReplayRegions answers like proc_pidinfo(PROC_PIDREGIONPATHINFO) from
// recorded answers in address order: the first region that ends after
// the address asked for, 0 past the last (or for another flavor).
func ReplayRegions(answers [][]byte) PIDInfoFunc {
	return func(pid, flavor int, arg uint64, buf []byte) int {
		if flavor != PROC_PIDREGIONPATHINFO {
			return 0
		}
		for _, a := range answers {
			if len(a) < RegionPathInfoSize {
				continue
			}
			if binary.LittleEndian.Uint64(a[offAddress:])+binary.LittleEndian.Uint64(a[offSize:]) > arg {
				return copy(buf, a)
			}
		}
		return 0
	}
}
