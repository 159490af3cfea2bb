package inspect

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/torchlog"
	"github.com/gputaskman/gtm/internal/standin"
)

// The version matrix of SGLang and TGI: stand-ins of each form, their
// logs read by gtm's load-log parser.

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
		b, _ := os.ReadFile(path)
		t.Fatalf("no load block in:\n%s", b)
	}
	return r
}

// gib2s is a figure SGLang printed with 2 decimals, in bytes.
func gib2s(v float64) uint64 { return uint64(math.Round(math.Round(v*100) / 100 * (1 << 30))) }

func val(p *uint64) string {
	if p == nil {
		return "null"
	}
	return strconv.FormatUint(*p, 10)
}

// TestSGLangVersions: SGLang before and after the "elapsed="/"dtype:"
// changes, with one pool per rank, a sliding-window model's two, an
// EAGLE draft's, and a hybrid model's Mamba state with its intermediate
// caches: every rank's KV cache is every pool it logged, the capacity is
// the target's pool, and the server is ready.
func TestSGLangVersions(t *testing.T) {
	swa := &standin.SGLangPool{Tokens: 1200000, KGiB: 4.12}
	draft := &standin.SGLangPool{Tokens: 1601991, KGiB: 1.53}
	mamba := &standin.SGLangMamba{Slots: 96, ConvGiB: 0.35, SSMGiB: 8.44, IntermediateSSM: 33.75, IntermediateConv: 1.41}
	for _, c := range []struct {
		name  string
		o     standin.SGLangOptions
		pools string
	}{
		{"before, dense", standin.SGLangOptions{Format: standin.SGLangBefore}, "target"},
		{"current, dense", standin.SGLangOptions{}, "target"},
		{"current, sliding window", standin.SGLangOptions{SlidingWindow: swa, KVCacheGiB: 20}, "target sliding-window|target full-attention"},
		{"before, EAGLE draft", standin.SGLangOptions{Format: standin.SGLangBefore, Draft: draft}, "target|draft (EAGLE)"},
		{"current, sliding window and EAGLE draft", standin.SGLangOptions{SlidingWindow: swa, Draft: draft, KVCacheGiB: 20}, "target sliding-window|target full-attention|draft (EAGLE)"},
		{"current, Mamba with intermediate caches", standin.SGLangOptions{Mamba: mamba, KVCacheGiB: 12.24, Draft: draft}, "Mamba state|target|draft (EAGLE)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			log := filepath.Join(t.TempDir(), "sglang.log")
			standin.Start(t, standin.SGLang(c.o), log)
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
				if c.o.Mamba != nil && (x.Recurrent == nil || *x.Recurrent != gib2s(0.35)+gib2s(8.44)+gib2s(33.75)+gib2s(1.41)) {
					t.Errorf("rank %d Mamba state %s", x.Rank, val(x.Recurrent))
				}
			}
		})
	}
}

// TestTGIOutputsParsed: TGI's text and --json-output logs give the KV capacity,
// the blocks, the model and readiness.
func TestTGIOutputsParsed(t *testing.T) {
	for _, jsonOut := range []bool{false, true} {
		o := standin.TGIOptions{JSONOutput: jsonOut}
		log := filepath.Join(t.TempDir(), "tgi.log")
		p := standin.Start(t, standin.TGI(o), log)
		r := parseLog(t, torchlog.TGI, log)
		want := uint64(o.MaxBatchTotalTokens())
		if r.KVTokens == nil || *r.KVTokens != want || r.GPUBlocks == nil || *r.GPUBlocks != want || r.BlockSize == nil || *r.BlockSize != 1 {
			t.Errorf("json %v: KVTokens %s blocks %s size %s, want %d", jsonOut, val(r.KVTokens), val(r.GPUBlocks), val(r.BlockSize), want)
		}
		if !r.Ready || r.Model != "Qwen/Qwen3-8B" {
			t.Errorf("json %v: ready %v model %q", jsonOut, r.Ready, r.Model)
		}
		if jsonOut != slices.Contains(p.Spec.Argv, "--json-output") {
			t.Errorf("launcher argv %q", p.Spec.Argv)
		}
	}
}

// TestSGLangEveryPoolReachesTheWorker: a scheduler's KV cache, as gtm
// shows it for that process, is every pool its rank logged (sliding
// window, full attention, EAGLE draft, Mamba state), and a note names
// them.
func TestSGLangEveryPoolReachesTheWorker(t *testing.T) {
	o := standin.SGLangOptions{KVCacheGiB: 12.24, SlidingWindow: &standin.SGLangPool{Tokens: 900000, KGiB: 3.1},
		Draft: &standin.SGLangPool{Tokens: 400000, KGiB: 0.75}, Mamba: &standin.SGLangMamba{Slots: 64, ConvGiB: 0.2, SSMGiB: 5.1, IntermediateSSM: 20.4, IntermediateConv: 0.9}}
	root := standin.Start(t, standin.SGLang(o), filepath.Join(t.TempDir(), "sglang.log"))
	l := NewLive("/proc")
	for _, p := range root.Children[:2] {
		tg := Target{PID: p.PID, PPID: root.PID, Name: p.Spec.CommName(), Cmdline: p.Spec.Argv, Start: time.Now()}
		srv, _ := recognise("/proc", tg)
		e := l.EngineLog(tg, srv)
		if e == nil || e.KV == nil || *e.KV != o.RankKVBytes() || e.Rank == nil || *e.Rank != p.Spec.Rank {
			t.Fatalf("%s: facts %+v, want KV %d", p.Spec.Argv[0], e, o.RankKVBytes())
		}
		if !slices.ContainsFunc(e.Notes, func(n string) bool {
			return strings.Contains(n, "target sliding-window, target full-attention, draft (EAGLE)") && strings.Contains(n, "Mamba state")
		}) {
			t.Errorf("notes %q", e.Notes)
		}
	}
}
