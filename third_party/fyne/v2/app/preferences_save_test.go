//go:build !ios && !android && !mobile && !wasm

package app

import (
	"bytes"
	"log"
	"os"
	"testing"

	"fyne.io/fyne/v2/internal"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPreferences_SaveIsNotReloadedEmpty: the file watcher, told that the
// preferences file changed just after a save emptied it, must not load
// it: an empty file is "Preferences load error: EOF" (fyne-io/fyne#2936).
// At quit the watcher's callback runs at once on its own goroutine, so it
// can come between the file being emptied and being written; here it is
// called right there.
func TestPreferences_SaveIsNotReloadedEmpty(t *testing.T) {
	test.NewTempApp(t) // the save's follow-up runs through the current app
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("TMPDIR", dir) // the config root of the ci build
	p := &preferences{InMemoryPreferences: internal.NewInMemoryPreferences(), app: &fyneApp{uniqueID: "io.fyne.test.prefs"}}
	p.WriteValues(func(v map[string]any) { v["key"] = "value" })
	var logged bytes.Buffer
	defer log.SetOutput(log.Writer())
	log.SetOutput(&logged)

	err := p.saveWith(func() (writeSyncCloser, error) {
		w, err := p.storageWriter() // the file is empty now
		p.storageChanged()          // as the watcher does on that change
		return w, err
	})
	require.NoError(t, err)
	assert.NotContains(t, logged.String(), "Preferences load error")
	content, err := os.ReadFile(p.storagePath())
	require.NoError(t, err)
	assert.JSONEq(t, `{"key":"value"}`, string(content))
}
