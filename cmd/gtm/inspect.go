package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"

	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/internal/schema"
	flag "github.com/spf13/pflag"
)

const inspectUsage = `gtm inspect — all evidence for one process, whether or not it uses a GPU now.

Usage:
  gtm inspect PID [flags]

Shows what the window's process pane shows, as text: an LLM's memory against
its measured VRAM, each counter, the model files the process maps or names
(their evidence and header facts), its server's live state, the runtimes
its mapped libraries reveal, and who it is. Each value says where it came
from after " · " (measured, reported, estimated, inferred). A library or a
mapped file proves presence, not GPU residency.

Desktop apps with a recipe (built in: Handy, Jan, Vibe; your own: JSON files
in gtm/apps in your config folder, e.g. ~/.config/gtm/apps/*.json) add the
model their settings select and their logs' model events: a selection, and
history, never proof of what is loaded now. A broken recipe is named on
stderr and skipped.

Flags:
`

func runInspect(args []string, e env) int {
	var asJSON bool
	var procRoot, llmLog string
	fs := flag.NewFlagSet("gtm inspect", flag.ContinueOnError)
	fs.StringVar(&llmLog, "llm-log", "", "read llama.cpp buffer sizes from this log (`PATH`) for the process")
	fs.BoolVar(&asJSON, "json", false, "print the process as JSON (the same object as a snapshot row)")
	fs.StringVar(&procRoot, "proc-root", "/proc", "where to read process details (a `dir` mounted like /proc)")
	trust := trustProcRootFlag(fs)
	hostRoot := hostRootFlag(fs)
	criSocket := criSocketFlag(fs)
	journalDirs := journalDirFlag(fs)
	if code, done := parseSubcommand(fs, args, e, inspectUsage, "one PID"); done {
		return code
	}
	pid, err := strconv.Atoi(fs.Arg(0))
	if err != nil || pid <= 0 {
		fmt.Fprintf(e.stderr, "gtm inspect: %q is not a process ID\n", fs.Arg(0))
		return exitUsage
	}
	// /proc is Linux's; elsewhere only a --proc-root given on purpose is checked.
	if fi, err := os.Stat(procRoot); (runtime.GOOS == "linux" || fs.Changed("proc-root")) && (err != nil || !fi.IsDir()) {
		fmt.Fprintf(e.stderr, "gtm inspect: --proc-root %s is not a directory\n", procRoot)
		return exitUsage
	}
	if err := checkHostRoot(fs, *hostRoot); err != nil {
		fmt.Fprintf(e.stderr, "gtm inspect: %v\n", err)
		return exitUsage
	}
	if err := checkCRISocket(*criSocket); err != nil {
		fmt.Fprintf(e.stderr, "gtm inspect: %v\n", err)
		return exitUsage
	}
	if err := checkJournalDirs(*journalDirs); err != nil {
		fmt.Fprintf(e.stderr, "gtm inspect: %v\n", err)
		return exitUsage
	}

	logs := map[int]string{}
	if llmLog != "" {
		warnUnreadableLog(e.stderr, "gtm inspect", llmLog, llmLog)
		logs[pid] = llmLog
	}
	plat := platform{procRoot: procRoot, llmLogs: logs, opts: platformOptions{TrustProcRoot: *trust, HostRoot: *hostRoot, CRISocket: *criSocket, JournalDirs: *journalDirs}}
	c, closeFn := plat.collector(e, "gtm inspect", 0)
	defer closeFn()
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

// inspectText is the process's detail as text: the rows the window's
// process pane shows (report.ProcessDetail). With one process read, no
// snapshot names its GPU among others or the model it serves with others.
func inspectText(p *schema.Process) string { return report.ProcessDetail(nil, p).Text() }
