package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/app/internal/textfmt"

	"github.com/gputaskman/gtm/internal/schema"
)

// llmSection is an LLM's memory: the bar of its parts against the
// measured VRAM, the measurement itself, buffers in host RAM and the
// estimator's notes.
func llmSection(p *schema.Process) Section {
	l := p.LLM
	s := Section{Title: "LLM memory",
		Caption: "Reported by the runtime or estimated from the model header; " +
			"set against the measured VRAM, never added to it.",
		Bar: NewBar(p.VRAMBytes, &l.Breakdown)}
	s.Rows = append(s.Rows, provRow("Measured VRAM", FormatBytes(p.VRAMBytes), Measured))
	if h := l.Host; h != nil {
		// Buffers in host memory: part of the resident RAM, not of the
		// VRAM bar. Each names its own source.
		var parts []string
		for _, x := range bufferParts(h.Weights, h.KVCache, h.Compute, h.Output) {
			if x.p != nil {
				parts = append(parts, fmt.Sprintf("%s %s (%s, %s)", x.name, formatMiB(x.p.Bytes), x.p.Source, x.p.From))
			}
		}
		if len(parts) > 0 {
			s.Rows = append(s.Rows, Row{Label: "In host RAM", Value: strings.Join(parts, " · ")})
		}
	}
	for _, n := range l.Notes {
		s.Rows = append(s.Rows, Row{Label: "Note", Value: n})
	}
	return s
}

// serverSection is what the server's own API and log say right now.
func serverSection(l *schema.LLM) Section {
	s := Section{Title: "Server"}
	srv := FormatString(l.Server)
	if l.APIStatus != nil {
		srv += " · API " + strings.ReplaceAll(*l.APIStatus, "_", " ")
	}
	if l.APIAddr != nil {
		srv += " at " + *l.APIAddr
	}
	if l.APIModel != nil {
		srv += " · serves " + *l.APIModel
	}
	api := "api"
	s.Rows = append(s.Rows,
		Row{Label: "Server", Value: srv},
		fromRow("Context (n_ctx)", u64Text(l.NCtx), l.NCtxSource),
		fromRow("Per slot", u64Text(l.NCtxSlot), &api),
		fromRow("Parallel", u64Text(l.Parallel), l.ParallelSource),
		kvLayoutRow(l),
	)
	s.Rows = append(s.Rows, pressureRows(l)...)
	s.Rows = append(s.Rows, liveRows(l)...)
	s.Rows = append(s.Rows, engineRows(l)...)
	s.Rows = append(s.Rows, Row{Label: "Buffer log", Value: FormatString(l.LogPath)})
	return s
}

// liveRows are the server's load as its API reports it: slots, tokens per
// second, requests running and the KV cache's use. A reading no server
// should give (1e308) is shown short, never as 309 digits.
func liveRows(l *schema.LLM) []Row {
	rows := []Row{{Label: "Slots", Value: NA}, {Label: "Tokens/s", Value: NA}, {Label: "Requests", Value: NA}, {Label: "KV cache used", Value: NA}}
	if l.SlotsTotal != nil {
		busy := NA
		if l.SlotsBusy != nil {
			busy = strconv.Itoa(*l.SlotsBusy)
		}
		rows[0] = Row{Label: "Slots", Value: fmt.Sprintf("%s of %d busy", busy, *l.SlotsTotal), Prov: Reported}
	}
	if l.TokensPerSecond != nil {
		rows[1] = Row{Label: "Tokens/s", Value: textfmt.Float(*l.TokensPerSecond, 1), Prov: Reported + " (updates after a request completes)"}
	}
	if l.RequestsProcessing != nil {
		rows[2] = Row{Label: "Requests", Value: textfmt.Float(*l.RequestsProcessing, 0), Prov: Reported}
	}
	if l.KVUsagePercent != nil {
		rows[3] = Row{Label: "KV cache used", Value: textfmt.Float(*l.KVUsagePercent, 0) + "%", Prov: Reported}
	}
	return rows
}

// pressureRows say first what hurts now, in the server's own figures
// (schema.Pressure); none when nothing does.
func pressureRows(l *schema.LLM) []Row {
	var rows []Row
	for _, p := range l.Pressure {
		rows = append(rows, Row{Label: "Pressure", Value: p.Text, Prov: p.Source})
	}
	if l.PreemptionsTotal != nil {
		rows = append(rows, Row{Label: "Preemptions", Value: textfmt.Float(*l.PreemptionsTotal, 0) + " since it started", Prov: Reported})
	}
	if l.RequestsDeferred != nil {
		rows = append(rows, Row{Label: "Deferred", Value: textfmt.Float(*l.RequestsDeferred, 0) + " requests (every slot busy)", Prov: Reported})
	}
	return rows
}

// engineRows are what PyTorch engines (vLLM, SGLang, TGI, ComfyUI) and a
// worker's place add; each only when known, so llama-server's section
// keeps its rows.
func engineRows(l *schema.LLM) []Row {
	var rows []Row
	if l.Role != nil {
		role := *l.Role
		if l.Rank != nil {
			role += fmt.Sprintf(" · rank %d", *l.Rank)
		}
		if l.APIPID != nil {
			role += fmt.Sprintf(" · its API is PID %d", *l.APIPID)
		}
		rows = append(rows, Row{Label: "Role", Value: role})
	}
	if l.ModelID != nil {
		rows = append(rows, fromRow("Model", *l.ModelID, l.ModelIDSource))
	}
	if l.RequestsWaiting != nil {
		rows = append(rows, Row{Label: "Queued", Value: textfmt.Float(*l.RequestsWaiting, 0), Prov: Reported})
	}
	if l.KVCapacityTokens != nil {
		rows = append(rows, fromRow("KV capacity", fmt.Sprintf("%d tokens", *l.KVCapacityTokens), l.KVCapacitySource))
	}
	if l.PrefixCacheHitPercent != nil {
		rows = append(rows, Row{Label: "Prefix cache hits", Value: textfmt.Float(*l.PrefixCacheHitPercent, 0) + "%", Prov: Reported})
	}
	if l.MemoryFraction != nil {
		rows = append(rows, Row{Label: "GPU memory share", Value: textfmt.Float(*l.MemoryFraction, 2) + " of the GPU", Prov: Reported})
	}
	if l.TensorParallel != nil {
		rows = append(rows, Row{Label: "Tensor parallel", Value: strconv.Itoa(*l.TensorParallel) + " GPUs"})
	}
	for _, d := range l.Devices {
		rows = append(rows, provRow("On "+d.Device, devicePartsText(d), Reported))
	}
	for _, d := range l.TorchReserved {
		rows = append(rows, Row{Label: "PyTorch holds", Value: fmt.Sprintf("%s on %s", formatMiB(d.Bytes), d.Device), Prov: Reported})
	}
	if len(l.APIModels) > 0 {
		rows = append(rows, Row{Label: "Prompts use", Value: strings.Join(l.APIModels, ", "), Prov: Reported + " (needed, not proof of a load)"})
	}
	return rows
}

// fromRow is a row whose value the source src gave ("from log"); n/a
// when unknown.
func fromRow(label, value string, src *string) Row {
	if value == NA || src == nil {
		return Row{Label: label, Value: value}
	}
	return Row{Label: label, Value: value, Prov: "from " + *src}
}

// kvLayoutRow says whether all slots share one KV cache, and from where.
func kvLayoutRow(l *schema.LLM) Row {
	if l.KVUnified == nil {
		return Row{Label: "KV layout", Value: NA}
	}
	t := "one stream per slot"
	if *l.KVUnified {
		t = "unified (one cache for all slots)"
	}
	return fromRow("KV layout", t, l.KVUnifiedSource)
}

// namedPart is one of llama.cpp's buffers, by the name the text gives it.
type namedPart struct {
	name string
	p    *schema.Part
}

// bufferParts names one place's buffers (a device's, the host's), in
// the bar's order.
func bufferParts(weights, kv, compute, output *schema.Part) []namedPart {
	return []namedPart{{"weights", weights}, {"KV", kv}, {"compute", compute}, {"output", output}}
}

// devicePartsText lists one device's reported buffers, or n/a.
func devicePartsText(d schema.DeviceParts) string {
	var parts []string
	for _, x := range bufferParts(d.Weights, d.KVCache, d.Compute, d.Output) {
		if x.p != nil {
			parts = append(parts, fmt.Sprintf("%s %s", x.name, formatMiB(x.p.Bytes)))
		}
	}
	if len(parts) == 0 {
		return NA
	}
	return strings.Join(parts, " · ")
}

// servedModelOf is the served model p's row belongs to, nil for none.
func servedModelOf(snap *schema.Snapshot, p *schema.Process) *schema.ServedModel {
	if snap == nil {
		return nil
	}
	for k := range snap.ServedModels {
		for _, sp := range snap.ServedModels[k].Processes {
			if sp.PID == p.PID {
				return &snap.ServedModels[k]
			}
		}
	}
	return nil
}

// servedSection shows one model across its processes and devices: each
// process's measured VRAM, and their measured sum.
func servedSection(g *schema.ServedModel) Section {
	title := "Served model · " + g.Server
	if g.Model != nil {
		title += " · " + *g.Model
	}
	s := Section{Title: title,
		Caption: "One model across processes and GPUs; the total adds measured VRAM only. Each process's parts are in its own pane."}
	for _, sp := range g.Processes {
		who := sp.Role
		if sp.Rank != nil {
			who += fmt.Sprintf(" rank %d", *sp.Rank)
		}
		r := Row{Label: fmt.Sprintf("PID %d", sp.PID), Value: who + " · no GPU memory"}
		if sp.DeviceIndex != nil {
			vram := provRow("", FormatBytes(sp.VRAMBytes), Measured)
			r.Value, r.Prov = fmt.Sprintf("%s · GPU %d · %s", who, *sp.DeviceIndex, vram.Value), vram.Prov
		}
		s.Rows = append(s.Rows, r)
	}
	devs := make([]string, len(g.Devices))
	for k, d := range g.Devices {
		devs[k] = strconv.Itoa(d)
	}
	on := " on GPU " + strings.Join(devs, ", ")
	total := Row{Label: "Total", Value: NA + on}
	if g.VRAMBytes != nil {
		total = Row{Label: "Total", Value: FormatBytes(g.VRAMBytes), Prov: Measured + on}
	}
	s.Rows = append(s.Rows, total)
	return s
}
