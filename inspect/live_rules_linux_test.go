package inspect

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/modelargs"
)

const cpuLog = `load_tensors:   CPU_Mapped model buffer size =     3.75 MiB
llama_context: n_seq_max             = 4
llama_context: n_ctx                 = 2048
llama_context: kv_unified            = true
llama_context:        CPU  output buffer size =     0.01 MiB
llama_kv_cache:        CPU KV buffer size =     6.00 MiB
sched_reserve:        CPU compute buffer size =    10.50 MiB
`

// Rule: llama.cpp logs to stderr; a stderr redirected to a regular file
// (server > log 2>&1) is read like --log-file, for a llama.cpp process.
func TestStderrRedirectedLogIsRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "server.out")
	out, err := os.Create(path)
	must(t, err)
	defer out.Close()
	cmd := exec.Command("sleep", "30")
	cmd.Stderr = out
	start := time.Now()
	must(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	_, err = out.WriteString(cpuLog) // what the server writes to its stderr
	must(t, err)

	l := NewLive("/proc")
	target := Target{PID: cmd.Process.Pid, Start: start, Name: "llama-server"}
	lf := l.Log(target, Finding{}, true)
	if lf == nil || lf.Path != path || lf.HostKV == nil || *lf.HostKV != 6<<20 || lf.HostCompute == nil || lf.NCtx == nil || *lf.NCtx != 2048 {
		t.Fatalf("stderr log facts = %+v", lf)
	}
	if l.Log(target, Finding{}, false) != nil {
		t.Error("the stderr of a process not known to be llama.cpp must not be read")
	}
	// a pipe or terminal is not a log file
	cmd2 := exec.Command("sleep", "30")
	_, err = cmd2.StderrPipe()
	must(t, err)
	must(t, cmd2.Start())
	t.Cleanup(func() { _ = cmd2.Process.Kill(); _ = cmd2.Wait() })
	if lf := l.Log(Target{PID: cmd2.Process.Pid, Start: time.Now()}, Finding{}, true); lf != nil {
		t.Errorf("a pipe read as a log: %+v", lf)
	}
}

// Rule: a --llm-log or --log-file that cannot be read is said, in the
// block's notes, never silently ignored.
func TestUnreadableLLMLogIsReported(t *testing.T) {
	dir := t.TempDir()
	l := NewLive("/proc")
	target := Target{PID: 1 << 29, Start: time.Now()}
	for _, c := range []struct {
		path, want string
	}{
		{filepath.Join(dir, "missing.log"), "cannot be read: no such file"},
		{dir, "not a regular file"},
	} {
		l.LogPaths[target.PID] = c.path
		lf := l.Log(target, Finding{}, false)
		if lf == nil || lf.Path != c.path || !strings.Contains(lf.Reason, c.want) {
			t.Errorf("%s: %+v", c.path, lf)
			continue
		}
		b := BuildLLM(LLMInput{Log: lf})
		if b == nil || len(b.Notes) == 0 || !strings.Contains(b.Notes[0], c.path) || !strings.Contains(b.Notes[0], c.want) {
			t.Errorf("%s: notes %v", c.path, b)
		}
	}
	// a --log-file on the command line that is missing, likewise
	delete(l.LogPaths, target.PID)
	missing := filepath.Join(dir, "gone.log")
	lf := l.Log(target, Finding{Settings: modelargs.Settings{LogFile: &missing}}, true)
	if lf == nil || !strings.Contains(lf.Reason, "no such file") {
		t.Errorf("--log-file: %+v", lf)
	}
}

// Rule: a llama-server under another name is known by its API; its
// command line is then read with llama.cpp's grammar, so its --log-file,
// -c and -np count.
func TestLlamaServerFoundByAPIGetsSettings(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "grid-qwen3.gguf")
	must(t, ggufgen.Qwen3GQA().MustBuild().WriteFile(model))
	mapHere(t, model)
	requests := 0
	fakeLlamaServer(t, model, &requests)
	log := filepath.Join(dir, "engine.log")
	must(t, os.WriteFile(log, []byte(cpuLog), 0o644))

	in := New("/proc", nil)
	in.Live = NewLive("/proc")
	target := Target{PID: os.Getpid(), Start: time.Now().Add(-time.Minute), Name: "com.docker.llama-server",
		Cmdline: []string{"/opt/engine/bin/com.docker.llama-server", "-m", model, "-c", "3072", "-np", "3", "--log-file", "engine.log"}, Cwd: dir}
	f := in.Inspect(target)
	if f.Tool != modelargs.ToolGeneric || f.Settings.LogFile != nil {
		t.Fatalf("by name alone this is not llama.cpp: %v %+v", f.Tool, f.Settings)
	}
	f, l := in.Enrich(context.Background(), target, f, nil)
	if f.Tool != modelargs.ToolLlamaCpp || f.Settings.CtxSize == nil || *f.Settings.CtxSize != 3072 {
		t.Fatalf("after the API: tool %v settings %+v", f.Tool, f.Settings)
	}
	if l == nil || l.LogPath == nil || *l.LogPath != log || l.Host == nil || l.Host.KVCache == nil || l.Host.KVCache.Source != "reported" {
		t.Fatalf("the --log-file must be read: %+v", l)
	}
	if *l.NCtx != 2048 || *l.NCtxSource != "log" {
		t.Errorf("n_ctx %d (%s)", *l.NCtx, *l.NCtxSource)
	}

	// ggml libraries (here: the ggml runtime) and llama.cpp's own flags
	// say the same without an API
	t2 := target
	t2.Cmdline = []string{"/opt/engine/bin/engine", "-m", model, "--ctx-size", "3072", "-ngl", "99"}
	in2 := New("/proc", nil)
	f2 := in2.Inspect(t2)
	if f2.Tool != modelargs.ToolGeneric {
		t.Fatalf("no ggml library mapped here: %v", f2.Tool)
	}
	args := modelargs.Parse(t2.Cmdline, dir)
	if args.Tool != modelargs.ToolGeneric || !modelargs.HasLlamaCppFlags(t2.Cmdline) || modelargs.HasLlamaCppFlags([]string{"x", "-c", "cfg.yaml", "-m", "mod"}) {
		t.Errorf("llama.cpp flags: %v", args.Tool)
	}
}

// Rule: /props model_path may be relative to the server's working
// directory: it names the mapped file (one row, api+mapped). A path the
// API names that is not a readable GGUF is evidence text only.
func TestRelativeAPIModelPathResolvedAgainstCwd(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "q.gguf")
	must(t, ggufgen.Qwen3GQA().MustBuild().WriteFile(model))
	mapHere(t, model)
	requests := 0
	fakeLlamaServer(t, "q.gguf", &requests)

	in := New("/proc", nil)
	in.Live = NewLive("/proc")
	target := Target{PID: os.Getpid(), Start: time.Now().Add(-time.Minute), Name: "llama-server",
		Cmdline: []string{"llama-server", "-m", "q.gguf"}, Cwd: dir}
	f, l := in.Enrich(context.Background(), target, in.Inspect(target), nil)
	n := 0
	for _, m := range f.Models {
		if m.Path == model {
			n++
			if strings.Join(m.Evidence, "+") != "api+mapped+cmdline" || !m.Confirmed {
				t.Errorf("evidence %v", m.Evidence)
			}
		} else if strings.HasSuffix(m.Path, "q.gguf") {
			t.Errorf("second row for the same file: %+v", m)
		}
	}
	if n != 1 || l == nil {
		t.Fatalf("rows %d: %+v", n, f.Models)
	}

	// not a GGUF, or not there: a note, no row, never parsed
	notGGUF := filepath.Join(dir, "notes.gguf")
	must(t, os.WriteFile(notGGUF, []byte("not a model"), 0o644))
	for _, p := range []string{"notes.gguf", "missing.gguf", "/dev/zero"} {
		got, notes := in.withAPIEvidence(nil, Finding{}, []string{p}, dir)
		if len(got.Models) != 0 || len(notes) != 1 || !strings.Contains(notes[0], "evidence text only") {
			t.Errorf("%s: models %+v notes %v", p, got.Models, notes)
		}
	}
	if _, notes := in.withAPIEvidence(nil, Finding{}, []string{"q.gguf"}, ""); len(notes) != 1 || !strings.Contains(notes[0], "no known working directory") {
		t.Errorf("relative path without a cwd: %v", notes)
	}
}
