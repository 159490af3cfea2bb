package main

// The attack of the security issue on redaction, tried again end to end:
// stand-in vLLM trees that name a model in a private folder, on the
// stand-in NVIDIA driver, read the way any local user (or a pod that
// reaches the port) reads a default `gtm serve`, and written by every
// --redact output.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/redact/redacttest"
	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
	"github.com/gputaskman/gtm/internal/standin"
)

// privateModel writes a small safetensors model into
// HOME/acme-secret-project/model, HOME being a daemon's home, and returns
// HOME, the model folder and its weight files.
func privateModel(t *testing.T) (home, dir string, weights []string) {
	t.Helper()
	home = filepath.Join(t.TempDir(), "home", "daemon")
	dir = filepath.Join(home, redacttest.Marker, "model")
	tensors := hfgen.DecoderTensors(hfgen.Decoder{Layers: 2, Hidden: 64, Heads: 4, KVHeads: 2, HeadDim: 16, Intermediate: 128, Vocab: 1000})
	names, err := hfgen.WriteModel(dir, hfgen.Model{Tensors: tensors, Config: map[string]any{
		"architectures": []string{"Qwen3ForCausalLM"}, "model_type": "qwen3", "num_hidden_layers": 2, "hidden_size": 64,
		"num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 16, "intermediate_size": 128, "vocab_size": 1000,
		"max_position_embeddings": 4096, "torch_dtype": "bfloat16"}})
	must(t, err)
	for _, n := range names {
		weights = append(weights, filepath.Join(dir, n))
	}
	return home, dir, weights
}

// servedAs is a vLLM model whose id is id, with Qwen3-8B's shape.
func servedAs(id string) standin.Model {
	return standin.Model{ID: id, Architecture: "Qwen3ForCausalLM", ModelType: "qwen3",
		Layers: 36, KVHeads: 8, HeadDim: 128, DTypeBytes: 2, MaxModelLen: 40960, Params: 8190735360}
}

// TestE2ERedactModelIDs: `vllm serve /home/daemon/acme-secret-project/model
// --tensor-parallel-size 2` run in that folder (its API, log, workers and
// served-model group name the path), and `vllm serve
// acme-secret-project/model` run in /home/daemon (an org/name-shaped id
// that is a folder). What a default `gtm serve` answers every local user
// (/snapshot.json, /metrics), what `serve --redact` answers, and what
// --json --redact, --once --redact and record --redact write hold
// neither the private folder nor the daemon's name; the model is named by
// its base name, and the working directory is null.
func TestE2ERedactModelIDs(t *testing.T) {
	needBinary(t)
	m, home := privateVLLMs(t)
	checkFixtureNamesModel(t, m)

	leaks := []string{redacttest.Marker, "daemon", home}
	check := func(what, out string) {
		t.Helper()
		for _, l := range leaks {
			if strings.Contains(out, l) {
				t.Errorf("%s holds %q", what, l)
			}
		}
	}
	// gtm serve runs on the same stand-in driver.
	for _, kv := range fakenvml.Env(m.libDir, m.path) {
		if k, v, _ := strings.Cut(kv, "="); k == "LD_LIBRARY_PATH" || k == fakenvml.MachineEnv {
			t.Setenv(k, v)
		}
	}
	base := startServe(t, "-i", "0.2")
	_, body := httpGet(t, base+"/snapshot.json")
	check("default /snapshot.json", body)
	checkServedModelNamed(t, body)
	_, body = httpGet(t, base+"/metrics")
	check("default /metrics", body)
	if !strings.Contains(body, `model="model"`) {
		t.Errorf("default /metrics lost the model label:\n%s", body)
	}
	_, body = httpGet(t, startServe(t, "-i", "0.2", "--redact")+"/metrics")
	check("serve --redact's /metrics", body)

	_, out, _ := m.run("--json", "--redact")
	check("--json --redact", out)
	_, out, _ = m.run("--once", "--redact")
	check("--once --redact", out)
	path := filepath.Join(t.TempDir(), "cap.jsonl")
	if code, _, stderr := m.run("record", "--redact", "-o", path, "--duration", "300ms", "-i", "0.1"); code != 0 {
		t.Fatalf("record --redact: %d %s", code, stderr)
	}
	raw, err := os.ReadFile(path)
	must(t, err)
	check("record --redact", string(raw))
}

// privateVLLMs starts two tensor-parallel vLLM stand-ins serving the
// private model: one by its absolute folder, one by a path relative to
// home, the private home. It returns the stand-in driver listing their
// workers, and home.
func privateVLLMs(t *testing.T) (*fakeMachine, string) {
	home, dir, weights := privateModel(t)
	libs := standin.FakeLibs(t)
	abs := standin.VLLM(standin.VLLMOptions{TP: 2, Libs: libs, Model: servedAs(dir), Weights: weights})
	abs.Dir = filepath.Dir(dir)
	rel := standin.VLLM(standin.VLLMOptions{TP: 2, Libs: libs, Model: servedAs(redacttest.Marker + "/model"), Weights: weights})
	rel.Dir = home
	a := standin.Start(t, abs, filepath.Join(t.TempDir(), "vllm-a.log"))
	r := standin.Start(t, rel, filepath.Join(t.TempDir(), "vllm-r.log"))
	var gpu [2][]fakenvml.Process
	for _, api := range []*standin.Proc{a, r} {
		for rank, w := range api.Children[0].Children {
			gpu[rank] = append(gpu[rank], fakenvml.Process{PID: w.PID, UsedMemory: 30 << 30})
		}
	}
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h200(0, gpu[0]...), h200(1, gpu[1]...)}})
	return m, home
}

// checkFixtureNamesModel: unredacted, the fixture does name the private
// folder (the checks of redaction can fail), as the model id of both
// servers.
func checkFixtureNamesModel(t *testing.T, m *fakeMachine) {
	t.Helper()
	plain := m.json()
	ids := 0
	for _, p := range plain.Processes {
		if p.LLM != nil && strings.Contains(strOf(p.LLM.ModelID), redacttest.Marker) {
			ids++
		}
	}
	if ids != 4 || len(plain.ServedModels) != 2 {
		t.Fatalf("the fixture's workers name the private model %d times in %d served models, want 4 in 2", ids, len(plain.ServedModels))
	}
}

// checkServedModelNamed: gtm serve's default /snapshot.json (body) keeps
// no working directory but names the model by its last element.
func checkServedModelNamed(t *testing.T, body string) {
	t.Helper()
	served, err := capture.ReadSnapshot(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	named := 0
	for _, p := range served.Processes {
		if p.Cwd != nil {
			t.Errorf("default /snapshot.json: PID %d's cwd %q, want null", p.PID, *p.Cwd)
		}
		if p.LLM != nil && strOf(p.LLM.ModelID) == "model" {
			named++
		}
	}
	if named != 4 || len(served.ServedModels) != 2 || strOf(served.ServedModels[0].Model) != "model" {
		t.Errorf("default /snapshot.json names the model %d times, served models %+v; want 4 model ids \"model\"", named, served.ServedModels)
	}
}
