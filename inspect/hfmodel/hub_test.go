package hfmodel_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/hfmodel"
	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
)

func TestRoots(t *testing.T) {
	env := map[string]string{"HF_HUB_CACHE": "/a/hub", "HF_HOME": "/h", "XDG_CACHE_HOME": "rel"}
	got := hfmodel.Roots(func(k string) string { return env[k] }, "/home/u")
	want := []string{"/a/hub", "/h/hub", "/home/u/.cache/huggingface/hub"}
	if !slices.Equal(got, want) {
		t.Fatalf("%q, want %q", got, want)
	}
}

func TestIsHubID(t *testing.T) {
	for s, want := range map[string]bool{
		"Qwen/Qwen3-0.6B": true, "gpt2": true, "org/name@main": true, "org/name@0123abcd": true,
		"a/b/c": false, "../x": false, "org/..": false, "a--b/c": false, "org/name.git": false,
		"/abs/path": false, "": false, "org/-x": false, "org/name@../x": false, "org/na me": false,
		strings.Repeat("a", 97): false,
	} {
		if got := hfmodel.IsHubID(s); got != want {
			t.Errorf("IsHubID(%q) = %v", s, got)
		}
	}
}

func TestResolve(t *testing.T) {
	root := t.TempDir()
	other := t.TempDir()
	ts := hfgen.DecoderTensors(dec)
	snap, err := hfgen.HubSnapshot(root, "org/model", "1111111111111111111111111111111111111111", true)
	if err != nil {
		t.Fatal(err)
	}
	hfgen.WriteModel(snap, hfgen.Model{Config: llamaConfig(), Tensors: ts, Shards: 2})
	if err := hfgen.LinkBlobs(snap); err != nil {
		t.Fatal(err)
	}
	old, _ := hfgen.HubSnapshot(root, "org/model", "2222222222222222222222222222222222222222", false)
	os.WriteFile(filepath.Join(root, "models--org--model", "refs", "v1"), []byte("2222222222222222222222222222222222222222\n"), 0o644)

	roots := []string{other, root}
	dir, err := hfmodel.Resolve(self(), "org/model", roots)
	if err != nil || dir != snap {
		t.Fatalf("%q %v, want %q", dir, err, snap)
	}
	m, err := hfmodel.Open(self(), dir)
	if err != nil {
		t.Fatal(err)
	}
	check(t, m, ts, true)
	if d, err := hfmodel.Resolve(nil, "org/model@v1", roots); err != nil || d != old {
		t.Fatalf("@v1: %q %v", d, err)
	}
	if d, err := hfmodel.Resolve(nil, "org/model@2222222222222222222222222222222222222222", roots); err != nil || d != old {
		t.Fatalf("@hash: %q %v", d, err)
	}
	if _, err := hfmodel.Resolve(nil, "org/model@nope", roots); err == nil {
		t.Fatal("unknown revision resolved")
	}
	// Without refs/main: the newest snapshot.
	os.Remove(filepath.Join(root, "models--org--model", "refs", "main"))
	future := time.Now().Add(time.Hour)
	os.Chtimes(old, future, future)
	if d, err := hfmodel.Resolve(nil, "org/model", roots); err != nil || d != old {
		t.Fatalf("newest: %q %v", d, err)
	}
	for _, bad := range []string{"org/missing", "../x", "org/../../etc", "a--b/c"} {
		if d, err := hfmodel.Resolve(nil, bad, roots); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q resolved to %q", bad, d)
		}
	}
	// A refs file pointing out of the repository is refused.
	os.WriteFile(filepath.Join(root, "models--org--model", "refs", "main"), []byte("../../../etc"), 0o644)
	if d, err := hfmodel.Resolve(nil, "org/model", roots); err == nil {
		t.Fatalf("refs escape resolved to %q", d)
	}
	if _, err := hfmodel.Resolve(nil, "org/model", nil); err == nil {
		t.Fatal("no roots resolved")
	}
}
