package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	flag "github.com/spf13/pflag"

	"github.com/gputaskman/gtm/app"
	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/inspect"
)

const inspectUsage = `gtm inspect — all evidence for one process, whether or not it uses a GPU now.

Usage:
  gtm inspect PID [flags]

Shows what the OS and the GPU driver measure for the process, the runtimes
its mapped libraries reveal, and the model files it maps or names on its
command line, with their GGUF header facts. A library or a mapped file
proves presence, not GPU residency.

Flags:
`

func runInspect(args []string, e env) int {
	var asJSON bool
	var procRoot, llmLog string
	fs := flag.NewFlagSet("gtm inspect", flag.ContinueOnError)
	fs.StringVar(&llmLog, "llm-log", "", "read llama.cpp buffer sizes from this log (`PATH`) for the process")
	fs.BoolVar(&asJSON, "json", false, "print the process as JSON (the same object as a snapshot row)")
	fs.StringVar(&procRoot, "proc-root", "/proc", "where to read process details (a `dir` mounted like /proc)")
	if code, done := parseSubcommand(fs, args, e, inspectUsage, "one PID"); done {
		return code
	}
	pid, err := strconv.Atoi(fs.Arg(0))
	if err != nil || pid <= 0 {
		fmt.Fprintf(e.stderr, "gtm inspect: %q is not a process ID\n", fs.Arg(0))
		return exitUsage
	}
	if fi, err := os.Stat(procRoot); err != nil || !fi.IsDir() {
		fmt.Fprintf(e.stderr, "gtm inspect: --proc-root %s is not a directory\n", procRoot)
		return exitUsage
	}

	logs := map[int]string{}
	if llmLog != "" {
		warnUnreadableLog(e.stderr, "gtm inspect", llmLog, llmLog)
		logs[pid] = llmLog
	}
	c, closeFn := e.newCollector(procRoot, logs)
	defer closeFn()
	c.Version = version
	p, err := c.InspectPID(context.Background(), pid)
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm inspect: %v\n", err)
		return exitRuntime
	}
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(p)
	} else {
		_, err = io.WriteString(e.stdout, inspectText(p))
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm inspect: writing output: %v\n", err)
		return exitRuntime
	}
	return exitOK
}

func inspectText(p *app.Process) string {
	var b strings.Builder
	str := app.FormatString
	started := app.NA
	if p.StartTime != nil {
		started = p.StartTime.Local().Format("2006-01-02 15:04:05 MST")
	}
	ppid := app.NA
	if p.PPID != nil {
		ppid = strconv.Itoa(*p.PPID)
	}
	fmt.Fprintf(&b, "PID %s  %s  (user %s, started %s, parent %s)\n", app.Text(p.PIDLabel), str(p.Name), str(p.User), started, ppid)
	fmt.Fprintf(&b, "  Command    %s\n", app.CommandLine(p.Cmdline))
	fmt.Fprintf(&b, "  Executable %s\n  Directory  %s\n", str(p.Exe), str(p.Cwd))
	if p.DeviceIndex == nil {
		b.WriteString("  GPU        none listed by the driver now\n")
	} else {
		fmt.Fprintf(&b, "  GPU %d      VRAM %s (measured)  GPU %s  SM %s  Encoder %s  Decoder %s\n", *p.DeviceIndex,
			app.FormatBytes(p.VRAMBytes), app.FormatPercent(p.GPUUtilPercent), app.FormatPercent(p.SMUtilPercent),
			app.FormatPercent(p.EncoderUtilPercent), app.FormatPercent(p.DecoderUtilPercent))
	}
	fmt.Fprintf(&b, "  Category   %s\n", str(p.Category))
	switch {
	case p.Runtimes == nil:
		b.WriteString("  Runtimes   n/a (not inspected)\n")
	case len(p.Runtimes) == 0:
		b.WriteString("  Runtimes   none found\n")
	default:
		b.WriteString("  Runtimes\n")
		for _, r := range p.Runtimes {
			name := r.Name
			if r.Detail != "" {
				name += " (" + r.Detail + ")"
			}
			fmt.Fprintf(&b, "    %-28s %s\n", app.Text(name), app.Text(strings.Join(r.Libraries, ", ")))
		}
	}
	switch {
	case p.Models == nil:
		b.WriteString("  Models     n/a (not inspected)\n")
	case len(p.Models) == 0:
		b.WriteString("  Models     none found\n")
	default:
		b.WriteString("  Models\n")
		for _, m := range p.Models {
			b.WriteString(modelLine(m))
		}
	}
	if a := p.App; a != nil {
		fmt.Fprintf(&b, "  App        %s: selected model %s (settings prove selection, not a load)\n", app.Text(a.App), app.FormatString(a.SelectedModel))
		for _, e := range a.Events {
			fresh := "before this process started"
			if e.Fresh {
				fresh = "since this process started"
			}
			fmt.Fprintf(&b, "    %s  %s %s (%s)\n", e.Time.Local().Format("2006-01-02 15:04:05 MST"), app.Text(e.Kind), app.FormatString(e.Model), fresh)
		}
	}
	if p.LLM != nil {
		fmt.Fprintf(&b, "  LLM memory %s\n", app.LLMSummary(p.LLM))
		for _, n := range p.LLM.Notes {
			fmt.Fprintf(&b, "  * %s\n", app.Text(n))
		}
	}
	fmt.Fprintf(&b, "  * %s\n", inspect.PresenceNote)
	for _, n := range p.Notes {
		fmt.Fprintf(&b, "  * %s\n", app.Text(n))
	}
	return escape.Lines(b.String())
}

func modelLine(m inspect.Model) string {
	var b strings.Builder
	name := m.Path
	if m.Name != nil {
		name = *m.Name
	}
	status := strings.Join(m.Evidence, "+")
	switch {
	case m.Confirmed:
		status += ", confirmed"
	case m.Candidate:
		status += ", candidate: not proven loaded"
	}
	fmt.Fprintf(&b, "    %s  [%s]  %s\n", app.Text(name), app.Text(status), app.Text(m.Role))
	if m.Name != nil {
		fmt.Fprintf(&b, "      %s\n", app.Text(m.Path))
	}
	var facts []string
	add := func(s *string) {
		if s != nil {
			facts = append(facts, *s)
		}
	}
	if m.Kind != nil && len(m.OutputModalities) > 0 {
		facts = append(facts, fmt.Sprintf("%s (outputs %s, per its API)", *m.Kind, strings.Join(m.OutputModalities, ", ")))
	} else {
		add(m.Kind)
	}
	add(m.Architecture)
	add(m.Quantization)
	if m.Layers != nil {
		facts = append(facts, fmt.Sprintf("%d layers", *m.Layers))
	}
	if m.Parameters != nil {
		facts = append(facts, humanCount(*m.Parameters)+" parameters")
	}
	if m.Weights != nil {
		facts = append(facts, fmt.Sprintf("weights %.2f MiB (%s from %s)", float64(m.Weights.Bytes)/(1<<20), m.Weights.Source, m.Weights.From))
	}
	if len(facts) > 0 {
		fmt.Fprintf(&b, "      %s\n", app.Text(strings.Join(facts, ", ")))
	}
	if m.KindLabel != nil {
		fmt.Fprintf(&b, "      %s\n", app.Text(*m.KindLabel))
	}
	if m.HeaderError != nil {
		fmt.Fprintf(&b, "      header unreadable: %s\n", app.Text(*m.HeaderError))
	}
	return b.String()
}
