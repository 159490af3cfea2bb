package ui

import "github.com/gputaskman/gtm/app"

// System and per-process CPU/RAM readings. The snapshot does not carry
// them yet; until it does these say "unknown", which the window shows as
// n/a (never 0).

func systemCPU(*app.Snapshot) *float64 { return nil }

func systemRAM(*app.Snapshot) (used, total *uint64) { return nil, nil }

func systemSwap(*app.Snapshot) (used, total *uint64) { return nil, nil }

func processCPU(*app.Process) *float64 { return nil }

func processRSS(*app.Process) *uint64 { return nil }
