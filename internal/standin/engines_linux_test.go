package standin

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestTGIOutputs: the TGI stand-in in text and --json-output writes every
// process's lines (JSON ones too) and passes the flag to its router.
func TestTGIOutputs(t *testing.T) {
	for _, jsonOut := range []bool{false, true} {
		log := filepath.Join(t.TempDir(), "tgi.log")
		p := Start(t, TGI(TGIOptions{JSONOutput: jsonOut}), log)
		checkLog(t, p, readLog(t, log))
		router := p.Children[len(p.Children)-1]
		if jsonOut != slices.Contains(p.Spec.Argv, "--json-output") || jsonOut != slices.Contains(router.Spec.Argv, "--json-output") {
			t.Errorf("argv %q, router %q", p.Spec.Argv, router.Spec.Argv)
		}
	}
}
