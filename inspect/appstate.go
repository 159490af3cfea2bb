package inspect

import (
	"os"

	"github.com/gputaskman/gtm/inspect/apps"
	"github.com/gputaskman/gtm/internal/safefile"
	"github.com/gputaskman/gtm/internal/schema"
)

// appState runs the adapter of the app t is, if any. home and env are the
// user's (an app's settings live in its user's home).
func appState(acc *safefile.Access, t Target, home string, env func(string) string) *schema.AppState {
	a := apps.Detect(t.Name, t.Exe)
	if a == nil {
		return nil
	}
	f, err := a.ReadAs(acc, home, env, t.Start)
	s := &schema.AppState{App: f.App, Events: []schema.AppEvent{}, Notes: append([]string{}, f.Notes...)}
	if err != nil {
		s.Notes = append(s.Notes, err.Error())
	}
	str := func(v string) *string {
		if v == "" {
			return nil
		}
		return &v
	}
	s.SelectedModel, s.SettingsPath, s.LogPath = str(f.SelectedModel), str(f.SettingsPath), str(f.LogPath)
	for _, e := range f.Events {
		s.Events = append(s.Events, schema.AppEvent{Time: e.Time.UTC(), Kind: string(e.Kind), Model: str(e.Model), Fresh: e.Fresh})
	}
	return s
}

// userHome is the home whose app settings are read; a variable so tests
// use a fake home.
var userHome = func() string {
	h, _ := os.UserHomeDir()
	return h
}
