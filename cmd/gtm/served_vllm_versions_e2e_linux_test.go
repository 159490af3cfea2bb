package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
	"github.com/gputaskman/gtm/internal/standin"
)

// vllmCase is one cell of the vLLM version matrix.
type vllmCase struct {
	version, model, prefix, title string
	noLogo                        bool
}

// TestServedVLLMVersionMatrix: vLLM 0.11.0 (every rank logs its memory)
// and a current vLLM (0.21.0: the node's first rank only, the logo and
// the new start lines, "(EngineCore pid=…)"), with and without
// VLLM_LOGGING_PREFIX and a custom VLLM_PROCESS_NAME_PREFIX, at TP 2 with
// a dense, an MLA and a hybrid sliding-window model. Every rank's KV cache
// in gtm's output equals what vLLM holds on it (the stand-in's plan, by
// vLLM's rules) to within one block per layer, and says whose log it is.
func TestServedVLLMVersionMatrix(t *testing.T) {
	needBinary(t)
	models := map[string]func() (standin.Model, standin.VLLMAttention){
		"dense": standin.Qwen3_8B, "mla": standin.DeepSeekV2Lite, "hybrid": standin.Gemma3_12B,
	}
	var cases []vllmCase
	for _, model := range []string{"dense", "mla", "hybrid"} {
		cases = append(cases, vllmCase{version: "0.11.0", model: model}, vllmCase{version: "0.21.0", model: model},
			vllmCase{version: "0.21.0", model: model, prefix: "[node-a] "})
	}
	cases = append(cases, vllmCase{version: "0.21.0", model: "dense", title: "MYAPP", noLogo: true})
	for _, c := range cases {
		name := fmt.Sprintf("%s/%s/prefix=%q/title=%q", c.version, c.model, c.prefix, c.title)
		t.Run(name, func(t *testing.T) {
			m, a := models[c.model]()
			o := standin.VLLMOptions{Model: m, Attention: a, TP: 2, Version: c.version, KVCacheGiB: 40, Libs: standin.FakeLibs(t),
				LoggingPrefix: c.prefix, ProcessNamePrefix: c.title, NoLogo: c.noLogo}
			checkVLLMVersion(t, c, o)
		})
	}
}

// checkVLLMVersion starts one cell's tree and checks both workers' rows.
func checkVLLMVersion(t *testing.T, c vllmCase, o standin.VLLMOptions) {
	t.Helper()
	api := standin.Start(t, standin.VLLM(o), filepath.Join(t.TempDir(), "vllm.log"))
	engine := api.Children[0]
	w := []*standin.Proc{engine.Children[0], engine.Children[1]}
	fm := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{
		h200(0, fakenvml.Process{PID: w[0].PID, UsedMemory: 120 << 30}),
		h200(1, fakenvml.Process{PID: w[1].PID, UsedMemory: 120 << 30}),
	}})
	snap := fm.json()
	plan := o.KVPlan()
	oneBlockPerLayer := plan.PageBytes * int64(plan.Layers)
	current := c.version != "0.11.0"
	for rank, p := range w {
		row := findRow(snap, p.PID, rank)
		if row == nil || row.LLM == nil {
			t.Fatalf("worker %d (PID %d): no row or no llm block: %+v", rank, p.PID, row)
		}
		l := row.LLM
		if strOf(l.Server) != "vllm" || strOf(l.Role) != "worker" || l.Rank == nil || *l.Rank != rank || l.APIPID == nil || *l.APIPID != api.PID {
			t.Errorf("worker %d: server %s role %s rank %v api %v", rank, strOf(l.Server), strOf(l.Role), l.Rank, l.APIPID)
		}
		from := "log"
		if current && rank > 0 {
			from = "log_rank0"
		}
		if kv := l.KVCache; kv == nil || kv.Source != "reported" || kv.From != from ||
			int64(kv.Bytes) < plan.HeldBytes-oneBlockPerLayer || int64(kv.Bytes) > plan.HeldBytes+oneBlockPerLayer {
			t.Errorf("worker %d: kv_cache %+v, want %d ± %d reported from %s", rank, kv, plan.HeldBytes, oneBlockPerLayer, from)
		}
		if current && rank > 0 {
			if l.CUDAGraphs != nil || l.Weights != nil && l.Weights.Source == "reported" {
				t.Errorf("worker %d took rank 0's graphs %+v or weights %+v", rank, l.CUDAGraphs, l.Weights)
			}
			if !strings.Contains(strings.Join(l.Notes, "\n"), "KV cache reported by rank 0's log (Worker_TP0 pid=") {
				t.Errorf("worker %d: no note names rank 0: %q", rank, l.Notes)
			}
		}
		if l.KVCapacityTokens == nil || int64(*l.KVCapacityTokens) != plan.NumBlocks*16 || strOf(l.ModelID) != o.Model.ID {
			t.Errorf("worker %d: capacity %v (want %d) model %s", rank, l.KVCapacityTokens, plan.NumBlocks*16, strOf(l.ModelID))
		}
	}
}
