package schema

import "time"

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
