package ui

import (
	"context"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/internal/schema"
)

// Actions are what the process pane's buttons do outside the window. The
// real ones (package app/actions) open a file manager, signal processes
// and ask local servers to unload a model; tests pass fakes so nothing is
// launched. The Check methods are cheap and side-effect free: they decide
// whether a button is enabled and what its confirmation says.
type Actions interface {
	// OpenFolder shows dir in the platform's file manager.
	OpenFolder(dir string) error
	// CheckEnd returns nil if p may be ended from here (a live process
	// of this user in our PID namespace), else why not.
	CheckEnd(p *schema.Process) error
	// EndProcess asks p to exit (SIGTERM), after checking that the PID
	// still names the process in the snapshot.
	EndProcess(p *schema.Process) error
	// CheckUnload describes the request Unload would send for p ("ask
	// Ollama at 127.0.0.1:11434 to unload qwen3:8b"), or why none can.
	CheckUnload(p *schema.Process) (string, error)
	// Unload asks p's server to unload its model (loopback only).
	Unload(ctx context.Context, p *schema.Process) error
}

// unloadTimeout bounds an unload request; the server answers at once or
// something is wrong.
const unloadTimeout = 5 * time.Second

// checkEnd asks the actions once per process (PID and start time), not on
// every refresh: the check reads the OS, and ending re-checks anyway.
func (i *ProcessPane) checkEnd(p *schema.Process) error {
	key := p.PIDLabel
	if p.StartTime != nil {
		key += "@" + p.StartTime.String()
	}
	if i.endKey != key {
		i.endKey, i.endErr = key, i.act.CheckEnd(p)
	}
	return i.endErr
}

// updateActions enables the buttons that apply to the shown process and
// says why the others do not.
func (i *ProcessPane) updateActions() {
	p := i.proc
	var why []string
	// Showing or hiding a child does not lay out its container again;
	// remember whether anything did, and refresh the top once.
	visible := [4]bool{i.buttons.Visible(), i.endBtn.Visible(), i.unload.Visible(), i.why.Visible()}
	defer func() {
		if visible != [4]bool{i.buttons.Visible(), i.endBtn.Visible(), i.unload.Visible(), i.why.Visible()} {
			i.root.Refresh() // the top's height changed: lay out the pane again
		}
	}()
	enable := func(b *widget.Button, ok bool) {
		if ok && b.Disabled() {
			b.Enable()
		} else if !ok && !b.Disabled() {
			b.Disable()
		}
	}
	if p == nil {
		i.buttons.Hide()
	} else {
		i.buttons.Show()
	}
	enable(i.copyBtn, p != nil && p.Cmdline != nil)
	if i.act == nil || !i.live {
		// No actions, or a replayed capture whose PIDs and ports are not
		// this machine's now: nothing to end or unload.
		i.endBtn.Hide()
		i.unload.Hide()
	} else {
		i.endBtn.Show()
		endOK := false
		if p != nil {
			switch err := i.checkEnd(p); {
			case err != nil:
				why = append(why, "End process: "+err.Error()+".")
			default:
				endOK = true
			}
		}
		enable(i.endBtn, endOK)
		if p != nil && p.LLM != nil {
			_, err := i.act.CheckUnload(p)
			switch {
			case err != nil:
				i.unload.Show()
				enable(i.unload, false)
				why = append(why, "Unload model: "+err.Error()+".")
			default:
				i.unload.Show()
				enable(i.unload, true)
			}
		} else {
			i.unload.Hide()
		}
	}
	text := strings.Join(why, "\n")
	if i.why.Text != text {
		i.why.SetText(text)
	}
	if text == "" {
		i.why.Hide()
	} else {
		i.why.Show()
	}
}

func (i *ProcessPane) copyCommandLine() {
	if i.proc == nil || i.proc.Cmdline == nil {
		return
	}
	// The snapshot's command line has its secrets masked already: they never
	// reach the clipboard. It is quoted for a shell: a pasted argument
	// such as $(…) stays an argument.
	fyne.CurrentApp().Clipboard().SetContent(escape.Shell(i.proc.Cmdline))
}

func (i *ProcessPane) openFolder(dir string) {
	if i.act == nil || dir == "" {
		return
	}
	if err := i.act.OpenFolder(dir); err != nil {
		dialog.ShowError(fmt.Errorf("could not open %s: %w", dir, err), i.win)
	}
}

// confirmEnd asks before ending the shown process; nothing is sent unless
// the user confirms.
func (i *ProcessPane) confirmEnd() {
	p := i.proc
	if p == nil || i.act == nil || !i.live || i.act.CheckEnd(p) != nil {
		return
	}
	target := *p
	msg := fmt.Sprintf("Send SIGTERM to PID %s (%s)?\nIt may lose unsaved work; a server drops its loaded model.",
		p.PIDLabel, escape.Text(report.FormatString(p.Name)))
	i.confirm("End process", msg, "End process", widget.DangerImportance, func() {
		if err := i.act.EndProcess(&target); err != nil {
			dialog.ShowError(fmt.Errorf("could not end PID %s: %w", target.PIDLabel, err), i.win)
		}
	})
}

// confirmUnload asks before asking the server to unload the model; the
// request runs off the UI goroutine with a short timeout.
func (i *ProcessPane) confirmUnload() {
	p := i.proc
	if p == nil || i.act == nil || !i.live {
		return
	}
	what, err := i.act.CheckUnload(p)
	if err != nil {
		return
	}
	target := *p
	msg := escape.Text(what) + "?\nThe server frees the model's memory; the next request loads it again."
	i.confirm("Unload model", msg, "Unload", widget.HighImportance, func() {
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), unloadTimeout)
			defer cancel()
			err := i.act.Unload(ctx, &target)
			fyne.Do(func() {
				if err != nil {
					dialog.ShowError(fmt.Errorf("unload failed: %w", err), i.win)
					return
				}
				dialog.ShowInformation("Unload model", "The server accepted the request. "+
					"The VRAM reading shows whether the memory was freed.", i.win)
			})
		}()
	})
}

// confirm asks before an action that changes something outside the
// window. Only the confirm button runs onOK; Cancel, Escape and closing
// the dialog do nothing.
func (i *ProcessPane) confirm(title, msg, ok string, importance widget.Importance, onOK func()) {
	text := widget.NewLabel(msg)
	text.Wrapping = fyne.TextWrapWord
	keys := newKeyCatcher(nil)
	d := dialog.NewCustomConfirm(title, ok, "Cancel", container.NewStack(keys, text), func(yes bool) {
		i.pending = nil
		if c := i.win.Canvas(); c.Focused() == keys {
			c.Unfocus()
		}
		if yes {
			onOK()
		}
	}, i.win)
	d.SetConfirmImportance(importance)
	keys.onClose = d.Hide // Escape cancels
	i.pending = d
	// A wrapping label knows its height once it has a width: size the
	// dialog's width first, then fit its height.
	d.Resize(fyne.NewSize(480, 1))
	d.Resize(fyne.NewSize(480, d.MinSize().Height))
	d.Show()
	i.win.Canvas().Focus(keys)
}
