// Package modelargs reads a process's command line for the model files it
// names (llama.cpp, Ollama's runner, stable-diffusion.cpp, whisper.cpp and
// generic launchers) and for the llama.cpp settings that size its memory.
//
// A file named on a command line is launch evidence only: the process may
// have failed to load it, or loaded something else since.
package modelargs

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/gputaskman/gtm/inspect/formats"
)

// Tool is the family of program whose flags are being read.
type Tool string

const (
	ToolGeneric         Tool = "generic" // unknown: only unambiguous flags count
	ToolLlamaCpp        Tool = "llama.cpp"
	ToolOllama          Tool = "ollama" // its runner takes llama.cpp-style flags
	ToolStableDiffusion Tool = "stable-diffusion.cpp"
	ToolWhisper         Tool = "whisper.cpp"
)

// Kind says what a model argument refers to.
type Kind string

const (
	KindFile Kind = "file"
	KindRepo Kind = "repo" // a repository or URL (-hf user/model:quant), not a local file
	// KindFileOrRepo is a generic launcher's "--model org/name": a relative
	// path, or a hub repository the launcher downloads. Path holds the local
	// reading; the caller can check whether it exists.
	KindFileOrRepo Kind = "file_or_repo"
)

// ModelArg is one model named on the command line.
type ModelArg struct {
	Role     Role
	Kind     Kind
	Flag     string // as written, without "=value"; "" for a positional argument
	Value    string // as written
	Path     string // cleaned; absolute when Resolved; "" for KindRepo
	Resolved bool   // Path is absolute (given so, or joined with a known cwd)
	Scale    *float64
}

// Result is what a command line says.
type Result struct {
	Tool     Tool
	Models   []ModelArg // in command-line order
	Settings Settings   // read for llama.cpp and Ollama's runner only
	Warnings []string   // values that could not be read; never fatal
}

// Parse reads argv (argv[0] is the program) of a process whose working
// directory is cwd ("" when unknown). It never fails: what it cannot read
// becomes a warning.
func Parse(argv []string, cwd string) Result {
	if len(argv) == 0 {
		return Result{Tool: ToolGeneric}
	}
	return ParseAs(argv, cwd, detectTool(argv))
}

// ParseAs reads argv with tool's grammar, whatever argv[0] is called: for
// a process known by other evidence (its API, its libraries) to be, say,
// llama-server under another name.
func ParseAs(argv []string, cwd string, tool Tool) Result {
	r := Result{Tool: tool}
	if len(argv) == 0 {
		return r
	}
	p := parser{res: &r, cwd: cwd, argv: argv}
	p.run()
	// A key typed where another value belongs would be echoed by a warning.
	if k := r.Settings.APIKey; k != nil && k.Reveal() != "" {
		for i, w := range r.Warnings {
			r.Warnings[i] = strings.ReplaceAll(w, k.Reveal(), "[redacted]")
		}
	}
	return r
}

// detectTool goes by the program's file name; for Ollama, any of its
// binaries (the runner is "ollama runner" or, in old versions,
// "ollama_llama_server").
func detectTool(argv []string) Tool {
	name := strings.ToLower(argv[0])
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.TrimSuffix(name, ".exe")
	switch {
	case strings.HasPrefix(name, "ollama"):
		return ToolOllama
	case name == "llama" || strings.HasPrefix(name, "llama-") || name == "llamafile":
		return ToolLlamaCpp
	case name == "sd" || name == "sd-cli" || name == "sd-server" || strings.HasPrefix(name, "stable-diffusion"):
		return ToolStableDiffusion
	case strings.HasPrefix(name, "whisper-"): // plain "whisper" is OpenAI's Python CLI
		return ToolWhisper
	}
	return ToolGeneric
}

type parser struct {
	res  *Result
	cwd  string
	argv []string
	i    int // index of the token being read
}

func (p *parser) warn(format string, args ...any) {
	if len(p.res.Warnings) < 50 {
		p.res.Warnings = append(p.res.Warnings, fmt.Sprintf(format, args...))
	}
}

func (p *parser) run() {
	for p.i = 1; p.i < len(p.argv); p.i++ {
		tok := p.argv[p.i]
		if tok == "--" {
			for _, rest := range p.argv[p.i+1:] {
				p.positional(rest)
			}
			return
		}
		if len(tok) < 2 || tok[0] != '-' {
			p.positional(tok)
			continue
		}
		name, value, inline := strings.Cut(tok, "=")
		spec, ok := lookupFlag(p.res.Tool, name)
		if !ok && p.res.Tool == ToolOllama && !strings.HasPrefix(name, "--") {
			// Go's flag package, which the runner uses, also takes -model.
			spec, ok = lookupFlag(p.res.Tool, "-"+name)
		}
		if !ok {
			// Unknown flag: a separate value is left to positional(); an
			// inline one (--loadEngine=model.engine) is read the same way.
			if inline {
				p.positional(value)
			}
			continue
		}
		p.flag(name, spec, value, inline)
	}
}

// next takes the following token as a flag's value.
func (p *parser) next(flag string) (string, bool) {
	if p.i+1 >= len(p.argv) {
		p.warn("%s: missing value", flag)
		return "", false
	}
	p.i++
	return p.argv[p.i], true
}

func (p *parser) flag(name string, spec flagSpec, value string, inline bool) {
	switch spec.act {
	case actSwitch, actOptional:
		p.setting(name, spec, value, inline)
		return
	}
	if !inline {
		v, ok := p.next(name)
		if !ok {
			return
		}
		value = v
	}
	switch spec.act {
	case actSkip:
	case actSetting:
		p.setting(name, spec, value, true)
	case actRepo:
		if value == "" {
			p.warn("%s: empty value", name)
			return
		}
		p.res.Models = append(p.res.Models, ModelArg{Role: spec.role, Kind: KindRepo, Flag: name, Value: value})
	case actFile:
		p.file(name, spec.role, value, nil)
	case actFileList:
		for _, v := range strings.Split(value, ",") {
			p.file(name, spec.role, v, nil)
		}
	case actScaled:
		p.scaled(name, spec.role, value, inline)
	case actGenericModel:
		p.genericModel(name, value)
	case actModuleOrModel:
		if hasModelExt(value, false) {
			p.file(name, RoleModel, value, nil)
		}
	}
}

// scaled reads --lora-scaled and --control-vector-scaled: "FILE SCALE" in
// older llama.cpp, "FILE:SCALE[,FILE:SCALE...]" in newer.
func (p *parser) scaled(name string, role Role, value string, inline bool) {
	if items, ok := scaledList(value); ok {
		for _, it := range items {
			p.file(name, role, it.file, &it.scale)
		}
		return
	}
	if inline || p.i+1 >= len(p.argv) {
		p.warn("%s: no scale for %q", name, value)
		p.file(name, role, value, nil)
		return
	}
	s, err := strconv.ParseFloat(p.argv[p.i+1], 64)
	if err != nil {
		p.warn("%s: bad scale %q", name, p.argv[p.i+1])
		p.file(name, role, value, nil)
		return
	}
	p.i++
	p.file(name, role, value, &s)
}

type scaledItem struct {
	file  string
	scale float64
}

func scaledList(v string) ([]scaledItem, bool) {
	if !strings.Contains(v, ":") {
		return nil, false
	}
	var out []scaledItem
	for _, it := range strings.Split(v, ",") {
		i := strings.LastIndexByte(it, ':')
		if i <= 0 {
			return nil, false
		}
		s, err := strconv.ParseFloat(it[i+1:], 64)
		if err != nil {
			return nil, false
		}
		out = append(out, scaledItem{it[:i], s})
	}
	return out, true
}

// repoLike matches "org/name", the form hub repository ids take.
var repoLike = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9_.-]+$`) })

// genericModel reads --model and friends of an unknown launcher, where the
// value may be a file, a hub repository or a URL.
func (p *parser) genericModel(name, value string) {
	switch {
	case strings.Contains(value, "://"):
		p.res.Models = append(p.res.Models, ModelArg{Role: RoleModel, Kind: KindRepo, Flag: name, Value: value})
	case repoLike().MatchString(value) && !hasModelExt(value, true):
		path, ok := resolve(value, p.cwd)
		p.res.Models = append(p.res.Models, ModelArg{Role: RoleModel, Kind: KindFileOrRepo, Flag: name, Value: value, Path: path, Resolved: ok})
	default:
		p.file(name, RoleModel, value, nil)
	}
}

func (p *parser) file(flag string, role Role, value string, scale *float64) {
	if value == "" {
		p.warn("%s: empty value", flag)
		return
	}
	path, ok := resolve(value, p.cwd)
	p.res.Models = append(p.res.Models, ModelArg{
		Role: role, Kind: KindFile, Flag: flag, Value: value, Path: path, Resolved: ok, Scale: scale,
	})
}

// positional keeps a bare argument that names a model file by extension.
// ".bin" is too common a name for anything to count without a model flag.
func (p *parser) positional(tok string) {
	if tok == "" || !hasModelExt(tok, false) {
		return
	}
	path, ok := resolve(tok, p.cwd)
	p.res.Models = append(p.res.Models, ModelArg{
		Role: RolePositional, Kind: KindFile, Value: tok, Path: path, Resolved: ok,
	})
}

// hasModelExt: an extension that names a model format (formats.ByName);
// withBin, also one whose magic bytes may (".bin").
func hasModelExt(name string, withBin bool) bool {
	if withBin {
		return formats.IsModelExt(strings.ToLower(filepath.Ext(name)))
	}
	return formats.ByName(name) != ""
}

// resolve makes v absolute against cwd. "~" stays unresolved: the shell
// did not expand it, and whose home it means is not known here.
func resolve(v, cwd string) (string, bool) {
	switch {
	case strings.HasPrefix(v, "~"):
		return v, false
	case filepath.IsAbs(v):
		return filepath.Clean(v), true
	case cwd != "" && filepath.IsAbs(cwd):
		return filepath.Join(cwd, v), true
	}
	return filepath.Clean(v), false
}

// HasLlamaCppFlags reports whether argv uses flags only llama.cpp's
// programs take (-ngl, --ctx-size, -np, -ctk, --log-file, ...): with ggml
// libraries mapped, that says a renamed binary is llama.cpp. Short
// generic flags (-c, -b, -m) do not count.
func HasLlamaCppFlags(argv []string) bool {
	for i, tok := range argv {
		if i == 0 {
			continue
		}
		name, _, _ := strings.Cut(tok, "=")
		if _, ok := settingFlags[name]; ok && len(name) > 2 {
			return true
		}
	}
	return false
}
