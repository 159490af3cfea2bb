#!/usr/bin/env python3
"""Writes regions-llama-server.bin: proc_pidinfo(PROC_PIDREGIONPATHINFO)
answers for an imagined llama-server on an Apple Silicon Mac, one
struct proc_regionwithpathinfo after another, in address order.

The layout is taken field by field from <sys/proc_info.h>; struct's native
('@') mode on a 64-bit little-endian machine lays the fields out with C's
alignment, so the offsets come from the header, not from gtm's decoder.
Not recorded on a Mac."""

import struct

# struct proc_regioninfo
REGIONINFO = (
    "I"   # pri_protection
    "I"   # pri_max_protection
    "I"   # pri_inheritance
    "I"   # pri_flags
    "Q"   # pri_offset
    "I"   # pri_behavior
    "I"   # pri_user_wired_count
    "I"   # pri_user_tag
    "I"   # pri_pages_resident
    "I"   # pri_pages_shared_now_private
    "I"   # pri_pages_swapped_out
    "I"   # pri_pages_dirtied
    "I"   # pri_ref_count
    "I"   # pri_shadow_depth
    "I"   # pri_share_mode
    "I"   # pri_private_pages_resident
    "I"   # pri_shared_pages_resident
    "I"   # pri_obj_id
    "I"   # pri_depth
    "Q"   # pri_address
    "Q"   # pri_size
)
# struct vinfo_stat
VINFO_STAT = (
    "I"   # vst_dev
    "H"   # vst_mode
    "H"   # vst_nlink
    "Q"   # vst_ino
    "I"   # vst_uid
    "I"   # vst_gid
    "qqqqqqqq"  # vst_atime .. vst_birthtimensec
    "q"   # vst_size (off_t)
    "q"   # vst_blocks
    "i"   # vst_blksize
    "I"   # vst_flags
    "I"   # vst_gen
    "I"   # vst_rdev
    "2q"  # vst_qspare
)
# struct vnode_info: vinfo_stat, int vi_type, int vi_pad, fsid_t vi_fsid
VNODE_INFO = VINFO_STAT + "i" + "i" + "2i"
# struct vnode_info_path: vnode_info, char vip_path[MAXPATHLEN]
MAXPATHLEN = 1024
LAYOUT = "@" + REGIONINFO + VNODE_INFO + "%ds" % MAXPATHLEN
# the whole struct is aligned to 8 (its uint64 members)
SIZE = (struct.calcsize(LAYOUT) + 7) // 8 * 8

R, W, X = 1, 2, 4
SM_COW, SM_PRIVATE, SM_EMPTY, SM_SHARED = 1, 2, 3, 4
VREG = 1
DEV = (1 << 24) | 14  # disk1s14: major 1, minor 14


def region(addr, size, prot, share, path=b"", ino=0, fsize=0, offset=0):
    dev = DEV if path else 0
    regioninfo = [prot, R | W | X, 1, 0, offset, 0, 0, 0, size // 16384, 0, 0, 0, 1, 0, share, 0, 0, 0, 0, addr, size]
    stat = [dev, 0o100644 if path else 0, 1 if path else 0, ino, 501 if path else 0, 20 if path else 0] + [0] * 8 + [fsize, 0, 4096 if path else 0, 0, 0, 0, 0, 0]
    vnode = [VREG if path else 0, 0, 0, 0]
    b = struct.pack(LAYOUT, *(regioninfo + stat + vnode + [path]))
    return b + b"\0" * (SIZE - len(b))


GGUF = b"/Users/ann/models/qwen2.5-7b-instruct-q4_k_m.gguf"
records = [
    region(0x100000000, 0x4000, R | X, SM_COW, b"/opt/homebrew/Cellar/llama.cpp/5400/bin/llama-server", ino=1001, fsize=0x4000),
    region(0x100004000, 0x8000, R | W, SM_PRIVATE),  # anonymous: no file
    region(0x100100000, 0x200000, R | X, SM_COW, b"/opt/homebrew/Cellar/llama.cpp/5400/lib/libggml-metal.0.dylib", ino=1002, fsize=0x200000),
    region(0x100300000, 0x100000, R | X, SM_COW, b"/opt/homebrew/Cellar/llama.cpp/5400/lib/libllama.dylib", ino=1003, fsize=0x100000),
    region(0x100400000, 0x80000, R | X, SM_COW, b"/opt/homebrew/Cellar/llama.cpp/5400/lib/libggml-base.dylib", ino=1004, fsize=0x80000),
    region(0x100500000, 0x60000, R | X, SM_COW, b"/System/Library/Extensions/AGXMetalG16G_B0.bundle/Contents/MacOS/AGXMetalG16G_B0", ino=1005, fsize=0x60000),
    region(0x120000000, 0x100000000, R, SM_SHARED, GGUF, ino=2001, fsize=0x11a000000),
    region(0x220000000, 0x1a000000, R, SM_SHARED, GGUF, ino=2001, fsize=0x11a000000, offset=0x100000000),
    region(0x300000000, 0x4000, R, SM_COW, b"/Users/ann/Library/Containers/com.example.notes/Data/embed.gguf", ino=3001, fsize=0x4000),
    region(0x7ff800000000, 0x40000, R | X, SM_COW, b"/usr/lib/dyld", ino=4001, fsize=0x40000),
]
assert SIZE == 1272, SIZE
with open("regions-llama-server.bin", "wb") as f:
    for r in records:
        assert len(r) == SIZE
        f.write(r)
