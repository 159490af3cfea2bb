package procmaps

import (
	"bufio"
	"errors"
	"fmt"
	"github.com/gputaskman/gtm/internal/safefile"
	"io"
	"io/fs"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
)

// Entry is one mapped file, however many regions map it.
type Entry struct {
	Path    string // as the first region printed it
	Deleted bool   // unlinked since it was mapped
	Dev     Dev
	Inode   uint64
	Size    uint64 // bytes mapped, summed over its regions
	Regions int    // how many regions map it
	Shared  bool   // some region is MAP_SHARED
	Exec    bool   // some region is executable
}

// IsLibrary reports whether the entry's name looks like a shared library.
func (e Entry) IsLibrary() bool { return IsLibrary(e.Path) }

// Maps is the set of files one process maps, in order of first address.
type Maps struct {
	PID     int
	Entries []Entry
	// Truncated is set when the limits (MaxLines, MaxBytes) stopped the
	// read: Entries then hold what was read before.
	Truncated bool
	// Skipped counts lines that did not parse or were over MaxLineLen.
	Skipped int
}

// Libraries returns the entries that look like shared libraries.
func (m *Maps) Libraries() []Entry { return m.filter(true) }

// Files returns the entries that are not shared libraries: model files,
// device nodes, caches, the executable itself.
func (m *Maps) Files() []Entry { return m.filter(false) }

func (m *Maps) filter(libs bool) []Entry {
	var out []Entry
	for _, e := range m.Entries {
		if e.IsLibrary() == libs {
			out = append(out, e)
		}
	}
	return out
}

// Limits on one read. A maps file can reach tens of MB for a process with
// hundreds of thousands of regions (a JVM, a big training job); past these
// the result is partial and marked Truncated rather than slow.
const (
	MaxLines   = 1_000_000
	MaxBytes   = 256 << 20
	MaxLineLen = 64 << 10 // a path is at most PATH_MAX (4096) bytes; room for escapes
)

// openFile opens without blocking (under a --proc-root the user names, a
// "maps" could be a FIFO); tests replace it to get errors root never sees.
var openFile = func(name string) (io.ReadCloser, error) {
	f, _, err := safefile.Open(name, 0)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// Scan reads <procRoot>/<pid>/maps ("/proc" when procRoot is empty). A
// process that is gone gives an error matching fs.ErrNotExist; one the
// caller may not inspect, fs.ErrPermission.
func Scan(procRoot string, pid int) (*Maps, error) {
	if pid <= 0 {
		return nil, fmt.Errorf("procmaps: invalid pid %d", pid)
	}
	if procRoot == "" {
		procRoot = "/proc"
	}
	name := filepath.Join(procRoot, strconv.Itoa(pid), "maps")
	f, err := openFile(name)
	if err != nil {
		return nil, err // *fs.PathError: errors.Is sees ENOENT/EACCES
	}
	defer f.Close()
	m, err := scan(f, limits{lines: MaxLines, bytes: MaxBytes})
	if err != nil {
		if errors.Is(err, syscall.ESRCH) { // exited while we read
			err = fmt.Errorf("%w: %w", fs.ErrNotExist, err)
		}
		return nil, fmt.Errorf("procmaps: reading %s: %w", name, err)
	}
	m.PID = pid
	return m, nil
}

type limits struct{ lines, bytes int }

// Readers are pooled: one 64 KiB buffer per concurrent scan, reused, and
// nothing else allocated per line for files already seen.
var readerPool = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, MaxLineLen) }}

func scan(r io.Reader, lim limits) (*Maps, error) {
	br := readerPool.Get().(*bufio.Reader)
	br.Reset(r)
	defer func() { br.Reset(nil); readerPool.Put(br) }()

	b := builder{m: &Maps{}, byInode: map[inodeKey]int{}, byPath: map[string]int{}}
	lines, read := 0, 0
	for {
		if lines >= lim.lines {
			_, err := br.Peek(1)
			b.m.Truncated = err == nil
			return b.m, nil
		}
		line, err := br.ReadSlice('\n')
		overlong := errors.Is(err, bufio.ErrBufferFull)
		if read+len(line) > lim.bytes {
			b.m.Truncated = true
			return b.m, nil
		}
		read += len(line)
		if len(line) > 0 {
			lines++
		}
		if overlong {
			b.m.Skipped++
			n, err := skipLine(br)
			read += n
			if err == io.EOF {
				return b.m, nil
			}
			if err != nil {
				return nil, err
			}
			continue
		}
		if len(line) > 0 {
			b.add(line)
		}
		if err == io.EOF {
			return b.m, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// skipLine drops the rest of an over-long line.
func skipLine(br *bufio.Reader) (int, error) {
	n := 0
	for {
		chunk, err := br.ReadSlice('\n')
		n += len(chunk)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return n, err
		}
	}
}

type inodeKey struct {
	dev   Dev
	inode uint64
}

// builder folds regions into entries: by (device, inode) when the inode is
// known, as that is one file whatever path reached it; else by path.
type builder struct {
	m       *Maps
	byInode map[inodeKey]int
	byPath  map[string]int
	// verbatim: paths are not escaped the way /proc maps escapes them
	// (macOS region paths), so they are kept as they are.
	verbatim bool
}

func (b *builder) add(line []byte) {
	r, raw, err := parseLine(line)
	if err != nil {
		b.m.Skipped++
		return
	}
	b.fold(r, raw)
}

// fold adds one region whose raw (undecoded) path is raw.
func (b *builder) fold(r Region, raw []byte) {
	if !isFile(raw, r.Deleted) {
		return
	}
	var i int
	var seen bool
	if r.Inode != 0 {
		k := inodeKey{r.Dev, r.Inode}
		if i, seen = b.byInode[k]; !seen {
			i = len(b.m.Entries)
			b.byInode[k] = i
		}
	} else if i, seen = b.byPath[string(raw)]; !seen {
		i = len(b.m.Entries)
		b.byPath[string(raw)] = i
	}
	if !seen {
		path := string(raw)
		if !b.verbatim {
			path = decodePath(raw)
		}
		b.m.Entries = append(b.m.Entries, Entry{Path: path, Dev: r.Dev, Inode: r.Inode})
	}
	e := &b.m.Entries[i]
	e.Size += r.Size()
	e.Regions++
	e.Deleted = e.Deleted || r.Deleted
	e.Shared = e.Shared || r.Perm&Shared != 0
	e.Exec = e.Exec || r.Perm&Exec != 0
}
