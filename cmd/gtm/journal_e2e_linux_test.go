package main

// End-to-end tests of servers run as systemd units: their stdout and
// stderr are a stream socket (journald's stdout stream), their load lines
// reach only the journal. A stand-in journald (journaltest.Stream) takes
// the lines off the socket and writes them as the server's PID to a real
// journal file (systemd-journal-remote); gtm --journal-dir reads them.

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
	"github.com/gputaskman/gtm/inspect/journal/journaltest"
	"github.com/gputaskman/gtm/internal/schema"
	"github.com/gputaskman/gtm/internal/standin"
)

// ollamaEngineLoad is the load summary Ollama's own engine logs
// (inspect/llamacpplog/testdata/ollama-engine.log, from a real run).
var ollamaEngineLoad = []string{
	`time={slogtime} level=INFO source=backend.go:310 msg="model weights" device=CUDA0 size="604.2 MiB"`,
	`time={slogtime} level=INFO source=backend.go:315 msg="model weights" device=CPU size="157.6 MiB"`,
	`time={slogtime} level=INFO source=backend.go:321 msg="kv cache" device=CUDA0 size="896.0 MiB"`,
	`time={slogtime} level=INFO source=backend.go:332 msg="compute graph" device=CUDA0 size="300.0 MiB"`,
	`time={slogtime} level=INFO source=backend.go:337 msg="compute graph" device=CPU size="4.0 MiB"`,
	`time={slogtime} level=INFO source=backend.go:342 msg="total memory" size="1.9 GiB"`,
}

// TestOllamaServiceLogsToJournal: `ollama serve` as Linux's ollama.service
// writes to the journal, its runner's load lines under the server's PID.
// The runner on the stand-in driver shows its weights, KV cache and
// compute graph reported from the journal; without the journal, nothing
// is reported.
func TestOllamaServiceLogsToJournal(t *testing.T) {
	needBinary(t)
	journaltest.Writer(t)
	stream := journaltest.NewStream(t)
	spec := standin.Spec{Argv: []string{"/usr/local/bin/ollama", "serve"}, Children: []standin.Spec{{
		Argv:   []string{"/usr/local/bin/ollama", "runner", "--ollama-engine", "--model", "/usr/share/ollama/.ollama/models/blobs/sha256-3f2b", "--port", "{port}"},
		Routes: map[string]standin.Route{"/health": {Body: `{"status":"ok"}`}},
		Log:    ollamaEngineLoad,
	}}}
	server := standin.StartTo(t, spec, stream.File)
	runner := server.Children[0]
	dir := t.TempDir()
	stream.Journal(t, filepath.Join(dir, "system.journal"), server.PID, journaltest.Boot(t), `msg="total memory"`)
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(fakenvml.Process{PID: runner.PID, UsedMemory: 2 << 30})}})

	l := journalRow(t, m.json("--journal-dir", dir), runner.PID)
	mib := func(v float64) uint64 { return uint64(v * (1 << 20)) }
	wantPart(t, "weights", l.Weights, mib(604.2), "reported")
	wantPart(t, "kv_cache", l.KVCache, mib(896), "reported")
	wantPart(t, "compute", l.Compute, mib(300), "reported")
	if want := "journal _PID=" + strconv.Itoa(server.PID); strOf(l.LogPath) != want {
		t.Errorf("log path %q, want %q", strOf(l.LogPath), want)
	}

	// the same runner with an empty journal: nothing reported
	if row := findRow(m.json("--journal-dir", t.TempDir()), runner.PID, 0); row == nil || row.LLM != nil && row.LLM.Weights != nil {
		t.Errorf("with no journal: %+v", row)
	}
}

// TestLlamaServerUnitLogsToJournal: llama-server as a systemd unit; its
// own buffer lines are in the journal under its PID.
func TestLlamaServerUnitLogsToJournal(t *testing.T) {
	needBinary(t)
	journaltest.Writer(t)
	stream := journaltest.NewStream(t)
	spec := standin.Spec{Argv: []string{"/usr/local/bin/llama-server", "-m", "/srv/models/Qwen3-0.6B-Q8_0.gguf", "--port", "{port}"},
		Routes: map[string]standin.Route{"/health": {Body: `{"status":"ok"}`}},
		Log: []string{
			"load_tensors:        CUDA0 model buffer size =   604.15 MiB",
			"llama_context: n_ctx                 = 4096",
			"llama_kv_cache:      CUDA0 KV buffer size =   448.00 MiB",
			"sched_reserve:      CUDA0 compute buffer size =   298.75 MiB",
		}}
	srv := standin.StartTo(t, spec, stream.File)
	dir := t.TempDir()
	stream.Journal(t, filepath.Join(dir, "system.journal"), srv.PID, journaltest.Boot(t), "compute buffer size")
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(fakenvml.Process{PID: srv.PID, UsedMemory: 2 << 30})}})

	l := journalRow(t, m.json("--journal-dir", dir), srv.PID)
	mib := func(v float64) uint64 { return uint64(v * (1 << 20)) }
	wantPart(t, "weights", l.Weights, mib(604.15), "reported")
	wantPart(t, "kv_cache", l.KVCache, mib(448), "reported")
	wantPart(t, "compute", l.Compute, mib(298.75), "reported")
	if !strings.HasPrefix(strOf(l.LogPath), "journal _PID=") {
		t.Errorf("log path %q", strOf(l.LogPath))
	}
}

// journalRow is pid's LLM block on GPU 0.
func journalRow(t *testing.T, snap *schema.Snapshot, pid int) *schema.LLM {
	t.Helper()
	row := findRow(snap, pid, 0)
	if row == nil || row.LLM == nil {
		t.Fatalf("PID %d: no row or no llm block: %+v", pid, row)
	}
	return row.LLM
}

// TestOllamaServiceTwoRunnersJournalNotRead: with two runners, the
// server's journal lines cannot be tied to one: neither is given them.
func TestOllamaServiceTwoRunnersJournalNotRead(t *testing.T) {
	needBinary(t)
	journaltest.Writer(t)
	stream := journaltest.NewStream(t)
	runner := func(blob string) standin.Spec {
		return standin.Spec{Argv: []string{"/usr/local/bin/ollama", "runner", "--ollama-engine", "--model", blob, "--port", "{port}"},
			Routes: map[string]standin.Route{"/health": {Body: `{"status":"ok"}`}}, Log: ollamaEngineLoad}
	}
	spec := standin.Spec{Argv: []string{"/usr/local/bin/ollama", "serve"},
		Children: []standin.Spec{runner("/m/blobs/sha256-aaaa"), runner("/m/blobs/sha256-bbbb")}}
	server := standin.StartTo(t, spec, stream.File)
	dir := t.TempDir()
	stream.Journal(t, filepath.Join(dir, "system.journal"), server.PID, journaltest.Boot(t), `msg="total memory"`)
	r0, r1 := server.Children[0], server.Children[1]
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(
		fakenvml.Process{PID: r0.PID, UsedMemory: 2 << 30}, fakenvml.Process{PID: r1.PID, UsedMemory: 2 << 30})}})
	snap := m.json("--journal-dir", dir)
	for _, r := range []*standin.Proc{r0, r1} {
		if row := findRow(snap, r.PID, 0); row == nil || row.LLM != nil && row.LLM.LogPath != nil {
			t.Errorf("runner %d: %+v", r.PID, row)
		}
	}
}

// TestVLLMUnitLogsToJournal: `vllm serve` as a systemd unit, its workers
// writing to the unit's stdout stream, every line under the API
// process's PID (journald names a stream by the process that opened it).
// Each worker shows its own GPU's figures reported from the journal.
func TestVLLMUnitLogsToJournal(t *testing.T) {
	needBinary(t)
	journaltest.Writer(t)
	stream := journaltest.NewStream(t)
	o := standin.VLLMOptions{TP: 2, Libs: standin.FakeLibs(t)}
	hub, _, _, _ := qwen3Hub(t)
	spec := standin.VLLM(o)
	spec.Env = append(spec.Env, "HF_HUB_CACHE="+hub)
	api := standin.StartTo(t, spec, stream.File)
	dir := t.TempDir()
	stream.Journal(t, filepath.Join(dir, "system.journal"), api.PID, journaltest.Boot(t), "Starting vLLM")
	w0, w1 := api.Children[0].Children[0], api.Children[0].Children[1]
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{
		h200(0, fakenvml.Process{PID: w0.PID, UsedMemory: 112 << 30}),
		h200(1, fakenvml.Process{PID: w1.PID, UsedMemory: 111 << 30}),
	}})
	snap := m.json("--journal-dir", dir)
	for rank, w := range []*standin.Proc{w0, w1} {
		row := findRow(snap, w.PID, rank)
		if row == nil || row.LLM == nil {
			t.Fatalf("worker %d: no row or no llm block: %+v", rank, row)
		}
		wantPart(t, "weights", row.LLM.Weights, gibBytes(o.WeightsGiB(), 4), "reported")
		wantPart(t, "kv_cache", row.LLM.KVCache, gibBytes(100, 2), "reported")
		if want := "journal _PID=" + strconv.Itoa(api.PID); strOf(row.LLM.LogPath) != want {
			t.Errorf("worker %d: log path %q, want %q", rank, strOf(row.LLM.LogPath), want)
		}
	}
}

// --journal-dir must be a directory, for every command that collects.
func TestJournalDirNotADirectory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	must(t, os.WriteFile(file, nil, 0o644))
	for _, args := range [][]string{
		{"--json", "--journal-dir", file},
		{"record", "--duration", "1", "--journal-dir", file},
		{"serve", "--journal-dir", file},
		{"inspect", "1", "--journal-dir", file},
	} {
		code, _, stderr := runBinaryEnv(t, os.Environ(), args...)
		if code != exitUsage || !strings.Contains(stderr, "--journal-dir "+file+" is not a directory") || strings.Count(strings.TrimSpace(stderr), "\n") > 1 {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
}
