//go:build !unix

package parsecache

import "io/fs"

// inode: no inode numbers on this OS; versions are keyed by path.
func inode(fs.FileInfo) (dev, ino uint64, ok bool) { return 0, 0, false }
