package collect

import (
	"context"
	"strconv"

	"github.com/gputaskman/gtm/app/wslmatch"
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/schema"
)

// WSLProcesses lists the Linux processes that hold /dev/dxg.
type WSLProcesses interface {
	DXGHolders() []backend.LocalGPUProcess
}

// Notes on WSL Linux rows.
const (
	NoteWSLLinuxLoad = "WSL: Windows does not split GPU engine load by Linux process, so engine load is n/a"
	NoteWSLNoHost    = "WSL: this process holds /dev/dxg, but its GPU memory needs the Windows host counters, which are not available"
	NoteWSLGuess     = "WSL: owner guessed (?) by start order — processes that were already running when gtm started; a new context appearing with a new process would make it certain (*)"
)

// wslLinuxRows lists the Linux processes holding /dev/dxg, sized by
// matching the VM worker's contexts. The sizes are inferred and never
// part of a measured total: the VM worker's own row already counts them.
func (c *Collector) wslLinuxRows(ctx context.Context, host *schema.WSLHost, devices int) []schema.Process {
	if c.WSL == nil || devices == 0 {
		return nil
	}
	holders := c.WSL.DXGHolders()
	// The first device with a VM worker's contexts gets the Linux rows;
	// several GPUs under WSL are not validated.
	dev := 0
	var ctxs []uint64
	paired := false
	for _, d := range host.Devices {
		if d.VMWorkerPID != nil {
			dev, ctxs, paired = d.Index, d.Contexts, true
			break
		}
	}
	var sizes map[int]wslmatch.Result
	if paired && host.State == "on" {
		if c.wslMatch == nil {
			c.wslMatch = &wslmatch.Matcher{Self: c.WSLSelf, Hints: c.WSLHints}
		}
		procs := make([]wslmatch.Proc, 0, len(holders))
		for _, h := range holders {
			procs = append(procs, wslmatch.Proc{PID: h.PID, Start: h.Start})
		}
		sizes = c.wslMatch.Step(wslmatch.Sample{Contexts: ctxs, Procs: procs})
		if c.WSLHints != nil && c.WSLHintsPath != "" {
			_ = c.WSLHints.Save(c.WSLHintsPath) // a cache: failing to write it only loses hints
		}
	}
	var rows []schema.Process
	for _, h := range holders {
		if h.PID == c.WSLSelf {
			continue // the monitor itself
		}
		d := dev
		p := schema.Process{PID: h.PID, PIDLabel: strconv.Itoa(h.PID), DeviceIndex: &d, GPUProcessTypes: []string{"dxg"}, Notes: []string{}}
		if r, ok := sizes[h.PID]; ok {
			p.VRAMInferredBytes, p.VRAMInferredBy = schema.Ptr(r.Bytes), schema.Ptr(r.By)
			if r.By == schema.Guess {
				p.Notes = append(p.Notes, NoteWSLGuess)
			}
		} else if sizes == nil {
			p.Notes = append(p.Notes, NoteWSLNoHost)
		}
		p.Notes = append(p.Notes, NoteWSLLinuxLoad)
		if c.Procs != nil {
			c.addDetails(&p, c.Procs.Lookup(h.PID))
		}
		rows = append(rows, p)
	}
	c.inspect(ctx, rows)
	return rows
}
