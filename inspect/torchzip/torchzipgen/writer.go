// Package torchzipgen writes PyTorch checkpoints in torch.save's zip
// layout for tests, entry for entry as pytorch/pytorch's
// torch/serialization.py (_save) and caffe2/serialize/inline_container.cc
// (PyTorchStreamWriter) write them: data.pkl, .format_version,
// .storage_alignment, byteorder, data/<key> per storage, then version and
// .data/serialization_id, all stored uncompressed in one archive folder,
// each record's data aligned to 64 bytes with an "FB" padding extra field
// as miniz does for PyTorch.
package torchzipgen

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
	"io"
	"strconv"
)

// Checkpoint is the archive to write.
type Checkpoint struct {
	// Archive is the folder name ("archive" when torch.save writes to a
	// buffer, else the file's stem).
	Archive string
	// Storages are the storages' sizes in bytes, written as data/0,
	// data/1... (zeros).
	Storages []int
	// Pickle is data.pkl's content; empty writes an empty-dict pickle.
	Pickle []byte
	// NoByteorder leaves out the byteorder record (older writers).
	NoByteorder bool
	// NoPickle leaves out data.pkl (then it is not a checkpoint).
	NoPickle bool
	// TorchScript adds code/ and constants.pkl, as torch.jit.save does.
	TorchScript bool
	// Deflate compresses the storages (torch never does; a hostile or
	// re-zipped file may).
	Deflate bool
}

// emptyDict is pickle protocol 2 for {}: PROTO 2, EMPTY_DICT, STOP.
var emptyDict = []byte{0x80, 0x02, '}', '.'}

type counter struct {
	w io.Writer
	n int64
}

func (c *counter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// Write writes the archive to w.
func (c *Checkpoint) Write(w io.Writer) error {
	cw := &counter{w: w}
	z := zip.NewWriter(cw)
	archive := c.Archive
	if archive == "" {
		archive = "archive"
	}
	record := func(name string, data []byte, deflate bool) error {
		full := archive + "/" + name
		h := &zip.FileHeader{Name: full, Method: zip.Store, CRC32: crc32.ChecksumIEEE(data)}
		h.CompressedSize64, h.UncompressedSize64 = uint64(len(data)), uint64(len(data))
		body := data
		if deflate {
			var b bytes.Buffer
			fw, _ := flate.NewWriter(&b, flate.BestCompression)
			fw.Write(data)
			fw.Close()
			body, h.Method, h.CompressedSize64 = b.Bytes(), zip.Deflate, uint64(b.Len())
		} else {
			// Pad the local header so the data starts on a 64-byte
			// boundary: 30-byte header, name, 4-byte extra header, pad.
			if err := z.Flush(); err != nil {
				return err
			}
			start := cw.n + 30 + int64(len(full)) + 4
			pad := (64 - start%64) % 64
			extra := binary.LittleEndian.AppendUint16(nil, 0x4246) // "FB"
			extra = binary.LittleEndian.AppendUint16(extra, uint16(pad))
			h.Extra = append(extra, bytes.Repeat([]byte{'Z'}, int(pad))...)
		}
		// CreateRaw with the sizes known writes no data descriptor, so
		// the next record's offset is exact.
		fw, err := z.CreateRaw(h)
		if err != nil {
			return err
		}
		_, err = fw.Write(body)
		return err
	}
	pickle := c.Pickle
	if len(pickle) == 0 {
		pickle = emptyDict
	}
	if !c.NoPickle {
		if err := record("data.pkl", pickle, false); err != nil {
			return err
		}
	}
	if c.TorchScript {
		if err := record("code/__torch__.py", []byte("class M(Module):\n  pass\n"), false); err != nil {
			return err
		}
		if err := record("constants.pkl", emptyDict, false); err != nil {
			return err
		}
	}
	if err := record(".format_version", []byte("1"), false); err != nil {
		return err
	}
	if err := record(".storage_alignment", []byte("64"), false); err != nil {
		return err
	}
	if !c.NoByteorder {
		if err := record("byteorder", []byte("little"), false); err != nil {
			return err
		}
	}
	for i, n := range c.Storages {
		if err := record("data/"+strconv.Itoa(i), make([]byte, n), c.Deflate); err != nil {
			return err
		}
	}
	if err := record("version", []byte("3\n"), false); err != nil {
		return err
	}
	if err := record(".data/serialization_id", []byte("1234567890123456789012345678901234567890"), false); err != nil {
		return err
	}
	return z.Close()
}

// Bytes is the archive as bytes.
func (c *Checkpoint) Bytes() []byte {
	var b bytes.Buffer
	if err := c.Write(&b); err != nil {
		panic("torchzipgen: " + err.Error()) // writing to memory does not fail
	}
	return b.Bytes()
}
