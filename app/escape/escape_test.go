package escape

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestText(t *testing.T) {
	cases := map[string]string{
		"llama-server":              "llama-server",
		"模型 café":                   "模型 café",
		"\x1b]0;pwned\x07":          `\x1b]0;pwned\x07`,
		"\x1b[2J\x1b[H":             `\x1b[2J\x1b[H`,
		"a\nb\tc\rd":                `a\nb\tc\rd`,
		"evil\u202eexe.gguf":        `evil\u202eexe.gguf`,
		"\u2066x\u2069\u200f\u061c": `\u2066x\u2069\u200f\u061c`,
		"\u009b31m":                 `\u009b31m`,
		"bad\xffutf8":               `bad\xffutf8`,
		"del\x7f":                   `del\x7f`,
		"line\u2028sep":             `line\u2028sep`,
		`C:\Users\me\model.gguf`:    `C:\Users\me\model.gguf`,
		"":                          "",
	}
	for in, want := range cases {
		if got := Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLinesKeepsLayout(t *testing.T) {
	in := "PID\tNAME\n4242\tevil\x1b[2J\u202e\n"
	want := "PID\tNAME\n4242\tevil\\x1b[2J\\u202e\n"
	if got := Lines(in); got != want {
		t.Errorf("Lines = %q, want %q", got, want)
	}
}

// FuzzText: the result never holds a character a terminal interprets, and
// printable input passes unchanged.
func FuzzText(f *testing.F) {
	for _, s := range []string{"plain", "\x1b[31mred", "a\nb", "\u202e", "\xff\xfe", "\u009b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, keep := range []bool{false, true} {
			out := escape(s, keep)
			if !utf8.ValidString(out) {
				t.Fatalf("invalid UTF-8 out of %q", s)
			}
			for _, r := range out {
				if keep && (r == '\n' || r == '\t') {
					continue
				}
				if r < 0x20 || r == 0x7f || unsafeRune(r) {
					t.Fatalf("%q kept %U", s, r)
				}
			}
			printable := utf8.ValidString(s) && strings.IndexFunc(s, func(r rune) bool {
				return !unicode.IsPrint(r) && r != ' '
			}) < 0
			if printable && out != s {
				t.Fatalf("printable %q changed to %q", s, out)
			}
		}
	})
}
