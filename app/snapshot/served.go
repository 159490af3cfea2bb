// Package snapshot derives what a snapshot says about its rows together:
// the models a server holds across several processes or devices
// (GroupServed). The snapshot's types are package schema's; its golden
// example, testdata/snapshot.golden.json, is written by app/collect's
// tests and read by every renderer's.
package snapshot

import (
	"path/filepath"
	"sort"

	"github.com/gputaskman/gtm/internal/schema"
)

// GroupServed finds the models served by several GPU-holding processes,
// or on several devices: rows whose llm block names the same server, the
// same API process (a worker's api_pid, the API process's own PID) and
// the same model. A model with one GPU row is no group: its row says all
// there is (an Ollama runner under `ollama serve`).
func GroupServed(procs []schema.Process) []schema.ServedModel {
	type key struct {
		server string
		api    int
		model  string
	}
	groups := map[key]*schema.ServedModel{}
	var order []key
	for _, p := range procs {
		l := p.LLM
		if l == nil || l.Server == nil {
			continue
		}
		name := servedModelName(&p)
		k := key{server: *l.Server, api: p.PID}
		if l.APIPID != nil {
			k.api = *l.APIPID
		}
		if name != nil {
			k.model = *name
		}
		g := groups[k]
		if g == nil {
			g = &schema.ServedModel{Server: k.server, APIPID: schema.Ptr(k.api), Processes: []schema.ServedProcess{}, Devices: []int{}}
			groups[k] = g
			order = append(order, k)
		}
		role := "api"
		if l.Role != nil {
			role = *l.Role
		}
		g.Processes = append(g.Processes, schema.ServedProcess{PID: p.PID, Role: role, Rank: l.Rank, DeviceIndex: p.DeviceIndex, VRAMBytes: p.VRAMBytes})
		if g.Model == nil {
			g.Model = name
		}
	}
	var out []schema.ServedModel
	for _, k := range order {
		if g := groups[k]; finish(g, k.api) {
			out = append(out, *g)
		}
	}
	return out
}

// finish completes a group: the API process listed first (without a
// device when it holds no GPU memory), the workers by rank, the devices
// and the measured sum. It reports whether the group holds GPU memory in
// two rows or more, the only groups worth showing.
func finish(g *schema.ServedModel, api int) bool {
	devs := map[int]bool{}
	gpuRows, hasAPI := 0, false
	var total uint64
	measured := false
	for _, sp := range g.Processes {
		hasAPI = hasAPI || sp.PID == api
		if sp.DeviceIndex != nil {
			devs[*sp.DeviceIndex] = true
			gpuRows++
		}
		if sp.VRAMBytes != nil {
			total += *sp.VRAMBytes
			measured = true
		}
	}
	if gpuRows < 2 {
		return false
	}
	if !hasAPI && api > 0 {
		g.Processes = append([]schema.ServedProcess{{PID: api, Role: "api"}}, g.Processes...)
	}
	for d := range devs {
		g.Devices = append(g.Devices, d)
	}
	sort.Ints(g.Devices)
	sort.SliceStable(g.Processes, func(i, j int) bool {
		a, b := g.Processes[i], g.Processes[j]
		if (a.Role == "api") != (b.Role == "api") {
			return a.Role == "api"
		}
		if (a.Rank == nil) != (b.Rank == nil) {
			return a.Rank != nil
		}
		if a.Rank != nil && *a.Rank != *b.Rank {
			return *a.Rank < *b.Rank
		}
		return a.PID < b.PID
	})
	if measured {
		g.VRAMBytes = &total
	}
	return true
}

// servedModelName is the model a row's server names (llm.model_id), else
// the base name of its main model file; nil when neither.
func servedModelName(p *schema.Process) *string {
	if p.LLM.ModelID != nil {
		return schema.Ptr(*p.LLM.ModelID)
	}
	for _, m := range p.Models {
		if m.Candidate || m.Role != "model" {
			continue
		}
		if m.Name != nil {
			return schema.Ptr(*m.Name)
		}
		return schema.Ptr(filepath.Base(m.Path))
	}
	return nil
}
