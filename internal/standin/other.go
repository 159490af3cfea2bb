//go:build !linux

package standin

import "testing"

// MaybeRun does nothing off Linux: stand-ins need Linux /proc.
func MaybeRun() {}

// Start skips the test off Linux.
func Start(t testing.TB, s Spec, logPath string) *Proc {
	t.Helper()
	t.Skip("standin: stand-in process trees need Linux")
	return nil
}
