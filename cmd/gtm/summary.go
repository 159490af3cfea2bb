package main

import (
	"fmt"

	"github.com/gputaskman/gtm/app/summary"
	flag "github.com/spf13/pflag"
)

const summaryUsage = `gtm summary — a capture in figures.

Usage:
  gtm summary CAPTURE [--json]

CAPTURE is a file from gtm record (or a single gtm --json snapshot). Prints
the duration; per GPU the peak (and when) and mean of memory used, of the
listed processes' measured VRAM and of GPU busy; per process the peak,
when, and mean of its measured VRAM; and the model files seen. Every
figure is measured: inferred VRAM is left out, and the processes that had
only that are counted. Means are over the snapshots where the value was
measured. Two GPUs of the same model stay apart (by UUID). Schema of
--json: docs/summary.md.

Flags:
`

func runSummary(args []string, e env) int {
	var asJSON bool
	fs := flag.NewFlagSet("gtm summary", flag.ContinueOnError)
	fs.BoolVar(&asJSON, "json", false, "print the summary as JSON (schema: docs/summary.md)")
	if code, done := parseSubcommand(fs, args, e, summaryUsage, "one capture file"); done {
		return code
	}
	path := fs.Arg(0)
	c, err := loadCapture(path)
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm summary: %s: %v\n", path, oneLine(err))
		return exitRuntime
	}
	warnCapture(e.stderr, "gtm summary: "+path, c.Warnings)
	s := summary.Summarize(c.Snapshots)
	if asJSON {
		err = s.WriteJSON(e.stdout)
	} else {
		err = s.WriteText(e.stdout, path)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm summary: writing output: %v\n", err)
		return exitRuntime
	}
	return exitOK
}
