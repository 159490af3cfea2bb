package main

import (
	"fmt"
	"io"
	"os"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/diff"
	"github.com/gputaskman/gtm/internal/schema"
	flag "github.com/spf13/pflag"
)

const diffUsage = `gtm diff — what changed between two snapshots.

Usage:
  gtm diff BEFORE AFTER [--json]

BEFORE and AFTER are files from gtm --json, or one snapshot of a gtm record
capture named as FILE:N (N counts from 1).

Device and process tables compare measured counters only. Reported and
estimated LLM segments (load logs, KV estimates) are listed under each
process and never added to measured totals; a model file that appears is
evidence, not growth. Processes are paired by PID and start time, then by
name and listening ports, then by a name only one process has (a reload
restarts a server under a new PID). "not listed" is not zero. Text hides
processes that moved less than 16 MiB; --json keeps all (docs/diff.md).

Energy between the two: per GPU from its energy counter (measured) or
gtm's integrated total, per process its estimated share (docs/energy.md);
totals since gtm started compare only within one run (FILE:N of one
capture).

Flags:
`

func runDiff(args []string, e env) int {
	var asJSON bool
	fs := flag.NewFlagSet("gtm diff", flag.ContinueOnError)
	fs.BoolVar(&asJSON, "json", false, "print the diff as JSON (schema: docs/diff.md)")
	if code, done := parseSubcommandN(fs, args, e, diffUsage, "two snapshots (BEFORE AFTER)", 2); done {
		return code
	}
	var snaps [2]*schema.Snapshot
	for i, ref := range fs.Args() {
		s, warnings, err := capture.LoadSnapshotWarn(ref)
		if err != nil {
			fmt.Fprintf(e.stderr, "gtm diff: %v\n", err)
			return exitRuntime
		}
		warnCapture(e.stderr, "gtm diff: "+ref, warnings)
		snaps[i] = s
	}
	d, err := diff.Compare(snaps[0], snaps[1])
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm diff: %v\n", err)
		return exitRuntime
	}
	d.Before.Label, d.After.Label = fs.Arg(0), fs.Arg(1)
	if asJSON {
		err = d.WriteJSON(e.stdout)
	} else {
		err = d.WriteText(e.stdout, useColour(e.stdout))
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm diff: writing output: %v\n", err)
		return exitRuntime
	}
	return exitOK
}

// useColour: only on a terminal, and only when NO_COLOR is unset or empty
// (no-color.org).
func useColour(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
