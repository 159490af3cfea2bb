package desktop

import (
	"bytes"
	"errors"
	"log"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
)

// Rule: without a session bus, Fyne's error records caused by the missing
// bus are dropped and every other log line passes, in order. Fyne's own
// LogError writes the records, as it does in the window.
func TestQuietBusDropsOnlyTheBusRecords(t *testing.T) {
	var out bytes.Buffer
	prev, flags := log.Writer(), log.Flags()
	t.Cleanup(func() { log.SetOutput(prev); log.SetFlags(flags) })
	log.SetOutput(newQuietBus(&out))
	log.SetFlags(log.LstdFlags)

	noBus := errors.New("dbus: invalid bus address (invalid or unsupported transport)")
	log.Print("before")
	fyne.LogError("failed to watch theme settings", noBus)
	fyne.LogError("Preferences load error:", errors.New("EOF"))
	fyne.LogError("Unable to connect to session D-Bus", noBus)
	fyne.LogError("no cause", nil)
	log.Print("after")

	var msgs []string
	for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		msgs = append(msgs, strings.SplitN(l, " ", 3)[2]) // past the date and time
	}
	want := []string{"before", "Fyne error:  Preferences load error:", "  Cause: EOF", "  At: ",
		"Fyne error:  no cause", "  At: ", "after"}
	if len(msgs) != len(want) {
		t.Fatalf("lines:\n%s", out.String())
	}
	for i, m := range msgs {
		if !strings.HasPrefix(m, want[i]) {
			t.Errorf("line %d = %q, want %q…", i, m, want[i])
		}
	}
}
