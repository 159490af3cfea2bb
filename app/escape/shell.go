package escape

import (
	"strings"
	"unicode/utf8"
)

// Shell quotes argv as one POSIX shell command line: pasted into a
// shell, it runs exactly argv and nothing else. A word of plain
// characters stays as it is; any other goes in single quotes, where
// nothing ($(…), `…`, $VAR, globs) is expanded. A word holding control
// characters, invalid UTF-8 or bidirectional overrides goes in $'…'
// (POSIX.1-2024; bash, zsh, ksh, busybox) with those bytes as \xHH, so
// the text on the clipboard holds none of them: a raw ^U or ESC in a
// paste is read by the terminal and the line editor before the shell
// sees any quote.
func Shell(argv []string) string {
	words := make([]string, len(argv))
	for i, a := range argv {
		words[i] = shellWord(a, i == 0)
	}
	return strings.Join(words, " ")
}

func shellWord(s string, first bool) string {
	switch {
	case s == "":
		return "''"
	case plainWord(s, first):
		return s
	case clean(s, false) || !needsDollarQuote(s):
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\\' || r == '\'':
			b.WriteByte('\\')
			b.WriteByte(byte(r))
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == utf8.RuneError && size == 1, r < 0x20, r == 0x7f, unsafeRune(r):
			for j := i; j < i+size; j++ {
				b.WriteString(`\x`)
				b.WriteByte(hexDigit[s[j]>>4])
				b.WriteByte(hexDigit[s[j]&0xf])
			}
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('\'')
	return b.String()
}

const hexDigit = "0123456789abcdef"

// plainWord: only characters no shell gives a meaning to in a word. An
// '=' in the first word would make it an assignment, not a command.
func plainWord(s string, first bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte("@%+:,./_-", c) >= 0:
		case c == '=' && !first:
		default:
			return false
		}
	}
	return true
}

// needsDollarQuote: s holds a character that must not reach a terminal
// raw (the ones Text escapes).
func needsDollarQuote(s string) bool { return escape(s, false) != s }
