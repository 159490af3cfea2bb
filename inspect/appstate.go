package inspect

import (
	"os"
	"time"

	"github.com/gputaskman/gtm/inspect/apps"
	_ "github.com/gputaskman/gtm/inspect/apps/handy" // registers the Handy adapter
	"github.com/gputaskman/gtm/inspect/safefile"
)

// AppState is what an app adapter read for a process: the model its
// settings select (selection, not load evidence) and the model events its
// own log reported (history: Fresh ones were written after the process
// started; none proves what is resident now). Times are UTC.
type AppState struct {
	App           string     `json:"app"`
	SelectedModel *string    `json:"selected_model"`
	SettingsPath  *string    `json:"settings_path"`
	LogPath       *string    `json:"log_path"`
	Events        []AppEvent `json:"events"`
	Notes         []string   `json:"notes"`
}

// AppEvent is one model event from an app's log.
type AppEvent struct {
	Time  time.Time `json:"time"`
	Kind  string    `json:"kind"`
	Model *string   `json:"model"`
	Fresh bool      `json:"fresh"`
}

// appState runs the adapter of the app t is, if any. home and env are the
// user's (an app's settings live in its user's home).
func appState(acc *safefile.Access, t Target, home string, env func(string) string) *AppState {
	a := apps.Detect(t.Name, t.Exe)
	if a == nil {
		return nil
	}
	f, err := a.ReadAs(acc, home, env, t.Start)
	s := &AppState{App: f.App, Events: []AppEvent{}, Notes: append([]string{}, f.Notes...)}
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
		s.Events = append(s.Events, AppEvent{Time: e.Time.UTC(), Kind: string(e.Kind), Model: str(e.Model), Fresh: e.Fresh})
	}
	return s
}

// userHome is the home whose app settings are read; a variable so tests
// use a fake home.
var userHome = func() string {
	h, _ := os.UserHomeDir()
	return h
}
