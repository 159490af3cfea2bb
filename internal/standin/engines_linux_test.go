package standin

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestTGIOutputs: the TGI stand-in in text and --json-output writes every
// process's lines (JSON ones too) and passes the flag to its router.
func TestTGIOutputs(t *testing.T) {
	for _, jsonOut := range []bool{false, true} {
		log := filepath.Join(t.TempDir(), "tgi.log")
		p := Start(t, TGI(TGIOptions{JSONOutput: jsonOut}), log)
		text := readLog(t, log)
		checkLog(t, p, text)
		// The shards' Python lines are re-emitted by log_lines on a thread
		// of their own (launcher/src/main.rs:1181 at v3.3.6), outside the
		// shard-manager span: TGI writes them with no span and no rank.
		for _, l := range strings.Split(text, "\n") {
			if (strings.Contains(l, "KV-cache blocks") || strings.Contains(l, "Server started at")) && strings.Contains(l, "shard-manager") {
				t.Errorf("a shard's Python line in the shard-manager span: %s", l)
			}
		}
		router := p.Children[len(p.Children)-1]
		if jsonOut != slices.Contains(p.Spec.Argv, "--json-output") || jsonOut != slices.Contains(router.Spec.Argv, "--json-output") {
			t.Errorf("argv %q, router %q", p.Spec.Argv, router.Spec.Argv)
		}
	}
}
