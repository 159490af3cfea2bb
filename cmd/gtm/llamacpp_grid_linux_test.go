package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/modelcost"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/llamacpplog"
	"github.com/gputaskman/gtm/internal/schema"
)

// gridCell is one llama-server configuration of the grid.
type gridCell struct {
	name  string
	model string   // llama, qwen3, gemma3
	args  []string // llama-server flags (also given to gtm model)
	// stderrLog: the reported run sends stderr to a regular file instead
	// of --log-file, so gtm reads /proc/PID/fd/2.
	stderrLog bool
	// renamed: the server runs under another name (found by its API).
	renamed bool
}

var grid = []gridCell{
	{name: "llama MHA, -c 512 -np 4", model: "llama", args: []string{"-c", "512", "-np", "4"}},
	{name: "llama MHA, -c 512 (auto slots)", model: "llama", args: []string{"-c", "512"}, stderrLog: true},
	{name: "llama MHA, -c 8192 (trained 4096)", model: "llama", args: []string{"-c", "8192"}},
	{name: "llama MHA, -c 1000 -np 3", model: "llama", args: []string{"-c", "1000", "-np", "3"}, stderrLog: true},
	{name: "llama MHA, -c 2048 -np 4 -kvu", model: "llama", args: []string{"-c", "2048", "-np", "4", "-kvu"}},
	{name: "qwen3 GQA, -c 4096 -np 1", model: "qwen3", args: []string{"-c", "4096", "-np", "1"}, renamed: true},
	{name: "qwen3 GQA, -c 4096 q8_0/q8_0", model: "qwen3", args: []string{"-c", "4096", "-ctk", "q8_0", "-ctv", "q8_0"}, stderrLog: true},
	{name: "qwen3 GQA, -c 3000 -np 2 q8_0/f16", model: "qwen3", args: []string{"-c", "3000", "-np", "2", "-ctk", "q8_0", "-ctv", "f16"}},
	{name: "qwen3 GQA, no -c (trained 8192)", model: "qwen3", args: nil, stderrLog: true},
	{name: "gemma3 SWA, -c 2048 -np 4", model: "gemma3", args: []string{"-c", "2048", "-np", "4"}},
	{name: "gemma3 SWA, -c 8192 (auto slots)", model: "gemma3", args: []string{"-c", "8192"}, stderrLog: true},
	{name: "gemma3 SWA, -c 8192 -np 4 --swa-full", model: "gemma3", args: []string{"-c", "8192", "-np", "4", "--swa-full"}},
	{name: "gemma3 SWA, -c 8192 -b 256", model: "gemma3", args: []string{"-c", "8192", "-b", "256"}, stderrLog: true},
	{name: "gemma3 SWA, -c 4096 -np 2 -b 128 -ub 256", model: "gemma3", args: []string{"-c", "4096", "-np", "2", "-b", "128", "-ub", "256"}},
	{name: "gemma3 SWA, -c 4096 -np 2 -kvu", model: "gemma3", args: []string{"-c", "4096", "-np", "2", "-kvu"}, renamed: true},
	{name: "gemma3 SWA, -c 3000 -np 3 q8_0/q8_0", model: "gemma3", args: []string{"-c", "3000", "-np", "3", "-ctk", "q8_0", "-ctv", "q8_0"}, stderrLog: true},
}

// gtmModelFlags are llama-server's flags as gtm model spells them.
var gtmModelFlags = map[string]string{"-c": "--ctx", "-np": "--parallel", "-b": "--batch", "-ub": "--ubatch",
	"-ctk": "--cache-type-k", "-ctv": "--cache-type-v", "-kvu": "--kv-unified", "--swa-full": "--swa-full"}

// gridSizes are one run's numbers in MiB, as llama.cpp prints them (%.2f).
type gridSizes struct{ weights, kv, output, compute string }

// TestLlamaCppGrid starts a real CPU llama-server (GTM_LLAMA_SERVER) on
// small generated models over the grid of settings in the issue, and
// checks that gtm model (same flags) and gtm inspect PID --json of the
// running server (command line and API; then its log) give the sizes the
// server logs, to 0.01 MiB. GTM_GRID_REPORT=FILE writes the table.
func TestLlamaCppGrid(t *testing.T) {
	bin := os.Getenv("GTM_LLAMA_SERVER")
	if bin == "" {
		t.Skip("GTM_LLAMA_SERVER is not set: `make test-llamacpp` builds a CPU llama-server (scripts/build-llama-server.sh) and runs this grid against it")
	}
	dir := t.TempDir()
	models := map[string]string{}
	for name, b := range map[string]*ggufgen.Builder{"llama": ggufgen.LlamaMHA(), "qwen3": ggufgen.Qwen3GQA(), "gemma3": ggufgen.Gemma3SWA()} {
		models[name] = filepath.Join(dir, "grid-"+name+".gguf")
		must(t, b.MustBuild().WriteFile(models[name]))
	}
	renamed := filepath.Join(dir, "inference-engine")
	must(t, os.Symlink(bin, renamed))

	var table strings.Builder
	table.WriteString("| cell | llama.cpp logged: weights / KV / output / compute (MiB) | `gtm model` | `gtm inspect` (cmdline + API) | `gtm inspect` (log) | agree |\n|---|---|---|---|---|---|\n")
	failed := 0
	for _, c := range grid {
		row, ok := runGridCell(t, bin, renamed, dir, models[c.model], c)
		table.WriteString(row)
		if !ok {
			failed++
		}
	}
	t.Logf("grid:\n%s", table.String())
	if out := os.Getenv("GTM_GRID_REPORT"); out != "" {
		must(t, os.WriteFile(out, []byte(table.String()), 0o644))
	}
	if failed > 0 {
		t.Errorf("%d of %d grid cells disagree with llama.cpp", failed, len(grid))
	}
}

func runGridCell(t *testing.T, bin, renamed, dir, model string, c gridCell) (string, bool) {
	t.Helper()
	exe := bin
	if c.renamed {
		exe = renamed
	}
	// Run 1: no log gtm can read (stderr is a pipe): gtm inspect estimates
	// from the command line and the API; the test keeps the server's log.
	var logBuf lockedBuffer
	pid, stop := startLlamaServer(t, exe, dir, model, c.args, nil, &logBuf)
	if pid == 0 {
		return fmt.Sprintf("| %s | server failed to start | | | | no |\n", c.name), false
	}
	estimated := gtmInspect(t, pid)
	stop()
	logged, detail := sizesFromLog(logBuf.String())
	reported := inspectWithLog(t, exe, dir, model, c)

	fromModel := gtmModelSizes(t, model, c)
	fromEstimate := hostSizes(estimated, "estimated")
	fromLog := hostSizes(reported, "reported")
	ok := checkGridSizes(t, c.name, logged, fromModel, fromEstimate, fromLog)
	ok = checkGridReported(t, c, estimated, reported) && ok
	if detail != "" {
		t.Logf("%s: %s", c.name, detail)
	}
	return gridRow(c, logged, fromModel, fromEstimate, fromLog, ok), ok
}

// inspectWithLog is run 2: the server's log where gtm finds it
// (--log-file, or stderr in a file), and what gtm inspect reports from
// it; nil when the server did not start.
func inspectWithLog(t *testing.T, exe, dir, model string, c gridCell) *schema.Process {
	logPath := filepath.Join(dir, "server.log")
	_ = os.Remove(logPath)
	extra := []string{"--log-file", logPath}
	var stderrFile *os.File
	if c.stderrLog {
		extra = nil
		f, err := os.Create(logPath)
		must(t, err)
		stderrFile = f
	}
	pid, stop := startLlamaServer(t, exe, dir, model, append(append([]string{}, c.args...), extra...), stderrFile, nil)
	var reported *schema.Process
	if pid != 0 {
		reported = gtmInspect(t, pid)
		stop()
	}
	if stderrFile != nil {
		stderrFile.Close()
	}
	return reported
}

// gtmModelSizes are the host buffers gtm model gives for the cell's
// llama-server flags, translated to its own.
func gtmModelSizes(t *testing.T, model string, c gridCell) gridSizes {
	modelArgs := []string{"model", model, "--json", "--device", "none"}
	for i := 0; i < len(c.args); i++ {
		f := gtmModelFlags[c.args[i]]
		modelArgs = append(modelArgs, f)
		if f != "--kv-unified" && f != "--swa-full" {
			i++
			modelArgs = append(modelArgs, c.args[i])
		}
	}
	code, stdout, stderr, _ := runIn(t, noGPU(), modelArgs...)
	var r modelcost.GGUFReport
	if code != exitOK || json.Unmarshal([]byte(stdout), &r) != nil {
		t.Errorf("%s: gtm model %v: %d %s", c.name, modelArgs, code, stderr)
	}
	return gridSizes{weights: mibStr(r.WeightsCPUBytes), kv: mibStr(r.KVCPUBytes), output: mibStr(r.OutputBytes), compute: "n/a"}
}

// checkGridSizes holds each of gtm's answers to what llama.cpp logged;
// only the log gives the compute buffer. It says whether all agree.
func checkGridSizes(t *testing.T, name string, logged, fromModel, fromEstimate, fromLog gridSizes) bool {
	ok := true
	check := func(who string, got gridSizes, compute bool) {
		for _, p := range []struct{ part, want, got string }{
			{"weights", logged.weights, got.weights}, {"KV", logged.kv, got.kv}, {"output", logged.output, got.output}} {
			if p.want != p.got {
				ok = false
				t.Errorf("%s: %s %s %s MiB, llama.cpp logged %s", name, who, p.part, p.got, p.want)
			}
		}
		if compute && got.compute != logged.compute {
			ok = false
			t.Errorf("%s: %s compute %s MiB, llama.cpp logged %s", name, who, got.compute, logged.compute)
		}
	}
	check("gtm model", fromModel, false)
	check("gtm inspect (estimated)", fromEstimate, false)
	check("gtm inspect (log)", fromLog, true)
	return ok
}

// checkGridReported checks that a CPU-only server reports no GPU weights,
// and where the context came from: -c (or, without it, the API), then the
// log; a renamed server's command line counts once its API spoke.
func checkGridReported(t *testing.T, c gridCell, estimated, reported *schema.Process) bool {
	ok := true
	if reported != nil && reported.LLM != nil && reported.LLM.Weights != nil && reported.LLM.Weights.Bytes != 0 {
		ok = false
		t.Errorf("%s: a CPU-only server reported %d bytes of GPU weights", c.name, reported.LLM.Weights.Bytes)
	}
	wantSrc := "api"
	if slicesContains(c.args, "-c") {
		wantSrc = "cmdline"
	}
	for _, x := range []struct {
		p    *schema.Process
		want string
	}{{estimated, wantSrc}, {reported, "log"}} {
		if x.p == nil || x.p.LLM == nil || x.p.LLM.NCtxSource == nil || *x.p.LLM.NCtxSource != x.want {
			ok = false
			t.Errorf("%s: n_ctx source %v, want %s", c.name, x.p.LLM, x.want)
		}
	}
	return ok
}

// gridRow is the cell's row of the grid report.
func gridRow(c gridCell, logged, fromModel, fromEstimate, fromLog gridSizes, ok bool) string {
	agree := "yes"
	if !ok {
		agree = "**no**"
	}
	f := func(s gridSizes) string { return s.weights + " / " + s.kv + " / " + s.output + " / " + s.compute }
	label := c.name
	if c.renamed {
		label += " (renamed binary)"
	}
	logFrom := "--log-file"
	if c.stderrLog {
		logFrom = "stderr file"
	}
	return fmt.Sprintf("| %s | %s | %s | %s | %s (%s) | %s |\n", label, f(logged), f(fromModel), f(fromEstimate), f(fromLog), logFrom, agree)
}

// sizesFromLog reads the newest load block of a llama-server log: host
// buffers per kind (a CPU build has no others), and the KV summary lines
// as a cross-check of the KV buffers.
func sizesFromLog(text string) (gridSizes, string) {
	blocks := llamacpplog.Parse(strings.NewReader(text))
	var b *llamacpplog.Block
	for i := len(blocks) - 1; i >= 0; i-- {
		if len(blocks[i].Buffers) > 0 {
			b = &blocks[i]
			break
		}
	}
	if b == nil {
		return gridSizes{"none", "none", "none", "none"}, "no buffer lines in the log"
	}
	tot := b.Totals()
	var kvLines uint64
	for _, k := range b.KV {
		kvLines += k.Bytes
	}
	detail := fmt.Sprintf("log: n_ctx %d, n_seq_max %d, n_ubatch %d, kv_unified %s, KV summary lines %s MiB",
		b.Context.NCtx, b.Context.NSeqMax, b.Context.NUBatch, b.Context.KVUnified, mibStr(kvLines))
	return gridSizes{weights: mibStr(tot.ByKind[llamacpplog.KindWeights]), kv: mibStr(tot.ByKind[llamacpplog.KindKV]),
		output: mibStr(tot.ByKind[llamacpplog.KindOutput]), compute: mibStr(tot.ByKind[llamacpplog.KindCompute])}, detail
}

// hostSizes are an inspected process's host-memory parts of one source.
func hostSizes(p *schema.Process, source string) gridSizes {
	s := gridSizes{"n/a", "n/a", "n/a", "n/a"}
	if p == nil || p.LLM == nil || p.LLM.Host == nil {
		return s
	}
	h := p.LLM.Host
	pick := func(x *schema.Part) string {
		if x == nil {
			return "n/a"
		}
		v := mibStr(x.Bytes)
		if x.Source != source {
			v += " (" + x.Source + ")"
		}
		return v
	}
	return gridSizes{pick(h.Weights), pick(h.KVCache), pick(h.Output), pick(h.Compute)}
}

func mibStr(b uint64) string { return fmt.Sprintf("%.2f", float64(b)/(1<<20)) }

// gtmInspect runs gtm inspect PID --json on this machine, as a user would.
func gtmInspect(t *testing.T, pid int) *schema.Process {
	t.Helper()
	var out, errb bytes.Buffer
	code := run([]string{"inspect", strconv.Itoa(pid), "--json"}, env{stdout: &out, stderr: &errb, newCollector: newPlatformCollector})
	if code != exitOK {
		t.Errorf("gtm inspect %d: exit %d: %s", pid, code, errb.String())
		return nil
	}
	var p schema.Process
	if err := json.Unmarshal(out.Bytes(), &p); err != nil {
		t.Errorf("gtm inspect %d: %v", pid, err)
		return nil
	}
	return &p
}

// startLlamaServer starts the server and waits until it answers /health;
// its stderr and stdout go to file, or else through a pipe into buf. It
// returns the PID (0 when it did not come up) and a stop function.
func startLlamaServer(t *testing.T, exe, dir, model string, args []string, file *os.File, buf *lockedBuffer) (int, func()) {
	t.Helper()
	port := freePort(t)
	argv := append([]string{"-m", model, "--host", "127.0.0.1", "--port", strconv.Itoa(port), "-lv", "4", "--no-repack"}, args...)
	cmd := exec.Command(exe, argv...)
	cmd.Dir = dir
	if file != nil {
		cmd.Stdout, cmd.Stderr = file, file
	} else {
		if buf == nil {
			buf = &lockedBuffer{}
		}
		cmd.Stdout, cmd.Stderr = buf, buf
	}
	if err := cmd.Start(); err != nil {
		t.Errorf("start %s: %v", exe, err)
		return 0, func() {}
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	stop := func() {
		_ = cmd.Process.Signal(os.Interrupt)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	}
	deadline := time.Now().Add(120 * time.Second)
	client := &http.Client{Timeout: time.Second}
	for time.Now().Before(deadline) {
		select {
		case <-done:
			tail := ""
			if buf != nil {
				tail = buf.String()
				if len(tail) > 2000 {
					tail = tail[len(tail)-2000:]
				}
			}
			t.Errorf("llama-server %v exited before answering: %s", args, tail)
			return 0, func() {}
		default:
		}
		resp, err := client.Get(fmt.Sprintf("http://127.0.0.1:%d/health", port))
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				time.Sleep(200 * time.Millisecond) // let the log flush
				return cmd.Process.Pid, stop
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	stop()
	t.Errorf("llama-server %v did not answer /health in time", args)
	return 0, func() {}
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// lockedBuffer is a bytes.Buffer safe for the copying goroutine of exec.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func slicesContains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
