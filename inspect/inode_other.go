//go:build !unix

package inspect

import "os"

// inode: no inode numbers on this OS; callers key files by path.
func inode(os.FileInfo) (dev, ino uint64, ok bool) { return 0, 0, false }

func devMajorMinor(dev uint64) uint64 { return dev }
