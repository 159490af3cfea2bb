package probe

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strings"
)

// ErrBadPath is the refusal of a request path that is not a plain
// absolute path.
var ErrBadPath = errors.New("invalid path")

// requestURL builds http://<addr>:<port><path>. The host comes only from
// ap, never from path: path must start with "/", contain no "//", and use
// only the characters of a plain path and query, so "@evil.com",
// "//evil.com/x", "\\evil", "#frag" or a scheme cannot change where the
// request goes.
func requestURL(ap netip.AddrPort, path string) (string, error) {
	if !IsLoopback(ap.Addr()) {
		return "", fmt.Errorf("probe: destination %s: %w", ap.Addr(), ErrNotLoopback)
	}
	if ap.Port() == 0 {
		return "", errors.New("probe: invalid port 0")
	}
	if err := checkPath(path); err != nil {
		return "", err
	}
	s := "http://" + ap.String() + path
	// Belt and braces: the standard parser must agree on the host.
	u, err := url.Parse(s)
	if err != nil || u.Host != ap.String() || u.User != nil || u.Fragment != "" {
		return "", fmt.Errorf("probe: %w: %q", ErrBadPath, path)
	}
	return s, nil
}

func checkPath(path string) error {
	if !strings.HasPrefix(path, "/") || strings.Contains(path, "//") || len(path) > 2048 {
		return fmt.Errorf("probe: %w: %q", ErrBadPath, path)
	}
	for i := 0; i < len(path); i++ {
		if !pathByte(path[i]) {
			return fmt.Errorf("probe: %w: %q has %q", ErrBadPath, path, path[i])
		}
	}
	return nil
}

// pathByte: letters, digits, and the path and query punctuation local
// server APIs use. Not '@', '\\', '#', spaces, controls or non-ASCII.
func pathByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("/-._~?=&%:,+;!$*'()", c) >= 0
}
