package standin

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/torchlog"
)

// parseLog reads a stand-in tree's log with gtm's load-log parser.
func parseLog(t *testing.T, engine, path string) *torchlog.Report {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := torchlog.ParseAt(engine, f, time.Now().Add(time.Minute))
	if r == nil {
		t.Fatalf("no load block in:\n%s", readLog(t, path))
	}
	return r
}

// TestSGLangVersions: SGLang before and after the "elapsed="/"dtype:"
// changes, with one pool per rank, a sliding-window model's two, an
// EAGLE draft's, and a hybrid model's Mamba state with its intermediate
// caches: every rank's KV cache is every pool it logged, the capacity is
// the target's pool, and the server is ready.
func TestSGLangVersions(t *testing.T) {
	swa := &SGLangPool{Tokens: 1200000, KGiB: 4.12}
	draft := &SGLangPool{Tokens: 1601991, KGiB: 1.53}
	mamba := &SGLangMamba{Slots: 96, ConvGiB: 0.35, SSMGiB: 8.44, IntermediateSSM: 33.75, IntermediateConv: 1.41}
	for _, c := range []struct {
		name  string
		o     SGLangOptions
		pools string
	}{
		{"before, dense", SGLangOptions{Format: SGLangBefore}, "target"},
		{"current, dense", SGLangOptions{}, "target"},
		{"current, sliding window", SGLangOptions{SlidingWindow: swa, KVCacheGiB: 20}, "target sliding-window|target full-attention"},
		{"before, EAGLE draft", SGLangOptions{Format: SGLangBefore, Draft: draft}, "target|draft (EAGLE)"},
		{"current, sliding window and EAGLE draft", SGLangOptions{SlidingWindow: swa, Draft: draft, KVCacheGiB: 20}, "target sliding-window|target full-attention|draft (EAGLE)"},
		{"current, Mamba with intermediate caches", SGLangOptions{Mamba: mamba, KVCacheGiB: 12.24, Draft: draft}, "Mamba state|target|draft (EAGLE)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			log := filepath.Join(t.TempDir(), "sglang.log")
			Start(t, SGLang(c.o), log)
			r := parseLog(t, torchlog.SGLang, log)
			if !r.Ready || r.Model != "Qwen/Qwen3-8B" {
				t.Errorf("ready %v model %q", r.Ready, r.Model)
			}
			if r.KVTokens == nil || int64(*r.KVTokens) != c.o.KVTokens() {
				t.Errorf("KVTokens %s, want %d", val(r.KVTokens), c.o.KVTokens())
			}
			if len(r.Ranks) != 2 {
				t.Fatalf("%d ranks: %+v", len(r.Ranks), r.Ranks)
			}
			for _, x := range r.Ranks {
				if x.KVCache == nil || *x.KVCache != c.o.RankKVBytes() {
					t.Errorf("rank %d KV %s, want %d", x.Rank, val(x.KVCache), c.o.RankKVBytes())
				}
				var names []string
				for _, p := range x.KVPools {
					names = append(names, p.Name)
				}
				if got := strings.Join(names, "|"); got != c.pools {
					t.Errorf("rank %d pools %q, want %q", x.Rank, got, c.pools)
				}
				if c.o.Mamba != nil && (x.Recurrent == nil || *x.Recurrent != printed(0.35)+printed(8.44)+printed(33.75)+printed(1.41)) {
					t.Errorf("rank %d Mamba state %s", x.Rank, val(x.Recurrent))
				}
			}
		})
	}
}

// TestTGIOutputs: TGI's text and --json-output logs give the KV capacity,
// the blocks, the model and readiness.
func TestTGIOutputs(t *testing.T) {
	for _, jsonOut := range []bool{false, true} {
		o := TGIOptions{JSONOutput: jsonOut}
		log := filepath.Join(t.TempDir(), "tgi.log")
		p := Start(t, TGI(o), log)
		checkLog(t, p, readLog(t, log))
		r := parseLog(t, torchlog.TGI, log)
		want := uint64(o.MaxBatchTotalTokens())
		if r.KVTokens == nil || *r.KVTokens != want || r.GPUBlocks == nil || *r.GPUBlocks != want || r.BlockSize == nil || *r.BlockSize != 1 {
			t.Errorf("json %v: KVTokens %s blocks %s size %s, want %d", jsonOut, val(r.KVTokens), val(r.GPUBlocks), val(r.BlockSize), want)
		}
		if !r.Ready || r.Model != "Qwen/Qwen3-8B" {
			t.Errorf("json %v: ready %v model %q", jsonOut, r.Ready, r.Model)
		}
		if args, _ := cmdline(t, p.PID); jsonOut != strings.Contains(strings.Join(args, " "), "--json-output") {
			t.Errorf("launcher argv %q", args)
		}
	}
}

func val(p *uint64) string {
	if p == nil {
		return "null"
	}
	return strconv.FormatUint(*p, 10)
}
