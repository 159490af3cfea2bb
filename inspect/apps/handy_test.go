package apps_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/apps"
)

// handyID is Handy's bundle identifier, which names its folders.
const handyID = "com.pais.handy"

// recipe returns the built-in recipe named name.
func recipe(t testing.TB, name string) *apps.Adapter {
	t.Helper()
	all, errs := apps.Builtin()
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, a := range all {
		if a.Name == name {
			return a
		}
	}
	t.Fatalf("no built-in recipe %q", name)
	return nil
}

// fakeHome builds Handy's folders for the running OS under a temporary
// home and returns the home, an environment and the log's path.
func fakeHome(t *testing.T) (home string, env func(string) string, logPath string) {
	t.Helper()
	home = t.TempDir()
	vars := map[string]string{}
	var dataDir, logDir string
	switch runtime.GOOS {
	case "darwin":
		dataDir = filepath.Join(home, "Library", "Application Support", handyID)
		logDir = filepath.Join(home, "Library", "Logs", handyID)
	case "windows":
		vars["APPDATA"] = filepath.Join(home, "AppData", "Roaming")
		vars["LOCALAPPDATA"] = filepath.Join(home, "AppData", "Local")
		dataDir = filepath.Join(vars["APPDATA"], handyID)
		logDir = filepath.Join(vars["LOCALAPPDATA"], handyID, "logs")
	default: // XDG_DATA_HOME unset: ~/.local/share
		dataDir = filepath.Join(home, ".local", "share", handyID)
		logDir = filepath.Join(dataDir, "logs")
	}
	for _, c := range []struct{ from, dir, name string }{
		{"testdata/handy/settings_store.json", dataDir, "settings_store.json"},
		{"testdata/handy/handy.log", logDir, "handy.log"},
	} {
		data, err := os.ReadFile(c.from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(c.dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(c.dir, c.name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	logPath = filepath.Join(logDir, "handy.log")
	setMtime(t, logPath, at("2025-06-01T10:06:31Z"))
	return home, func(k string) string { return vars[k] }, logPath
}

func setMtime(t *testing.T, p string, mt time.Time) {
	t.Helper()
	if err := os.Chtimes(p, mt, mt); err != nil {
		t.Fatal(err)
	}
}

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// Words from the transcripts and settings that must never come back.
var private = []string{"bank PIN", "confidential", "quarterly", "hidden-memo", "my-private-word", "sk-test", "dictated", "sk-jan", "private-prompt"}

func assertPrivate(t *testing.T, f apps.Findings) {
	t.Helper()
	f.SettingsPath, f.LogPath = "", "" // temporary paths hold random digits
	s := fmt.Sprintf("%+v", f)
	for _, w := range private {
		if strings.Contains(s, w) {
			t.Errorf("result holds private text %q: %s", w, s)
		}
	}
}

func TestRead(t *testing.T) {
	home, env, logPath := fakeHome(t)
	since := at("2025-06-01T10:00:00Z")
	f, err := recipe(t, "Handy").Read(home, env, since)
	if err != nil {
		t.Fatal(err)
	}
	assertPrivate(t, f)
	if f.SelectedModel != "parakeet-tdt-0.6b-v3" || !strings.HasSuffix(f.SettingsPath, "settings_store.json") || f.LogPath != logPath {
		t.Errorf("findings %+v", f)
	}
	type ev struct {
		kind  apps.EventKind
		model string
		fresh bool
		at    string
	}
	want := []ev{
		{apps.EventLoadStart, "small", false, "08:12:02"},
		{apps.EventLoad, "small", false, "08:12:04"},
		{apps.EventUnload, "", false, "08:35:20"},
		{apps.EventLoadStart, "parakeet-tdt-0.6b-v3", true, "10:00:02"},
		{apps.EventLoad, "parakeet-tdt-0.6b-v3", true, "10:00:03"},
		{apps.EventStreamStart, "", true, "10:01:15"},
		{apps.EventUnload, "", true, "10:05:00"},
		{apps.EventLoadStart, "parakeet-tdt-0.6b-v3", true, "10:06:30"},
		{apps.EventLoad, "parakeet-tdt-0.6b-v3", true, "10:06:31"},
	}
	if len(f.Events) != len(want) {
		t.Fatalf("events %+v", f.Events)
	}
	for i, w := range want {
		e := f.Events[i]
		if e.Kind != w.kind || e.Model != w.model || e.Fresh != w.fresh || e.Time.Format("15:04:05") != w.at || e.Time.Location() != time.UTC {
			t.Errorf("event %d = %+v, want %+v", i, e, w)
		}
	}
	if last, ok := f.Latest(); !ok || last.Kind != apps.EventLoad || last.Model != "parakeet-tdt-0.6b-v3" || !f.Fresh {
		t.Errorf("latest %+v %v", last, ok)
	}

	// A process started after the last line: every event is history.
	f, _ = recipe(t, "Handy").Read(home, env, at("2025-06-01T11:00:00Z"))
	if f.Fresh || len(f.Notes) == 0 {
		t.Errorf("stale log counted fresh: %+v", f)
	}
	if _, ok := f.Latest(); ok {
		t.Error("a stale event is the latest")
	}
}

func TestGarbageAndHugeLines(t *testing.T) {
	home, env, logPath := fakeHome(t)
	fh, err := os.OpenFile(logPath, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	huge := "[2025-06-01][10:07:00][handy_app_lib][INFO] Transcription result: " + strings.Repeat("dictated words ", 10000) + "\n"
	fmt.Fprint(fh, huge, "\x00\xff\xfe[[[]]]\n", "[2025-06-01][10:07:01][handy_app_lib][DEBUG] Starting to load model: bad id with spaces\n",
		"[2025-06-01][10:07:02][handy_app_lib][INFO] Model unloaded manually (took 3ms)\n",
		"[2025-06-01][10:07:03][handy_app_lib][DEBUG] Starting to load model: small")
	fh.Close()
	setMtime(t, logPath, at("2025-06-01T10:07:03Z"))
	f, err := recipe(t, "Handy").Read(home, env, at("2025-06-01T10:00:00Z"))
	if err != nil {
		t.Fatal(err)
	}
	assertPrivate(t, f)
	n := len(f.Events)
	if n < 2 {
		t.Fatalf("events %+v", f.Events)
	}
	// The unterminated last line is being written: not read yet.
	if last := f.Events[n-1]; last.Kind != apps.EventUnload || last.Time.Format("15:04:05") != "10:07:02" {
		t.Errorf("last event %+v", last)
	}
	// "bad id with spaces" does not match: a model id has no spaces.
	if e := f.Events[n-2]; e.Kind != apps.EventLoad {
		t.Errorf("event before the unload %+v", e)
	}
}

func TestMissingFiles(t *testing.T) {
	f, err := recipe(t, "Handy").Read(t.TempDir(), nil, time.Now())
	if err != nil || f.SelectedModel != "" || len(f.Events) != 0 || len(f.Notes) != 2 {
		t.Errorf("%+v %v", f, err)
	}
}

func TestDetect(t *testing.T) {
	for _, c := range []struct {
		proc, exe string
		want      bool
	}{
		{"handy", "/usr/bin/handy", true},
		{"Handy.exe", `C:\Program Files\Handy\Handy.exe`, true},
		{"", "/Applications/Handy.app/Contents/MacOS/Handy", true},
		{"firefox", "/usr/lib/firefox/firefox", false},
		{"handyman", "", false},
	} {
		if got := apps.Detect(c.proc, c.exe) == recipe(t, "Handy"); got != c.want {
			t.Errorf("Detect(%q, %q) = %v", c.proc, c.exe, got)
		}
	}
}

func TestCandidates(t *testing.T) {
	env := func(k string) string {
		return map[string]string{"APPDATA": `C:\Users\a\AppData\Roaming`, "LOCALAPPDATA": `C:\Users\a\AppData\Local`, "XDG_DATA_HOME": "/x/data"}[k]
	}
	got := apps.Candidates(recipe(t, "Handy").LogPaths, "windows", `C:\Users\a`, env)
	if len(got) != 2 || got[0] != `C:\Users\a\AppData\Local\com.pais.handy\logs\handy.log` || got[1] != `C:\Users\a\AppData\Roaming\com.pais.handy\logs\handy.log` {
		t.Errorf("windows: %q", got)
	}
	got = apps.Candidates(recipe(t, "Handy").SettingsPaths, "darwin", "/Users/a", env)
	if len(got) != 1 || got[0] != "/Users/a/Library/Application Support/com.pais.handy/settings_store.json" {
		t.Errorf("darwin: %q", got)
	}
	got = apps.Candidates(recipe(t, "Handy").LogPaths, "linux", "/home/a", env)
	if len(got) != 2 || got[0] != "/x/data/com.pais.handy/logs/handy.log" || got[1] != "/home/a/.local/share/com.pais.handy/logs/handy.log" {
		t.Errorf("linux: %q", got)
	}
	if got := apps.Candidates(recipe(t, "Handy").LogPaths, "linux", "", func(string) string { return "" }); len(got) != 0 {
		t.Errorf("no home, no env: %q", got)
	}
}

// FuzzHandyLog: any bytes parse without panic into at most MaxEvents
// events, and a model id is only ever one the log named in a load line.
func FuzzHandyLog(f *testing.F) {
	data, err := os.ReadFile("testdata/handy/handy.log")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte("[2025-06-01][10:00:02][x][DEBUG] Starting to load model: a\n[2025-13-45][99:99:99][x][INFO] Model unloaded via tray.\n"))
	f.Add([]byte("[2025-06-01][10:00:02]"))
	f.Add([]byte("[2025-06-01][10:00:02][][] Successfully loaded transcription model: x (took 1ms)"))
	handy := recipe(f, "Handy")
	f.Fuzz(func(t *testing.T, data []byte) {
		events := handy.ParseLog(bytes.NewReader(data))
		if len(events) > apps.MaxEvents {
			t.Fatalf("%d events", len(events))
		}
		for _, e := range events {
			switch e.Kind {
			case apps.EventLoadStart, apps.EventLoad, apps.EventLoadFailed, apps.EventUnload, apps.EventStreamStart:
			default:
				t.Fatalf("kind %q", e.Kind)
			}
			if e.Model != "" && (!apps.ValidModelID(e.Model) ||
				!bytes.Contains(data, []byte("load model: "+e.Model)) && !bytes.Contains(data, []byte("transcription model: "+e.Model))) {
				t.Fatalf("model %q not from a load line", e.Model)
			}
			if e.Time.IsZero() || e.Time.Location() != time.UTC {
				t.Fatalf("time %v", e.Time)
			}
		}
	})
}

// goos is the OS whose paths a fixture is built for: the tests read
// with runtime.GOOS.
func goos() string { return runtime.GOOS }
