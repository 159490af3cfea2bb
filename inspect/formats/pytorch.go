package formats

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/gputaskman/gtm/inspect/torchzip"
	"github.com/gputaskman/gtm/internal/safefile"
)

// pytorchFormat: torch.save's zip archive, or its older plain pickle. A
// ".bin" (pytorch_model.bin) is one only by its zip magic.
var pytorchFormat = format{name: PyTorch, noun: "a PyTorch checkpoint", exts: torchExts, maybe: []string{".bin"}, magic: isPyTorch, read: readPyTorch}

var torchExts = []string{".pt", ".pth", ".ckpt"}

func isPyTorch(head []byte, ext string) bool {
	switch {
	case len(head) >= 4 && string(head[:4]) == "PK\x03\x04":
		return slices.Contains(torchExts, ext) || ext == ".bin" // torch.save's zip format
	case len(head) >= 2 && head[0] == 0x80 && head[1] >= 2 && head[1] <= 5:
		return slices.Contains(torchExts, ext) // the older plain pickle format
	}
	return false
}

// readPyTorch: the storages' exact bytes from the zip directory; the
// parameters are unknown (their dtypes are in the pickle, never read).
func readPyTorch(ctx context.Context, _ *safefile.Access, r io.ReaderAt, size int64, _ string) (Facts, error) {
	c, err := torchzip.ParseContext(ctx, r, size)
	if err != nil {
		return Facts{}, err
	}
	if c.Legacy {
		return Facts{Detail: ptr("legacy pickle checkpoint: not read (gtm never unpickles)")}, nil
	}
	detail := fmt.Sprintf("torch.save archive, %d tensor storages (parameters unknown: their dtypes are in the pickle, never read)", c.Storages)
	if c.TorchScript {
		detail = "TorchScript " + detail
	}
	return Facts{Weights: ptr(c.StorageBytes), Detail: &detail}, nil
}
