#!/usr/bin/env python3
"""Writes vnodepathinfo-cwd.bin: a proc_pidinfo(PROC_PIDVNODEPATHINFO)
answer (struct proc_vnodepathinfo) for a process working in
/Users/ann/llama, with "/" as its root directory.

The layout is taken field by field from <sys/proc_info.h>; struct's native
('@') mode on a 64-bit little-endian machine lays the fields out with C's
alignment, so the offsets come from the header, not from gtm's decoder.
Not recorded on a Mac."""

import struct

# struct vinfo_stat
VINFO_STAT = (
    "I"  # vst_dev
    "H"  # vst_mode
    "H"  # vst_nlink
    "Q"  # vst_ino
    "I"  # vst_uid
    "I"  # vst_gid
    "qqqqqqqq"  # vst_atime .. vst_birthtimensec
    "q"  # vst_size (off_t)
    "q"  # vst_blocks
    "i"  # vst_blksize
    "I"  # vst_flags
    "I"  # vst_gen
    "I"  # vst_rdev
    "2q"  # vst_qspare
)
# struct vnode_info: vinfo_stat, int vi_type, int vi_pad, fsid_t vi_fsid
VNODE_INFO = VINFO_STAT + "i" + "i" + "2i"
MAXPATHLEN = 1024
# struct vnode_info_path: vnode_info, char vip_path[MAXPATHLEN]
VNODE_INFO_PATH = VNODE_INFO + "%ds" % MAXPATHLEN
# struct proc_vnodepathinfo: pvi_cdir, pvi_rdir
LAYOUT = "@" + VNODE_INFO_PATH + VNODE_INFO_PATH
SIZE = (struct.calcsize(LAYOUT) + 7) // 8 * 8
VDIR = 2


def vip(path, ino):
    stat = [1 << 24 | 14, 0o40755, 3, ino, 501, 20] + [0] * 8 + [96, 0, 4096, 0, 0, 0, 0, 0]
    return stat + [VDIR, 0, 0, 0, path]


b = struct.pack(LAYOUT, *(vip(b"/Users/ann/llama", 7001) + vip(b"/", 2)))
b += b"\0" * (SIZE - len(b))
assert SIZE == 2352, SIZE
with open("vnodepathinfo-cwd.bin", "wb") as f:
    f.write(b)
