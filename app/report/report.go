package report

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/app/internal/textfmt"

	"github.com/gputaskman/gtm/internal/schema"
)

// DeviceHeader summarises one device in three lines: identity, memory and
// load, clocks and I/O. Every reading the driver did not give is n/a. A
// lost GPU gets two lines that say so instead of a row of n/a.
func DeviceHeader(d schema.Device) string {
	if d.Lost {
		return fmt.Sprintf("GPU %d  %s  PCI %s  LOST\n"+
			"  The driver reports this GPU lost (fallen off the bus or hung): no readings and no processes until it is reset.",
			d.Index, FormatString(d.Name), FormatString(d.PCIBusID))
	}
	mem := FormatBytes(d.MemoryUsedBytes) + " / " + FormatBytes(d.MemoryTotalBytes)
	if d.MemoryUsedBytes != nil && d.MemoryTotalBytes != nil && *d.MemoryTotalBytes > 0 {
		mem += " (" + textfmt.Float(100*float64(*d.MemoryUsedBytes)/float64(*d.MemoryTotalBytes), 0) + "%)"
	}
	power := FormatUnit(d.PowerW, "W")
	if d.PowerLimitW != nil {
		power += " of " + FormatUnit(d.PowerLimitW, "W")
	}
	return fmt.Sprintf("GPU %d  %s  PCI %s\n"+
		"  VRAM %s  GPU %s  Mem activity %s  Temp %s  Power %s\n"+
		"  Clocks SM %s, Mem %s, Video %s  Encoder %s  Decoder %s  PCIe rx %s, tx %s",
		d.Index, FormatString(d.Name), FormatString(d.PCIBusID),
		mem, FormatPercent(d.GPUUtilPercent), FormatPercent(d.MemoryUtilPercent),
		FormatUnit(d.TemperatureC, "°C"), power,
		FormatUnit(d.SMClockMHz, "MHz"), FormatUnit(d.MemoryClockMHz, "MHz"), FormatUnit(d.VideoClockMHz, "MHz"),
		FormatPercent(d.EncoderUtilPct), FormatPercent(d.DecoderUtilPct),
		FormatRate(d.PCIeRxBytesPerS), FormatRate(d.PCIeTxBytesPerS))
}

// SystemSummary is the machine beside the GPUs in one line: CPU load, RAM
// and swap, used of total; n/a for what was not read (CPU load on a first
// snapshot).
func SystemSummary(sys *schema.System) string {
	return fmt.Sprintf("CPU %s  RAM %s / %s  Swap %s / %s", FormatPercent(sys.CPUPercent),
		FormatBytes(sys.MemoryUsedBytes), FormatBytes(sys.MemoryTotalBytes),
		FormatBytes(sys.SwapUsedBytes), FormatBytes(sys.SwapTotalBytes))
}

// ProcessColumns are the process table's headings, shared by text and GUI.
var ProcessColumns = []string{"PID", "USER", "GPU", "VRAM", "TREND", "GPU%", "SM%", "ENC%", "DEC%", "NAME", "CATEGORY", "MODEL", "COMMAND"}

// ProcessCells is one process row's cells, in ProcessColumns order.
func ProcessCells(p schema.Process) []string {
	return []string{
		escape.Text(p.PIDLabel),
		FormatString(p.User),
		deviceCell(p.DeviceIndex),
		VRAMCell(p),
		TrendCell(p.VRAMTrend),
		FormatPercent(p.GPUUtilPercent),
		FormatPercent(p.SMUtilPercent),
		FormatPercent(p.EncoderUtilPercent),
		FormatPercent(p.DecoderUtilPercent),
		FormatString(p.Name),
		FormatString(p.Category),
		ModelSummary(p),
		CommandLine(p.Cmdline),
	}
}

// VRAMCell is a row's VRAM as shown: the measured size, or a size whose
// owner was inferred marked "*" (matched) or "?" (guess); n/a otherwise.
func VRAMCell(p schema.Process) string {
	if p.VRAMBytes != nil || p.VRAMInferredBytes == nil {
		return FormatBytes(p.VRAMBytes)
	}
	mark := "?"
	if p.VRAMInferredBy != nil && *p.VRAMInferredBy == schema.Matched {
		mark = "*"
	}
	return FormatBytes(p.VRAMInferredBytes) + mark
}

// ModelSummary names the process's strongest model ("qwen3:14b", or the
// file name), with "+N" for more; candidates only are shown with "?".
// Empty when none was found; n/a when the process was not inspected.
func ModelSummary(p schema.Process) string {
	name := modelName(p)
	if l := p.LLM; l != nil && l.Role != nil && *l.Role == "worker" && l.Server != nil {
		// a worker is named by its server too: its model is the server's
		w := *l.Server + " worker"
		if l.Rank != nil {
			w += fmt.Sprintf(" %d", *l.Rank)
		}
		if name == NA || name == "" {
			name = NA
		}
		return name + " · " + escape.Text(w)
	}
	return name
}

// modelName is a row's main model: the best evidenced file's friendly or
// base name (+N for more), else the model its server names; n/a when
// not inspected.
func modelName(p schema.Process) string {
	served := ""
	if p.LLM != nil && p.LLM.ModelID != nil {
		served = escape.Text(shortModel(*p.LLM.ModelID))
	}
	if p.Models == nil {
		if served != "" {
			return served
		}
		return NA
	}
	best := -1
	for i, m := range p.Models {
		if best < 0 || (p.Models[best].Candidate && !m.Candidate) || (!p.Models[best].Confirmed && m.Confirmed && !m.Candidate) {
			best = i
		}
	}
	if best < 0 || p.Models[best].Candidate && served != "" {
		return served
	}
	m := p.Models[best]
	name := filepath.Base(m.Path)
	if m.Name != nil {
		name = *m.Name
	}
	name = escape.Text(name)
	if m.Candidate {
		name += "?"
	}
	if n := len(p.Models) - 1; n > 0 {
		name += fmt.Sprintf(" +%d", n)
	}
	return name
}

// shortModel is a model id as a column shows it: an HF id as it is, a
// path cut to its base name.
func shortModel(id string) string {
	if strings.HasPrefix(id, "/") || strings.Count(id, "/") > 1 || strings.Contains(id, `\`) {
		return filepath.Base(filepath.ToSlash(id))
	}
	return id
}

// DemoBanner labels recorded demo data (Snapshot.Demo) wherever it is
// shown: the window's banner, the tray's tooltip, the text report.
const DemoBanner = "Recorded demo — nothing here is from this machine"

// NoGPUMessage explains, in one line, why a snapshot has no devices, or
// returns "" when it has some. The reason is the GPU source's own error
// (e.g. no NVIDIA driver).
func NoGPUMessage(s *schema.Snapshot) string {
	if len(s.Devices) > 0 {
		return ""
	}
	for _, src := range s.Sources {
		if !src.OK && src.Error != nil {
			return fmt.Sprintf("No GPU to show: %s.", escape.Text(*src.Error))
		}
	}
	return "No GPU to show: the driver reports no devices."
}

// WriteText writes the --once report: one header per device, the process
// table, and any source that failed. Unknown readings are n/a.
func WriteText(w io.Writer, s *schema.Snapshot) error {
	if msg := NoGPUMessage(s); msg != "" {
		_, err := fmt.Fprintln(w, msg)
		return err
	}
	var b strings.Builder
	host := FormatString(s.Host.Hostname)
	fmt.Fprintf(&b, "gtm %s  %s (%s, %s)  %s\n", escape.Text(s.Tool.Version), host, escape.Text(s.Host.OS), escape.Text(s.Host.Mode), s.TakenAt.Format("2006-01-02 15:04:05 MST"))
	if s.System != nil {
		fmt.Fprintf(&b, "System  %s\n", SystemSummary(s.System))
	}
	b.WriteString("\n")
	for _, d := range s.Devices {
		fmt.Fprintln(&b, DeviceHeader(d))
		if sum, ok := s.MeasuredVRAM(d.Index); ok {
			fmt.Fprintf(&b, "  Listed processes hold %s (measured)\n", textfmt.Bytes(sum))
		}
		if line := ForecastLine(d); line != "" {
			fmt.Fprintf(&b, "  %s\n", line)
		}
		if line := PowerLine(d); line != "" {
			fmt.Fprintf(&b, "  %s\n", line)
		}
		b.WriteString("\n")
	}
	if len(s.Processes) == 0 {
		b.WriteString("No GPU processes listed.\n")
	} else {
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, strings.Join(ProcessColumns, "\t"))
		for _, p := range s.Processes {
			cells := ProcessCells(p)
			cells[len(cells)-1] = truncate(cells[len(cells)-1], 80)
			fmt.Fprintln(tw, strings.Join(cells, "\t"))
		}
		tw.Flush()
	}
	writeLLMs(&b, s.Processes)
	writePower(&b, s.Processes)
	writePods(&b, s.Processes)
	writeServed(&b, s.ServedModels)
	writeLeaks(&b, s)
	writeNotes(&b, s.Processes)
	for _, src := range s.Sources {
		if !src.OK {
			fmt.Fprintf(&b, "! %s: %s\n", escape.Text(src.Name), FormatString(src.Error))
		}
	}
	_, err := io.WriteString(w, escape.Lines(b.String()))
	return err
}

// writeLLMs adds one line per LLM process: its breakdown and live state.
func writeLLMs(b *strings.Builder, ps []schema.Process) {
	first := true
	for _, p := range ps {
		if p.LLM == nil {
			continue
		}
		if first {
			b.WriteString("\nLLM memory (reported from logs/APIs, estimated from model headers; never added to measured totals):\n")
			first = false
		}
		fmt.Fprintf(b, "  %s %s  %s\n", escape.Text(p.PIDLabel), FormatString(p.Name), LLMSummary(p.LLM))
	}
}

// writePods adds one line per process in a Kubernetes pod: its
// namespace/pod/container. Absent when no process is in a pod.
func writePods(b *strings.Builder, ps []schema.Process) {
	first := true
	for _, p := range ps {
		if p.PodUID == nil {
			continue
		}
		if first {
			b.WriteString("\nKubernetes pods (namespace/pod/container, named from the kubelet's log folders):\n")
			first = false
		}
		fmt.Fprintf(b, "  %s %s  %s\n", escape.Text(p.PIDLabel), FormatString(p.Name), PodLabel(p))
	}
}

// PodLabel is a process's Kubernetes pod as shown: namespace/pod/container,
// "?" for a container whose name is unknown, "pod UID (unnamed)" when the
// node's folders do not name the pod; empty outside a pod.
func PodLabel(p schema.Process) string {
	switch {
	case p.PodUID == nil:
		return ""
	case p.Namespace == nil || p.Pod == nil:
		return "pod " + escape.Text(*p.PodUID) + " (unnamed)"
	}
	ctr := "?"
	if p.ContainerName != nil {
		ctr = escape.Text(*p.ContainerName)
	}
	return escape.Text(*p.Namespace) + "/" + escape.Text(*p.Pod) + "/" + ctr
}

// writeServed adds one line per model served by several processes or on
// several GPUs: its processes and their measured VRAM.
func writeServed(b *strings.Builder, ms []schema.ServedModel) {
	if len(ms) == 0 {
		return
	}
	b.WriteString("\nServed models (one model across processes and GPUs; the total adds measured VRAM only):\n")
	for _, m := range ms {
		fmt.Fprintf(b, "  %s %s  %s\n", escape.Text(m.Server), FormatString(m.Model), ServedSummary(m))
	}
}

// ServedSummary is a served model in one line: its processes (role,
// rank, GPU, measured VRAM) and their measured total.
func ServedSummary(m schema.ServedModel) string {
	var parts []string
	for _, p := range m.Processes {
		who := fmt.Sprintf("PID %d %s", p.PID, p.Role)
		if p.Rank != nil {
			who += fmt.Sprintf(" rank %d", *p.Rank)
		}
		if p.DeviceIndex != nil {
			who += fmt.Sprintf(" GPU %d %s", *p.DeviceIndex, FormatBytes(p.VRAMBytes))
		}
		parts = append(parts, who)
	}
	devs := make([]string, len(m.Devices))
	for i, d := range m.Devices {
		devs[i] = fmt.Sprint(d)
	}
	parts = append(parts, fmt.Sprintf("total %s (measured) on GPU %s", FormatBytes(m.VRAMBytes), strings.Join(devs, ", ")))
	return escape.Text(strings.Join(parts, ", "))
}

// LLMSummary is an LLM block in one line: each part with its provenance,
// the remainder, the context size and its source, and live server state.
func LLMSummary(l *schema.LLM) string {
	parts := llmMemoryParts(l)
	parts = append(parts, llmServingParts(l)...)
	parts = append(parts, llmIdentityParts(l)...)
	return escape.Text(strings.Join(parts, ", ")) // sources and status come from replayed files too
}

// llmMemoryParts are the parts of the process's memory, each with its
// provenance, then what is left over.
func llmMemoryParts(l *schema.LLM) []string {
	part := func(name string, p *schema.Part) string {
		if p == nil {
			return name + " n/a"
		}
		return fmt.Sprintf("%s %s (%s)", name, formatMiB(p.Bytes), p.Source)
	}
	parts := []string{part("weights", l.Weights), part("KV", l.KVCache)}
	if l.Compute != nil || l.Activations == nil && l.CUDAGraphs == nil {
		parts = append(parts, part("compute", l.Compute)) // llama.cpp's; a PyTorch engine has none
	}
	if l.Output != nil {
		parts = append(parts, part("output", l.Output))
	}
	if l.Activations != nil {
		parts = append(parts, part("activations", l.Activations))
	}
	if l.CUDAGraphs != nil {
		parts = append(parts, part("CUDA graphs", l.CUDAGraphs))
	}
	if h := l.Host; h != nil {
		var hp []string
		for _, x := range bufferParts(h.Weights, h.KVCache, h.Compute, h.Output) {
			if x.p != nil && x.p.Bytes > 0 {
				hp = append(hp, fmt.Sprintf("%s %s (%s)", x.name, formatMiB(x.p.Bytes), x.p.Source))
			}
		}
		if len(hp) > 0 {
			parts = append(parts, "host: "+strings.Join(hp, ", "))
		}
	}
	switch {
	case l.Other == nil:
	case l.Other.Exceeded:
		parts = append(parts, "other: estimates exceed measurement")
	case l.Other.Bytes != nil:
		parts = append(parts, fmt.Sprintf("other %s (inferred)", formatMiB(*l.Other.Bytes)))
	}
	return parts
}

// llmServingParts are the context size and its source, the slots, and
// the server's live state.
func llmServingParts(l *schema.LLM) []string {
	var parts []string
	if l.NCtx != nil {
		ctx := fmt.Sprintf("n_ctx %d", *l.NCtx)
		if l.NCtxSource != nil {
			ctx += " (" + *l.NCtxSource + ")"
		}
		parts = append(parts, ctx)
	}
	if l.KVUnified != nil && l.Parallel != nil && *l.Parallel > 1 {
		if *l.KVUnified {
			parts = append(parts, fmt.Sprintf("%d slots, unified KV", *l.Parallel))
		} else {
			parts = append(parts, fmt.Sprintf("%d slots, a KV stream each", *l.Parallel))
		}
	}
	if l.SlotsTotal != nil {
		busy := NA
		if l.SlotsBusy != nil {
			busy = fmt.Sprint(*l.SlotsBusy)
		}
		parts = append(parts, fmt.Sprintf("slots %s/%d busy", busy, *l.SlotsTotal))
	}
	if l.TokensPerSecond != nil {
		parts = append(parts, textfmt.Float(*l.TokensPerSecond, 1)+" tok/s")
	}
	if l.KVUsagePercent != nil {
		parts = append(parts, "KV "+textfmt.Float(*l.KVUsagePercent, 0)+"% used (reported)")
	}
	if l.KVCapacityTokens != nil {
		parts = append(parts, fmt.Sprintf("KV holds %d tokens (%s)", *l.KVCapacityTokens, FormatString(l.KVCapacitySource)))
	}
	if l.RequestsProcessing != nil && l.SlotsTotal == nil {
		parts = append(parts, textfmt.Float(*l.RequestsProcessing, 0)+" running")
	}
	if l.RequestsWaiting != nil {
		parts = append(parts, textfmt.Float(*l.RequestsWaiting, 0)+" queued")
	}
	return parts
}

// llmIdentityParts say which model the server runs, what PyTorch holds,
// and where a worker stands.
func llmIdentityParts(l *schema.LLM) []string {
	var parts []string
	if l.ModelID != nil {
		parts = append(parts, "model "+*l.ModelID+" ("+FormatString(l.ModelIDSource)+")")
	}
	for _, d := range l.TorchReserved {
		parts = append(parts, fmt.Sprintf("PyTorch holds %s on %s (reported)", formatMiB(d.Bytes), d.Device))
	}
	if len(l.APIModels) > 0 {
		parts = append(parts, "prompts use "+strings.Join(l.APIModels, ", "))
	}
	if l.Role != nil && *l.Role == "worker" {
		w := "worker"
		if l.Rank != nil {
			w += fmt.Sprintf(" rank %d", *l.Rank)
		}
		if l.APIPID != nil {
			w += fmt.Sprintf(" of API PID %d", *l.APIPID)
		}
		parts = append(parts, w)
	}
	if l.APIStatus != nil && *l.APIStatus != "ok" {
		parts = append(parts, "API "+strings.ReplaceAll(*l.APIStatus, "_", " "))
	}
	return parts
}

// formatMiB shows model-sized amounts to 0.01 MiB, the precision
// llama.cpp's own logs use, so the two can be compared.
func formatMiB(v uint64) string {
	if v >= 10<<30 {
		return fmt.Sprintf("%.2f GiB", float64(v)/(1<<30))
	}
	return fmt.Sprintf("%.2f MiB", float64(v)/(1<<20))
}

// writeNotes lists each process's notes once, under the table.
func writeNotes(b *strings.Builder, ps []schema.Process) {
	first := true
	for _, p := range ps {
		for _, n := range p.Notes {
			if first {
				b.WriteString("\n")
				first = false
			}
			fmt.Fprintf(b, "* %s: %s\n", escape.Text(p.PIDLabel), escape.Text(n))
		}
	}
	if !first {
		b.WriteString("\n")
	}
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func deviceCell(i *int) string {
	if i == nil {
		return "-"
	}
	return fmt.Sprint(*i)
}

// writeLeaks adds a line per leak suspect, process spilling and engine
// pressure.
func writeLeaks(b *strings.Builder, s *schema.Snapshot) {
	var lines []string
	said := map[string]bool{} // a server's workers share its pressure
	for _, p := range s.Processes {
		if line := LeakLine(p, s.TakenAt); line != "" {
			lines = append(lines, strings.ToUpper(line[:1])+line[1:])
		}
		if line := SpillLine(p); line != "" {
			lines = append(lines, line)
		}
		for _, line := range PressureLines(p) {
			if !said[line] {
				said[line] = true
				lines = append(lines, line)
			}
		}
	}
	if len(lines) > 0 {
		b.WriteString("\n" + strings.Join(lines, "\n") + "\n")
	}
}
