package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	flag "github.com/spf13/pflag"

	"github.com/gputaskman/gtm/app/escape"
)

const usageHead = `gtm — what is inside your GPU, not just how full it is.

Usage:
  gtm [flags]            open the desktop window (needs a display)
  gtm --tray             start in the tray, window hidden (a second gtm shows it)
  gtm --demo             the recorded demo built into gtm, labelled as such
  gtm --once             print one text snapshot
  gtm --json             print one JSON snapshot (schema: docs/json.md)
  gtm --list-gpus        list the GPUs gtm can see
  gtm --replay FILE      play a capture (gtm record) or a snapshot saved with --json
  gtm record [-o FILE]   record snapshots, one JSON line each, until Ctrl+C
  gtm inspect PID        all evidence for one process (runtimes, models)
  gtm model FILE|DIR|ID  what a model (GGUF, safetensors, hub id) will cost before loading it
  gtm diff A B           what changed between two snapshots (A, B: --json files or CAPTURE:N)
  gtm summary CAPTURE    peaks and means of a gtm record capture (measured only)
  gtm serve              Prometheus metrics on 127.0.0.1:9835 (docs/metrics.md)

Unavailable readings are shown as n/a (null in JSON), never as 0.

Flags:
`

const usageTail = `
Desktop apps are recognised by recipes (built in: Handy, Jan, Vibe); add
your own as JSON files in gtm/apps in your config folder (~/.config/gtm/apps
on Linux). A broken recipe is named on stderr and skipped. See README "Apps".

Exit status: 0 on success, 1 on a runtime error (no display, unwritable
output), 2 on a usage error (unknown flag, --gpu out of range).
`

func usage(w io.Writer, fs *flag.FlagSet) { printUsage(w, usageHead, fs, usageTail) }

// printUsage lists flags. pflag's own listing prints "[=true|false]" after
// every switch; this one reads like other CLIs.
func printUsage(w io.Writer, head string, fs *flag.FlagSet, tail string) {
	fmt.Fprint(w, head)
	tw := tabwriter.NewWriter(w, 0, 0, 3, ' ', 0)
	fs.VisitAll(func(f *flag.Flag) {
		name := "    --" + f.Name
		if f.Shorthand != "" {
			name = "-" + f.Shorthand + ", --" + f.Name
		}
		argName, help := flag.UnquoteUsage(f)
		if argName != "" {
			name += " " + argName
		}
		if f.Value.Type() != "bool" && f.DefValue != "" && f.DefValue != "0" && f.DefValue != "[]" {
			help += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		fmt.Fprintf(tw, "  %s\t%s\n", name, help)
	})
	tw.Flush()
	fmt.Fprint(w, tail)
}

// parseSubcommand parses a subcommand's flags (adding -h/--help) and
// wants exactly one argument, naming it in the error. done is true when
// run should return code: help was shown or the command line was wrong.
func parseSubcommand(fs *flag.FlagSet, args []string, e env, usageText, want string) (code int, done bool) {
	return parseSubcommandN(fs, args, e, usageText, want, 1)
}

// parseSubcommandN is parseSubcommand for a command that wants n arguments.
func parseSubcommandN(fs *flag.FlagSet, args []string, e env, usageText, want string, n int) (code int, done bool) {
	var help bool
	fs.SortFlags = false
	fs.SetOutput(io.Discard)
	fs.BoolVarP(&help, "help", "h", false, "show this help")
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp) || (err == nil && help):
		printUsage(e.stdout, usageText, fs, "")
		return exitOK, true
	case err != nil:
		fmt.Fprintf(e.stderr, "%s: %v\nRun '%s --help' for usage.\n", fs.Name(), err, fs.Name())
		return exitUsage, true
	case fs.NArg() != n:
		fmt.Fprintf(e.stderr, "%s: expected %s, got %d arguments\nRun '%s --help' for usage.\n", fs.Name(), want, fs.NArg(), fs.Name())
		return exitUsage, true
	}
	return exitOK, false
}

// oneLine keeps an error to one line, for terminals and scripts.
func oneLine(err error) string {
	return escape.Text(strings.ReplaceAll(strings.TrimSpace(err.Error()), "\n", " "))
}
