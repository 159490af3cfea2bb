package main

import (
	"fmt"
	"math"

	"github.com/gputaskman/gtm/app/summary"
	flag "github.com/spf13/pflag"
)

const summaryUsage = `gtm summary — a capture in figures.

Usage:
  gtm summary CAPTURE [--json] [--price-per-kwh P [--currency C]] [--carbon-g-per-kwh G]

CAPTURE is a file from gtm record (or a single gtm --json snapshot). Prints
the duration; per GPU the peak (and when) and mean of memory used, of the
listed processes' measured VRAM and of GPU busy; per process the peak,
when, and mean of its measured VRAM; and the model files seen. Every
figure is measured: inferred VRAM is left out, and the processes that had
only that are counted. Means are over the snapshots where the value was
measured. Two GPUs of the same model stay apart (by UUID).

Energy: per GPU the card's energy over the capture (its energy counter, or
its power sensor integrated) split into idle, processes and unattributed;
per process, per model and per pod the ESTIMATED energy (the card's power
above its idle floor split by engine time, with error bars; docs/energy.md).
With --price-per-kwh, what it cost; with --carbon-g-per-kwh, grams of CO2.
Both are your figures: gtm ships no prices and no carbon data. Schema of
--json: docs/summary.md.

Flags:
`

func runSummary(args []string, e env) int {
	var asJSON bool
	fs := flag.NewFlagSet("gtm summary", flag.ContinueOnError)
	fs.BoolVar(&asJSON, "json", false, "print the summary as JSON (schema: docs/summary.md)")
	tariff := tariffFlags(fs)
	if code, done := parseSubcommand(fs, args, e, summaryUsage, "one capture file"); done {
		return code
	}
	t, err := tariff.get(fs)
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm summary: %v\n", err)
		return exitUsage
	}
	path := fs.Arg(0)
	c, err := loadCapture(path)
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm summary: %s: %v\n", path, oneLine(err))
		return exitRuntime
	}
	warnCapture(e.stderr, "gtm summary: "+path, c.Warnings)
	s := summary.Summarize(c.Snapshots)
	s.SetTariff(t)
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

// tariff is --price-per-kwh, --currency and --carbon-g-per-kwh: what the
// user says a kWh costs and emits.
type tariff struct {
	price, carbon *float64
	currency      *string
}

func tariffFlags(fs *flag.FlagSet) *tariff {
	return &tariff{
		price:    fs.Float64("price-per-kwh", 0, "the price of a kWh (`P`), for the cost of the energy"),
		currency: fs.String("currency", "", "the currency of --price-per-kwh (`C`: EUR, USD, ...), shown beside each cost"),
		carbon:   fs.Float64("carbon-g-per-kwh", 0, "grams of CO2 per kWh (`G`) of your electricity, for the energy's emissions"),
	}
}

// get is the tariff the flags give; a flag not set gives no figure (0 is
// a price someone may mean: free power).
func (t *tariff) get(fs *flag.FlagSet) (summary.Tariff, error) {
	var out summary.Tariff
	for _, f := range []struct {
		name string
		v    *float64
		dst  **float64
	}{{"price-per-kwh", t.price, &out.PricePerKWh}, {"carbon-g-per-kwh", t.carbon, &out.CarbonGPerKWh}} {
		if !fs.Changed(f.name) {
			continue
		}
		if *f.v < 0 || math.IsNaN(*f.v) || math.IsInf(*f.v, 0) {
			return out, fmt.Errorf("--%s: not a price or intensity: %v", f.name, *f.v)
		}
		*f.dst = f.v
	}
	if fs.Changed("currency") {
		if !fs.Changed("price-per-kwh") {
			return out, fmt.Errorf("--currency needs --price-per-kwh")
		}
		out.Currency = t.currency
	}
	return out, nil
}
