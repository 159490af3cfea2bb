package escape

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestShellWords(t *testing.T) {
	for _, tc := range []struct {
		argv []string
		want string
	}{
		{[]string{"llama-server", "-m", "/models/q.gguf", "--port=8080"}, "llama-server -m /models/q.gguf --port=8080"},
		{[]string{"python3", "-c", "print('hi')"}, `python3 -c 'print('\''hi'\'')'`},
		{[]string{"x", "$(touch pwned)", "`id`", "$HOME", "*", "a b", ""}, "x '$(touch pwned)' '`id`' '$HOME' '*' 'a b' ''"},
		{[]string{"FOO=bar", "k=v"}, "'FOO=bar' k=v"},
		{[]string{"x", "a\x15rm -rf ~\n"}, `x $'a\x15rm -rf ~\n'`},
		{[]string{"x", "\u202egnp.exe", "é"}, `x $'\xe2\x80\xaegnp.exe' 'é'`},
		{[]string{"x", "\xff'\\"}, `x $'\xff\'\\'`},
	} {
		if got := Shell(tc.argv); got != tc.want {
			t.Errorf("Shell(%q)\n got %s\nwant %s", tc.argv, got, tc.want)
		}
	}
}

// A real shell reads the quoted line back as the same argv, and runs
// nothing an argument names.
func TestShellRoundTrip(t *testing.T) {
	dir := t.TempDir()
	pwned := filepath.Join(dir, "pwned")
	hostile := [][]string{
		{"llama-server", "-m", "/m/q.gguf", "--alias", "it's", "a b\tc"},
		{"x", "$(touch " + pwned + ")", "`touch " + pwned + "`", "; touch " + pwned, "| touch " + pwned, "&& touch " + pwned},
		{"x", "$HOME", "~", "*", "?", "[a]", "{a,b}", "#c", "!1", "'", "\"", "\\", "", "-", "--", "%s", "é日本"},
		{"x", "line1\nline2", "\x1b[201~touch " + pwned + "\n", "a\x15b", "\x7f", "\u202eabc", "\xff\xfe"},
	}
	for _, shell := range []string{"sh", "bash"} {
		path, err := exec.LookPath(shell)
		if err != nil {
			t.Logf("no %s: skipped", shell)
			continue
		}
		for _, argv := range hostile {
			line := Shell(argv)
			if shell == "sh" && strings.Contains(line, "$'") && !dollarQuotes(path) {
				continue // an older sh (dash before 0.5.13) lacks $'…'
			}
			// printf each word NUL-terminated, instead of running argv[0]
			out, err := exec.Command(path, "-c", `f() { printf '%s\0' "$@"; }; f `+line).Output()
			if err != nil {
				t.Errorf("%s: %s: %v", shell, line, err)
				continue
			}
			got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
			if !slices.Equal(got, argv) {
				t.Errorf("%s read %s back as\n %q\nwant %q", shell, line, got, argv)
			}
		}
	}
	if _, err := os.Stat(pwned); err == nil {
		t.Fatal("an argument ran a command")
	}
}

func dollarQuotes(sh string) bool {
	out, _ := exec.Command(sh, "-c", `printf %s $'a\x41'`).Output()
	return bytes.Equal(out, []byte("aA"))
}

// Whatever the bytes, the quoted line holds no control character, bidi
// override or invalid UTF-8: nothing a terminal acts on.
func FuzzShell(f *testing.F) {
	for _, s := range []string{"a", "a b", "it's", "\x15", "\x1b[201~", "\u202e", "\xff", "$(x)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		line := Shell([]string{"x", s})
		if Text(line) != line {
			t.Fatalf("Shell(%q) = %q holds raw control characters", s, line)
		}
	})
}
