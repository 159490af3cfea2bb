package ui

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/app/snapshot"
	"github.com/gputaskman/gtm/inspect"
)

// The inspector's content is built in two steps: inspectorView turns one
// snapshot row into plain data (sections of key/value rows, the LLM bar's
// segments), and Inspector renders that data. The first step is a pure
// function, so tests read it directly and a replayed snapshot renders
// exactly like a live one; comparing two views tells the widget whether
// anything needs redrawing.

// RuntimeCaption stands under the runtimes: a library proves presence only.
const RuntimeCaption = "A loaded library proves presence, not GPU work."

// view is everything the pane shows for one process.
type view struct {
	Title    string
	Sections []section
}

// section is one titled block of the pane.
type section struct {
	Title string
	// Caption is a short warning shown under the title.
	Caption string
	// Folder, when set, gets an "Open folder" button (a model's folder).
	Folder string
	// Bar is the LLM memory bar (the LLM section only).
	Bar  *barModel
	Rows []row
}

// row is one line: a key and its value (the value says its provenance).
type row struct{ Key, Value string }

// Provenance words, as the pane and help use them.
const (
	provMeasured  = "measured"
	provInferred  = "inferred *"
	provGuessed   = "guessed ?"
	provEstimated = "estimated"
	provReported  = "reported"
)

// buildView turns a process row into the pane's content.
func buildView(snap *snapshot.Snapshot, p *snapshot.Process) view {
	str := report.FormatString
	v := view{Title: fmt.Sprintf("PID %s · %s", p.PIDLabel, str(p.Name))}
	if p.User != nil {
		v.Title += " · " + *p.User
	}

	id := section{Title: "Process"}
	id.Rows = append(id.Rows,
		row{"PID", pidText(p)},
		row{"User", str(p.User)},
		row{"Started", timeText(p)},
		row{"Parent", intText(p.PPID)},
		row{"Executable", str(p.Exe)},
		row{"Directory", str(p.Cwd)},
		// Cmdline is the redacted command line the snapshot carries;
		// the raw argv never reaches the UI.
		row{"Command", report.CommandLine(p.Cmdline)},
		row{"Category", str(p.Category)},
	)
	if p.Container != nil {
		id.Rows = append(id.Rows, row{"Container", *p.Container})
	}
	// The Kubernetes pod, named from the node's kubelet folders; n/a for a
	// name they do not give.
	if p.PodUID != nil {
		id.Rows = append(id.Rows, row{"Namespace", str(p.Namespace)}, row{"Pod", str(p.Pod)},
			row{"Pod container", str(p.ContainerName)}, row{"Pod UID", *p.PodUID})
	}
	if len(p.ListenPorts) > 0 {
		ports := make([]string, len(p.ListenPorts))
		for k, port := range p.ListenPorts {
			ports[k] = strconv.Itoa(port)
		}
		id.Rows = append(id.Rows, row{"Listening", "TCP " + strings.Join(ports, ", ")})
	}
	// What fills the GPU comes first: an LLM's breakdown, the counters,
	// the models and the server; who the process is follows.
	if p.LLM != nil {
		v.Sections = append(v.Sections, llmSection(p))
	}
	v.Sections = append(v.Sections, countersSection(snap, p))
	v.Sections = append(v.Sections, modelSections(p)...)
	if p.LLM != nil {
		v.Sections = append(v.Sections, serverSection(p.LLM))
	}
	if g := servedModelOf(snap, p); g != nil {
		v.Sections = append(v.Sections, servedSection(g))
	}
	// Runtimes, app events and notes are the same lines `gtm inspect`
	// prints: one wording for both.
	d := report.ProcessDetail(p)
	if p.App != nil {
		v.Sections = append(v.Sections, appSection(p.App, &d))
	}
	v.Sections = append(v.Sections, runtimesSection(&d), id)
	v.Sections = append(v.Sections, notesSection(p, &d))
	// Names, paths, command lines and notes come from processes, files
	// and servers: show control and bidi characters as visible escapes so
	// they cannot forge lines or reorder what is shown. gtm's own text
	// passes through unchanged.
	v.Title = escape.Text(v.Title)
	for k := range v.Sections {
		sec := &v.Sections[k]
		sec.Title, sec.Caption = escape.Text(sec.Title), escape.Text(sec.Caption)
		for r := range sec.Rows {
			sec.Rows[r].Key, sec.Rows[r].Value = escape.Text(sec.Rows[r].Key), escape.Text(sec.Rows[r].Value)
		}
	}
	return v
}

func pidText(p *snapshot.Process) string {
	if p.HostPID != nil {
		return fmt.Sprintf("%s (the driver lists host PID %d for it)", p.PIDLabel, *p.HostPID)
	}
	switch {
	case strings.HasPrefix(p.PIDLabel, "H:"):
		return p.PIDLabel + " (a host PID, seen from a container)"
	case strings.HasPrefix(p.PIDLabel, "W:"):
		return p.PIDLabel + " (a Windows PID, seen from WSL)"
	}
	return p.PIDLabel
}

func timeText(p *snapshot.Process) string {
	if p.StartTime == nil {
		return report.NA
	}
	return p.StartTime.Local().Format("2006-01-02 15:04:05")
}

func intText(v *int) string {
	if v == nil {
		return report.NA
	}
	return strconv.Itoa(*v)
}

// withProv shows a value and where it came from; an unknown value is n/a
// with no provenance (nothing was read).
func withProv(value, prov string) string {
	if value == report.NA {
		return report.NA
	}
	return value + "  · " + prov
}

// countersSection lists each measured counter with its provenance.
func countersSection(snap *snapshot.Snapshot, p *snapshot.Process) section {
	s := section{Title: "GPU counters"}
	if p.DeviceIndex == nil {
		s.Rows = append(s.Rows, row{"GPU", "none listed by the driver now"})
	} else {
		// The device's name is in the window's header; with several
		// devices it says which one this is.
		gpu := fmt.Sprintf("GPU %d", *p.DeviceIndex)
		if snap != nil && len(snap.Devices) > 1 {
			for _, d := range snap.Devices {
				if d.Index == *p.DeviceIndex && d.Name != nil {
					gpu += " · " + *d.Name
				}
			}
		}
		if p.GPUInstanceID != nil {
			gpu += fmt.Sprintf(" · MIG GI %d", *p.GPUInstanceID)
			if p.ComputeInstanceID != nil {
				gpu += fmt.Sprintf(" CI %d", *p.ComputeInstanceID)
			}
		}
		if len(p.GPUProcessTypes) > 0 {
			gpu += " (" + strings.Join(p.GPUProcessTypes, ", ") + ")"
		}
		s.Rows = append(s.Rows, row{"GPU", gpu})
	}
	s.Rows = append(s.Rows, row{"VRAM", withProv(report.FormatBytes(p.VRAMBytes), provMeasured)})
	if p.VRAMInferredBytes != nil {
		prov := provInferred + " (owner matched by evidence; not in measured totals)"
		if p.VRAMInferredBy != nil && *p.VRAMInferredBy == snapshot.Guess {
			prov = provGuessed + " (owner guessed; not in measured totals)"
		}
		s.Rows = append(s.Rows, row{"VRAM (attributed)", withProv(report.FormatBytes(p.VRAMInferredBytes), prov)})
	}
	// Engine activity in one row, Spill and Paged in another: each
	// reading unknown on its own is n/a.
	act := []string{}
	allNA := true
	for _, e := range []struct {
		name string
		v    *float64
	}{{"GPU", p.GPUUtilPercent}, {"SM", p.SMUtilPercent}, {"enc", p.EncoderUtilPercent}, {"dec", p.DecoderUtilPercent}} {
		act = append(act, e.name+" "+report.FormatPercent(e.v))
		allNA = allNA && e.v == nil
	}
	activity := report.NA
	if !allNA {
		activity = strings.Join(act, " · ") + "  · " + provMeasured
	}
	s.Rows = append(s.Rows, row{"Activity", activity})
	mem := report.NA
	if p.SpillBytes != nil || p.PagedBytes != nil {
		mem = "spill " + withProv(report.FormatBytes(p.SpillBytes), provMeasured) +
			" · paged " + withProv(report.FormatBytes(p.PagedBytes), provEstimated)
	}
	s.Rows = append(s.Rows, row{"Spill / paged", mem})
	cpu := report.NA
	if p.CPUPercent != nil {
		cpu = report.FormatPercent(p.CPUPercent) + " of all CPUs  · " + provMeasured
	}
	s.Rows = append(s.Rows,
		row{"CPU", cpu},
		row{"Resident RAM", withProv(report.FormatBytes(p.RSSBytes), provMeasured)})
	return s
}

// runtimesSection lays out the runtimes as `gtm inspect` lists them
// (report.ProcessDetail): one row per runtime and its libraries.
func runtimesSection(d *report.Detail) section {
	s := section{Title: "Runtimes", Caption: RuntimeCaption}
	if ds := detailSection(d, "Runtimes"); ds != nil {
		if ds.Value != "" {
			s.Rows = append(s.Rows, row{"", ds.Value})
		}
		for _, l := range ds.Lines {
			s.Rows = append(s.Rows, row{l.Key, l.Text})
		}
	}
	return s
}

// modelSections gives each model its own block, strongest evidence first
// as the inspector found them.
func modelSections(p *snapshot.Process) []section {
	switch {
	case p.Models == nil:
		return []section{{Title: "Models", Rows: []row{{"", "n/a (not inspected)"}}}}
	case len(p.Models) == 0:
		return []section{{Title: "Models", Rows: []row{{"", "none found"}}}}
	}
	out := make([]section, 0, len(p.Models))
	for _, m := range p.Models {
		out = append(out, modelSection(m))
	}
	return out
}

// ModelStatus is a model's evidence and standing: "mapped + cmdline ·
// confirmed", or "installed · candidate: not proven loaded".
func ModelStatus(m inspect.Model) string {
	ev := strings.Join(m.Evidence, " + ")
	if ev == "" {
		ev = "no evidence"
	}
	switch {
	case m.Confirmed:
		ev += " · confirmed"
	case m.Candidate:
		ev += " · candidate: not proven loaded"
	case m.OpenedAt != nil:
		ev += " · not proven resident"
	default:
		ev += " · not confirmed (one source)"
	}
	if m.OpenedAt != nil {
		ev += " · opened at " + m.OpenedAt.Local().Format("15:04:05")
	}
	if m.Deleted {
		ev += " · file deleted since it was opened"
	}
	return ev
}

func modelSection(m inspect.Model) section {
	name := filepath.Base(m.Path)
	if m.Name != nil {
		name = *m.Name
	}
	s := section{Title: "Model · " + name, Folder: filepath.Dir(m.Path)}
	s.Rows = append(s.Rows, row{"Evidence", ModelStatus(m)}, row{"File", m.Path})
	if m.Role != "" && m.Role != "model" {
		s.Rows = append(s.Rows, row{"Role", m.Role})
	}
	if m.Store != nil {
		s.Rows = append(s.Rows, row{"Named by", *m.Store + " (a store supplies the name, not load evidence)"})
	}
	kind := report.FormatString(m.Kind)
	if m.KindLabel != nil {
		kind = *m.KindLabel
	}
	if m.KindHint != nil {
		kind += " · hint: " + *m.KindHint + " (from the name, not the header)"
	}
	s.Rows = append(s.Rows,
		row{"Kind", kind},
		row{"Format", report.FormatString(m.Format)},
		row{"Architecture", report.FormatString(m.Architecture)},
		row{"Quantization", report.FormatString(m.Quantization)},
		row{"Layers", uintText(m.Layers)},
		row{"Parameters", countText(m.Parameters)},
		row{"Trained context", u64Text(m.TrainedContext)},
	)
	w := report.NA
	if m.Weights != nil {
		w = fmt.Sprintf("%s  · %s (%s)", mib(m.Weights.Bytes), m.Weights.Source, m.Weights.From)
	}
	s.Rows = append(s.Rows, row{"Weights", w})
	if m.FormatDetail != nil {
		s.Rows = append(s.Rows, row{"In the file", *m.FormatDetail})
	}
	if m.HeaderError != nil {
		s.Rows = append(s.Rows, row{"Header", "unreadable: " + *m.HeaderError})
	}
	return s
}

func uintText(v *uint32) string {
	if v == nil {
		return report.NA
	}
	return strconv.FormatUint(uint64(*v), 10)
}

func u64Text(v *uint64) string {
	if v == nil {
		return report.NA
	}
	return strconv.FormatUint(*v, 10)
}

// countText is a parameter count as `gtm inspect` shows it, or n/a.
func countText(v *uint64) string {
	if v == nil {
		return report.NA
	}
	return report.FormatCount(*v)
}

// mib shows model-sized amounts to 0.01 MiB, as llama.cpp's logs do, so
// the two can be compared by eye.
func mib(v uint64) string {
	if v >= 10<<30 {
		return fmt.Sprintf("%.2f GiB", float64(v)/(1<<30))
	}
	return fmt.Sprintf("%.2f MiB", float64(v)/(1<<20))
}

func llmSection(p *snapshot.Process) section {
	l := p.LLM
	s := section{Title: "LLM memory",
		Caption: "Reported by the runtime or estimated from the model header; " +
			"set against the measured VRAM, never added to it.",
		Bar: newBarModel(p.VRAMBytes, &l.Breakdown)}
	// The bar's legend lists each part with its provenance; the rows add
	// the measurement itself and the estimator's notes.
	s.Rows = append(s.Rows, row{"Measured VRAM", withProv(report.FormatBytes(p.VRAMBytes), provMeasured)})
	if h := l.Host; h != nil {
		// Buffers in host memory: part of the resident RAM above, not of
		// the VRAM bar.
		var parts []string
		for _, x := range []struct {
			name string
			p    *inspect.Part
		}{{"weights", h.Weights}, {"KV", h.KVCache}, {"compute", h.Compute}, {"output", h.Output}} {
			if x.p != nil {
				parts = append(parts, fmt.Sprintf("%s %s (%s, %s)", x.name, mib(x.p.Bytes), x.p.Source, x.p.From))
			}
		}
		if len(parts) > 0 {
			s.Rows = append(s.Rows, row{"In host RAM", strings.Join(parts, " · ")})
		}
	}
	for _, n := range l.Notes {
		s.Rows = append(s.Rows, row{"Note", n})
	}
	return s
}

// serverSection is what the server's own API and log say right now.
func serverSection(l *inspect.LLM) section {
	s := section{Title: "Server"}
	srv := report.FormatString(l.Server)
	if l.APIStatus != nil {
		srv += " · API " + strings.ReplaceAll(*l.APIStatus, "_", " ")
	}
	if l.APIAddr != nil {
		srv += " at " + *l.APIAddr
	}
	if l.APIModel != nil {
		srv += " · serves " + *l.APIModel
	}
	withSource := func(v *uint64, src *string) string {
		if v == nil {
			return report.NA
		}
		t := strconv.FormatUint(*v, 10)
		if src != nil {
			t += "  · from " + *src
		}
		return t
	}
	slots := report.NA
	if l.SlotsTotal != nil {
		busy := report.NA
		if l.SlotsBusy != nil {
			busy = strconv.Itoa(*l.SlotsBusy)
		}
		slots = fmt.Sprintf("%s of %d busy  · %s", busy, *l.SlotsTotal, provReported)
	}
	tps := report.NA
	if l.TokensPerSecond != nil {
		tps = fmt.Sprintf("%.1f  · %s (updates after a request completes)", *l.TokensPerSecond, provReported)
	}
	req := report.NA
	if l.RequestsProcessing != nil {
		req = fmt.Sprintf("%.0f  · %s", *l.RequestsProcessing, provReported)
	}
	kv := report.NA
	if l.KVUsagePercent != nil {
		kv = fmt.Sprintf("%.0f%%  · %s", *l.KVUsagePercent, provReported)
	}
	s.Rows = append(s.Rows,
		row{"Server", srv},
		row{"Context (n_ctx)", withSource(l.NCtx, l.NCtxSource)},
		row{"Per slot", withSource(l.NCtxSlot, ptrTo("api"))},
		row{"Parallel", withSource(l.Parallel, l.ParallelSource)},
		row{"KV layout", kvLayoutText(l)},
		row{"Slots", slots},
		row{"Tokens/s", tps},
		row{"Requests", req},
		row{"KV cache used", kv},
	)
	s.Rows = append(s.Rows, engineRows(l)...)
	s.Rows = append(s.Rows, row{"Buffer log", report.FormatString(l.LogPath)})
	return s
}

// engineRows are what PyTorch engines (vLLM, SGLang, TGI, ComfyUI) and a
// worker's place add; each only when known, so llama-server's pane keeps
// its rows.
func engineRows(l *inspect.LLM) []row {
	var rows []row
	if l.Role != nil {
		role := *l.Role
		if l.Rank != nil {
			role += fmt.Sprintf(" · rank %d", *l.Rank)
		}
		if l.APIPID != nil {
			role += fmt.Sprintf(" · its API is PID %d", *l.APIPID)
		}
		rows = append(rows, row{"Role", role})
	}
	if l.ModelID != nil {
		rows = append(rows, row{"Model", withFrom(*l.ModelID, l.ModelIDSource)})
	}
	if l.RequestsWaiting != nil {
		rows = append(rows, row{"Queued", fmt.Sprintf("%.0f  · %s", *l.RequestsWaiting, provReported)})
	}
	if l.KVCapacityTokens != nil {
		rows = append(rows, row{"KV capacity", withFrom(fmt.Sprintf("%d tokens", *l.KVCapacityTokens), l.KVCapacitySource)})
	}
	if l.PrefixCacheHitPercent != nil {
		rows = append(rows, row{"Prefix cache hits", fmt.Sprintf("%.0f%%  · %s", *l.PrefixCacheHitPercent, provReported)})
	}
	if l.MemoryFraction != nil {
		rows = append(rows, row{"GPU memory share", fmt.Sprintf("%.2f of the GPU  · %s", *l.MemoryFraction, provReported)})
	}
	if l.TensorParallel != nil {
		rows = append(rows, row{"Tensor parallel", strconv.Itoa(*l.TensorParallel) + " GPUs"})
	}
	for _, d := range l.Devices {
		rows = append(rows, row{"On " + d.Device, devicePartsText(d)})
	}
	for _, d := range l.TorchReserved {
		rows = append(rows, row{"PyTorch holds", fmt.Sprintf("%s on %s  · %s", mib(d.Bytes), d.Device, provReported)})
	}
	if len(l.APIModels) > 0 {
		rows = append(rows, row{"Prompts use", strings.Join(l.APIModels, ", ") + "  · " + provReported + " (needed, not proof of a load)"})
	}
	return rows
}

func withFrom(v string, src *string) string {
	if src != nil {
		return v + "  · from " + *src
	}
	return v
}

// devicePartsText lists one device's reported buffers.
func devicePartsText(d inspect.DeviceParts) string {
	var parts []string
	for _, x := range []struct {
		name string
		p    *inspect.Part
	}{{"weights", d.Weights}, {"KV", d.KVCache}, {"compute", d.Compute}, {"output", d.Output}} {
		if x.p != nil {
			parts = append(parts, fmt.Sprintf("%s %s", x.name, mib(x.p.Bytes)))
		}
	}
	if len(parts) == 0 {
		return report.NA
	}
	return strings.Join(parts, " · ") + "  · " + provReported
}

// servedModelOf is the served model p's row belongs to, nil for none.
func servedModelOf(snap *snapshot.Snapshot, p *snapshot.Process) *snapshot.ServedModel {
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
func servedSection(g *snapshot.ServedModel) section {
	title := "Served model · " + g.Server
	if g.Model != nil {
		title += " · " + *g.Model
	}
	s := section{Title: title,
		Caption: "One model across processes and GPUs; the total adds measured VRAM only. Each process's parts are in its own pane."}
	for _, sp := range g.Processes {
		who := sp.Role
		if sp.Rank != nil {
			who += fmt.Sprintf(" rank %d", *sp.Rank)
		}
		where := "no GPU memory"
		if sp.DeviceIndex != nil {
			where = fmt.Sprintf("GPU %d · %s", *sp.DeviceIndex, withProv(report.FormatBytes(sp.VRAMBytes), provMeasured))
		}
		s.Rows = append(s.Rows, row{fmt.Sprintf("PID %d", sp.PID), who + " · " + where})
	}
	devs := make([]string, len(g.Devices))
	for k, d := range g.Devices {
		devs[k] = strconv.Itoa(d)
	}
	s.Rows = append(s.Rows, row{"Total", fmt.Sprintf("%s on GPU %s", withProv(report.FormatBytes(g.VRAMBytes), provMeasured), strings.Join(devs, ", "))})
	return s
}

func appSection(a *inspect.AppState, d *report.Detail) section {
	s := section{Title: "App · " + a.App,
		Caption: "Settings prove selection, not a load; log events are history, not proof of what is resident now."}
	s.Rows = append(s.Rows,
		row{"Selected model", report.FormatString(a.SelectedModel)},
		row{"Settings", report.FormatString(a.SettingsPath)},
		row{"Log", report.FormatString(a.LogPath)},
	)
	// The logged events, worded as `gtm inspect` words them.
	if ds := detailSection(d, "App"); ds != nil {
		for _, l := range ds.Lines {
			s.Rows = append(s.Rows, row{"Event", l.Text})
		}
	}
	for _, n := range a.Notes {
		s.Rows = append(s.Rows, row{"Note", n})
	}
	return s
}

// notesSection lists the detail's notes (the presence caveat, the row's
// own notes) but not the LLM's, which stand beside its bar.
func notesSection(p *snapshot.Process, d *report.Detail) section {
	s := section{Title: "Notes"}
	llm := map[string]bool{}
	if p.LLM != nil {
		for _, n := range p.LLM.Notes {
			llm[escape.Text(n)] = true
		}
	}
	for _, n := range d.Notes {
		if !llm[n] {
			s.Rows = append(s.Rows, row{"", n})
		}
	}
	return s
}

func ptrTo(s string) *string { return &s }

// kvLayoutText says whether all slots share one KV cache, and from where.
func kvLayoutText(l *inspect.LLM) string {
	if l.KVUnified == nil {
		return report.NA
	}
	t := "one stream per slot"
	if *l.KVUnified {
		t = "unified (one cache for all slots)"
	}
	if l.KVUnifiedSource != nil {
		t += "  · from " + *l.KVUnifiedSource
	}
	return t
}

// detailSection finds a section of a process's detail by its label.
func detailSection(d *report.Detail, label string) *report.DetailSection {
	for k := range d.Sections {
		if d.Sections[k].Label == label {
			return &d.Sections[k]
		}
	}
	return nil
}
