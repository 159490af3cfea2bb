package ui

import "github.com/gputaskman/gtm/internal/schema"

// System and per-process CPU/RAM readings; nil (shown as n/a, never 0)
// when the snapshot does not carry them: the first reading of CPU %, a
// platform without the reader, an older capture.

func systemCPU(s *schema.Snapshot) *float64 {
	if s.System == nil {
		return nil
	}
	return s.System.CPUPercent
}

func systemRAM(s *schema.Snapshot) (used, total *uint64) {
	if s.System == nil {
		return nil, nil
	}
	return s.System.MemoryUsedBytes, s.System.MemoryTotalBytes
}

func systemSwap(s *schema.Snapshot) (used, total *uint64) {
	if s.System == nil {
		return nil, nil
	}
	return s.System.SwapUsedBytes, s.System.SwapTotalBytes
}

func processCPU(p *schema.Process) *float64 { return p.CPUPercent }

func processRSS(p *schema.Process) *uint64 { return p.RSSBytes }
