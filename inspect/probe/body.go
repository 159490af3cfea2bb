package probe

import (
	"errors"
	"fmt"
	"io"
)

// ErrTooLarge is a body over the cap; the error itself says which cap:
// "probe: body exceeds 1 MiB".
var ErrTooLarge = errors.New("body exceeds the cap")

type tooLargeError int64

func (e tooLargeError) Error() string        { return "probe: body exceeds " + size(int64(e)) }
func (e tooLargeError) Is(target error) bool { return target == ErrTooLarge }

func tooLarge(max int64) error { return tooLargeError(max) }

// readBody reads an HTTP body (files are read with safefile) to EOF, but
// at most max+1 bytes: the extra byte tells a body of exactly max bytes
// from a larger one. The buffer grows with
// what arrives, from hint (a declared Content-Length) or 4 KiB, and never
// past max+1, so a hostile server costs at most that much memory. Over
// max it returns the first max bytes and truncated.
func readBody(r io.Reader, max, hint int64) (body []byte, truncated bool, err error) {
	limit := max + 1
	n := int64(4 << 10)
	if hint > 0 {
		n = hint + 1 // room to see EOF without growing
	}
	buf := make([]byte, 0, min(n, limit))
	for {
		if len(buf) == cap(buf) {
			if int64(len(buf)) >= limit {
				return buf[:max], true, nil
			}
			grown := make([]byte, len(buf), min(2*int64(cap(buf)), limit))
			copy(grown, buf)
			buf = grown
		}
		m, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+m]
		if err == io.EOF {
			return buf, false, nil
		}
		if err != nil {
			return buf, false, err
		}
	}
}

// size prints a byte count the way the errors show it: "1 MiB".
func size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
