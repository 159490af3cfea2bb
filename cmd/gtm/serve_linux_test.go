package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/metrics"
	"github.com/gputaskman/gtm/internal/schema"
)

// demoCapture is the shipped demo capture (assets/demo/capture.jsonl).
const demoCapture = "../../assets/demo/capture.jsonl"

// serveSnapshot is the demo capture's 120th snapshot: llama-server holding
// Qwen3-8B with a reported breakdown, and five other processes on two GPUs.
func serveSnapshot(t *testing.T) *schema.Snapshot {
	t.Helper()
	s, err := capture.LoadSnapshot(demoCapture + ":120")
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
	cw := capture.NewWriter(f)
	for i := 0; i < 2; i++ {
		s.TakenAt = s.TakenAt.Add(time.Second)
		if err := cw.Write(s); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// llamaServer is serveSnapshot's llama-server row.
func llamaServer(t *testing.T) schema.Process {
	t.Helper()
	for _, p := range serveSnapshot(t).Processes {
		if p.Name != nil && *p.Name == "llama-server" && p.LLM != nil && p.LLM.KVCache != nil && p.VRAMBytes != nil {
			return p
		}
	}
	t.Fatal("the demo capture's snapshot 120 has no llama-server with a KV cache")
	return schema.Process{}
}

// startServe runs `gtm serve` with args on a free loopback port and waits
// until /healthz answers 200; it is stopped with SIGTERM when the test
// ends, and must exit 0.
func startServe(t *testing.T, args ...string) (base string) {
	t.Helper()
	base, _ = startServeLog(t, args...)
	return base
}

// startServeLog is startServe that also returns what gtm serve wrote on
// standard error up to the line naming its address.
func startServeLog(t *testing.T, args ...string) (base string, log string) {
	t.Helper()
	needBinary(t)
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
	addr := make(chan [2]string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		re := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/metrics`)
		var lines strings.Builder
		for sc.Scan() {
			lines.WriteString(sc.Text() + "\n")
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- [2]string{m[1], lines.String()}
			}
		}
	}()
	select {
	case a := <-addr:
		base, log = "http://"+a[0], a[1]
	case <-time.After(10 * time.Second):
		t.Fatal("gtm serve did not say where it listens")
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		if code, _ := httpGet(t, base+"/healthz"); code == 200 {
			return base, log
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
		fmt.Sprintf(`gtm_process_vram_bytes{category="AI",container="",device="0",name="llama-server",namespace="",pid="%d",pod=""} %s`, llama.PID, promFloat(*llama.VRAMBytes)),
		fmt.Sprintf(`gtm_model_memory_bytes{container="",kind="kv_cache",model="Qwen3-8B-Q4_K_M.gguf",namespace="",pid="%d",pod="",process="llama-server",source="reported"} %s`, llama.PID, promFloat(llama.LLM.KVCache.Bytes)),
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
	if s, err := capture.ReadSnapshot(strings.NewReader(body)); code != 200 || err != nil || len(s.Processes) != len(serveSnapshot(t).Processes) {
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

// TestBinaryServeSnapshotRedactedByDefault: /snapshot.json is read by every
// local user, so by default it shows what --redact leaves; --full-snapshot
// serves it whole and says so on start.
func TestBinaryServeSnapshotRedactedByDefault(t *testing.T) {
	capture := serveCapture(t)
	base, log := startServeLog(t, "--replay", capture)
	_, snap := httpGet(t, base+"/snapshot.json")
	for _, leak := range redactLeaks(t) {
		if strings.Contains(snap, leak) {
			t.Errorf("default /snapshot.json shows %q", leak)
		}
	}
	if !strings.Contains(snap, `"redacted": true`) || strings.Contains(log, "full-snapshot") {
		t.Errorf("default /snapshot.json is not the redacted snapshot; start: %s", log)
	}
	base, log = startServeLog(t, "--replay", capture, "--full-snapshot")
	_, snap = httpGet(t, base+"/snapshot.json")
	if strings.Contains(snap, `"redacted"`) || !strings.Contains(snap, redactLeaks(t)[0]) {
		t.Error("--full-snapshot did not serve the full snapshot")
	}
	if !strings.Contains(log, "--full-snapshot: /snapshot.json shows every process's command line, paths and user to anyone who can connect") {
		t.Errorf("--full-snapshot not announced on start: %q", log)
	}
}

// TestBinaryServeGuards: a request for another host name (DNS rebinding)
// gets 421; beyond metrics.MaxConnections held connections a client
// waits until they close.
func TestBinaryServeGuards(t *testing.T) {
	base := startServe(t, "--replay", serveCapture(t), "--allow-host", "gpu-box.example")
	addr := strings.TrimPrefix(base, "http://")
	get := func(host string) (int, string) {
		c, err := net.DialTimeout("tcp", addr, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		c.SetDeadline(time.Now().Add(5 * time.Second))
		fmt.Fprintf(c, "GET /snapshot.json HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", host)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := get("evil.example:" + strings.Split(addr, ":")[1]); code != http.StatusMisdirectedRequest || strings.Contains(body, "processes") {
		t.Errorf("Host evil.example: %d %.80q, want 421", code, body)
	}
	for _, host := range []string{addr, "localhost", "gpu-box.example:9835"} {
		if code, _ := get(host); code != 200 {
			t.Errorf("Host %s: %d, want 200", host, code)
		}
	}

	http.DefaultClient.CloseIdleConnections()
	var held []net.Conn
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	for range metrics.MaxConnections {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	answered := make(chan int, 1)
	go func() {
		code, _ := get("localhost")
		answered <- code
	}()
	select {
	case code := <-answered:
		t.Fatalf("served (%d) beyond %d held connections", code, metrics.MaxConnections)
	case <-time.After(500 * time.Millisecond):
	}
	// The client's own idle keep-alive connections may hold a slot too:
	// free all the held ones.
	for _, c := range held {
		c.Close()
	}
	select {
	case code := <-answered:
		if code != 200 {
			t.Errorf("the waiting client got %d", code)
		}
	case <-time.After(4 * time.Second):
		t.Fatal("the waiting client was not served after a connection closed")
	}
}

// writeToken writes a token file with mode perm and returns its path and
// the token.
func writeToken(t *testing.T, perm os.FileMode) (path, token string) {
	t.Helper()
	token = "gtm-test-token-" + strconv.FormatInt(time.Now().UnixNano(), 36) + "-Zq9"
	path = filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(path, []byte(token+"\n"), perm); err != nil {
		t.Fatal(err)
	}
	return path, token
}

// getAuth is httpGet with an Authorization header ("" for none).
func getAuth(t *testing.T, url, auth string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	return resp.StatusCode, string(b)
}

// TestBinaryServeToken: with --token-file, /metrics, /snapshot.json and the
// index answer 401 without the token or with another, and serve with it;
// the probes' /healthz and /livez stay open. The token is in no output:
// not on stderr, not in any answer.
func TestBinaryServeToken(t *testing.T) {
	path, token := writeToken(t, 0o600)
	base, log := startServeLog(t, "--replay", serveCapture(t), "--token-file", path)
	var seen []string
	for _, p := range []string{"/metrics", "/snapshot.json", "/"} {
		for _, auth := range []string{"", "Bearer not-" + token, "Basic " + token} {
			code, body := getAuth(t, base+p, auth)
			seen = append(seen, body)
			if code != http.StatusUnauthorized || strings.Contains(body, "llama-server") {
				t.Errorf("%s with Authorization %q: %d %.80q, want 401", p, auth, code, body)
			}
		}
		code, body := getAuth(t, base+p, "Bearer "+token)
		seen = append(seen, body)
		if code != 200 {
			t.Errorf("%s with the token: %d, want 200", p, code)
		}
	}
	if _, body := getAuth(t, base+"/metrics", "Bearer "+token); !strings.Contains(body, `name="llama-server"`) {
		t.Error("/metrics with the token lacks the processes")
	}
	for _, p := range []string{"/healthz", "/livez"} {
		code, body := getAuth(t, base+p, "")
		seen = append(seen, body)
		if code != 200 {
			t.Errorf("%s without a token: %d, want 200 (the kubelet's probes carry none)", p, code)
		}
	}
	for _, out := range append(seen, log) {
		if strings.Contains(out, token) {
			t.Errorf("the token is in an output: %.200q", out)
		}
	}
	if strings.Contains(log, "readable by every local user") {
		t.Errorf("a 0600 token file called readable by everyone: %s", log)
	}
	// A token file every user can read: said on start.
	open, _ := writeToken(t, 0o644)
	if _, log := startServeLog(t, "--replay", serveCapture(t), "--token-file", open); !strings.Contains(log, "--token-file "+open+" is readable by every local user") {
		t.Errorf("a 0644 token file not flagged: %s", log)
	}
}

// TestBinaryServeTokenFileRefused: a token file that cannot serve (absent,
// a FIFO, too short, too long, with control bytes) stops serve at once
// with one line that names the file and never its content.
func TestBinaryServeTokenFileRefused(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	secret := "sekrit-" + strings.Repeat("k", 20)
	for name, path := range map[string]string{
		"absent":    filepath.Join(dir, "absent"),
		"fifo":      fifo,
		"empty":     write("empty", "\n"),
		"short":     write("short", "sekrit-k\n"),
		"long":      write("long", strings.Repeat("k", 5000)),
		"spaces":    write("spaces", "sekrit "+secret+"\n"),
		"control":   write("control", secret+"\x1b[2J\n"),
		"directory": dir,
	} {
		code, stdout, stderr := runBinary(t, "serve", "--listen", "127.0.0.1:0", "--replay", serveCapture(t), "--token-file", path)
		if code != 1 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, path) || strings.Contains(stderr+stdout, "sekrit") {
			t.Errorf("%s: exit %d, stderr %q, want 1 and one line naming the file, not its content", name, code, stderr)
		}
	}
}

// TestBinaryServeNoSnapshot: --no-snapshot serves /metrics without
// /snapshot.json.
func TestBinaryServeNoSnapshot(t *testing.T) {
	base := startServe(t, "--replay", serveCapture(t), "--no-snapshot")
	if code, _ := httpGet(t, base+"/snapshot.json"); code != http.StatusNotFound {
		t.Errorf("/snapshot.json: %d, want 404", code)
	}
	if code, body := httpGet(t, base+"/metrics"); code != 200 || !strings.Contains(body, `name="llama-server"`) {
		t.Errorf("/metrics: %d", code)
	}
}

func TestBinaryServeUsage(t *testing.T) {
	for _, args := range [][]string{{"serve", "--listen", "nonsense"}, {"serve", "-i", "0"}, {"serve", "extra"}, {"serve", "--redact", "--full-snapshot"},
		{"serve", "--no-snapshot", "--full-snapshot"}, {"serve", "--token-file"}} {
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
