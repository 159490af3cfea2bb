package modelcost_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/app/modelcost"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
)

var update = flag.Bool("update", false, "rewrite golden files")

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func writeGGUF(t *testing.T, dir, name string, b *ggufgen.Builder) string {
	t.Helper()
	path := filepath.Join(dir, name)
	must(t, b.MustBuild().WriteFile(path))
	return path
}

// twoGPUs is two GPUs as the driver reports them: GPU 0 24 GiB with
// 7 GiB used, GPU 1 80 GiB with none used.
func twoGPUs(n int) (total, free uint64, ok bool) {
	switch n {
	case 0:
		return 24 << 30, 17 << 30, true
	case 1:
		return 80 << 30, 80 << 30, true
	}
	return 0, 0, false
}

// outputs renders r as text and as JSON, with root shown as ROOT.
func outputs(t *testing.T, r modelcost.Report, root string) (text, js string) {
	t.Helper()
	var tb, jb bytes.Buffer
	must(t, r.WriteText(&tb))
	must(t, r.WriteJSON(&jb))
	return strings.ReplaceAll(tb.String(), root, "ROOT"), strings.ReplaceAll(jb.String(), root, "ROOT")
}

// golden compares got with testdata/name; -update rewrites it.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		must(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	must(t, err)
	if got != string(want) {
		t.Errorf("%s differs from golden (go test ./app/modelcost -run %s -update):\n%s", path, t.Name(), got)
	}
}

// decode round-trips a report through its JSON, as a script reads it.
func decode(t *testing.T, r modelcost.Report) map[string]any {
	t.Helper()
	var b bytes.Buffer
	must(t, r.WriteJSON(&b))
	var m map[string]any
	must(t, json.Unmarshal(b.Bytes(), &m))
	return m
}
