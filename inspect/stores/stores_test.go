package stores

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// hexOf is a stable fake digest for a test blob.
func hexOf(seed string) string {
	h := sha256.Sum256([]byte(seed))
	return hex.EncodeToString(h[:])
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// manifestJSON builds an Ollama manifest from (mediaType, digest) pairs.
func manifestJSON(layers ...[2]string) string {
	type l struct {
		MediaType string `json:"mediaType"`
		Digest    string `json:"digest"`
		Size      int    `json:"size"`
	}
	m := struct {
		SchemaVersion int    `json:"schemaVersion"`
		MediaType     string `json:"mediaType"`
		Config        l      `json:"config"`
		Layers        []l    `json:"layers"`
	}{
		SchemaVersion: 2,
		MediaType:     "application/vnd.docker.distribution.manifest.v2+json",
		Config:        l{"application/vnd.docker.container.image.v1+json", "sha256:" + hexOf("config"), 10},
	}
	for _, x := range layers {
		m.Layers = append(m.Layers, l{x[0], x[1], 4})
	}
	b, _ := json.Marshal(m)
	return string(b)
}

const (
	mtModel     = "application/vnd.ollama.image.model"
	mtProjector = "application/vnd.ollama.image.projector"
	mtAdapter   = "application/vnd.ollama.image.adapter"
	mtTemplate  = "application/vnd.ollama.image.template"
	mtLicense   = "application/vnd.ollama.image.license"
)

// ollamaTree is a models folder holding gemma3:4b and gemma3:latest (one
// model blob and one projector blob shared), a user's model reusing the
// same weights with an adapter, and an hf.co pull.
func ollamaTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	blob := map[string]string{}
	for _, b := range []string{"weights", "proj", "adapter", "template", "license", "llama"} {
		blob[b] = hexOf(b)
		writeFile(t, filepath.Join(dir, "blobs", "sha256-"+blob[b]), "GGUF"+b)
	}
	gemma := manifestJSON(
		[2]string{mtModel, "sha256:" + blob["weights"]},
		[2]string{mtProjector, "sha256:" + blob["proj"]},
		[2]string{mtTemplate, "sha256:" + blob["template"]},
		[2]string{mtLicense, "sha256:" + blob["license"]},
	)
	m := filepath.Join(dir, "manifests")
	writeFile(t, filepath.Join(m, "registry.ollama.ai", "library", "gemma3", "latest"), gemma)
	writeFile(t, filepath.Join(m, "registry.ollama.ai", "library", "gemma3", "4b"), gemma)
	writeFile(t, filepath.Join(m, "registry.ollama.ai", "someuser", "tuned", "v1"), manifestJSON(
		[2]string{mtModel, "sha256:" + blob["weights"]},
		[2]string{mtAdapter, "sha256:" + blob["adapter"]},
	))
	writeFile(t, filepath.Join(m, "hf.co", "bartowski", "Llama-3.2-1B-Instruct-GGUF", "Q4_K_M"), manifestJSON(
		[2]string{mtModel, "sha256:" + blob["llama"]},
		[2]string{mtModel, "sha256:" + hexOf("never downloaded")},
	))
	return blob
}

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestOllamaNames(t *testing.T) {
	dir := t.TempDir()
	blob := ollamaTree(t, dir)
	s := New(Config{Env: env(map[string]string{"OLLAMA_MODELS": dir})})
	blobs := filepath.Join(dir, "blobs")

	tests := []struct {
		blob string
		want Name
	}{
		{"weights", Name{Model: "gemma3:4b", Store: Ollama, Role: RoleModel,
			Alternatives: []string{"someuser/tuned:v1", "gemma3:latest"}}},
		{"proj", Name{Model: "gemma3:4b", Store: Ollama, Role: RoleProjector,
			Alternatives: []string{"gemma3:latest"}}},
		{"adapter", Name{Model: "someuser/tuned:v1", Store: Ollama, Role: RoleAdapter}},
		{"llama", Name{Model: "hf.co/bartowski/Llama-3.2-1B-Instruct-GGUF:Q4_K_M", Store: Ollama, Role: RoleModel}},
	}
	for _, tt := range tests {
		got, ok := s.Lookup(filepath.Join(blobs, "sha256-"+blob[tt.blob]))
		if !ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got %+v, %v; want %+v", tt.blob, got, ok, tt.want)
		}
	}
	for _, b := range []string{"template", "license"} {
		if n, ok := s.Lookup(filepath.Join(blobs, "sha256-"+blob[b])); ok {
			t.Errorf("%s layer named %+v; only model files are", b, n)
		}
	}
	if got := len(s.Installed()); got != 4 {
		t.Errorf("Installed: %d files, want 4: %+v", got, s.Installed())
	}
	if w := s.Warnings(); len(w) != 0 {
		t.Errorf("clean store warned: %q", w)
	}
}

func TestOllamaRootsFromHomeAndSystem(t *testing.T) {
	home := t.TempDir()
	system := t.TempDir()
	hb := ollamaTree(t, filepath.Join(home, ".ollama", "models"))
	writeFile(t, filepath.Join(system, "manifests", "registry.ollama.ai", "library", "qwen3", "14b"),
		manifestJSON([2]string{mtModel, "sha256:" + hexOf("qwen3")}))
	writeFile(t, filepath.Join(system, "blobs", "sha256-"+hexOf("qwen3")), "GGUF")

	s := New(Config{Home: home, OllamaRoots: []string{system}})
	if n, ok := s.Lookup(filepath.Join(system, "blobs", "sha256-"+hexOf("qwen3"))); !ok || n.Model != "qwen3:14b" {
		t.Errorf("system root: %+v %v", n, ok)
	}
	if n, ok := s.Lookup(filepath.Join(home, ".ollama", "models", "blobs", "sha256-"+hb["llama"])); !ok || n.Store != Ollama {
		t.Errorf("home root: %+v %v", n, ok)
	}
}

// A process maps the real path while the store was configured through a
// symlink, or the other way round: both must match.
func TestSymlinkedRoot(t *testing.T) {
	base := t.TempDir()
	real := filepath.Join(base, "real")
	blob := ollamaTree(t, real)
	link := filepath.Join(base, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symlinks:", err)
	}
	name := "sha256-" + blob["llama"]

	viaLink := New(Config{OllamaRoots: []string{link}})
	viaReal := New(Config{OllamaRoots: []string{real}})
	for _, s := range []*Stores{viaLink, viaReal} {
		for _, p := range []string{filepath.Join(real, "blobs", name), filepath.Join(link, "blobs", name)} {
			if _, ok := s.Lookup(p); !ok {
				t.Errorf("lookup %s missed", p)
			}
		}
	}
	// The same folder twice (a link and its target) is scanned once.
	both := New(Config{OllamaRoots: []string{link, real}})
	if got := len(both.Installed()); got != 4 {
		t.Errorf("duplicate roots gave %d files, want 4", got)
	}
}

func TestLMStudio(t *testing.T) {
	home := t.TempDir()
	models := filepath.Join(home, ".lmstudio", "models")
	repo := filepath.Join(models, "lmstudio-community", "Qwen3-8B-GGUF")
	writeFile(t, filepath.Join(repo, "Qwen3-8B-Q4_K_M.gguf"), "GGUF")
	writeFile(t, filepath.Join(repo, "mmproj-Qwen3-8B-F16.gguf"), "GGUF")
	writeFile(t, filepath.Join(repo, "README.md"), "not a model")
	writeFile(t, filepath.Join(models, "loose.gguf"), "GGUF") // LM Studio ignores these too
	old := filepath.Join(home, ".cache", "lm-studio", "models", "TheBloke", "Mistral-7B-GGUF", "mistral.Q4_0.gguf")
	writeFile(t, old, "GGUF")

	s := New(Config{Home: home})
	got, ok := s.Lookup(filepath.Join(repo, "Qwen3-8B-Q4_K_M.gguf"))
	want := Name{Model: "lmstudio-community/Qwen3-8B-GGUF", Store: LMStudio, Role: RoleModel, File: "Qwen3-8B-Q4_K_M.gguf"}
	if !ok || !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v %v, want %+v", got, ok, want)
	}
	if got, _ := s.Lookup(filepath.Join(repo, "mmproj-Qwen3-8B-F16.gguf")); got.Role != RoleProjector {
		t.Errorf("mmproj role %q", got.Role)
	}
	if got, ok := s.Lookup(old); !ok || got.Model != "TheBloke/Mistral-7B-GGUF" {
		t.Errorf("old location: %+v %v", got, ok)
	}
	if n := len(s.Installed()); n != 3 {
		t.Errorf("Installed %d, want 3: %+v", n, s.Installed())
	}

	// A file downloaded after the scan is still named from its path.
	later := filepath.Join(models, "unsloth", "gemma-3-GGUF", "gemma-3-4b-it-Q4_K_M.gguf")
	writeFile(t, later, "GGUF")
	if got, ok := s.Lookup(later); !ok || got.Model != "unsloth/gemma-3-GGUF" {
		t.Errorf("unscanned file: %+v %v", got, ok)
	}
}

func TestLMStudioPointerAndDownloadsFolder(t *testing.T) {
	home := t.TempDir()
	elsewhere := t.TempDir()
	custom := t.TempDir()
	writeFile(t, filepath.Join(home, ".lmstudio-home-pointer"), elsewhere+"\n")
	writeFile(t, filepath.Join(elsewhere, "settings.json"), `{"downloadsFolder":`+strconvQuote(custom)+`}`)
	f := filepath.Join(custom, "pub", "repo", "m.gguf")
	writeFile(t, f, "GGUF")
	s := New(Config{Home: home})
	if got, ok := s.Lookup(f); !ok || got.Model != "pub/repo" {
		t.Errorf("custom folder: %+v %v", got, ok)
	}
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }

func TestHuggingFaceByPath(t *testing.T) {
	s := New(Config{}) // no scan at all: the path alone names it
	tests := []struct {
		path string
		want Name
		ok   bool
	}{
		{"/home/u/.cache/huggingface/hub/models--Qwen--Qwen3-0.6B-GGUF/snapshots/abc123/Qwen3-0.6B-Q8_0.gguf",
			Name{Model: "Qwen/Qwen3-0.6B-GGUF", Store: HuggingFace, Role: RoleModel, File: "Qwen3-0.6B-Q8_0.gguf"}, true},
		{"/data/hf/hub/models--ggml-org--gemma-3-4b-it-GGUF/snapshots/r/mmproj-model-f16.gguf",
			Name{Model: "ggml-org/gemma-3-4b-it-GGUF", Store: HuggingFace, Role: RoleProjector, File: "mmproj-model-f16.gguf"}, true},
		{"/x/models--stabilityai--sdxl/snapshots/r/unet/diffusion_pytorch_model.safetensors",
			Name{Model: "stabilityai/sdxl", Store: HuggingFace, Role: RoleModel, File: "unet/diffusion_pytorch_model.safetensors"}, true},
		{"/x/models--gpt2/blobs/0123abcd", Name{Model: "gpt2", Store: HuggingFace, Role: RoleModel}, true},
		{"/x/models--Qwen--Qwen3/snapshots/r/config.json", Name{}, false},
		{"/x/models--Qwen--Qwen3", Name{}, false},
		{"/x/models----bad/blobs/1", Name{}, false},
		{"/x/datasets--a--b/blobs/1", Name{}, false},
		{"/x/models--a--b--c/blobs/1", Name{}, false},
	}
	for _, tt := range tests {
		got, ok := s.Lookup(tt.path)
		if ok != tt.ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got %+v %v, want %+v %v", tt.path, got, ok, tt.want, tt.ok)
		}
	}
}

// A scanned cache also names blobs by their file, through snapshot links.
func TestHuggingFaceScan(t *testing.T) {
	hf := t.TempDir()
	repo := filepath.Join(hf, "hub", "models--Qwen--Qwen3-0.6B-GGUF")
	blobPath := filepath.Join(repo, "blobs", hexOf("q"))
	writeFile(t, blobPath, "GGUF")
	for _, rev := range []string{"aaa", "bbb"} {
		snap := filepath.Join(repo, "snapshots", rev, "Qwen3-0.6B-Q8_0.gguf")
		if err := os.MkdirAll(filepath.Dir(snap), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join("..", "..", "blobs", hexOf("q")), snap); err != nil {
			t.Skip("no symlinks:", err)
		}
	}
	writeFile(t, filepath.Join(repo, "refs", "main"), "bbb")
	s := New(Config{Env: env(map[string]string{"HF_HOME": hf})})
	got, ok := s.Lookup(blobPath)
	want := Name{Model: "Qwen/Qwen3-0.6B-GGUF", Store: HuggingFace, Role: RoleModel, File: "Qwen3-0.6B-Q8_0.gguf"}
	if !ok || !reflect.DeepEqual(got, want) {
		t.Errorf("blob: got %+v %v, want %+v", got, ok, want)
	}
	inst := s.Installed()
	if len(inst) != 1 || !strings.Contains(inst[0].Path, filepath.Join("snapshots", "bbb")) {
		t.Errorf("Installed should list the blob once, under refs/main's revision: %+v", inst)
	}
}

func TestRefreshEvery60s(t *testing.T) {
	dir := t.TempDir()
	now := time.Unix(1000, 0)
	s := New(Config{OllamaRoots: []string{dir}, Now: func() time.Time { return now }})
	blob := filepath.Join(dir, "blobs", "sha256-"+hexOf("x"))
	if _, ok := s.Lookup(blob); ok {
		t.Fatal("empty store named something")
	}
	writeFile(t, blob, "GGUF")
	writeFile(t, filepath.Join(dir, "manifests", "registry.ollama.ai", "library", "x", "1b"),
		manifestJSON([2]string{mtModel, "sha256:" + hexOf("x")}))
	now = now.Add(59 * time.Second)
	if _, ok := s.Lookup(blob); ok {
		t.Error("rescanned before 60 s")
	}
	now = now.Add(time.Second)
	if n, ok := s.Lookup(blob); !ok || n.Model != "x:1b" {
		t.Errorf("not rescanned after 60 s: %+v %v", n, ok)
	}
	now = now.Add(-time.Hour) // a clock stepping back rescans too
	os.Remove(blob)
	if _, ok := s.Lookup(blob); ok {
		t.Error("clock stepped back but the old scan was kept")
	}
}

func TestDisplayAndPrimary(t *testing.T) {
	tests := []struct {
		parts []string
		want  string
	}{
		{[]string{"registry.ollama.ai", "library", "qwen3", "14b"}, "qwen3:14b"},
		{[]string{"registry.ollama.ai", "library", "qwen3", "latest"}, "qwen3:latest"},
		{[]string{"registry.ollama.ai", "jmorgan", "m", "v1"}, "jmorgan/m:v1"},
		{[]string{"hf.co", "bartowski", "Foo-GGUF", "Q4_K_M"}, "hf.co/bartowski/Foo-GGUF:Q4_K_M"},
		{[]string{"localhost:5000", "library", "m", "t"}, "localhost:5000/library/m:t"},
		{[]string{"registry.ollama.ai", "library", "agent", "helper", "latest"}, "agent/helper:latest"},
	}
	for _, tt := range tests {
		n, ok := parseOllamaPath(tt.parts)
		if !ok || n.display() != tt.want {
			t.Errorf("%v: %q %v, want %q", tt.parts, n.display(), ok, tt.want)
		}
	}
	for _, bad := range [][]string{
		{"registry.ollama.ai", "library", "qwen3"},
		{"registry.ollama.ai", "library", "x", "qwen3", "1b"}, // not a kind
		{"registry.ollama.ai", "lib.rary", "m", "t"},          // '.' in namespace
		{"registry.ollama.ai", "library", "-m", "t"},
		{"registry.ollama.ai", "library", "m", ".partial"},
		{"registry.ollama.ai", "library", "m", ""},
	} {
		if _, ok := parseOllamaPath(bad); ok {
			t.Errorf("%v accepted", bad)
		}
	}
	names := []string{"qwen3:latest", "qwen3:8b-q4_K_M", "qwen3:8b", "alias:latest"}
	sortNames(names)
	if want := []string{"qwen3:8b", "qwen3:8b-q4_K_M", "alias:latest", "qwen3:latest"}; !reflect.DeepEqual(names, want) {
		t.Errorf("order %v, want %v", names, want)
	}
}

func sortNames(n []string) { slices.SortFunc(n, primaryFirst) }

// Users move manifests/ or blobs/ elsewhere and link them back.
func TestLinkedManifestsAndBlobs(t *testing.T) {
	base := t.TempDir()
	elsewhere := filepath.Join(base, "elsewhere")
	blob := ollamaTree(t, elsewhere)
	root := filepath.Join(base, "root")
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"manifests", "blobs"} {
		if err := os.Symlink(filepath.Join(elsewhere, d), filepath.Join(root, d)); err != nil {
			t.Skip("no symlinks:", err)
		}
	}
	s := New(Config{OllamaRoots: []string{root}})
	for _, p := range []string{
		filepath.Join(root, "blobs", "sha256-"+blob["llama"]),
		filepath.Join(elsewhere, "blobs", "sha256-"+blob["llama"]),
	} {
		if n, ok := s.Lookup(p); !ok || n.Store != Ollama {
			t.Errorf("%s: %+v %v", p, n, ok)
		}
	}
}

func TestConcurrentLookups(t *testing.T) {
	dir := t.TempDir()
	blob := ollamaTree(t, dir)
	// Every call moves the clock a second on, so lookups race with rescans.
	var tick atomic.Int64
	s := New(Config{OllamaRoots: []string{dir}, MaxAge: time.Second, Now: func() time.Time {
		return time.Unix(tick.Add(1), 0)
	}})
	done := make(chan bool)
	for range 8 {
		go func() {
			for range 20 {
				s.Lookup(filepath.Join(dir, "blobs", "sha256-"+blob["llama"]))
				s.Installed()
			}
			done <- true
		}()
	}
	for range 8 {
		<-done
	}
}
