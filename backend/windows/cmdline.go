package windows

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
)

// MaxCmdline bounds the buffer gtm lends Windows for another process's
// command line, as Linux bounds /proc/<pid>/cmdline. Windows itself caps
// a command line at 32,767 UTF-16 units (64 KiB), so a real one fits.
const MaxCmdline = 128 << 10

// firstCmdlineBuf is the first buffer tried; most command lines fit.
const firstCmdlineBuf = 4 << 10

// errBufTooSmall is what a cmdlineQuery returns, with the size needed,
// when the buffer it was lent cannot hold the command line.
var errBufTooSmall = errors.New("buffer too small")

// cmdlineQuery is the one OS call: the command line of an open process
// (NtQueryInformationProcess, ProcessCommandLineInformation) read into a
// buffer of size bytes. It returns the text as UTF-16 or, when size is too
// small, errBufTooSmall and the size Windows asked for.
type cmdlineQuery func(size int) (text []uint16, needed int, err error)

// readCmdline asks q once with a small buffer and, when Windows says that
// is too small, once more with the size it named, never past MaxCmdline.
// The text is split into arguments as the program itself would split it.
func readCmdline(q cmdlineQuery) ([]string, error) {
	text, needed, err := q(firstCmdlineBuf)
	if errors.Is(err, errBufTooSmall) {
		if needed > MaxCmdline {
			return nil, fmt.Errorf("command line needs %d bytes, more than the %d gtm reads", needed, MaxCmdline)
		}
		if needed <= firstCmdlineBuf {
			needed = 2 * firstCmdlineBuf // a size that cannot be right: grow anyway, once
		}
		text, _, err = q(needed)
	}
	if err != nil {
		return nil, err
	}
	return SplitCommandLine(string(utf16.Decode(text))), nil
}

// SplitCommandLine splits a Windows command line into arguments with
// CommandLineToArgvW's rules, which are those of the C runtime most
// programs start with:
//
//   - the program name (argv[0]) runs to the next space or tab, or, when
//     it starts with a quote, to the next quote; backslashes are plain
//     characters in it (C:\Program Files\... needs no escaping);
//   - then arguments are separated by spaces and tabs outside quotes;
//   - 2n backslashes before a quote are n backslashes and the quote opens
//     or closes a quoted part; 2n+1 backslashes before a quote are n
//     backslashes and a literal quote; other backslashes are literal;
//   - inside a quoted part, "" is a literal quote and ends the part (the
//     pre-2008 rule CommandLineToArgvW keeps), and """ outside one is a
//     literal quote.
//
// An empty or all-blank command line has no arguments (an empty slice,
// not nil: it was read).
func SplitCommandLine(s string) []string {
	args := []string{}
	if strings.TrimLeft(s, " \t") == "" {
		return args
	}
	// argv[0]
	var prog string
	if s[0] == '"' {
		end := strings.IndexByte(s[1:], '"')
		if end < 0 {
			prog, s = s[1:], ""
		} else {
			prog, s = s[1:1+end], s[2+end:]
		}
	} else {
		end := strings.IndexAny(s, " \t")
		if end < 0 {
			end = len(s)
		}
		prog, s = s[:end], s[end:]
	}
	args = append(args, prog)

	cur := make([]byte, 0, len(s))
	inArg := false
	quotes := 0 // 1 inside a quoted part, else 0
	slashes := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case (c == ' ' || c == '\t') && quotes == 0:
			if inArg {
				args = append(args, string(cur))
				cur, inArg = cur[:0], false
			}
			quotes, slashes = 0, 0
		case c == '\\':
			cur = append(cur, c)
			slashes++
			inArg = true
		case c == '"':
			inArg = true
			cur = cur[:len(cur)-slashes+slashes/2] // half the backslashes stay
			if slashes%2 == 1 {
				cur = append(cur, '"')
				slashes = 0
				continue
			}
			slashes = 0
			// Count this quote and the ones right after it: every third
			// in a row (counting an open quoted part as one) is literal.
			q := quotes + 1
			for i+1 < len(s) && s[i+1] == '"' {
				i++
				if q++; q == 3 {
					cur = append(cur, '"')
					q = 0
				}
			}
			if q == 2 {
				q = 0
			}
			quotes = q
		default:
			cur = append(cur, c)
			slashes = 0
			inArg = true
		}
	}
	if inArg {
		args = append(args, string(cur))
	}
	return args
}

// CleanCwd tidies a working directory as Windows keeps it (with a
// trailing backslash, "C:\\models\\"): without the backslash, except for
// a drive's root ("C:\\"), so paths join onto it as onto any directory.
func CleanCwd(dir string) string {
	if len(dir) > 3 && strings.HasSuffix(dir, `\`) {
		return strings.TrimRight(dir, `\`)
	}
	return dir
}
