package hfmodel_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/hfmodel"
	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
	"github.com/gputaskman/gtm/inspect/safetensors"
)

// A shard that fails to parse is parsed once per file version: opening
// the model again does not parse it again; changing the file does.
func TestFailureCachedPerVersion(t *testing.T) {
	dir := t.TempDir()
	ts := hfgen.DecoderTensors(dec)
	if _, err := hfgen.WriteModel(dir, hfgen.Model{Config: llamaConfig(), Tensors: ts, Shards: 2}); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "model-00002-of-00002.safetensors")
	if err := hfgen.WriteHostile(bad, hfgen.Hostile{N: safetensors.MaxTensors + 1}); err != nil {
		t.Fatal(err)
	}
	var c hfmodel.Cache
	for i := range 3 {
		m, err := hfmodel.OpenWith(self(), dir, &c)
		if err != nil || m.Complete || !strings.Contains(strings.Join(m.Notes, "|"), "MaxTensors") {
			t.Fatalf("open %d: %v, %+v", i, err, m)
		}
	}
	if c.Parses() != 3 { // the index and two shards, once
		t.Fatalf("%d parses for three opens of one version", c.Parses())
	}
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(bad, later, later); err != nil {
		t.Fatal(err)
	}
	if _, err := hfmodel.OpenWith(self(), dir, &c); err != nil || c.Parses() != 4 {
		t.Fatalf("after a change: %v, %d parses", err, c.Parses())
	}
}

// An index is read as a stream: what it keeps is the files it names, not
// its weight map. A 26 MB index of 300,000 entries allocates under 1 MiB
// (it was read whole, then decoded into a map).
func TestLargeIndexStreamed(t *testing.T) {
	dir := t.TempDir()
	ts := hfgen.DecoderTensors(dec)
	names, err := hfgen.WriteModel(dir, hfgen.Model{Config: llamaConfig(), Tensors: ts, Shards: 2})
	if err != nil {
		t.Fatal(err)
	}
	ix := filepath.Join(dir, "model.safetensors.index.json")
	f, err := os.Create(ix)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprint(w, `{"metadata":{"total_size":1},"weight_map":{`)
	const n = 300_000
	for i := range n {
		if i > 0 {
			w.WriteByte(',')
		}
		fmt.Fprintf(w, `"model.layers.%d.mlp.experts.%d.down_proj.weight":%q`, i/1000, i%1000, names[i%2])
	}
	fmt.Fprint(w, `}}`)
	w.Flush()
	f.Close()
	fi, _ := os.Stat(ix)
	var a, z runtime.MemStats
	runtime.ReadMemStats(&a)
	m, err := hfmodel.Open(self(), ix)
	runtime.ReadMemStats(&z)
	if err != nil || len(m.Files) != 2 {
		t.Fatalf("%v %+v", err, m)
	}
	if got := z.TotalAlloc - a.TotalAlloc; got > 1<<20 {
		t.Fatalf("a %d-byte index allocated %d bytes", fi.Size(), got)
	}
}
