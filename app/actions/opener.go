package actions

import "os/exec"

// commandOpener runs the platform's "open this folder" command without a
// shell and does not wait for the file manager, only reaps it.
type commandOpener struct{ name string }

func (c commandOpener) Open(dir string) error {
	cmd := exec.Command(c.name, dir)
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait() //nolint:errcheck // the file manager's exit status says nothing useful
	return nil
}
