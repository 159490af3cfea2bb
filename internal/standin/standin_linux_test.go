package standin

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	MaybeRun()
	os.Exit(m.Run())
}

// cmdline is /proc/PID/cmdline split at NULs, with the trailing empty
// strings a setproctitle title leaves dropped, and the raw bytes.
func cmdline(t *testing.T, pid int) ([]string, []byte) {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil {
		t.Fatal(err)
	}
	args := strings.Split(string(b), "\x00")
	for len(args) > 0 && args[len(args)-1] == "" {
		args = args[:len(args)-1]
	}
	return args, b
}

func procField(t *testing.T, pid int, file string) string {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/%s", pid, file))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(string(b), "\n")
}

func ppidOf(t *testing.T, pid int) int {
	t.Helper()
	for _, l := range strings.Split(procField(t, pid, "status"), "\n") {
		if v, ok := strings.CutPrefix(l, "PPid:"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(v))
			return n
		}
	}
	t.Fatalf("no PPid for %d", pid)
	return 0
}

func get(t *testing.T, port int, path string) (int, string) {
	t.Helper()
	c := http.Client{Timeout: 5 * time.Second}
	r, err := c.Get(fmt.Sprintf("http://127.0.0.1:%d%s", port, path))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return r.StatusCode, string(b)
}

// checkTree checks what every process of the tree shows: cmdline, comm,
// parent, maps, and that each route answers its body on loopback.
func checkTree(t *testing.T, root *Proc) {
	t.Helper()
	var check func(p *Proc, parent int)
	check = func(p *Proc, parent int) {
		args, raw := cmdline(t, p.PID)
		if strings.Join(args, "\x00") != strings.Join(p.Spec.Argv, "\x00") {
			t.Errorf("pid %d cmdline %q, want %q", p.PID, args, p.Spec.Argv)
		}
		if len(p.Spec.SpawnArgv) > 0 {
			want := len(strings.Join(p.Spec.SpawnArgv, "\x00")) + 1
			if len(raw) != want {
				t.Errorf("pid %d: titled cmdline is %d bytes, want the spawn argv's %d", p.PID, len(raw), want)
			}
		}
		if got := procField(t, p.PID, "comm"); got != p.Spec.CommName() {
			t.Errorf("pid %d comm %q, want %q", p.PID, got, p.Spec.CommName())
		}
		if parent != 0 && ppidOf(t, p.PID) != parent {
			t.Errorf("pid %d: parent %d, want %d", p.PID, ppidOf(t, p.PID), parent)
		}
		maps := procField(t, p.PID, "maps")
		for _, f := range p.Spec.Map {
			if !strings.Contains(maps, " "+f+"\n") {
				t.Errorf("pid %d does not map %s", p.PID, f)
			}
		}
		if (p.Port != 0) != (len(p.Spec.Routes) > 0) {
			t.Errorf("pid %d: port %d with %d routes", p.PID, p.Port, len(p.Spec.Routes))
		}
		for path, rt := range p.Spec.Routes {
			code, body := get(t, p.Port, path)
			want := strings.NewReplacer("{port}", strconv.Itoa(p.Port), "{pid}", strconv.Itoa(p.PID)).Replace(rt.Body)
			if code != 200 || body != want {
				t.Errorf("pid %d %s: %d %q", p.PID, path, code, body)
			}
		}
		if p.Port != 0 {
			if code, _ := get(t, p.Port, "/nope"); code != 404 {
				t.Errorf("unknown path answered %d", code)
			}
		}
		for _, c := range p.Children {
			check(c, p.PID)
		}
	}
	check(root, os.Getpid())
}

func readLog(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// hasLine reports whether log has a line matching want, where want may
// hold the time placeholders (any value of their shape matches).
func hasLine(log, want string) bool {
	for _, l := range strings.Split(log, "\n") {
		if lineMatches(l, want) {
			return true
		}
	}
	return false
}

func lineMatches(line, want string) bool {
	shapes := map[string]string{"{time}": "01-02 15:04:05", "{datetime}": "2006-01-02 15:04:05", "{rfc3339}": "2006-01-02T15:04:05.000000Z"}
	for {
		// the first time placeholder; other braces (JSON's) are text
		i, ph := -1, ""
		for p := range shapes {
			if j := strings.Index(want, p); j >= 0 && (i < 0 || j < i) {
				i, ph = j, p
			}
		}
		if i < 0 {
			return line == want
		}
		shape := shapes[ph]
		if !strings.HasPrefix(line, want[:i]) || len(line) < i+len(shape) {
			return false
		}
		if _, err := time.Parse(shape, line[i:i+len(shape)]); err != nil {
			return false
		}
		line, want = line[i+len(shape):], want[i+len(ph):]
	}
}

func expand(p *Proc, parent int, s string) string {
	port := p.Port
	if port == 0 {
		p.Walk(func(q *Proc) {
			if port == 0 {
				port = q.Port
			}
		})
	}
	return strings.NewReplacer("{pid}", strconv.Itoa(p.PID), "{ppid}", strconv.Itoa(parent),
		"{port}", strconv.Itoa(port), "{rank}", strconv.Itoa(p.Spec.Rank)).Replace(s)
}

// checkLog checks that every process's lines are in the log with its
// real PID, port and rank.
func checkLog(t *testing.T, root *Proc, log string) {
	t.Helper()
	var check func(p *Proc, parent int)
	check = func(p *Proc, parent int) {
		for _, l := range append(append([]string{}, p.Spec.Log...), p.Spec.LogReady...) {
			if want := expand(p, parent, l); !hasLine(log, want) {
				t.Errorf("log lacks %q:\n%s", want, log)
			}
		}
		for _, c := range p.Children {
			check(c, p.PID)
		}
	}
	check(root, os.Getpid())
}

func count(p *Proc) int {
	n := 0
	p.Walk(func(*Proc) { n++ })
	return n
}

func TestVLLM(t *testing.T) {
	libs := FakeLibs(t)
	weights := FakeFile(t, "Qwen3-8B/model-00001-of-00005.safetensors", 4096)
	o := VLLMOptions{Libs: libs, Weights: []string{weights}}
	log := filepath.Join(t.TempDir(), "vllm.log")
	p := Start(t, VLLM(o), log)
	if count(p) != 4 || len(p.Children) != 1 || len(p.Children[0].Children) != 2 {
		t.Fatalf("tree: %d processes", count(p))
	}
	checkTree(t, p)
	text := readLog(t, log)
	checkLog(t, p, text)

	if testing.Verbose() {
		t.Logf("log:\n%s", text)
	}
	engine, w1 := p.Children[0], p.Children[0].Children[1]
	if args, _ := cmdline(t, w1.PID); len(args) != 1 || args[0] != "VLLM::Worker_TP1" {
		t.Errorf("worker 1 cmdline %q", args)
	}
	// prctl(PR_SET_NAME) keeps 15 bytes of the title, as setproctitle's does
	if c := procField(t, w1.PID, "comm"); c != "VLLM::Worker_TP" {
		t.Errorf("worker comm %q", c)
	}
	for _, want := range []string{
		fmt.Sprintf("(Worker_TP1 pid=%d) INFO ", w1.PID),
		"Model loading took 7.6282 GiB and 5.520000 seconds",
		"Available KV cache memory: 100.00 GiB",
		fmt.Sprintf("(EngineCore_DP0 pid=%d) INFO ", engine.PID),
		"Initializing a V1 LLM engine (v0.11.0) with config: model='Qwen/Qwen3-8B'",
		"GPU KV cache size: 1,456,352 tokens",
		"Maximum concurrency for 40,960 tokens per request: 35.56x",
		fmt.Sprintf("Starting vLLM API server 0 on http://127.0.0.1:%d", p.Port),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("log lacks %q", want)
		}
	}
	if _, body := get(t, p.Port, "/metrics"); !strings.Contains(body, `num_gpu_blocks="91022"`) ||
		!strings.Contains(body, `vllm:num_requests_running{model_name="Qwen/Qwen3-8B",engine="0"} 0.0`) {
		t.Errorf("metrics:\n%s", body)
	}
	if args, _ := cmdline(t, p.PID); args[len(args)-1] != strconv.Itoa(p.Port) {
		t.Errorf("API argv does not name its port %d: %q", p.Port, args)
	}
}

// The arithmetic the lead's tests assert, checked by hand for Qwen3-8B
// at TP 2: 36 layers × 2 × 4 KV heads × 128 × 2 bytes = 73,728 bytes a
// token per rank; 100 GiB / (73,728 × 16) = 91,022 blocks.
func TestVLLMArithmetic(t *testing.T) {
	o := VLLMOptions{}
	if got := o.withDefaults().Model.KVBytesPerToken(2); got != 73728 {
		t.Errorf("KV bytes/token = %d", got)
	}
	if o.NumGPUBlocks() != 91022 || o.KVTokens() != 91022*16 {
		t.Errorf("blocks %d tokens %d", o.NumGPUBlocks(), o.KVTokens())
	}
	if c := o.MaxConcurrency(); c < 35.55 || c > 35.56 {
		t.Errorf("concurrency %v", c)
	}
	o.TP = 1
	if got := o.withDefaults().Model.KVBytesPerToken(1); got != 147456 {
		t.Errorf("TP 1 KV bytes/token = %d", got)
	}
}

func TestSGLang(t *testing.T) {
	libs := FakeLibs(t)
	log := filepath.Join(t.TempDir(), "sglang.log")
	o := SGLangOptions{Libs: libs}
	p := Start(t, SGLang(o), log)
	if count(p) != 4 {
		t.Fatalf("tree: %d processes", count(p))
	}
	checkTree(t, p)
	text := readLog(t, log)
	checkLog(t, p, text)
	titles := []string{}
	for _, c := range p.Children {
		args, _ := cmdline(t, c.PID)
		titles = append(titles, strings.Join(args, " "))
	}
	if strings.Join(titles, ",") != "sglang::scheduler_TP0,sglang::scheduler_TP1,sglang::detokenizer" {
		t.Errorf("children %q", titles)
	}
	n := o.KVTokens()
	if n != int64(110*gib)/73728 {
		t.Errorf("tokens %d", n)
	}
	if !strings.Contains(text, fmt.Sprintf("TP1] KV Cache is allocated. dtype: torch.bfloat16, #tokens: %d, K size: 55.00 GB, V size: 55.00 GB", n)) ||
		!strings.Contains(text, "Load weight end. elapsed=5.52 s, type=Qwen3ForCausalLM, avail mem=131.28 GB, mem usage=7.63 GB.") {
		t.Errorf("log:\n%s", text)
	}
	if _, body := get(t, p.Port, "/server_info"); !strings.Contains(body, fmt.Sprintf(`"port":%d,`, p.Port)) {
		t.Errorf("server info: %s", body)
	}
	// checkTree asked the deprecated names, and the server said so
	if !strings.Contains(text, "] Endpoint '/get_model_info' is deprecated and will be removed in a future version. Please use '/model_info' instead.") {
		t.Errorf("no deprecation warning:\n%s", text)
	}
}

func TestTGI(t *testing.T) {
	libs := FakeLibs(t)
	log := filepath.Join(t.TempDir(), "tgi.log")
	o := TGIOptions{Libs: libs}
	p := Start(t, TGI(o), log)
	if count(p) != 4 || p.Port != 0 {
		t.Fatalf("tree: %d processes, launcher port %d", count(p), p.Port)
	}
	checkTree(t, p)
	text := readLog(t, log)
	checkLog(t, p, text)
	router := p.Children[2]
	args, _ := cmdline(t, p.PID)
	if args[len(args)-1] != strconv.Itoa(router.Port) {
		t.Errorf("launcher argv %q does not name the router's port %d", args, router.Port)
	}
	if !strings.Contains(text, fmt.Sprintf("Setting max batch total tokens to %d", o.MaxBatchTotalTokens())) {
		t.Errorf("log:\n%s", text)
	}
	env := procField(t, p.Children[1].PID, "environ")
	if !strings.Contains(env, "\x00RANK=1\x00") && !strings.HasPrefix(env, "RANK=1\x00") {
		t.Errorf("shard 1 environ lacks RANK=1")
	}
	// the launcher must not hold the router's socket
	if holdsSocket(t, p.PID) {
		t.Errorf("the launcher holds a socket")
	}
	if !holdsSocket(t, router.PID) {
		t.Errorf("the router holds no socket")
	}
}

func holdsSocket(t *testing.T, pid int) bool {
	t.Helper()
	ents, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		l, _ := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, e.Name()))
		if strings.HasPrefix(l, "socket:") {
			return true
		}
	}
	return false
}

func TestComfyUI(t *testing.T) {
	dir := ComfyUIDir(t)
	ckpt := FakeFile(t, "models/checkpoints/sd_xl_base_1.0.safetensors", 4096)
	log := filepath.Join(t.TempDir(), "comfy.log")
	p := Start(t, ComfyUI(ComfyUIOptions{Dir: dir, Checkpoint: ckpt, Libs: FakeLibs(t)}), log)
	checkTree(t, p)
	checkLog(t, p, readLog(t, log))
	if cwd, _ := os.Readlink(fmt.Sprintf("/proc/%d/cwd", p.PID)); cwd != dir {
		t.Errorf("cwd %q, want %q", cwd, dir)
	}
	if _, body := get(t, p.Port, "/queue"); !strings.Contains(body, `"ckpt_name":"sd_xl_base_1.0.safetensors"`) {
		t.Errorf("queue %s", body)
	}
}

func TestTorchJob(t *testing.T) {
	model := FakeFile(t, "model.safetensors", 4096)
	dir := t.TempDir()
	p := Start(t, TorchJob(TorchJobOptions{Dir: dir, Model: model, Libs: FakeLibs(t)}), filepath.Join(t.TempDir(), "log"))
	checkTree(t, p)
	if p.Port != 0 || len(p.Children) != 0 {
		t.Errorf("torch job: %+v", p)
	}
}

// Cleanup ends the whole tree: no process of it is left, not even a
// zombie, once the test that started it ends.
func TestCleanupEndsTree(t *testing.T) {
	var pids []int
	t.Run("running", func(t *testing.T) {
		p := Start(t, VLLM(VLLMOptions{}), filepath.Join(t.TempDir(), "log"))
		p.Walk(func(q *Proc) { pids = append(pids, q.PID) })
	})
	if len(pids) != 4 {
		t.Fatalf("%d pids", len(pids))
	}
	for _, pid := range pids {
		if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); !os.IsNotExist(err) {
			t.Errorf("pid %d still exists after cleanup (%v)", pid, err)
		}
	}
}

func TestPlaceholders(t *testing.T) {
	v := placeholders{pid: 7, ppid: 1, port: 8000, rank: 3}
	got := v.expand("({pid}<{ppid}) {port} r{rank} {time}|{datetime}|{rfc3339}")
	if !lineMatches(got, "(7<1) 8000 r3 {time}|{datetime}|{rfc3339}") {
		t.Errorf("expand = %q", got)
	}
	if commas(1456352) != "1,456,352" || commas(40960) != "40,960" || commas(999) != "999" {
		t.Errorf("commas")
	}
	if pyFloat(0) != "0.0" || pyFloat(0.0123) != "0.0123" || pyFloat(42.5) != "42.5" {
		t.Errorf("pyFloat")
	}
}

func TestSpawnTitleArgv(t *testing.T) {
	s := Spec{Argv: []string{"VLLM::EngineCore"}, SpawnArgv: spawnArgv(python, 5, 17)}
	got := strings.Join(execArgv(s), "\x00") + "\x00"
	want := "VLLM::EngineCore" + string(bytes.Repeat([]byte{0}, len(strings.Join(s.SpawnArgv, "\x00"))+1-len("VLLM::EngineCore")))
	if got != want {
		t.Errorf("exec argv bytes %q", got)
	}
	if err := check(Spec{Argv: []string{"a title longer than the area"}, SpawnArgv: []string{"py"}}); err == nil {
		t.Error("a title longer than the argv area was accepted")
	}
}

// A process that cannot start its part fails Start with the reason.
func TestStartReportsChildErrors(t *testing.T) {
	s := Spec{Argv: []string{"parent"}, Children: []Spec{{Argv: []string{"child"}, Map: []string{"/nonexistent/lib.so"}}}}
	msg := fatalOf(t, func(tb testing.TB) { Start(tb, s, filepath.Join(t.TempDir(), "log")) })
	if !strings.Contains(msg, "/nonexistent/lib.so") {
		t.Errorf("fatal message %q", msg)
	}
}

func TestStartWithoutHookFailsClearly(t *testing.T) {
	hooked = false
	defer func() { hooked = true }()
	msg := fatalOf(t, func(tb testing.TB) { Start(tb, Spec{Argv: []string{"x"}}, "/dev/null") })
	if !strings.Contains(msg, "MaybeRun") {
		t.Errorf("fatal message %q", msg)
	}
}

// fakeTB records a fatal message and stops its goroutine, as t.Fatal does.
type fakeTB struct {
	testing.TB
	msg string
}

func (f *fakeTB) Helper() {}
func (f *fakeTB) Fatal(args ...any) {
	f.msg = fmt.Sprint(args...)
	runtime.Goexit()
}
func (f *fakeTB) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func fatalOf(t *testing.T, fn func(tb testing.TB)) string {
	f := &fakeTB{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn(f)
	}()
	<-done
	return f.msg
}

// The spec travels over a pipe: bodies past the kernel's 128 KiB limit on
// one environment string work, and the environment shows only the marker.
func TestLargeRouteBody(t *testing.T) {
	big := strings.Repeat("x", 300<<10)
	p := Start(t, Spec{Argv: []string{"server", "--big"}, Env: []string{"EXTRA=1"},
		Routes: map[string]Route{"/big": {Body: big, ContentType: "text/plain"}}}, filepath.Join(t.TempDir(), "log"))
	if _, body := get(t, p.Port, "/big"); body != big {
		t.Errorf("body of %d bytes, want %d", len(body), len(big))
	}
	env := procField(t, p.PID, "environ")
	if !strings.Contains(env, "EXTRA=1\x00") || len(env) > len(strings.Join(os.Environ(), "\x00"))+1024 {
		t.Errorf("environ: %d bytes", len(env))
	}
}

func TestKVBytesPerTokenReplicatesHeads(t *testing.T) {
	m := Model{ID: "m", Layers: 2, KVHeads: 2, HeadDim: 4, DTypeBytes: 2}
	if got := m.KVBytesPerToken(8); got != 2*2*1*4*2 {
		t.Errorf("TP 8 over 2 KV heads: %d bytes", got)
	}
	if got := (Model{ID: "empty"}).KVBytesPerToken(1); got != 1 {
		t.Errorf("empty model: %d", got)
	}
	if (TGIOptions{Model: Model{ID: "empty"}}).MaxBatchTotalTokens() <= 0 {
		t.Error("no tokens")
	}
}
