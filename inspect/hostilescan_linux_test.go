//go:build linux && !race

// Not under the race detector: it multiplies memory, and this test
// measures memory.

package inspect

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
	"github.com/gputaskman/gtm/inspect/onnx"
	"github.com/gputaskman/gtm/inspect/onnx/onnxgen"
	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
	"github.com/gputaskman/gtm/inspect/safetensors"
)

// daemonSetLimit is gtm serve's memory limit in
// packaging/kubernetes/daemonset.yaml.
const daemonSetLimit = 256 << 20

const scanChildEnv = "GTM_TEST_HOSTILE_SCAN_PID"

// hostileFiles writes the model files an attacker would make a
// process map, each the dearest its parser's limits allow or just past
// them, and returns their paths.
func hostileFiles(t *testing.T) []string {
	dir := t.TempDir()
	var paths []string
	add := func(name string, write func(string) error) {
		p := filepath.Join(dir, name)
		must(t, write(p))
		paths = append(paths, p)
	}
	// the report's file: 1 M tensors, a 62 MB header
	add("million.safetensors", func(p string) error { return hfgen.WriteHostile(p, hfgen.Hostile{N: 1 << 20}) })
	add("limit.safetensors", func(p string) error { return hfgen.WriteHostile(p, hfgen.Hostile{N: safetensors.MaxTensors}) })
	add("over.safetensors", func(p string) error { return hfgen.WriteHostile(p, hfgen.Hostile{N: safetensors.MaxTensors + 1}) })
	// a config.json beside them, as large as is read, all id2label
	var cfg strings.Builder
	cfg.WriteString(`{"architectures":["BertForSequenceClassification"],"id2label":{`)
	for i := 0; cfg.Len() < 4<<20-64; i++ {
		fmt.Fprintf(&cfg, `"%d":"L",`, i)
	}
	cfg.WriteString(`"x":"L"}}`)
	must(t, os.WriteFile(filepath.Join(dir, "config.json"), []byte(cfg.String()), 0o644))
	add("tensors.gguf", func(p string) error {
		b := ggufgen.New().Set("general.architecture", ggufgen.String("llama"))
		for i := range gguf.MaxTensors {
			b.Tensor(fmt.Sprintf("%0*d", gguf.MaxTensorNameLen, i), gguf.TypeF32, 0)
		}
		return b.MustBuild().WriteFile(p)
	})
	add("metadata.gguf", func(p string) error {
		b := ggufgen.New().Set("general.architecture", ggufgen.String("llama"))
		for i := range 64 {
			b.Set(fmt.Sprintf("x.%d", i), ggufgen.String(strings.Repeat("x", gguf.MaxKeptString)))
		}
		return b.MustBuild().WriteFile(p)
	})
	add("model.onnx", func(p string) error {
		long := func(i int) string { return fmt.Sprintf("%-*d", onnx.MaxString, i) }
		m := &onnxgen.Model{IRVersion: 9}
		for i := range 4096 {
			m.Metadata = append(m.Metadata, onnx.Property{Key: long(i), Value: long(i)})
			m.Initializers = append(m.Initializers, onnxgen.Tensor{Name: "w", Dims: []int64{1}, DataType: onnx.TypeFloat,
				Storage: onnxgen.External, Location: long(i), Length: 4})
		}
		return m.WriteFile(p)
	})
	return paths
}

// TestHostileModelsStayInTheMemoryLimit is the attack, end to end: a real
// process maps hostile model files (a safetensors header of a million
// tensors, others at and past the limits, a 4 MiB config.json, GGUF and
// ONNX files keeping the most their parsers allow), and a fresh process
// scans it as gtm serve does, again and again: with one inspector, and
// with a new one at each scan, as if every cache had forgotten. Its peak
// resident memory (VmHWM) must stay well under the DaemonSet's limit.
// Before headers were streamed and parses budgeted, the first file alone
// took ~380 MB.
func TestHostileModelsStayInTheMemoryLimit(t *testing.T) {
	paths := hostileFiles(t)
	pid := maptest.StartNamedMapper(t, "python3", paths...)
	exe, err := os.Executable()
	must(t, err)
	cmd := exec.Command(exe, "-test.run=^TestHostileScanChild$", "-test.v")
	cmd.Env = append(os.Environ(), scanChildEnv+"="+strconv.Itoa(pid), "GOGC=100", "GOMEMLIMIT=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("scanner: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`vmhwm=(\d+) models=(\d+) errors=(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("scanner said:\n%s", out)
	}
	hwm, _ := strconv.ParseInt(string(m[1]), 10, 64)
	t.Logf("scanner peak resident memory %.1f MiB; %s models, %s header errors per scan", float64(hwm)/(1<<20), m[2], m[3])
	if string(m[2]) != strconv.Itoa(len(paths)) || string(m[3]) != "2" { // the million and the over-the-limit headers
		t.Fatalf("%s models, %s header errors: not every file was parsed", m[2], m[3])
	}
	if hwm > daemonSetLimit/2 {
		t.Fatalf("peak resident memory %.1f MiB: not well under the DaemonSet's %d MiB", float64(hwm)/(1<<20), daemonSetLimit>>20)
	}
}

// TestHostileScanChild is the scanner of the test above, in a process of
// its own so that its VmHWM is its scans' alone; run directly, it skips.
func TestHostileScanChild(t *testing.T) {
	pidEnv := os.Getenv(scanChildEnv)
	if pidEnv == "" {
		t.Skip("the scanner child of TestHostileModelsStayInTheMemoryLimit")
	}
	pid, err := strconv.Atoi(pidEnv)
	must(t, err)
	target := Target{PID: pid, Name: "python3", Cmdline: []string{"python3", "train.py"}, Cwd: "/"}
	models, errors := 0, 0
	scan := func(in *Inspector) {
		f := in.Inspect(target)
		if f.MapsError != "" {
			t.Fatal(f.MapsError)
		}
		models, errors = len(f.Models), 0
		for _, m := range f.Models {
			if m.HeaderError != nil {
				errors++
			}
		}
	}
	in := New("/proc", nil)
	in.hf.MaxAge = time.Nanosecond // each scan finds the model cache's minute passed
	for range 5 {
		scan(in)
	}
	for range 3 {
		scan(New("/proc", nil))
	}
	st, err := os.ReadFile("/proc/self/status")
	must(t, err)
	m := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(st)
	if m == nil {
		t.Fatal("no VmHWM")
	}
	kb, _ := strconv.ParseInt(string(bytes.TrimSpace(m[1])), 10, 64)
	fmt.Printf("vmhwm=%d models=%d errors=%d\n", kb<<10, models, errors)
}
