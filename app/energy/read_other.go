//go:build !unix

package energy

import (
	"errors"
	"os"

	"github.com/gputaskman/gtm/internal/safefile"
)

// readNoFollow reads a regular file of at most max bytes, refusing a
// symbolic link (checked before the open: Windows has no O_NOFOLLOW).
func readNoFollow(path string, max int64) ([]byte, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	return safefile.ReadFile(path, max)
}
