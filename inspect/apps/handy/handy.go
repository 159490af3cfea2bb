// Package handy is the apps recipe for Handy (github.com/cjpais/Handy), a
// speech-to-text app running Whisper (whisper.cpp) and Parakeet and other
// ONNX models. Importing it registers the recipe with apps.Detect.
//
// Where things are, from Handy's source and Tauri v2's path rules:
//
//   - settings: tauri-plugin-store file "settings_store.json" in the app
//     data folder, key "settings" -> "selected_model" (src-tauri/src/settings.rs);
//   - log: tauri-plugin-log LogDir target named "handy" (src-tauri/src/lib.rs),
//     default line format "[date][time][target][LEVEL] message" in UTC;
//   - events: the log messages of src-tauri/src/managers/transcription.rs
//     (load, unload, idle unload) and the tray's unload in lib.rs; the
//     streaming worker's start message appears in a version of
//     managers/streaming.rs and may be absent from a given release.
//
// Load start, load and manual unload are logged at debug level, which is
// Handy's default file level; a user who lowers it leaves only the info
// lines. Portable installs keep both files beside the executable and are
// not found here. Transcription text ("Transcription result: ...") never
// matches a pattern and is never kept.
package handy

import (
	"github.com/gputaskman/gtm/inspect/apps"
)

// ID is Handy's bundle identifier, which names its folders.
const ID = "com.pais.handy"

// Adapter is Handy's recipe.
var Adapter = &apps.Adapter{
	Name:      "Handy",
	ProcNames: []string{"handy"},
	SettingsPaths: []apps.Path{
		{OS: "linux", Path: "$XDG_DATA_HOME/" + ID + "/settings_store.json"},
		{OS: "linux", Path: "~/.local/share/" + ID + "/settings_store.json"},
		{OS: "darwin", Path: "~/Library/Application Support/" + ID + "/settings_store.json"},
		{OS: "windows", Path: "%APPDATA%/" + ID + "/settings_store.json"},
	},
	SelectedModel: []string{"settings", "selected_model"},
	LogPaths: []apps.Path{
		{OS: "linux", Path: "$XDG_DATA_HOME/" + ID + "/logs/handy.log"},
		{OS: "linux", Path: "~/.local/share/" + ID + "/logs/handy.log"},
		{OS: "darwin", Path: "~/Library/Logs/" + ID + "/handy.log"},
		{OS: "windows", Path: "%LOCALAPPDATA%/" + ID + "/logs/handy.log"}, // Tauri v2 app_log_dir
		{OS: "windows", Path: "%APPDATA%/" + ID + "/logs/handy.log"},
	},
	LogFormat: apps.TauriLog,
	Events: []apps.EventPattern{
		{Kind: apps.EventLoadStart, Expr: `^Starting to load model: (?P<model>\S+)$`},
		{Kind: apps.EventLoad, Expr: `^Successfully loaded transcription model: (?P<model>\S+) \(took \d+ms\)$`},
		{Kind: apps.EventLoadFailed, Expr: `^Failed to load model: `},
		{Kind: apps.EventUnload, Expr: `^Model unloaded (manually|due to inactivity) \(took \d+ms\)$`},
		{Kind: apps.EventUnload, Expr: `^Model unloaded via tray\.$`},
		{Kind: apps.EventUnload, Expr: `^Immediately unloading model after `},
		{Kind: apps.EventUnload, Expr: `^Transcription engine panicked: `}, // the engine is dropped
		{Kind: apps.EventStreamStart, Expr: `^VAD chunked streaming worker starting \(live_paste: (true|false)\)$`},
	},
}

func init() { apps.Register(Adapter) }
