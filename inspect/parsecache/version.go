package parsecache

import "io/fs"

// Version identifies one version of a file: its device and inode (however
// the path is spelled), size and modification time. Where the OS gives no
// inode numbers, the path stands in for them.
type Version struct {
	Dev, Ino uint64
	Path     string
	Size     int64
	ModTime  int64 // ns since the epoch
}

// VersionOf is the version of the file at path that fi describes (an
// fstat of the descriptor opened for parsing, so the version is the
// file read).
func VersionOf(path string, fi fs.FileInfo) Version {
	v := Version{Size: fi.Size(), ModTime: fi.ModTime().UnixNano()}
	var ok bool
	if v.Dev, v.Ino, ok = inode(fi); !ok {
		v.Path = path
	}
	return v
}
