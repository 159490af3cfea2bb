package windows

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/gputaskman/gtm/inspect/modelargs"
	"github.com/gputaskman/gtm/inspect/servers"
)

// The rules are CommandLineToArgvW's; the cases after the program name are
// the C runtime documentation's ("Parsing C command-line arguments").
func TestSplitCommandLineFollowsCommandLineToArgvW(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{``, []string{}},
		{" \t ", []string{}},
		{`C:\llama\llama-server.exe`, []string{`C:\llama\llama-server.exe`}},
		// argv[0]: quoted up to the next quote, backslashes plain.
		{`"C:\Program Files\llama.cpp\llama-server.exe" -m x`, []string{`C:\Program Files\llama.cpp\llama-server.exe`, `-m`, `x`}},
		{`"C:\a b\x.exe"foo bar`, []string{`C:\a b\x.exe`, `foo`, `bar`}},
		{`C:\a\"b c`, []string{`C:\a\"b`, `c`}},
		{`"unterminated name`, []string{`unterminated name`}},
		{` x`, []string{``, `x`}},
		// The C runtime table.
		{`p "a b c" d e`, []string{`p`, `a b c`, `d`, `e`}},
		{`p "ab\"c" "\\" d`, []string{`p`, `ab"c`, `\`, `d`}},
		{`p a\\\b d"e f"g h`, []string{`p`, `a\\\b`, `de fg`, `h`}},
		{`p a\\\"b c d`, []string{`p`, `a\"b`, `c`, `d`}},
		{`p a\\\\"b c" d e`, []string{`p`, `a\\b c`, `d`, `e`}},
		{`p a"b"" c d`, []string{`p`, `ab"`, `c`, `d`}}, // CommandLineToArgvW's pre-2008 "" rule
		// Quotes in a row, empty arguments, blanks.
		{`p a "" b`, []string{`p`, `a`, ``, `b`}},
		{`p """`, []string{`p`, `"`}},
		{`p """"`, []string{`p`, `"`}},
		{`p "a""b c"`, []string{`p`, `a"b`, `c`}},
		{"p\ta\t\t b  ", []string{`p`, `a`, `b`}},
		// Backslashes before the end, the classic trap of a quoted directory.
		{`p C:\dir\`, []string{`p`, `C:\dir\`}},
		{`p "C:\dir\\"`, []string{`p`, `C:\dir\`}},
		{`p "C:\dir\" next`, []string{`p`, `C:\dir" next`}},
		{`p "D:\модели\模型 文件.gguf"`, []string{`p`, `D:\модели\模型 文件.gguf`}},
	} {
		got := SplitCommandLine(c.in)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("SplitCommandLine(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// fakeQuery answers like NtQueryInformationProcess for a command line of
// text: too small a buffer gets errBufTooSmall and the size it needs
// (the UNICODE_STRING header and the text).
type fakeQuery struct {
	text  string
	claim int   // the size claimed as needed; 0: the true one
	err   error // returned instead of an answer
	sizes []int // the buffer sizes asked for
}

func (f *fakeQuery) query(size int) ([]uint16, int, error) {
	f.sizes = append(f.sizes, size)
	if f.err != nil {
		return nil, 0, f.err
	}
	u := utf16.Encode([]rune(f.text))
	need := 16 + 2*len(u)
	if size < need {
		if f.claim != 0 {
			need = f.claim
		}
		return nil, need, errBufTooSmall
	}
	return u, 0, nil
}

func TestReadCmdlineGrowsOnceUpToTheCap(t *testing.T) {
	long := "llama-server.exe -m "
	for i := 0; i < 3000; i++ {
		long += "x"
	}
	for _, c := range []struct {
		name      string
		q         fakeQuery
		wantSizes []int
		wantArgs  int  // arguments expected when there is no error
		wantErr   bool // an error is expected
	}{
		{"fits the first buffer", fakeQuery{text: `a.exe -c 4096`}, []int{firstCmdlineBuf}, 3, false},
		{"grown once to the size Windows names", fakeQuery{text: long}, []int{firstCmdlineBuf, 16 + 2*len(long)}, 3, false},
		{"a claimed size past the cap is not lent", fakeQuery{text: long, claim: MaxCmdline + 1}, []int{firstCmdlineBuf}, 0, true},
		{"a claimed size that is no larger still grows only once", fakeQuery{text: long + long, claim: 100}, []int{firstCmdlineBuf, 2 * firstCmdlineBuf}, 0, true},
		{"access denied passes through", fakeQuery{err: errDenied}, []int{firstCmdlineBuf}, 0, true},
	} {
		args, err := readCmdline(c.q.query)
		if !reflect.DeepEqual(c.q.sizes, c.wantSizes) {
			t.Errorf("%s: buffers asked for %v, want %v", c.name, c.q.sizes, c.wantSizes)
		}
		if c.wantErr {
			if err == nil || args != nil {
				t.Errorf("%s: got %q, %v; want nil and an error", c.name, args, err)
			}
			continue
		}
		if err != nil || len(args) != c.wantArgs {
			t.Errorf("%s: got %d arguments (%v), want %d", c.name, len(args), err, c.wantArgs)
		}
	}
	q := fakeQuery{err: errDenied}
	if _, err := readCmdline(q.query); !errors.Is(err, errDenied) {
		t.Errorf("the OS error must stay visible to the caller (access denied → restricted), got %v", err)
	}
}

var errDenied = errors.New("access denied")

// A Windows llama-server's command line, split here, is recognised by the
// same server identification and option parsing as a Linux one.
func TestWindowsLlamaServerCommandLineIsRecognised(t *testing.T) {
	argv := SplitCommandLine(`"C:\Program Files\llama.cpp\llama-server.exe" -m "D:\models\Qwen3 8B\Qwen3-8B-Q4_K_M.gguf" -c 16384 -np 2 -ngl 99 --port 8080`)
	if s, _ := servers.Recognise("llama-server.exe", argv); s == nil || s.Name() != servers.NameLlamaServer {
		t.Fatalf("server %v, want llama-server", s)
	}
	r := modelargs.Parse(argv, "")
	if r.Tool != modelargs.ToolLlamaCpp {
		t.Fatalf("tool %q, want llama.cpp", r.Tool)
	}
	if len(r.Models) != 1 || r.Models[0].Value != `D:\models\Qwen3 8B\Qwen3-8B-Q4_K_M.gguf` {
		t.Errorf("models %+v: the quoted path with a space must be one argument", r.Models)
	}
	s := r.Settings
	if s.CtxSize == nil || *s.CtxSize != 16384 || s.Parallel == nil || *s.Parallel != 2 {
		t.Errorf("settings -c %v -np %v, want 16384 and 2", s.CtxSize, s.Parallel)
	}

	runner := SplitCommandLine(`"C:\Users\alice\AppData\Local\Programs\Ollama\ollama.exe" runner --model C:\Users\alice\.ollama\models\blobs\sha256-6a0746a1ec1a --port 51234`)
	if s, role := servers.Recognise("ollama.exe", runner); s == nil || s.Name() != servers.NameOllama || role != servers.Worker {
		t.Errorf("ollama runner: server %v role %d", s, role)
	}
	if s, role := servers.Recognise("ollama.exe", SplitCommandLine(`ollama.exe serve`)); s == nil || s.Name() != servers.NameOllama || role != servers.API {
		t.Errorf("ollama serve: server %v role %d", s, role)
	}
}

func TestCleanCwd(t *testing.T) {
	for in, want := range map[string]string{
		`C:\models\`:          `C:\models`,
		`C:\`:                 `C:\`,
		`D:\llama cpp\bin\`:   `D:\llama cpp\bin`,
		`\\server\share\dir\`: `\\server\share\dir`,
		`C:\already\clean`:    `C:\already\clean`,
		``:                    ``,
	} {
		if got := CleanCwd(in); got != want {
			t.Errorf("CleanCwd(%q) = %q, want %q", in, got, want)
		}
	}
}

// escapeArg quotes one argument the way the C runtime's parser reads it
// back (as Go's syscall.EscapeArg does on Windows): backslashes are
// doubled only before a quote, quotes are escaped, and an argument with a
// blank or a quote, or an empty one, is quoted.
func escapeArg(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\"") {
		return s
	}
	var b strings.Builder
	b.WriteByte('"')
	slashes := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			slashes++
		case '"':
			b.WriteString(strings.Repeat(`\`, slashes+1)) // the slashes written so far, doubled, and one
			slashes = 0
			b.WriteByte(c)
			continue
		default:
			slashes = 0
		}
		b.WriteByte(s[i])
	}
	b.WriteString(strings.Repeat(`\`, slashes)) // doubled before the closing quote
	b.WriteByte('"')
	return b.String()
}

// Round trip: any arguments a launcher quotes the standard way come back
// as they were.
func FuzzSplitCommandLine(f *testing.F) {
	for _, seed := range [][2]string{
		{"-m", `C:\models\a b.gguf`}, {`say "hi"`, ``}, {`C:\dir\`, `a\\"b`}, {"\t", `"""`}, {`\\server\share`, `x\`},
	} {
		f.Add(`C:\Program Files\llama.cpp\llama-server.exe`, seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, prog, a, b string) {
		if prog == "" || strings.ContainsAny(prog, "\"\x00") || strings.ContainsAny(a+b, "\x00") {
			return // a program path holds no quotes; Windows strings hold no NULs
		}
		line := `"` + prog + `" ` + escapeArg(a) + " " + escapeArg(b)
		got := SplitCommandLine(line)
		if want := []string{prog, a, b}; !reflect.DeepEqual(got, want) {
			t.Fatalf("SplitCommandLine(%q) = %q, want %q", line, got, want)
		}
	})
}

func BenchmarkSplitCommandLine(b *testing.B) {
	line := `"C:\Program Files\llama.cpp\llama-server.exe" -m "D:\models\Qwen3 8B\Qwen3-8B-Q4_K_M.gguf" -c 16384 -np 2 -ngl 99 ` +
		`--host 127.0.0.1 --port 8080 --api-key "not a real key" -ctk q8_0 -ctv q8_0 --log-file "C:\logs\llama server.log"`
	for b.Loop() {
		SplitCommandLine(line)
	}
}
