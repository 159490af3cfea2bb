package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app"
)

// demoCapture is the shipped demo capture (assets/demo/capture.jsonl).
const demoCapture = "../../assets/demo/capture.jsonl"

// serveSnapshot is the demo capture's 120th snapshot: llama-server holding
// Qwen3-8B with a reported breakdown, and five other processes on two GPUs.
func serveSnapshot(t *testing.T) *app.Snapshot {
	t.Helper()
	s, err := app.LoadSnapshot(demoCapture + ":120")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// serveCapture writes a capture that repeats serveSnapshot, so every
// series the tests look for is in every snapshot whenever it is scraped.
func serveCapture(t *testing.T) string {
	t.Helper()
	s := serveSnapshot(t)
	path := filepath.Join(t.TempDir(), "capture.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cw := app.NewCaptureWriter(f)
	for i := 0; i < 2; i++ {
		s.TakenAt = s.TakenAt.Add(time.Second)
		if err := cw.Write(s); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// llamaServer is serveSnapshot's llama-server row.
func llamaServer(t *testing.T) app.Process {
	t.Helper()
	for _, p := range serveSnapshot(t).Processes {
		if p.Name != nil && *p.Name == "llama-server" && p.LLM != nil && p.LLM.KVCache != nil && p.VRAMBytes != nil {
			return p
		}
	}
	t.Fatal("the demo capture's snapshot 120 has no llama-server with a KV cache")
	return app.Process{}
}

// startServe runs `gtm serve` with args on a free loopback port and waits
// until /healthz answers 200; it is stopped with SIGTERM when the test
// ends, and must exit 0.
func startServe(t *testing.T, args ...string) (base string) {
	t.Helper()
	if headlessBinary == "" {
		t.Fatal("could not build the headless binary")
	}
	cmd := exec.Command(headlessBinary, append([]string{"serve", "--listen", "127.0.0.1:0"}, args...)...)
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("gtm serve did not exit cleanly: %v", err)
			}
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			t.Error("gtm serve did not stop on SIGINT")
		}
	})
	// "gtm serve: http://127.0.0.1:PORT/metrics (...)" names the port.
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		re := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/metrics`)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case a := <-addr:
		base = "http://" + a
	case <-time.After(10 * time.Second):
		t.Fatal("gtm serve did not say where it listens")
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		if code, _ := httpGet(t, base+"/healthz"); code == 200 {
			return base
		}
		if time.Now().After(deadline) {
			t.Fatal("gtm serve never became healthy")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func httpGet(t *testing.T, url string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	return resp.StatusCode, string(b)
}

// TestBinaryServeReplay: gtm serve over loopback on a replayed capture:
// /metrics has the process, model and device series; /snapshot.json is
// the snapshot; promtool (when installed) finds nothing to fix.
func TestBinaryServeReplay(t *testing.T) {
	base := startServe(t, "--replay", serveCapture(t), "-i", "0.2")
	code, body := httpGet(t, base+"/metrics")
	llama := llamaServer(t)
	for _, want := range []string{
		fmt.Sprintf(`gtm_process_vram_bytes{category="AI",device="0",name="llama-server",pid="%d"} %s`, llama.PID, promFloat(*llama.VRAMBytes)),
		fmt.Sprintf(`gtm_model_memory_bytes{kind="kv_cache",model="Qwen3-8B-Q4_K_M.gguf",pid="%d",process="llama-server",source="reported"} %s`, llama.PID, promFloat(llama.LLM.KVCache.Bytes)),
		`gtm_device_memory_used_bytes{device="1",name="NVIDIA T1000 8GB"}`,
		`gtm_source_up{source="nvml"} 1`,
	} {
		if code != 200 || !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if promtool, err := exec.LookPath("promtool"); err == nil {
		cmd := exec.Command(promtool, "check", "metrics")
		cmd.Stdin = strings.NewReader(body)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("promtool check metrics: %v\n%s", err, out)
		}
	}
	code, body = httpGet(t, base+"/snapshot.json")
	if s, err := app.ReadSnapshot(strings.NewReader(body)); code != 200 || err != nil || len(s.Processes) != len(serveSnapshot(t).Processes) {
		t.Errorf("/snapshot.json: %d %v", code, err)
	}
}

// TestBinaryServeRedact: --redact reaches both /metrics and /snapshot.json.
func TestBinaryServeRedact(t *testing.T) {
	base := startServe(t, "--replay", serveCapture(t), "--redact")
	_, metrics := httpGet(t, base+"/metrics")
	_, snap := httpGet(t, base+"/snapshot.json")
	for _, leak := range redactLeaks(t) {
		if strings.Contains(metrics, leak) || strings.Contains(snap, leak) {
			t.Errorf("redacted serve leaks %q", leak)
		}
	}
	if !strings.Contains(snap, `"redacted": true`) || !strings.Contains(snap, "Qwen3-8B-Q4_K_M.gguf") {
		t.Error("/snapshot.json is not the redacted snapshot")
	}
}

func TestBinaryServeUsage(t *testing.T) {
	for _, args := range [][]string{{"serve", "--listen", "nonsense"}, {"serve", "-i", "0"}, {"serve", "extra"}} {
		if code, _, _ := runBinary(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	var buf bytes.Buffer
	buf.WriteString("not json")
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, buf.Bytes(), 0o644)
	if code, _, errOut := runBinary(t, "serve", "--replay", bad); code != 1 || strings.Count(errOut, "\n") != 1 {
		t.Errorf("bad capture: exit %d %q", code, errOut)
	}
}

// redactLeaks are the demo snapshot's host name, users and directories,
// none of which a redacted serve may show.
func redactLeaks(t *testing.T) []string {
	t.Helper()
	s := serveSnapshot(t)
	var out []string
	if s.Host.Hostname != nil {
		out = append(out, *s.Host.Hostname)
	}
	for _, p := range s.Processes {
		if p.User != nil && *p.User != "root" {
			out = append(out, `"`+*p.User+`"`)
		}
		for _, m := range p.Models {
			if dir := filepath.Dir(m.Path); dir != "." {
				out = append(out, dir)
			}
		}
		if p.Exe != nil {
			out = append(out, filepath.Dir(*p.Exe))
		}
	}
	if len(out) < 3 {
		t.Fatalf("the demo snapshot has too little to redact: %v", out)
	}
	return out
}

// promFloat formats a value as the text exposition format does.
func promFloat(v uint64) string { return strconv.FormatFloat(float64(v), 'g', -1, 64) }
